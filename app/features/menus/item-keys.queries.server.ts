import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { textKeys } from "~/lib/spelling-keys.ts";

type Db = Kysely<DB> | Transaction<DB>;

// Kept under SQLite's 32766 bound values a statement.
const BATCH = 500;

/**
 * The spelling keys of these dishes' names (migration 0012), replaced: every write of a
 * dish's name calls this in the same transaction, so the finder never sees a stale key.
 */
export async function writeItemKeys(db: Db, items: readonly { id: string; name: string }[]) {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await db
      .deleteFrom("menu_item_key")
      .where(
        "itemId",
        "in",
        batch.map((item) => item.id),
      )
      .execute();
    const rows = batch.flatMap((item) => textKeys(item.name).map((key) => ({ key, itemId: item.id })));
    for (let j = 0; j < rows.length; j += BATCH) {
      await db
        .insertInto("menu_item_key")
        .values(rows.slice(j, j + BATCH))
        .execute();
    }
  }
}
