import { sql, type Insertable, type Kysely } from "kysely";
import type { DB, PageViewTable } from "~/server/db-schema.server.ts";
import { DEMO_EMAIL_DOMAIN } from "./demo-data.ts";

type Db = Kysely<DB>;

const DEMO_EMAILS = `%@${DEMO_EMAIL_DOMAIN}`;

/** Restaurants and customers whose email is not at the demo domain: people's real data. */
export async function countNonDemoAccounts(db: Db) {
  const [restaurants, customers] = await Promise.all(
    (["restaurant", "customer"] as const).map((table) =>
      db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("count"))
        .where("email", "not like", DEMO_EMAILS)
        .executeTakeFirstOrThrow(),
    ),
  );
  return { restaurants: Number(restaurants!.count), customers: Number(customers!.count) };
}

/** What the demo world holds now, as printed after loading (restaurants: the approved ones). */
export async function countDemoWorld(db: Db) {
  const count = sql<number>`count(*)`.as("count");
  const restaurants = await db
    .selectFrom("restaurant")
    .select(["approvalStatus", count])
    .where("email", "like", DEMO_EMAILS)
    .groupBy("approvalStatus")
    .execute();
  const withStatus = (status: string) =>
    Number(restaurants.find((r) => r.approvalStatus === status)?.count ?? 0);
  const customers = await db
    .selectFrom("customer")
    .select(count)
    .where("email", "like", DEMO_EMAILS)
    .executeTakeFirstOrThrow();
  const branches = await db
    .selectFrom("branch")
    .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
    .select(count)
    .where("restaurant.email", "like", DEMO_EMAILS)
    .executeTakeFirstOrThrow();
  const dishes = await db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .select(count)
    .where("restaurant.email", "like", DEMO_EMAILS)
    .where("menu_item.branchId", "is", null)
    .executeTakeFirstOrThrow();
  const reviews = await db
    .selectFrom("review")
    .innerJoin("restaurant", "restaurant.id", "review.restaurantId")
    .select("review.reviewPics")
    .where("restaurant.email", "like", DEMO_EMAILS)
    .execute();
  const reported = await db
    .selectFrom("review_report")
    .innerJoin("review", "review.id", "review_report.reviewId")
    .innerJoin("restaurant", "restaurant.id", "review.restaurantId")
    .select(sql<number>`count(distinct "review_report"."reviewId")`.as("count"))
    .where("restaurant.email", "like", DEMO_EMAILS)
    .where("review_report.status", "=", "open")
    .executeTakeFirstOrThrow();
  return {
    restaurants: withStatus("approved"),
    pending: withStatus("pending"),
    customers: Number(customers.count),
    branches: Number(branches.count),
    dishes: Number(dishes.count),
    reviews: reviews.length,
    photos: reviews.reduce((sum, r) => sum + (JSON.parse(r.reviewPics) as string[]).length, 0),
    reported: Number(reported.count),
  };
}

/**
 * Spreads the demo's dates over past months: the use cases stamp "now", and a
 * world whose every review is a minute old shows no history on the pages.
 */
export async function backdate(db: Db, table: "review" | "restaurant", id: string, timestamp: string) {
  await db.updateTable(table).set({ timestamp }).where("id", "=", id).execute();
}

/** The id of a branch's copy of a general dish (a review photo's dish, issue 33). */
export async function branchCopyOf(db: Db, restaurantId: string, branchUrl: string, generalItemId: string) {
  const row = await db
    .selectFrom("menu_item")
    .innerJoin("branch", "branch.id", "menu_item.branchId")
    .select("menu_item.id")
    .where("branch.restaurantId", "=", restaurantId)
    .where("branch.branchUrl", "=", branchUrl)
    .where("menu_item.generalItemId", "=", generalItemId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A demo restaurant's branches and every dish row (general and branch copies), for its page views. */
export async function demoMenuRows(db: Db, restaurantId: string) {
  const [branches, dishes] = await Promise.all([
    db
      .selectFrom("branch")
      .select("id")
      .where("restaurantId", "=", restaurantId)
      .orderBy("timestamp")
      .execute(),
    db
      .selectFrom("menu_item")
      .select(["id", "branchId", "generalItemId"])
      .where("restaurantId", "=", restaurantId)
      .orderBy("positionInSection")
      .orderBy("id")
      .execute(),
  ]);
  return { branches, dishes };
}

export async function insertPageViews(db: Db, rows: Insertable<PageViewTable>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("page_view")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
