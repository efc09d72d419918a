import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 35: every dish query leaves out the dishes of hidden sections (ADR 0021) with a
 * `not exists` on menu_section. PostgreSQL plans it, for a count, as an anti join over a
 * scan of every section (90,000 at 10,000 restaurants: 16–27 ms of a finder page); this
 * index holds only the hidden ones, few at any size, so the same join reads just those.
 */
export const hiddenSectionsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("menu_section_hidden")
      .ifNotExists()
      .on("menu_section")
      .column("id")
      .where(sql.ref("hidden"), "=", 1)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("menu_section_hidden").ifExists().execute();
  },
};
