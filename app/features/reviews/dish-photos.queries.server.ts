import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A branch's dish (its copy's id) or a general dish, as the photos tagged with it are found. */
export type DishOf = { itemId: string } | { generalItemId: string };

/** How many photos of shown reviews show each of these dishes (a branch's ids). */
export async function photoCounts(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("review_photo_dish")
    .innerJoin("review", "review.id", "review_photo_dish.reviewId")
    .select((eb) => ["review_photo_dish.itemId", eb.fn.countAll<number>().as("n")])
    .where("review_photo_dish.itemId", "in", itemIds)
    .where("review.hidden", "=", 0)
    .groupBy("review_photo_dish.itemId")
    .execute();
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/** The photos of shown reviews tagged with a dish, newest first, each with its author. */
export async function dishPhotos(db: Db, dish: DishOf, limit: number) {
  return db
    .selectFrom("review_photo_dish")
    .innerJoin("review", "review.id", "review_photo_dish.reviewId")
    .innerJoin("customer", "customer.id", "review.authorId")
    .innerJoin("branch", "branch.id", "review.branchId")
    .select([
      "review_photo_dish.picture",
      "review.id as reviewId",
      "review.timestamp",
      "review.tableVerified",
      "customer.firstName",
      "customer.lastName",
      "branch.branchName",
    ])
    .$if("itemId" in dish, (qb) =>
      qb.where("review_photo_dish.itemId", "=", (dish as { itemId: string }).itemId),
    )
    .$if("generalItemId" in dish, (qb) =>
      qb.where("review_photo_dish.generalItemId", "=", (dish as { generalItemId: string }).generalItemId),
    )
    .where("review.hidden", "=", 0)
    .orderBy("review.timestamp", "desc")
    .limit(limit)
    .execute();
}

/** The shown reviews of 3 stars or more since `since` of a branch or a restaurant, newest first. */
export async function goodReviewsSince(
  db: Db,
  scope: { branchId: string } | { restaurantId: string },
  since: string,
  limit: number,
) {
  return db
    .selectFrom("review")
    .select(["id", "review", "tableVerified", "timestamp"])
    .$if("branchId" in scope, (qb) => qb.where("branchId", "=", (scope as { branchId: string }).branchId))
    .$if("restaurantId" in scope, (qb) =>
      qb.where("restaurantId", "=", (scope as { restaurantId: string }).restaurantId),
    )
    .where("hidden", "=", 0)
    .where("rating", ">=", 3)
    .where("timestamp", ">=", since)
    .orderBy("timestamp", "desc")
    .limit(limit)
    .execute();
}

/** The general menu's shown dishes, by which a restaurant's reviews name them. */
export async function generalDishNames(db: Db, restaurantId: string) {
  return db
    .selectFrom("menu_item")
    .select(["id", "name", "nameUr"])
    .where("restaurantId", "=", restaurantId)
    .where("branchId", "is", null)
    .execute();
}
