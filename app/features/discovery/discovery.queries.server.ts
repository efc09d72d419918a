import type { Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";

/** One page of the restaurants listing (public ones only, ADR 0017), by name; keyset-free paging is fine at this size. */
export async function listRestaurants(db: Kysely<DB>, offset: number, limit: number) {
  return db
    .selectFrom("restaurant")
    .select(["id", "restName", "urlName", "restType", "profileImageUrl", "restRating", "restNoofReviews"])
    .where(restaurantIsPublic())
    .orderBy("restName")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A restaurant's general-menu items ranked by rating, then by how many rated them. */
export async function bestSellers(db: Kysely<DB>, restaurantId: string, limit: number) {
  return db
    .selectFrom("menu_item")
    .select([
      "id",
      "name",
      "nameExtra",
      "nameUr",
      "price",
      "description",
      "descriptionUr",
      "descriptionExtra",
      "itemTaste",
      "itemType",
      "foodAllergies",
      "itemRating",
      "itemRatingBy",
      "frontView",
      "soldOut",
    ])
    .where("restaurantId", "=", restaurantId)
    .where("branchId", "is", null)
    .where("itemRatingBy", ">", 0)
    .orderBy("itemRating", "desc")
    .orderBy("itemRatingBy", "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
}
