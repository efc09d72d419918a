import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { textKeys } from "../../app/lib/spelling-keys.ts";

/**
 * The spelling keys of each dish's name (app/lib/spelling-keys.ts, ADR 0025), one row a
 * key, so the finder finds 'briyani' and 'کڑاہی' by an index lookup on both databases.
 * Written with the dish by the menu queries; gone with it (cascade). Existing dishes are
 * keyed here, a batch at a time.
 */
export const dishNameKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("menu_item_key")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("itemId", "text", (c) => c.notNull().references("menu_item.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("menu_item_key_pk", ["key", "itemId"])
      .execute();
    await db.schema.createIndex("menu_item_key_item").on("menu_item_key").columns(["itemId"]).execute();
    const items = db as unknown as Kysely<{
      menu_item: { id: string; name: string };
      menu_item_key: { key: string; itemId: string };
    }>;
    let after = "";
    for (;;) {
      const batch = await items
        .selectFrom("menu_item")
        .select(["id", "name"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(500)
        .execute();
      if (batch.length === 0) break;
      const rows = batch.flatMap((item) => textKeys(item.name).map((key) => ({ key, itemId: item.id })));
      for (let i = 0; i < rows.length; i += 1000) {
        await items
          .insertInto("menu_item_key")
          .values(rows.slice(i, i + 1000))
          .execute();
      }
      after = batch.at(-1)!.id;
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("menu_item_key").ifExists().execute();
  },
};
