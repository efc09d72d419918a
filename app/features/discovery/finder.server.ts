import { pageWindow } from "~/lib/paging.ts";
import { toSlug } from "~/lib/slug.ts";
import type { Services } from "~/server/services.server.ts";
import { FINDER_PAGE_SIZE } from "./finder.options.ts";
import type { ItemFilters, RestaurantFilters } from "./finder.schema.ts";
import * as q from "./finder.queries.server.ts";
import { countDeals, searchDeals, type DealSearch } from "../deals/deals.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { DEFAULT_TIME_ZONE } from "~/lib/opening-hours.ts";
import { localTimeIn } from "~/lib/zoned-time.ts";

/**
 * Results are counted up to this many (docs/decisions/0011-scale-indexes.md):
 * past it the page says "more than 1000" and offers that many, so a broad search
 * costs the same whatever the number of restaurants.
 */
export const FINDER_COUNT_CAP = 1000;

function paging(requested: number | undefined, counted: number) {
  const more = counted > FINDER_COUNT_CAP;
  const total = Math.min(counted, FINDER_COUNT_CAP);
  const { page, pages, offset } = pageWindow(requested, total, FINDER_PAGE_SIZE);
  return { page, pages, total, more, offset };
}

/**
 * The pages of what a search finds. A text that finds nothing as typed or spelled
 * otherwise may hold a typo: counted again forgiving one (ADR 0025), and `query` says so.
 */
async function forgivingPaging<Q extends { text?: string; typos?: boolean }>(
  requested: number | undefined,
  query: Q,
  count: (query: Q) => Promise<number>,
) {
  const first = paging(requested, await count(query));
  if (first.total > 0 || !query.text) return first;
  query.typos = true;
  return paging(requested, await count(query));
}

/** Restaurant Locator: best rated first, then the most reviewed. */
export async function findRestaurants(services: Services, f: RestaurantFilters) {
  const { db } = services.database;
  const query: q.RestaurantQuery = {
    text: f.q,
    country: f.country,
    citySlug: f.city ? toSlug(f.city) : undefined,
    type: f.type,
    minRating: f.rating ? Number(f.rating) : undefined,
    price: f.price,
  };
  const p = await forgivingPaging(f.page, query, (search) =>
    q.countFoundRestaurants(db, search, FINDER_COUNT_CAP + 1),
  );
  const results = p.total === 0 ? [] : await q.findRestaurants(db, query, p.offset, FINDER_PAGE_SIZE);
  return { page: p.page, pages: p.pages, total: p.total, more: p.more, results };
}

/** Item Finder showing deals (ADR 0044): by name and place, iftar deals alone if asked. */
export async function findDeals(services: Services, f: ItemFilters, locale: Locale) {
  const { db } = services.database;
  const search: DealSearch = {
    text: f.q,
    country: f.country,
    citySlug: f.city ? toSlug(f.city) : undefined,
    iftar: f.show === "iftar",
    today: localTimeIn(services.now(), DEFAULT_TIME_ZONE).slice(0, 10),
  };
  const p = paging(f.page, await countDeals(db, search, FINDER_COUNT_CAP + 1));
  const deals =
    p.total === 0 ? [] : await searchDeals(db, search, { offset: p.offset, limit: FINDER_PAGE_SIZE }, locale);
  return { page: p.page, pages: p.pages, total: p.total, more: p.more, deals };
}

/** Item Finder: best rated dishes first, then the most rated. */
export async function findItems(services: Services, f: ItemFilters) {
  const { db } = services.database;
  const query: q.ItemQuery = {
    text: f.q,
    country: f.country,
    citySlug: f.city ? toSlug(f.city) : undefined,
    areaSlug: f.area ? toSlug(f.area) : undefined,
    price: f.price,
    taste: f.taste,
    itemType: f.itemType,
  };
  const lead = f.q ? await q.leadWord(db, f.q) : null;
  query.leadWord = lead?.index ?? 0;
  let found: q.FoundDishes = { dishes: 0 };
  const p = await forgivingPaging(f.page, query, async (search) => {
    if (search.typos && search.text) search.leadWord = await q.leadWordOf(db, search.text, true);
    // A common word ('chicken') passes the cap by its name index alone: no need to
    // gather every dish its spellings name too. Words of which one is rare cannot
    // (looking them up as one run read every dish of their commonest letters).
    if (
      search.text &&
      !search.typos &&
      (lead?.rows ?? Infinity) > FINDER_COUNT_CAP &&
      (await q.namesHolding(db, search.text, FINDER_COUNT_CAP + 1)) > FINDER_COUNT_CAP
    ) {
      const literal = await q.foundDishes(db, { ...search, literal: true }, FINDER_COUNT_CAP + 1);
      if (literal.dishes > FINDER_COUNT_CAP) return literal.dishes;
    }
    found = await q.foundDishes(db, search, FINDER_COUNT_CAP + 1);
    return found.dishes;
  });
  // One card per dish: the total and the pages count dishes, not branches.
  // Few matches: the page is sorted from the matches already found (no second search).
  // Many (past the cap): best rated first, by rating alone (ADR 0025) on every page, each
  // found by the best-rated walk, or sorted from the filters where matches are sparse.
  const results =
    p.total === 0
      ? []
      : p.more
        ? await q.findItems(db, query, p.offset, FINDER_PAGE_SIZE, "rank")
        : await q.findItems(db, query, p.offset, FINDER_PAGE_SIZE, "filters", found.copies);
  return { page: p.page, pages: p.pages, total: p.total, more: p.more, results };
}
