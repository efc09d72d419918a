import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { DESCRIPTION_KEY, dishKeys } from "../../app/lib/spelling-keys.ts";

/**
 * ADR 0026: a section's and a dish's optional Urdu name and description beside the
 * SPEC's English fields ("" when the owner gave none; pages then show the English).
 * The finder also finds a dish by the words of its description: their keys go beside
 * its name's in menu_item_key, marked (DESCRIPTION_KEY); existing dishes are keyed here.
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
    await keyDescriptions(db as unknown as Kysely<Record<string, Record<string, string>>>);
  },
  async down(db: Kysely<unknown>) {
    const keys = db as unknown as Kysely<Record<string, Record<string, string>>>;
    await keys.deleteFrom("menu_item_key").where("key", "like", `${DESCRIPTION_KEY}%`).execute();
    await db.schema.alterTable("menu_item").dropColumn("descriptionUr").execute();
    await db.schema.alterTable("menu_item").dropColumn("nameUr").execute();
    await db.schema.alterTable("menu_section").dropColumn("sectionNameUr").execute();
  },
};

async function keyDescriptions(db: Kysely<Record<string, Record<string, string>>>) {
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom("menu_item")
      .select(["id", "name", "description"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (batch.length === 0) break;
    const rows = batch.flatMap((row) =>
      dishKeys({ name: "", description: row.description })
        .filter((key) => key.startsWith(DESCRIPTION_KEY))
        .map((key) => ({ key, itemId: row.id! })),
    );
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto("menu_item_key")
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    after = batch.at(-1)!.id!;
  }
}
