import { Link, useLocation } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { FinderForm } from "~/features/discovery/components/finder-form.tsx";
import { citiesOf } from "~/features/discovery/finder-places.ts";
import { FoundItemCard } from "~/features/discovery/components/found-item-card.tsx";
import { RestaurantCard } from "~/features/discovery/components/restaurant-card.tsx";
import type { FinderTab } from "~/features/discovery/finder.options.ts";
import { parseFinder } from "~/features/discovery/finder.schema.ts";
import { findItems, findRestaurants } from "~/features/discovery/finder.server.ts";
import { siteOf, seoMeta } from "~/lib/seo.ts";
import { staticForVisitorsWith } from "~/lib/static-page.ts";
import { locationsOf } from "~/server/reference-files.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/search";

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  return seoMeta({
    ...siteOf(matches),
    path: "/search",
    title: "Find restaurants and dishes",
    description: "Find restaurants by city, type, rating and price, or dishes by area, taste and type.",
    // Result pages are endless filter combinations of pages already in the sitemap.
    noindex: Boolean(data?.searched),
  });
}

export const handle = staticForVisitorsWith("finder");

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { tab, searched, filters } = parseFinder(new URL(request.url).searchParams);
  const cities = filters.country ? citiesOf(locationsOf(filters.country)) : [];
  const values = Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  const base = { searched, values, cities };
  if (tab === "items") {
    return { ...base, tab: "items" as const, ...(await findItems(services, filters)) };
  }
  return { ...base, tab: "restaurants" as const, ...(await findRestaurants(services, filters)) };
}

const TABS: { tab: FinderTab; label: string }[] = [
  { tab: "restaurants", label: "Restaurant Locator" },
  { tab: "items", label: "Item Finder" },
];

/** product rules §2 Finder: two tabs of filters, with real results under the form (DESIGN §4.8). */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { tab, searched, values, cities, total, more, page, pages } = loaderData;
  const { search } = useLocation();
  const noun =
    tab === "items" ? (total === 1 ? "dish" : "dishes") : total === 1 ? "restaurant" : "restaurants";
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Find restaurants and dishes</h1>
      <nav aria-label="Finder">
        <ul className="flex gap-1 border-b border-line">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link
                to={`?tab=${t.tab}`}
                aria-current={t.tab === tab ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-4 font-semibold ${t.tab === tab ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink"}`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FinderForm key={search} tab={tab} values={values} cities={cities} />
      <section aria-labelledby="results" className="flex flex-col gap-4">
        <h2 id="results" className="text-xl font-bold" aria-live="polite">
          {searched
            ? `${more ? `More than ${total.toLocaleString("en")}` : total} ${noun} found`
            : tab === "items"
              ? "Top rated dishes"
              : "Top rated restaurants"}
        </h2>
        {total === 0 ? (
          <p className="rounded-xl bg-white p-6 shadow-sm">
            {tab === "items"
              ? "No dishes match these filters. Try fewer filters or another area."
              : "No restaurants match these filters. Try fewer filters or another city."}
          </p>
        ) : loaderData.tab === "items" ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {loaderData.results.map((item) => (
              <FoundItemCard key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.results.map((r) => (
              <RestaurantCard key={r.id} restaurant={r} />
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} label="Result pages" />
      </section>
    </section>
  );
}
