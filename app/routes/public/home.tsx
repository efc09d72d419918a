import { Form, Link, useRouteLoaderData } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { RestaurantCard, type RestaurantCardData } from "~/features/discovery/components/restaurant-card.tsx";
import { homePage } from "~/features/discovery/home.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { OwnerStripView } from "~/features/insights/components/owner-strip.tsx";
import { ownerStrip } from "~/features/insights/owner-strip.server.ts";
import { markPersonal, pageTemplateContext } from "~/server/page-variant.server.ts";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { restaurantPath } from "~/lib/slug.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/home";
import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { withContext } from "~/lib/json-ld.ts";
import { localeOf, originOf, seoMeta, SITE_NAME, type MetaMatches } from "~/lib/seo.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export const meta = ({ matches }: { matches: MetaMatches }) => {
  const origin = originOf(matches);
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  return seoMeta({
    origin,
    locale,
    path: "/",
    title: t("Foodverse · Menus, branches and reviews"),
    description: t(
      "Explore restaurant menus, branches and reviews, or scan the QR code on your table to see its menu.",
    ),
    jsonLd: withContext({ "@type": "WebSite", name: SITE_NAME, url: `${origin}/` }),
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  // No database call without a session cookie: a visitor's / costs what it did.
  const viewer = await getViewer(services, request);
  // An owner's / carries their own strip (their count of reviews to answer): it is theirs
  // alone, so it is never kept for the owners' variant (ADR 0028). Other readers' / stays kept.
  if (viewer?.role === "restaurant") markPersonal(context.get(pageTemplateContext));
  const [page, owner] = await Promise.all([homePage(services), ownerStrip(services, viewer)]);
  return { ...page, owner };
}

function RestaurantRow({
  id,
  title,
  restaurants,
}: {
  id: string;
  title: string;
  restaurants: RestaurantCardData[];
}) {
  if (restaurants.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {restaurants.map((r) => (
          <RestaurantCard key={r.id} restaurant={r} />
        ))}
      </ul>
    </section>
  );
}

/** Product rules §2: search, the QR invitation, top-rated and newest restaurants, latest reviews, sign-up calls. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { topRated, newest, reviews } = loaderData;
  return (
    <div className="flex flex-col gap-10">
      {loaderData.owner ? <OwnerStripView {...loaderData.owner} /> : null}
      <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-5 pt-6 text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">
          {t("Explore menus or scan a QR code at your table")}
        </h1>
        <p className="text-lg text-muted">
          {t("Foodverse puts every restaurant's menu, branches and reviews in one place.")}
        </p>
        <Form method="get" action="/search" role="search" className="flex w-full flex-wrap gap-2">
          <input type="hidden" name="tab" value="restaurants" />
          <label htmlFor="home-search" className="sr-only">
            {t("Search restaurants by name")}
          </label>
          <input
            id="home-search"
            name="q"
            type="search"
            maxLength={100}
            placeholder={t("Search restaurants by name")}
            className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-white px-3"
          />
          <button type="submit" className={buttonClass("primary")}>
            {t("Search")}
          </button>
        </Form>
        <p className="flex items-center gap-2 rounded-xl bg-brand-soft p-4 text-start">
          <span aria-hidden="true" className="text-2xl">
            ▣
          </span>
          {t("At a table? Scan the QR code on it with your phone's camera to open that branch's menu.")}
        </p>
      </section>

      {viewer ? null : (
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <JoinCard {...JOIN_TEXT.customer} to="/signup/customersignup" action={t("Join as a customer")} />
          <JoinCard
            {...JOIN_TEXT.restaurant}
            to="/signup/restaurantsignup"
            action={t("Join as a restaurant")}
          />
        </div>
      )}

      <RestaurantRow id="top-rated" title={t("Top rated restaurants")} restaurants={topRated} />
      <RestaurantRow id="newest" title={t("New on Foodverse")} restaurants={newest} />
      {topRated.length === 0 && newest.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center shadow-sm">
          {t("No restaurants are on Foodverse yet.")}{" "}
          <Link to="/signup/restaurantsignup" className="text-brand underline">
            {t("Add yours")}
          </Link>
          {t(".")}
        </p>
      ) : null}

      {reviews.length > 0 ? (
        <section aria-labelledby="latest-reviews" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="latest-reviews" className="text-2xl font-bold">
              {t("Latest reviews")}
            </h2>
            <Link to="/reviews" className="font-medium text-brand underline">
              {t("All reviews")}
            </Link>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} showBranch>
                <Link
                  to={restaurantPath(review.urlName)}
                  className="text-sm font-medium text-brand underline"
                >
                  {review.restaurantName}
                </Link>
              </ReviewCard>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
