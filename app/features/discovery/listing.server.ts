import { countRestaurants } from "~/features/reviews/reviews.queries.server.ts";
import { pageWindow } from "~/lib/paging.ts";
import type { Services } from "~/server/services.server.ts";
import { listRestaurants } from "./discovery.queries.server.ts";

const LISTING_PAGE_SIZE = 24;

/** product rules §2 Restaurants listing: every restaurant by name, a page at a time. */
export async function restaurantListing(services: Services, requested: number) {
  const { db } = services.database;
  const { page, pages, offset, limit } = pageWindow(requested, await countRestaurants(db), LISTING_PAGE_SIZE);
  return { restaurants: await listRestaurants(db, offset, limit), page, pages, perPage: limit };
}
