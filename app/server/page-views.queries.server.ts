import type { Kysely } from "kysely";
import type { DB, PageViewKind } from "./db-schema.server.ts";

/** One counted view as the address named it; ids are looked up when it is written. */
export interface CountedView {
  kind: PageViewKind;
  urlName: string;
  branchUrl: string;
  itemId: string;
  day: string;
}

// Rows an insert takes at once: 6 values each, well under SQLite's 32766.
const BATCH = 500;

/**
 * Adds counted views to page_view. Names become ids here, once per flush; a view of
 * a restaurant, branch or dish that does not exist (a mistyped address answered 200
 * by nothing, or deleted since) is dropped. n = n + counted, so processes add up.
 */
export async function writePageViews(db: Kysely<DB>, views: { view: CountedView; n: number }[]) {
  const names = [...new Set(views.map((v) => v.view.urlName))];
  if (names.length === 0) return;
  const restaurants = new Map<string, string>();
  for (let i = 0; i < names.length; i += BATCH) {
    const rows = await db
      .selectFrom("restaurant")
      .select(["id", "urlName"])
      .where("urlName", "in", names.slice(i, i + BATCH))
      .execute();
    for (const r of rows) restaurants.set(r.urlName, r.id);
  }
  if (restaurants.size === 0) return;
  const restaurantIds = [...restaurants.values()];
  const branches = new Map<string, string>();
  const items = new Map<string, { restaurantId: string; branchId: string }>();
  const itemIds = [...new Set(views.map((v) => v.view.itemId).filter(Boolean))];
  for (let i = 0; i < restaurantIds.length; i += BATCH) {
    const rows = await db
      .selectFrom("branch")
      .select(["id", "restaurantId", "branchUrl"])
      .where("restaurantId", "in", restaurantIds.slice(i, i + BATCH))
      .execute();
    for (const b of rows) branches.set(`${b.restaurantId}\t${b.branchUrl}`, b.id);
  }
  for (let i = 0; i < itemIds.length; i += BATCH) {
    const rows = await db
      .selectFrom("menu_item")
      .select(["id", "restaurantId", "branchId"])
      .where("id", "in", itemIds.slice(i, i + BATCH))
      .execute();
    for (const it of rows) items.set(it.id, { restaurantId: it.restaurantId, branchId: it.branchId ?? "" });
  }

  const rows = new Map<
    string,
    { restaurantId: string; day: string; kind: PageViewKind; branchId: string; itemId: string; n: number }
  >();
  for (const { view, n } of views) {
    const restaurantId = restaurants.get(view.urlName);
    if (!restaurantId) continue;
    const branchId = view.branchUrl ? branches.get(`${restaurantId}\t${view.branchUrl}`) : "";
    if (branchId === undefined) continue;
    if (view.itemId) {
      const item = items.get(view.itemId);
      // The dish must be the one the address names: this restaurant's, at this branch (or its general menu).
      if (!item || item.restaurantId !== restaurantId || item.branchId !== branchId) continue;
    }
    const key = `${restaurantId}\t${view.day}\t${view.kind}\t${branchId}\t${view.itemId}`;
    const row = rows.get(key);
    if (row) row.n += n;
    else rows.set(key, { restaurantId, day: view.day, kind: view.kind, branchId, itemId: view.itemId, n });
  }
  const all = [...rows.values()];
  if (all.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < all.length; i += BATCH) {
      await trx
        .insertInto("page_view")
        .values(all.slice(i, i + BATCH))
        .onConflict((oc) =>
          oc
            .columns(["restaurantId", "day", "kind", "branchId", "itemId"])
            .doUpdateSet((eb) => ({ n: eb("page_view.n", "+", eb.ref("excluded.n")) })),
        )
        .execute();
    }
  });
}

/**
 * Before dishes are deleted: their daily view counts move to the restaurant's row for a
 * dish no longer there (itemId ""), so the days' totals stay exact and no row keeps the
 * id of a dish that is gone (issue 34, item 7). In the deleting transaction.
 */
export async function foldViewsOfDishes(db: Kysely<DB>, itemIds: readonly string[]) {
  for (let i = 0; i < itemIds.length; i += BATCH) {
    const batch = itemIds.slice(i, i + BATCH);
    const sums = await db
      .selectFrom("page_view")
      .select((eb) => ["restaurantId", "day", "kind", "branchId", eb.fn.sum<number | string>("n").as("n")])
      .where("itemId", "in", batch)
      .groupBy(["restaurantId", "day", "kind", "branchId"])
      .execute();
    if (sums.length === 0) continue;
    await db
      .insertInto("page_view")
      .values(sums.map((row) => ({ ...row, itemId: "", n: Number(row.n) })))
      .onConflict((oc) =>
        oc
          .columns(["restaurantId", "day", "kind", "branchId", "itemId"])
          .doUpdateSet((eb) => ({ n: eb("page_view.n", "+", eb.ref("excluded.n")) })),
      )
      .execute();
    await db.deleteFrom("page_view").where("itemId", "in", batch).execute();
  }
}
