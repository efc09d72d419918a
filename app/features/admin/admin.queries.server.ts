import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Transaction } from "kysely";
import type { AccountSuspensionTable, AuditLogTable, DB, PageViewKind } from "~/server/db-schema.server.ts";
import type { RestaurantStatus } from "./admin.schema.ts";

type Db = Kysely<DB> | Transaction<DB>;

export async function countRestaurantsByStatus(db: Db): Promise<Record<RestaurantStatus, number>> {
  const rows = await db
    .selectFrom("restaurant")
    .select(["approvalStatus", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("approvalStatus")
    .execute();
  const counts: Record<RestaurantStatus, number> = { pending: 0, approved: 0, rejected: 0, suspended: 0 };
  for (const row of rows) counts[row.approvalStatus] = Number(row.n);
  return counts;
}

/** Oldest first, so the restaurant that has waited longest is decided first. */
export async function restaurantsWithStatus(
  db: Db,
  status: RestaurantStatus,
  offset: number,
  limit: number,
  viewsSince: string,
) {
  // ADR 0027: each restaurant's QR scans and page views since `viewsSince` (a Pakistan day).
  const viewed = (eb: ExpressionBuilder<DB, "restaurant">, kinds: PageViewKind[]) =>
    eb
      .selectFrom("page_view")
      .select((s) => s.fn.coalesce(s.fn.sum<number>("n"), sql<number>`0`).as("n"))
      .whereRef("page_view.restaurantId", "=", "restaurant.id")
      .where("page_view.day", ">=", viewsSince)
      .where("page_view.kind", "in", kinds);
  return db
    .selectFrom("restaurant")
    .select((eb) => [
      viewed(eb, ["scan"]).as("scans"),
      viewed(eb, ["restaurant", "menu", "branch", "item"]).as("views"),
      "restaurant.id",
      "restaurant.restName",
      "restaurant.urlName",
      "restaurant.restType",
      "restaurant.country",
      "restaurant.email",
      "restaurant.profileImageUrl",
      "restaurant.approvalNote",
      "restaurant.timestamp",
      eb
        .selectFrom("menu_section")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("menu_section.restaurantId", "=", "restaurant.id")
        .where("menu_section.branchId", "is", null)
        .as("sections"),
      eb
        .selectFrom("menu_item")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("menu_item.restaurantId", "=", "restaurant.id")
        .where("menu_item.branchId", "is", null)
        .as("items"),
    ])
    .where("approvalStatus", "=", status)
    .orderBy("timestamp", status === "pending" ? "asc" : "desc")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findRestaurantForAdmin(db: Db, urlName: string) {
  return db
    .selectFrom("restaurant")
    .select([
      "id",
      "restName",
      "urlName",
      "restType",
      "country",
      "email",
      "username",
      "contact",
      "address",
      "about",
      "profileImageUrl",
      "approvalStatus",
      "approvalNote",
      "restNoofBranches",
      "restNoofReviews",
      "timestamp",
    ])
    .where("urlName", "=", urlName)
    .executeTakeFirst();
}

export async function setRestaurantStatus(db: Db, id: string, status: RestaurantStatus, note: string) {
  await db
    .updateTable("restaurant")
    .set({ approvalStatus: status, approvalNote: note, isactive: status === "approved" ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

/** ADR 0033: a suspended owner's approved restaurant is suspended with them; answers whether it was. */
export async function suspendApprovedRestaurant(db: Db, id: string, note: string) {
  const rows = await db
    .updateTable("restaurant")
    .set({ approvalStatus: "suspended", approvalNote: note, isactive: 0 })
    .where("id", "=", id)
    .where("approvalStatus", "=", "approved")
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** The restore's counterpart: the restaurant the suspension suspended is approved again, if still suspended. */
export async function approveSuspendedRestaurant(db: Db, id: string) {
  const rows = await db
    .updateTable("restaurant")
    .set({ approvalStatus: "approved", approvalNote: "", isactive: 1 })
    .where("id", "=", id)
    .where("approvalStatus", "=", "suspended")
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** Reviews with reports in the given state, hidden ones included (the admin must see them to restore). */
export async function reportedReviews(db: Db, status: "open" | "hidden", offset: number, limit: number) {
  return db
    .selectFrom("review")
    .innerJoin("customer", "customer.id", "review.authorId")
    .innerJoin("restaurant", "restaurant.id", "review.restaurantId")
    .innerJoin("branch", "branch.id", "review.branchId")
    .select((eb) => [
      "review.id",
      "review.rating",
      "review.review",
      "review.reviewPics",
      "review.reviewVideo",
      "review.hidden",
      "review.timestamp",
      "customer.firstName",
      "customer.lastName",
      "restaurant.restName",
      "restaurant.urlName",
      "branch.branchName",
      "branch.branchUrl",
      eb
        .selectFrom("review_report")
        .select((s) => s.fn.max("review_report.timestamp").as("t"))
        .whereRef("review_report.reviewId", "=", "review.id")
        .as("lastReported"),
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("review_report")
          .select("review_report.reviewId")
          .whereRef("review_report.reviewId", "=", "review.id")
          .where("review_report.status", "=", status),
      ),
    )
    .orderBy("lastReported", "desc")
    .orderBy("review.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countReportedReviews(db: Db, status: "open" | "hidden") {
  const row = await db
    .selectFrom("review_report")
    .select(sql<number>`count(distinct "reviewId")`.as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every report of the given reviews, in one query. */
export async function reportsOf(db: Db, reviewIds: string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .selectFrom("review_report")
    .select(["reviewId", "reason", "status", "timestamp"])
    .where("reviewId", "in", reviewIds)
    .orderBy("timestamp", "desc")
    .execute();
}

export async function findReviewLabel(db: Db, reviewId: string) {
  return db
    .selectFrom("review")
    .innerJoin("customer", "customer.id", "review.authorId")
    .innerJoin("restaurant", "restaurant.id", "review.restaurantId")
    .select(["review.id", "review.hidden", "customer.firstName", "customer.lastName", "restaurant.restName"])
    .where("review.id", "=", reviewId)
    .executeTakeFirst();
}

/** Users with the profile of their kind (restaurant, customer, admin) beside them. */
function usersWithProfiles(db: Db) {
  return db
    .selectFrom("user")
    .leftJoin("restaurant", "restaurant.id", "user.id")
    .leftJoin("customer", "customer.id", "user.id")
    .leftJoin("admin", "admin.id", "user.id")
    .leftJoin("account_suspension", "account_suspension.userId", "user.id");
}

const USER_COLUMNS = [
  "user.id",
  "user.email",
  "user.name",
  "restaurant.restName",
  "restaurant.urlName",
  "restaurant.approvalStatus",
  "restaurant.timestamp as restaurantSince",
  "customer.firstName",
  "customer.lastName",
  "customer.timestamp as customerSince",
  "admin.id as adminId",
  "admin.timestamp as adminSince",
  "account_suspension.reason as suspensionReason",
  "account_suspension.timestamp as suspendedSince",
] as const;

function userSearch(db: Db, text: string) {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return usersWithProfiles(db).$if(text !== "", (qb) =>
    qb.where((eb) =>
      eb.or([
        eb(sql`lower("user"."email")`, "like", sql`${like} escape '\\'`),
        eb(sql`lower("user"."name")`, "like", sql`${like} escape '\\'`),
        eb(sql`lower("restaurant"."restName")`, "like", sql`${like} escape '\\'`),
        eb(
          sql`lower("customer"."firstName" || ' ' || "customer"."lastName")`,
          "like",
          sql`${like} escape '\\'`,
        ),
      ]),
    ),
  );
}

/** Users of every kind, by email; `text` matches email, username, restaurant or person name. */
export async function searchUsers(db: Db, text: string, offset: number, limit: number) {
  return userSearch(db, text)
    .select(USER_COLUMNS)
    .orderBy("user.email")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One user, by id or by email (any case). */
export async function findUserForAdmin(db: Db, who: { id: string } | { email: string }) {
  return usersWithProfiles(db)
    .select(USER_COLUMNS)
    .where((eb) =>
      "id" in who
        ? eb("user.id", "=", who.id)
        : eb(sql`lower("user"."email")`, "=", who.email.trim().toLowerCase()),
    )
    .executeTakeFirst();
}

export async function countUsers(db: Db, text: string) {
  const row = await userSearch(db, text)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAudit(db: Db, row: Insertable<AuditLogTable>) {
  await db.insertInto("audit_log").values(row).execute();
}

export async function auditEntries(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("audit_log")
    .select(["id", "actorLabel", "action", "targetType", "targetId", "targetLabel", "reason", "timestamp"])
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAudit(db: Db) {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** ADR 0033: the suspension row, and the restaurant status it put aside (see migration 0018). */
export async function insertSuspension(db: Db, row: Insertable<AccountSuspensionTable>) {
  await db.insertInto("account_suspension").values(row).execute();
}

/** Ends a suspension; answers its row, or undefined when another request ended it first. */
export async function deleteSuspension(db: Db, userId: string) {
  return db
    .deleteFrom("account_suspension")
    .where("userId", "=", userId)
    .returning(["reason", "restaurantStatus"])
    .executeTakeFirst();
}

/** Signs the person out everywhere: every session of the account ends now. */
export async function deleteSessions(db: Db, userId: string) {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}
