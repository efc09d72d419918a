import { data as withStatus, Link, useLocation } from "react-router";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { Pagination } from "~/components/ui/pagination.tsx";
import { FinderForm } from "~/features/discovery/components/finder-form.tsx";
import { citiesOf } from "~/features/discovery/finder-places.ts";
import { FoundItemCard } from "~/features/discovery/components/found-item-card.tsx";
import { FoundDealCard } from "~/features/discovery/components/found-deal-card.tsx";
import { RestaurantCard } from "~/features/discovery/components/restaurant-card.tsx";
import type { FinderTab } from "~/features/discovery/finder.options.ts";
import { parseFinder } from "~/features/discovery/finder.schema.ts";
import { findDeals, findItems, findRestaurants } from "~/features/discovery/finder.server.ts";
import { translatorFor, type Translate } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf, siteOf, seoMeta } from "~/lib/seo.ts";
import { keptForRoles, staticForVisitorsWith } from "~/lib/static-page.ts";
import { withinSearchLimit } from "~/server/rate-limits.server.ts";
import { everyCity, locationsOf } from "~/server/reference-files.server.ts";
import { clientIp, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/search";

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/search",
    title: t("Find restaurants and dishes"),
    description: t("Find restaurants by city, type, rating and price, or dishes by area, taste and type."),
    // Result pages are endless filter combinations of pages already in the sitemap.
    noindex: Boolean(data?.searched),
  });
}

export const handle = keptForRoles(staticForVisitorsWith("finder"));

// A refused search tells the client when to come back (Retry-After).
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { tab, searched, filters } = parseFinder(new URL(request.url).searchParams);
  const cities = filters.country ? citiesOf(locationsOf(filters.country)) : [];
  const values = Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  const t = translatorFor(requestLocale(request));
  // The city pickers filled in the browser show these; an English page has none to send.
  const cityNames: Record<string, string> = Object.fromEntries(
    everyCity().flatMap((c): [string, string][] => (t(c) === c ? [] : [[c, t(c)]])),
  );
  const base = { searched, values, cities, cityNames, limited: false };
  // Only a search that runs its queries counts: a page-cache hit never reaches the loader.
  const allowance = await withinSearchLimit(services, clientIp(request));
  if (!allowance.ok) {
    // The form stays, with words instead of results; a 429 is never kept by the page cache.
    const nothing = { page: 1, pages: 0, total: 0, more: false, results: [] };
    return withStatus(
      { ...base, limited: true, tab, ...nothing },
      {
        status: 429,
        headers: { "Retry-After": String(allowance.retryAfterSeconds) },
      },
    );
  }
  if (tab === "items" && "show" in filters && filters.show) {
    const found = await findDeals(services, filters, requestLocale(request));
    return {
      ...base,
      tab: "items" as const,
      ...found,
      results: [],
      deals: inLanguage(found.deals, requestLocale(request)),
    };
  }
  if (tab === "items") {
    return {
      ...base,
      tab: "items" as const,
      ...inLanguage(await findItems(services, filters), requestLocale(request)),
    };
  }
  return { ...base, tab: "restaurants" as const, ...(await findRestaurants(services, filters)) };
}

const TABS: { tab: FinderTab; label: (t: Translate) => string }[] = [
  { tab: "restaurants", label: (t) => t("Restaurant Locator") },
  { tab: "items", label: (t) => t("Item Finder") },
];

/** The results' heading: how many were found ('More than 1,000' when the count stopped). */
function foundText(t: Translate, tab: FinderTab, total: number, more: boolean): string {
  if (more) {
    const shown = total.toLocaleString("en");
    return tab === "items"
      ? t("More than {{total}} dishes found", { total: shown })
      : t("More than {{total}} restaurants found", { total: shown });
  }
  return tab === "items"
    ? t("{{count}} dishes found", { count: total })
    : t("{{count}} restaurants found", { count: total });
}

/** product rules §2 Finder: two tabs of filters, with real results under the form */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { tab, searched, values, cities, cityNames, total, more, page, pages, limited } = loaderData;
  const { search } = useLocation();
  const { t } = useI18n();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("Find restaurants and dishes")}</h1>
      <nav aria-label={t("Finder")}>
        <ul className="flex gap-1 border-b border-line">
          {TABS.map((entry) => (
            <li key={entry.tab}>
              <Link
                to={`?tab=${entry.tab}`}
                aria-current={entry.tab === tab ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-4 font-semibold ${entry.tab === tab ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink"}`}
              >
                {entry.label(t)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FinderForm key={search} tab={tab} values={values} cities={cities} cityNames={cityNames} />
      <section aria-labelledby="results" className="flex flex-col gap-4">
        <h2 id="results" className="text-xl font-bold" aria-live="polite">
          {limited
            ? t("Search results")
            : searched && values.show
              ? t("{{count}} deals found", { count: total })
              : searched
                ? foundText(t, tab, total, more)
                : tab === "items"
                  ? t("Top rated dishes")
                  : t("Top rated restaurants")}
        </h2>
        {limited ? (
          <p role="alert" className="rounded-xl bg-white p-6 shadow-sm">
            {t("Too many searches from your network just now. Please wait a minute and try again.")}
          </p>
        ) : total === 0 && values.show ? (
          <p className="rounded-xl bg-white p-6 shadow-sm">
            {t("No deals match these filters. Try fewer filters or another city.")}
          </p>
        ) : total === 0 ? (
          <p className="rounded-xl bg-white p-6 shadow-sm">
            {tab === "items"
              ? t("No dishes match these filters. Try fewer filters or another area.")
              : t("No restaurants match these filters. Try fewer filters or another city.")}
          </p>
        ) : "deals" in loaderData ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {loaderData.deals.map((deal) => (
              <FoundDealCard key={deal.id} deal={deal} />
            ))}
          </ul>
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
        <Pagination page={page} pages={pages} label={t("Result pages")} />
      </section>
    </section>
  );
}
