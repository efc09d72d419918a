import { type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Table codes and reviews tied to the table (issue 33, ADR 0046): a branch's tables, each
 * with a short random code its printed card carries; a row for each change of the codes
 * (added, changed, removed) so an owner sees when old cards stopped giving passes; the
 * 'reviewed after scanning at the table' mark of a review; and the dish a review photo
 * shows, one of the branch's own dishes. Nothing here names a diner: a pass lives in the
 * diner's browser only. No table here is on a public page but the tags, whose review's
 * triggers (migration 0022) move the branch's pages.
 */
export const tableCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("branch_table")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("branch_table_label")
      .on("branch_table")
      .columns(["branchId", "label"])
      .unique()
      .execute();
    await db.schema
      .createTable("table_code_event")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      // "" for every table of the branch at once.
      .addColumn("tableLabel", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("table_code_event_branch")
      .on("table_code_event")
      .columns(["branchId", "timestamp"])
      .execute();
    await db.schema
      .alterTable("review")
      .addColumn("tableVerified", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("review_photo_dish")
      .addColumn("reviewId", "text", (c) => c.notNull().references("review.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("picture", "text", (c) => c.notNull())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull())
      // The branch's copy of the dish (or its own dish), and the general dish it follows.
      .addColumn("itemId", "text", (c) => c.notNull().references("menu_item.id").onDelete("cascade"))
      .addColumn("generalItemId", "text")
      .addPrimaryKeyConstraint("review_photo_dish_pk", ["reviewId", "position"])
      .execute();
    await db.schema.createIndex("review_photo_dish_item").on("review_photo_dish").column("itemId").execute();
    await db.schema
      .createIndex("review_photo_dish_general")
      .on("review_photo_dish")
      .column("generalItemId")
      .execute();
    await db.schema
      .createIndex("review_photo_dish_branch")
      .on("review_photo_dish")
      .column("branchId")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("review_photo_dish").ifExists().execute();
    await db.schema.alterTable("review").dropColumn("tableVerified").execute();
    await db.schema.dropTable("table_code_event").ifExists().execute();
    await db.schema.dropTable("branch_table").ifExists().execute();
  },
};
