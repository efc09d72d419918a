import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** The sign-in record: the address, the name shown, when it was made. */
export function findUser(db: Db, userId: string) {
  return db
    .selectFrom("user")
    .select(["email", "name", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst() as Promise<{ email: string; name: string; createdAt: unknown } | undefined>;
}

/** The devices signed in now: when, from where, with what browser (no token). */
export function sessionsOf(db: Db, userId: string) {
  return db
    .selectFrom("session")
    .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute() as Promise<Record<string, unknown>[]>;
}

export function findCustomerRow(db: Db, userId: string) {
  return db
    .selectFrom("customer")
    .select([
      "username",
      "firstName",
      "lastName",
      "gender",
      "country",
      "email",
      "contact",
      "about",
      "sociallinks",
      "profileImageUrl",
      "coverImageUrl",
      "timestamp",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * Reviews with where they were written, whether Foodverse hid them and the owner's
 * reply: those an author wrote (`authorId`), or those about a restaurant (`restaurantId`).
 * Never who wrote them: an owner's export names no diner.
 */
export function reviewsOf(db: Db, column: "authorId" | "restaurantId", id: string) {
  return db
    .selectFrom("review")
    .innerJoin("branch", "branch.id", "review.branchId")
    .leftJoin("review_reply", "review_reply.reviewId", "review.id")
    .select([
      "review.id",
      "branch.restaurantName",
      "branch.branchName",
      "review.rating",
      "review.review",
      "review.reviewPics",
      "review.reviewVideo",
      "review.hidden",
      "review.tableVerified",
      "review.timestamp",
      "review_reply.text as reply",
    ])
    .where(`review.${column}`, "=", id)
    .orderBy("review.timestamp")
    .execute();
}

/** The stars the customer gave dishes, with the dish and its restaurant. */
export function dishRatingsBy(db: Db, customerId: string) {
  return db
    .selectFrom("item_rating")
    .innerJoin("menu_item", "menu_item.id", "item_rating.itemId")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .select([
      "item_rating.itemId",
      "menu_item.name as dish",
      "restaurant.restName as restaurant",
      "item_rating.rating",
      "item_rating.timestamp",
    ])
    .where("item_rating.customerId", "=", customerId)
    .orderBy("item_rating.timestamp")
    .execute();
}

/** The reports the person filed about reviews. */
export function reportsBy(db: Db, reporterId: string) {
  return db
    .selectFrom("review_report")
    .select(["reviewId", "reason", "status", "timestamp"])
    .where("reporterId", "=", reporterId)
    .orderBy("timestamp")
    .execute();
}

export function findRestaurantRow(db: Db, userId: string) {
  return db.selectFrom("restaurant").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function branchesOf(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("branchName")
    .execute();
}

export function sectionsOf(db: Db, restaurantId: string) {
  return db
    .selectFrom("menu_section")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("branchId")
    .orderBy("sectionNumber")
    .execute();
}

export function dishesOf(db: Db, restaurantId: string) {
  return db
    .selectFrom("menu_item")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("sectionId")
    .orderBy("positionInSection")
    .execute();
}

export function importPhotosOf(db: Db, ownerId: string) {
  return db
    .selectFrom("menu_import_photo")
    .innerJoin("menu_import", "menu_import.id", "menu_import_photo.importId")
    .select(["menu_import_photo.url"])
    .where("menu_import.ownerId", "=", ownerId)
    .execute();
}

/** The restaurant's deals (issue 32): what they are and the pictures they show. */
export function dealsOf(db: Db, restaurantId: string) {
  return db
    .selectFrom("deal")
    .select([
      "id",
      "branchId",
      "name",
      "nameUr",
      "picture",
      "price",
      "serves",
      "servedTimes",
      "validFrom",
      "validUntil",
    ])
    .where("restaurantId", "=", restaurantId)
    .orderBy("position")
    .execute();
}

/** The restaurant's table cards (issue 33): each table of each branch, and the code its card carries. */
export function tablesOf(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch_table")
    .select(["branchId", "label", "code", "timestamp"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("branchId")
    .orderBy("position")
    .execute();
}

export async function deleteReviewsBy(db: Db, authorId: string) {
  await db.deleteFrom("review").where("authorId", "=", authorId).execute();
}

export async function deleteRatingsBy(db: Db, customerId: string) {
  await db.deleteFrom("item_rating").where("customerId", "=", customerId).execute();
}

/**
 * The account and everything that hangs from it: the role's record, sessions,
 * sign-in methods, reports, uploads, form tokens and a suspension go with the user
 * row (foreign keys, on delete cascade); sessions and sign-in methods are deleted
 * first by name, whatever better-auth's own tables declare.
 */
export async function deleteAccount(db: Db, userId: string) {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
  await db.deleteFrom("account").where("userId", "=", userId).execute();
  await db.deleteFrom("restaurant").where("id", "=", userId).execute();
  await db.deleteFrom("customer").where("id", "=", userId).execute();
  await db.deleteFrom("user").where("id", "=", userId).execute();
}
