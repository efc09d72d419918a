import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DB } from "../../app/server/db-schema.server.ts";
import { foldViewsOfDishes } from "../../app/server/page-views.queries.server.ts";

/**
 * Issue 34, item 7: page_view rows kept the ids of dishes deleted since. A deletion now
 * moves a dish's counts to its restaurant's row for a dish no longer there (itemId "")
 * first; this index finds a dish's rows without reading the table, and the rows left
 * from before are moved the same way once.
 */
export const pageViewDishIds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("page_view_item")
      .on("page_view")
      .column("itemId")
      .where(sql.ref("itemId"), "<>", "")
      .execute();
    const typed = db as unknown as Kysely<DB>;
    const orphans = await typed
      .selectFrom("page_view")
      .select("itemId")
      .distinct()
      .where("itemId", "<>", "")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("menu_item").select("id").whereRef("menu_item.id", "=", "page_view.itemId"),
          ),
        ),
      )
      .execute();
    await foldViewsOfDishes(
      typed,
      orphans.map((r) => r.itemId),
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("page_view_item").ifExists().execute();
  },
};
