import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A branch's weekly opening hours as JSON (app/lib/opening-hours.ts; "" until its owner
 * sets them) and the time zone they are in (ADR 0024).
 */
export const openingHours: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("branch")
      .addColumn("openingHours", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("branch")
      .addColumn("timeZone", "text", (c) => c.notNull().defaultTo("Asia/Karachi"))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("branch").dropColumn("timeZone").execute();
    await db.schema.alterTable("branch").dropColumn("openingHours").execute();
  },
};
