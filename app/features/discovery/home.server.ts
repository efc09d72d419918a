import { siteLatestReviews } from "~/features/reviews/reviews-read.server.ts";
import type { Services } from "~/server/services.server.ts";
import { newestRestaurants, topRatedRestaurants } from "./home.queries.server.ts";

/** Product rules §2: what the home page shows besides its invitations; three small indexed queries. */
export async function homePage(services: Services) {
  const { db } = services.database;
  const [topRated, newest, reviews] = await Promise.all([
    topRatedRestaurants(db, 6),
    newestRestaurants(db, 6),
    siteLatestReviews(services, 6),
  ]);
  return { topRated, newest, reviews };
}
