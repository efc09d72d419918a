import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, PageViewKind } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * ADR 0027: what the owner's insights screen reads. Every page_view query starts with
 * the restaurant and a day range, the two first columns of its primary key, so it
 * reads one restaurant's days and nothing else, however many restaurants there are.
 */

/** The restaurant whose insights these are (null: no such restaurant). */
export async function insightsRestaurant(db: Db, restaurantId: string) {
  return db
    .selectFrom("restaurant")
    .select(["id", "restName", "urlName"])
    .where("id", "=", restaurantId)
    .executeTakeFirst();
}

/** The restaurant's branches, oldest first (every one, with views or not). */
export async function restaurantBranches(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .orderBy("id")
    .execute();
}

/** Views per day, branch ("" for none) and kind from `from` to `to` (days, both included). */
export async function viewsPerDayBranchAndKind(db: Db, restaurantId: string, from: string, to: string) {
  const rows = await db
    .selectFrom("page_view")
    .select((eb) => ["day", "branchId", "kind", eb.fn.sum<number | string>("n").as("n")])
    .where("restaurantId", "=", restaurantId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["day", "branchId", "kind"])
    .execute();
  return rows.map((r) => ({
    day: r.day,
    branchId: r.branchId,
    kind: r.kind as PageViewKind,
    n: Number(r.n),
  }));
}

/**
 * The most viewed dishes from `from` to `to`: a branch's copy of a dish counts for the
 * general dish it follows (coalesce(generalItemId, id)), a branch's own dish for itself;
 * with the dish's name and rating. Views are summed per dish row first, so the join to
 * menu_item is made once per dish, not once per day.
 */
export async function mostViewedDishes(
  db: Db,
  restaurantId: string,
  from: string,
  to: string,
  limit: number,
) {
  const perRow = db
    .selectFrom("page_view")
    .select((eb) => ["itemId", eb.fn.sum<number | string>("n").as("views")])
    .where("restaurantId", "=", restaurantId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where("kind", "=", "item")
    .groupBy("itemId")
    .as("per_row");
  const dishId = sql<string>`coalesce(${sql.ref("viewed.generalItemId")}, ${sql.ref("viewed.id")})`;
  const perDish = db
    .selectFrom(perRow)
    .innerJoin("menu_item as viewed", "viewed.id", "per_row.itemId")
    .select((eb) => [dishId.as("dishId"), eb.fn.sum<number | string>("per_row.views").as("views")])
    .where("viewed.restaurantId", "=", restaurantId)
    .groupBy(dishId)
    .as("per_dish");
  const rows = await db
    .selectFrom(perDish)
    .innerJoin("menu_item as dish", "dish.id", "per_dish.dishId")
    .select([
      "dish.id",
      "dish.name",
      "dish.nameUr",
      "dish.branchId",
      "dish.itemRating",
      "dish.itemRatingBy",
      "per_dish.views",
    ])
    .orderBy("per_dish.views", "desc")
    .orderBy("dish.name")
    .orderBy("dish.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameUr: r.nameUr,
    branchId: r.branchId,
    views: Number(r.views),
    itemRating: Number(r.itemRating),
    itemRatingBy: Number(r.itemRatingBy),
  }));
}

/**
 * The restaurant's visible reviews (the rule of every list: hidden = 0) from `fromIso`
 * (included) to `untilIso` (excluded), summed per UTC hour ('YYYY-MM-DDTHH'): few rows
 * whatever the number of reviews, and the hour places each in its Pakistan day.
 */
export async function ratingsPerHour(db: Db, restaurantId: string, fromIso: string, untilIso: string) {
  const hour = sql<string>`substr(${sql.ref("timestamp")}, 1, 13)`;
  const rows = await db
    .selectFrom("review")
    .select((eb) => [
      hour.as("hour"),
      eb.fn.sum<number | string>("rating").as("total"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .where("restaurantId", "=", restaurantId)
    .where("hidden", "=", 0)
    .where("timestamp", ">=", fromIso)
    .where("timestamp", "<", untilIso)
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, total: Number(r.total), count: Number(r.count) }));
}

/** The restaurant's visible reviews that have no reply yet, oldest first. */
function waiting(db: Db, restaurantId: string) {
  return db
    .selectFrom("review")
    .leftJoin("review_reply", "review_reply.reviewId", "review.id")
    .where("review.restaurantId", "=", restaurantId)
    .where("review.hidden", "=", 0)
    .where("review_reply.reviewId", "is", null);
}

export async function reviewsWaitingForReply(
  db: Db,
  restaurantId: string,
  limit: number,
  textLength: number,
) {
  return waiting(db, restaurantId)
    .innerJoin("branch", "branch.id", "review.branchId")
    .select([
      "review.id",
      "review.timestamp",
      "review.rating",
      sql<string>`substr(${sql.ref("review.review")}, 1, ${sql.lit(textLength + 1)})`.as("text"),
      "branch.branchName",
    ])
    .orderBy("review.timestamp", "asc")
    .orderBy("review.id")
    .limit(limit)
    .execute();
}

export async function countReviewsWaitingForReply(db: Db, restaurantId: string) {
  const row = await waiting(db, restaurantId)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
