import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * When a section or a dish is served (issue 32, ADR 0043): windows as JSON
 * (app/lib/served-times.ts; "" is whenever the branch serves). A branch's copy follows
 * its general row's windows, as it follows its name, until the branch sets its own
 * (`servedTimesOwn` = 1); then the general menu's changes leave them alone.
 */
export const servedTimes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["menu_section", "menu_item"]) {
      await db.schema
        .alterTable(table)
        .addColumn("servedTimes", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn("servedTimesOwn", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["menu_item", "menu_section"]) {
      await db.schema.alterTable(table).dropColumn("servedTimesOwn").execute();
      await db.schema.alterTable(table).dropColumn("servedTimes").execute();
    }
  },
};
