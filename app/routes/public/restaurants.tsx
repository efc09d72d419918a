import { Pagination } from "~/components/ui/pagination.tsx";
import { RestaurantCard } from "~/features/discovery/components/restaurant-card.tsx";
import { restaurantListing } from "~/features/discovery/listing.server.ts";
import { withContext } from "~/lib/json-ld.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, localeOf, originOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/restaurants";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";
import { requestedPage } from "~/lib/paging.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const origin = originOf(matches);
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  return seoMeta({
    origin,
    locale,
    path: pagedPath("/menus", data?.page ?? 1),
    title: t("Restaurants"),
    description: t("Explore the menus of restaurants on Foodverse, or scan the QR code on your table."),
    // The page's restaurants, in order: what search engines show as a list.
    jsonLd: data
      ? withContext({
          "@type": "ItemList",
          itemListElement: data.restaurants.map((r, i) => ({
            "@type": "ListItem",
            position: (data.page - 1) * data.perPage + i + 1,
            url: absoluteUrl(origin, restaurantPath(r.urlName)),
            name: r.restName,
          })),
        })
      : null,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return restaurantListing(servicesOf(context), requestedPage(request));
}

/** product rules §2 Restaurants listing: cards with logo and name, 3 a row on wide screens. */
export default function Restaurants({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { restaurants, page, pages } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("Explore menus, or scan the QR code on your table")}</h1>
        <p className="mt-1 text-muted">
          {t("Every restaurant on Foodverse, with its menu, branches and reviews.")}
        </p>
      </div>
      {restaurants.length === 0 ? <p>{t("No restaurants yet.")}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {restaurants.map((r) => (
          <RestaurantCard key={r.id} restaurant={r} />
        ))}
      </ul>
      <Pagination page={page} pages={pages} label={t("Restaurant pages")} />
    </section>
  );
}
