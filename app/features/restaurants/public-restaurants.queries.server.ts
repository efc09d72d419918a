import { sql, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

/**
 * The one rule of docs/decisions/0017-what-visitors-see-of-unapproved-restaurants.md:
 * a restaurant is public (listed, reviewed, searched, in the sitemap and JSON-LD,
 * its menus and branches shown) only while approved. Every public query and page
 * asks here, so a new status or a new listing cannot disagree with the others.
 */
const PUBLIC_STATUS = "approved";

export function isPublicRestaurant(restaurant: { approvalStatus: string }): boolean {
  return restaurant.approvalStatus === PUBLIC_STATUS;
}

/**
 * The same rule as a condition on the `restaurant` table of the query it goes into
 * (`.where(restaurantIsPublic())`); it keeps the indexes that start with the status.
 */
export function restaurantIsPublic() {
  return sql<SqlBool>`${sql.ref("restaurant.approvalStatus")} = ${PUBLIC_STATUS}`;
}

/** Ids of public restaurants, for `restaurantId in (…)` where no join to `restaurant` is at hand. */
export function publicRestaurantIds(db: Kysely<DB> | Transaction<DB>) {
  return db.selectFrom("restaurant").select("restaurant.id").where(restaurantIsPublic());
}

/**
 * What a visitor's page data may carry of a restaurant: everything the page
 * shows but the approval status, which product rules §1 says is never shown.
 */
export function withoutStatus<T extends { approvalStatus: string }>(
  restaurant: T,
): Omit<T, "approvalStatus"> {
  const { approvalStatus: _status, ...rest } = restaurant;
  return rest;
}
