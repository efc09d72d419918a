import { Link } from "react-router";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { bestSellersPage } from "~/features/discovery/best-sellers.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemCard } from "~/features/menus/components/item-card.tsx";
import { publicPrice } from "~/lib/price.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { errorMeta, localeOf, siteOf, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/best-sellers";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await bestSellersPage(servicesOf(context), params.name, request);
  if (!page) notFound();
  return inLanguage(page, requestLocale(request));
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  if (!data) return errorMeta(t("Not Found"));
  const name = data.restaurant.restName;
  // Dish names reach meta only from an approved menu, never from an owner's preview.
  const top = data.visibility === "public" ? data.items.slice(0, 3).map((i) => i.name) : [];
  return seoMeta({
    ...siteOf(matches),
    path: `/vendorbestsellers/${encodeURIComponent(data.restaurant.urlName)}`,
    title: t("Best sellers · {{name}}", { name }),
    description:
      top.length > 0
        ? t("The dishes customers rate highest at {{name}}: {{dishes}}.", { name, dishes: top.join(", ") })
        : t("The dishes customers rate highest at {{name}}.", { name }),
    noindex: data.visibility !== "public",
  });
}

/** Product rules §2: the restaurant's dishes ranked by customers' ratings. */
export default function BestSellers({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { restaurant, items, visibility } = loaderData;
  const base = restaurantPath(restaurant.urlName);
  return (
    <section className="flex flex-col gap-4">
      <Link to={base} className="font-medium text-brand underline">
        {restaurant.restName}
      </Link>
      <h1 className="text-3xl font-bold">{t("Best sellers")}</h1>
      <ApprovalNote visibility={visibility} />
      {visibility !== "awaiting-approval" && items.length === 0 ? (
        <p>{t("No dish has been rated yet. Rate the ones you tried from the menu.")}</p>
      ) : null}
      <ol className="grid gap-3 md:grid-cols-2">
        {items.map((item) => (
          <ItemCard key={item.id} item={item} href={`${base}/menu/${item.id}`} price={publicPrice} />
        ))}
      </ol>
    </section>
  );
}
