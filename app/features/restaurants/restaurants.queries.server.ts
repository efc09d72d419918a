import type { Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

export async function findRestaurantProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("restaurant")
    .select([
      "restName",
      "urlName",
      "restType",
      "about",
      "restWebsite",
      "contact",
      "country",
      "restQRcode",
      "restQRimg",
      "profileImageUrl",
      "approvalStatus",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}
