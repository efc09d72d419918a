import type { Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";

const CARD_COLUMNS = [
  "id",
  "restName",
  "urlName",
  "restType",
  "profileImageUrl",
  "restRating",
  "restNoofReviews",
] as const;

/** Approved restaurants with reviews, best rated first (index restaurant_status_rating). */
export async function topRatedRestaurants(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("restaurant")
    .select(CARD_COLUMNS)
    .where(restaurantIsPublic())
    .where("restNoofReviews", ">", 0)
    .orderBy("restRating", "desc")
    .orderBy("restNoofReviews", "desc")
    .limit(limit)
    .execute();
}

/** The latest approved restaurants (index restaurant_status_time). */
export async function newestRestaurants(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("restaurant")
    .select(CARD_COLUMNS)
    .where(restaurantIsPublic())
    .orderBy("timestamp", "desc")
    .limit(limit)
    .execute();
}
