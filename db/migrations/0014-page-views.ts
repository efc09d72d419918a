import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * ADR 0027: how often diners opened a restaurant's public pages, per day (Pakistan
 * time), page kind, branch and dish: counts only, no cookie, address or browser kept.
 * Each app process adds what it counted since its last flush (n = n + counted), so
 * several processes sum. The primary key leads with the restaurant and the day: the
 * insights screen reads one restaurant's days.
 */
export const pageViews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("page_view")
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("itemId", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("n", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("page_view_pk", ["restaurantId", "day", "kind", "branchId", "itemId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("page_view").ifExists().execute();
  },
};
