import type { Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";

// Only public restaurants (ADR 0017) reach the sitemap.
// Each sitemap file is one query with explicit columns and a stable order, whatever the count.

export async function countApprovedRestaurants(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("restaurant")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(restaurantIsPublic())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function approvedRestaurantsPage(db: Kysely<DB>, offset: number, limit: number) {
  return db
    .selectFrom("restaurant")
    .select(["urlName"])
    .where(restaurantIsPublic())
    .orderBy("urlName")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countApprovedBranches(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("branch")
    .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(restaurantIsPublic())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Branches of approved restaurants, the restaurant's web name from the join (one query a file). */
export async function approvedBranchesPage(db: Kysely<DB>, offset: number, limit: number) {
  return db
    .selectFrom("branch")
    .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
    .select(["restaurant.urlName", "branch.branchUrl"])
    .where(restaurantIsPublic())
    .orderBy("restaurant.urlName")
    .orderBy("branch.branchUrl")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A restaurant's exact rating (kept in the same transaction as every review write). */
export async function restaurantRating(db: Kysely<DB>, restaurantId: string) {
  return db
    .selectFrom("restaurant")
    .select(["restRating", "restNoofReviews"])
    .where("id", "=", restaurantId)
    .executeTakeFirst();
}

/** A branch's average and count of visible reviews (index review_branch_time). */
export async function branchRating(db: Kysely<DB>, branchId: string) {
  const row = await db
    .selectFrom("review")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.avg<number | null>("rating").as("average")])
    .where("branchId", "=", branchId)
    .where("hidden", "=", 0)
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count and avg as strings.
  return { count: Number(row.n), average: row.average === null ? 0 : Number(row.average) };
}
