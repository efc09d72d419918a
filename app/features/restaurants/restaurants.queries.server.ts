import type { Kysely } from "kysely";
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
