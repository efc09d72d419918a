import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// The admin's audit log, plus what the finder and the home page sort and filter on.
export const adminAndDiscovery: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      // Null when the action came from the command line rather than a signed-in admin.
      .addColumn("actorId", "text", (c) => c.references("user.id").onDelete("set null"))
      .addColumn("actorLabel", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("targetType", "text", (c) => c.notNull())
      .addColumn("targetId", "text", (c) => c.notNull())
      .addColumn("targetLabel", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_time").on("audit_log").columns(["timestamp"]).execute();

    await db.schema
      .createIndex("restaurant_status_time")
      .on("restaurant")
      .columns(["approvalStatus", "timestamp"])
      .execute();
    await db.schema
      .createIndex("restaurant_status_rating")
      .on("restaurant")
      .columns(["approvalStatus", "restRating"])
      .execute();
    await db.schema.createIndex("restaurant_name").on("restaurant").columns(["restName"]).execute();
    await db.schema.createIndex("branch_place").on("branch").columns(["country", "city", "area"]).execute();
    await db.schema.createIndex("review_time").on("review").columns(["timestamp"]).execute();

    // The average price was never kept before; the menu use cases keep it from now on.
    await sql`
      update restaurant set "restPriceavg" = coalesce((
        select round(avg(price)) from menu_item
        where menu_item."restaurantId" = restaurant.id and menu_item."branchId" is null
      ), 0)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      "restaurant_status_time",
      "restaurant_status_rating",
      "restaurant_name",
      "branch_place",
      "review_time",
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.dropTable("audit_log").ifExists().execute();
  },
};
