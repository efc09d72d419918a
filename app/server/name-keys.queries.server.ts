import type { Kysely, Transaction } from "kysely";
import type { DB } from "./db-schema.server.ts";
import { dishKeys, textKeys } from "~/lib/spelling-keys.ts";

type Db = Kysely<DB> | Transaction<DB>;

// Kept under SQLite's 32766 bound values a statement.
const BATCH = 500;

/**
 * The spelling keys of these dishes (migration 0012, ADR 0025), replaced: their names in
 * English and Urdu, and the words of their descriptions (ADR 0025). Every write of those
 * calls this in the same transaction, so the finder never sees a stale key.
 */
export async function writeItemKeys(
  db: Db,
  items: readonly {
    id: string;
    name: string;
    nameUr?: string | null;
    description?: string | null;
    descriptionUr?: string | null;
  }[],
) {
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
    await insertInBatches(
      batch.flatMap((item) => dishKeys(item).map((key) => ({ key, itemId: item.id }))),
      (rows) => db.insertInto("menu_item_key").values(rows).execute(),
    );
  }
}

/** The columns a dish's keys come from: an update of any of them rewrites its keys. */
export const KEYED = ["name", "nameUr", "description", "descriptionUr"] as const;

/** After an update of some of these dishes: their keys from what they now say. */
export async function rewriteItemKeys(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom("menu_item")
    .select(["id", "name", "nameUr", "description", "descriptionUr"])
    .where("id", "in", ids)
    .execute();
  await writeItemKeys(db, rows);
}

/** The same for a restaurant's name. */
export async function writeRestaurantKeys(db: Db, restaurant: { id: string; name: string }) {
  await db.deleteFrom("restaurant_key").where("restaurantId", "=", restaurant.id).execute();
  await insertInBatches(
    textKeys(restaurant.name).map((key) => ({ key, restaurantId: restaurant.id })),
    (rows) => db.insertInto("restaurant_key").values(rows).execute(),
  );
}

async function insertInBatches<T>(rows: T[], insert: (rows: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}
