import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { DB, ReviewPhotoDishTable, ReviewTable } from "~/server/db-schema.server.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A review as every list shows it: with its author and the owner's reply. */
function reviewCards(db: Db) {
  return reviewCardsWithHidden(db).where("review.hidden", "=", 0);
}

/** Every review, hidden ones too: only its author's own list reads this (issue 34, item 5). */
function reviewCardsWithHidden(db: Db) {
  return db
    .selectFrom("review")
    .innerJoin("customer", "customer.id", "review.authorId")
    .innerJoin("branch", "branch.id", "review.branchId")
    .leftJoin("review_reply", "review_reply.reviewId", "review.id")
    .select([
      "review.id",
      "review.rating",
      "review.review",
      "review.reviewPics",
      "review.reviewVideo",
      "review.timestamp",
      "review.restaurantId",
      "review.tableVerified",
      "customer.firstName",
      "customer.lastName",
      "customer.profileImageUrl as authorPhoto",
      "branch.branchName",
      "branch.branchUrl",
      "branch.urlName",
      "branch.restaurantName",
      "review_reply.text as replyText",
    ]);
}

export type ReviewCardRow = Awaited<ReturnType<ReturnType<typeof reviewCards>["execute"]>>[number];

export async function insertReview(db: Db, row: Insertable<ReviewTable>) {
  await db.insertInto("review").values(row).execute();
}

export { lockRestaurant } from "../restaurants/restaurants.queries.server.ts";

/** restRating (average of visible reviews, 2 decimals) and restNoofReviews, recomputed in the caller's transaction. */
export async function refreshRestaurantRating(db: Db, restaurantId: string) {
  const row = await db
    .selectFrom("review")
    .select([sql<number>`coalesce(avg(rating), 0)`.as("average"), sql<number>`count(*)`.as("count")])
    .where("restaurantId", "=", restaurantId)
    .where("hidden", "=", 0)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("restaurant")
    .set({ restRating: Math.round(Number(row.average) * 100) / 100, restNoofReviews: Number(row.count) })
    .where("id", "=", restaurantId)
    .execute();
}

export async function reviewedSince(db: Db, authorId: string, branchId: string, since: string) {
  const row = await db
    .selectFrom("review")
    .select("id")
    .where("authorId", "=", authorId)
    .where("branchId", "=", branchId)
    .where("timestamp", ">=", since)
    .executeTakeFirst();
  return !!row;
}

export async function findReview(db: Db, id: string) {
  return db
    .selectFrom("review")
    .select(["id", "restaurantId", "branchId", "authorId", "reviewPics", "reviewVideo", "hidden"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function deleteReviewRow(db: Db, id: string) {
  await db.deleteFrom("review").where("id", "=", id).execute();
}

/**
 * The reasons a review is hidden, as bits of `review.hidden`: every public read asks
 * `hidden = 0`, so each reason hides it and lifting one leaves the other in force
 * (a moderator's restore does not show a suspended author's review).
 */
export const HIDDEN_BY = { moderator: 1, suspendedAuthor: 2 } as const;

function setHiddenBit(hidden: boolean, bit: number) {
  return hidden ? sql<number>`"hidden" | ${sql.lit(bit)}` : sql<number>`"hidden" & ${sql.lit(~bit)}`;
}

export async function setHidden(db: Db, id: string, hidden: boolean) {
  await db
    .updateTable("review")
    .set({ hidden: setHiddenBit(hidden, HIDDEN_BY.moderator) })
    .where("id", "=", id)
    .execute();
}

/** ADR 0033: hides every review of a suspended author, or shows them again on restore. */
export async function setAuthorHidden(db: Db, authorId: string, hidden: boolean) {
  await db
    .updateTable("review")
    .set({ hidden: setHiddenBit(hidden, HIDDEN_BY.suspendedAuthor) })
    .where("authorId", "=", authorId)
    .execute();
}

/** The restaurants an author has reviewed, in id order (the order their locks are taken in). */
export async function restaurantsReviewedBy(db: Db, authorId: string) {
  const rows = await db
    .selectFrom("review")
    .select("restaurantId")
    .distinct()
    .where("authorId", "=", authorId)
    .orderBy("restaurantId")
    .execute();
  return rows.map((r) => r.restaurantId);
}

export async function upsertReply(db: Db, reviewId: string, ownerId: string, text: string) {
  const timestamp = new Date().toISOString();
  await db
    .insertInto("review_reply")
    .values({ reviewId, ownerId, text, timestamp })
    .onConflict((oc) => oc.column("reviewId").doUpdateSet({ text, timestamp }))
    .execute();
}

export async function insertReport(db: Db, reviewId: string, reporterId: string, reason: string) {
  await db
    .insertInto("review_report")
    .values({ reviewId, reporterId, reason, timestamp: new Date().toISOString() })
    .execute();
}

export async function findReportReason(db: Db, reviewId: string, reporterId: string) {
  const row = await db
    .selectFrom("review_report")
    .select("reason")
    .where("reviewId", "=", reviewId)
    .where("reporterId", "=", reporterId)
    .executeTakeFirst();
  return row?.reason;
}

export async function setReportStatus(db: Db, reviewId: string, status: "open" | "hidden" | "dismissed") {
  await db.updateTable("review_report").set({ status }).where("reviewId", "=", reviewId).execute();
}

/** The branch's shown reviews, newest first; only table-verified ones when `verifiedOnly`. */
export async function branchReviews(
  db: Db,
  branchId: string,
  offset: number,
  limit: number,
  verifiedOnly = false,
) {
  return reviewCards(db)
    .where("review.branchId", "=", branchId)
    .$if(verifiedOnly, (qb) => qb.where("review.tableVerified", "=", 1))
    .orderBy("review.timestamp", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countBranchReviews(db: Db, branchId: string, verifiedOnly = false) {
  const row = await db
    .selectFrom("review")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("branchId", "=", branchId)
    .where("hidden", "=", 0)
    .$if(verifiedOnly, (qb) => qb.where("tableVerified", "=", 1))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function restaurantReviews(db: Db, restaurantId: string, limit: number, verifiedOnly = false) {
  return reviewCards(db)
    .where("review.restaurantId", "=", restaurantId)
    .$if(verifiedOnly, (qb) => qb.where("review.tableVerified", "=", 1))
    .orderBy("review.timestamp", "desc")
    .limit(limit)
    .execute();
}

/** One visible review of the restaurant as its card shows it (the one its owner came to answer). */
export async function restaurantReviewCard(db: Db, restaurantId: string, reviewId: string) {
  return reviewCards(db)
    .where("review.id", "=", reviewId)
    .where("review.restaurantId", "=", restaurantId)
    .executeTakeFirst();
}

/** Review cards of public restaurants only (ADR 0017): what every list a visitor reads is made of. */
function publicReviewCards(db: Db) {
  return reviewCards(db)
    .innerJoin("restaurant", "restaurant.id", "review.restaurantId")
    .where(restaurantIsPublic());
}

/** The newest visible reviews on the whole site (the home page). */
export async function latestReviews(db: Db, limit: number) {
  return publicReviewCards(db).orderBy("review.timestamp", "desc").limit(limit).execute();
}

/** An author's own reviews, hidden ones too, each with whether it is hidden. */
export async function authorReviews(db: Db, authorId: string) {
  return reviewCardsWithHidden(db)
    .select("review.hidden")
    .where("review.authorId", "=", authorId)
    .orderBy("review.timestamp", "desc")
    .execute();
}

/** What the reports that had these reviews hidden said, by review. */
export async function hidingReasons(db: Db, reviewIds: string[]): Promise<Map<string, string[]>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("review_report")
    .select(["reviewId", "reason"])
    .where("reviewId", "in", reviewIds)
    .where("status", "=", "hidden")
    .orderBy("timestamp")
    .execute();
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const reasons = out.get(row.reviewId) ?? [];
    if (!reasons.includes(row.reason)) reasons.push(row.reason);
    out.set(row.reviewId, reasons);
  }
  return out;
}

/**
 * The latest `perRestaurant` visible reviews of each given restaurant, in one
 * query (a window function, on SQLite and PostgreSQL alike), never one per restaurant.
 */
export async function latestReviewsOf(
  db: Db,
  restaurantIds: string[],
  perRestaurant: number,
  verifiedOnly = false,
) {
  if (restaurantIds.length === 0) return [];
  // Ranked on the review table alone (index review_restaurant_time), then only
  // the chosen reviews are joined to their authors, branches and replies.
  const ranked = db
    .selectFrom("review")
    .select([
      "review.id",
      sql<number>`row_number() over (partition by review."restaurantId" order by review."timestamp" desc)`.as(
        "rank",
      ),
    ])
    .where("review.hidden", "=", 0)
    .where("review.restaurantId", "in", restaurantIds)
    .$if(verifiedOnly, (qb) => qb.where("review.tableVerified", "=", 1))
    .as("ranked");
  const chosen = db.selectFrom(ranked).select("ranked.id").where("ranked.rank", "<=", perRestaurant);
  return publicReviewCards(db).where("review.id", "in", chosen).orderBy("review.timestamp", "desc").execute();
}

/** Public restaurants only (ADR 0017): /menus and /reviews list these. */
export async function restaurantsPage(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("restaurant")
    .select(["id", "restName", "urlName", "profileImageUrl"])
    .where(restaurantIsPublic())
    .orderBy("restName")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countRestaurants(db: Db) {
  const row = await db
    .selectFrom("restaurant")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(restaurantIsPublic())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many shown reviews gave each number of stars, for a restaurant or one of its
 * branches: all of them, and the table-verified ones (issue 33).
 */
export async function ratingCounts(db: Db, scope: { restaurantId: string } | { branchId: string }) {
  const rows = await db
    .selectFrom("review")
    .select((eb) => ["rating", "tableVerified", eb.fn.countAll<number>().as("n")])
    .where("hidden", "=", 0)
    .$if("branchId" in scope, (qb) => qb.where("branchId", "=", (scope as { branchId: string }).branchId))
    .$if("restaurantId" in scope, (qb) =>
      qb.where("restaurantId", "=", (scope as { restaurantId: string }).restaurantId),
    )
    .groupBy(["rating", "tableVerified"])
    .execute();
  const all = new Map<number, number>();
  const verified = new Map<number, number>();
  for (const row of rows) {
    const [rating, n] = [Number(row.rating), Number(row.n)];
    all.set(rating, (all.get(rating) ?? 0) + n);
    if (Number(row.tableVerified) === 1) verified.set(rating, (verified.get(rating) ?? 0) + n);
  }
  return { all, verified };
}

/** The photos of a restaurant's latest shown reviews that have any, newest first. */
export async function recentReviewPhotos(db: Db, restaurantId: string, reviews: number) {
  return db
    .selectFrom("review")
    .innerJoin("branch", "branch.id", "review.branchId")
    .select(["review.id", "review.reviewPics", "review.rating", "branch.branchUrl", "branch.branchName"])
    .where("review.restaurantId", "=", restaurantId)
    .where("review.hidden", "=", 0)
    .where("review.reviewPics", "<>", "[]")
    .orderBy("review.timestamp", "desc")
    .limit(reviews)
    .execute();
}

/** One review as its card shows it, only when `authorId` wrote it about `branchId`. */
export async function authorsReviewCard(db: Db, reviewId: string, authorId: string, branchId: string) {
  return reviewCards(db)
    .where("review.id", "=", reviewId)
    .where("review.authorId", "=", authorId)
    .where("review.branchId", "=", branchId)
    .executeTakeFirst();
}

/** The dishes a diner may say a photo shows: the branch's shown ones (not hidden, nor in a hidden section), in menu order. */
export async function branchDishes(db: Db, branchId: string) {
  return db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .select(["menu_item.id", "menu_item.name", "menu_item.nameUr", "menu_item.generalItemId"])
    .where("menu_item.branchId", "=", branchId)
    .where("menu_item.hidden", "=", 0)
    .where("menu_section.hidden", "=", 0)
    .orderBy("menu_section.sectionNumber")
    .orderBy("menu_item.positionInSection")
    .execute();
}

export async function insertPhotoDishes(db: Db, rows: Insertable<ReviewPhotoDishTable>[]) {
  if (rows.length > 0) await db.insertInto("review_photo_dish").values(rows).execute();
}

/** The dish each tagged photo of these reviews shows, by review. */
export async function photoDishesOf(db: Db, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .selectFrom("review_photo_dish")
    .innerJoin("menu_item", "menu_item.id", "review_photo_dish.itemId")
    .select([
      "review_photo_dish.reviewId",
      "review_photo_dish.position",
      "review_photo_dish.itemId",
      "review_photo_dish.generalItemId",
      "menu_item.name",
      "menu_item.nameUr",
    ])
    .where("review_photo_dish.reviewId", "in", reviewIds)
    .execute();
}
