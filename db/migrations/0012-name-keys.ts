import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { textKeys } from "../../app/lib/spelling-keys.ts";

/**
 * The spelling keys of each dish's and restaurant's name (app/lib/spelling-keys.ts, ADR
 * 0025), one row a key, so the finder finds 'briyani' and 'کڑاہی' by an index lookup on
 * both databases. Written with the name by the queries that write it; gone with the row
 * (cascade). Existing names are keyed here, a batch at a time.
 */
export const nameKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("menu_item_key")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("itemId", "text", (c) => c.notNull().references("menu_item.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("menu_item_key_pk", ["key", "itemId"])
      .execute();
    await db.schema.createIndex("menu_item_key_item").on("menu_item_key").columns(["itemId"]).execute();
    await db.schema
      .createTable("restaurant_key")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("restaurant_key_pk", ["key", "restaurantId"])
      .execute();
    await db.schema
      .createIndex("restaurant_key_restaurant")
      .on("restaurant_key")
      .columns(["restaurantId"])
      .execute();
    const names = db as unknown as Kysely<Record<string, Record<string, string>>>;
    await keyAll(names, "menu_item", "name", "menu_item_key", "itemId");
    await keyAll(names, "restaurant", "restName", "restaurant_key", "restaurantId");
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("restaurant_key").ifExists().execute();
    await db.schema.dropTable("menu_item_key").ifExists().execute();
  },
};

async function keyAll(
  db: Kysely<Record<string, Record<string, string>>>,
  table: string,
  nameColumn: string,
  keyTable: string,
  idColumn: string,
) {
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom(table)
      .select(["id", `${nameColumn} as name`])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (batch.length === 0) break;
    const rows = batch.flatMap((row) => textKeys(row.name!).map((key) => ({ key, [idColumn]: row.id! })));
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto(keyTable)
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    after = batch.at(-1)!.id!;
  }
}
