import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

const PROFILE_COLUMNS = [
  "restName",
  "urlName",
  "restType",
  "about",
  "restWebsite",
  "contact",
  "country",
  "address",
  "profileImageUrl",
  "coverImageUrl",
] as const;

export async function findRestaurantProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("restaurant")
    .select([...PROFILE_COLUMNS, "restQRcode", "restQRimg", "approvalStatus", "approvalNote"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** What anyone may see of a restaurant on /r/{urlName}. */
export async function findPublicRestaurant(db: Kysely<DB>, urlName: string) {
  return db
    .selectFrom("restaurant")
    .select([
      ...PROFILE_COLUMNS,
      "id",
      "restRating",
      "restNoofReviews",
      "hasDelivery",
      "restOthertypes",
      "approvalStatus",
    ])
    .where("urlName", "=", urlName)
    .executeTakeFirst();
}

/**
 * Takes the restaurant row's lock for the rest of the transaction (a no-op update works on
 * SQLite and PostgreSQL alike, and moves no content version: migration 0022), so concurrent
 * writes for one restaurant (reviews, table codes) run one after another and each sees the others.
 */
export async function lockRestaurant(db: Kysely<DB> | Transaction<DB>, restaurantId: string) {
  await db
    .updateTable("restaurant")
    .set((eb) => ({ restNoofReviews: eb.ref("restNoofReviews") }))
    .where("id", "=", restaurantId)
    .execute();
}
