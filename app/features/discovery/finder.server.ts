import { toSlug } from "~/lib/slug.ts";
import type { Services } from "~/server/services.server.ts";
import { FINDER_PAGE_SIZE } from "./finder.options.ts";
import type { ItemFilters, RestaurantFilters } from "./finder.schema.ts";
import * as q from "./finder.queries.server.ts";

function paging(requested: number | undefined, total: number) {
  const pages = Math.max(1, Math.ceil(total / FINDER_PAGE_SIZE));
  const page = Math.min(requested ?? 1, pages);
  return { page, pages, total, offset: (page - 1) * FINDER_PAGE_SIZE };
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
  const p = paging(f.page, await q.countFoundRestaurants(db, query));
  const results = p.total === 0 ? [] : await q.findRestaurants(db, query, p.offset, FINDER_PAGE_SIZE);
  return { page: p.page, pages: p.pages, total: p.total, results };
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
  const p = paging(f.page, await q.countFoundItems(db, query));
  const results = p.total === 0 ? [] : await q.findItems(db, query, p.offset, FINDER_PAGE_SIZE);
  return { page: p.page, pages: p.pages, total: p.total, results };
}
