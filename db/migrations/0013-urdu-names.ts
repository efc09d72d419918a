import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 18: a section's and a dish's optional Urdu name and description beside the
 * SPEC's English fields ("" when the owner gave none; pages then show the English).
 */
export const urduNames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("menu_section")
      .addColumn("sectionNameUr", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("nameUr", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("descriptionUr", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("menu_item").dropColumn("descriptionUr").execute();
    await db.schema.alterTable("menu_item").dropColumn("nameUr").execute();
    await db.schema.alterTable("menu_section").dropColumn("sectionNameUr").execute();
  },
};
