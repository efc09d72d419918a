import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { DB, MenuItemTable, MenuSectionTable } from "~/server/db-schema.server.ts";
import { KEYED, rewriteItemKeys, writeItemKeys } from "~/server/name-keys.queries.server.ts";
import { foldViewsOfDishes } from "~/server/page-views.queries.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type SectionRow = Selectable<MenuSectionTable>;
export type ItemRow = Selectable<MenuItemTable>;

/**
 * Every section of one menu (the general one: null, or a branch's) and its dishes: all
 * of them, or only those of the sections `dishesOf` names (general section ids; a
 * branch's copies of them).
 */
export async function menuRows(
  db: Db,
  restaurantId: string,
  branchId: string | null,
  dishesOf?: readonly string[],
) {
  const [sections, items] = await Promise.all([
    db
      .selectFrom("menu_section")
      .selectAll()
      .where("restaurantId", "=", restaurantId)
      .where("branchId", branchId === null ? "is" : "=", branchId)
      .orderBy("sectionNumber")
      .orderBy("timestamp")
      .execute(),
    dishesOf?.length === 0
      ? []
      : db
          .selectFrom("menu_item")
          .selectAll()
          .where("restaurantId", "=", restaurantId)
          .where("branchId", branchId === null ? "is" : "=", branchId)
          .$if(dishesOf !== undefined, (qb) =>
            branchId === null
              ? qb.where("sectionId", "in", dishesOf!)
              : qb.where(
                  "sectionId",
                  "in",
                  db
                    .selectFrom("menu_section")
                    .select("id")
                    .where("branchId", "=", branchId)
                    .where("generalSectionId", "in", dishesOf!),
                ),
          )
          .orderBy("positionInSection")
          .execute(),
  ]);
  return { sections, items };
}

export async function branchIdsOf(db: Db, restaurantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("branch")
    .select("id")
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .execute();
  return rows.map((r) => r.id);
}

export async function insertSection(db: Db, row: Insertable<MenuSectionTable>) {
  await db.insertInto("menu_section").values(row).execute();
}

export async function updateSection(db: Db, id: string, changes: Updateable<MenuSectionTable>) {
  await db.updateTable("menu_section").set(changes).where("id", "=", id).execute();
}

export async function deleteSections(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  const items = await db.selectFrom("menu_item").select("id").where("sectionId", "in", ids).execute();
  await foldViewsOfDishes(
    db,
    items.map((r) => r.id),
  );
  await db.deleteFrom("menu_item").where("sectionId", "in", ids).execute();
  await db.deleteFrom("menu_section").where("id", "in", ids).execute();
}

// SQLite allows at most 32766 bound values a statement; 100 rows × ~35 columns stays well under.
const BATCH = 100;

export async function insertItems(db: Db, rows: Insertable<MenuItemTable>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto("menu_item")
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
  await writeItemKeys(db, rows);
}

export async function updateItem(db: Db, id: string, changes: Updateable<MenuItemTable>) {
  await db.updateTable("menu_item").set(changes).where("id", "=", id).execute();
  if (KEYED.some((column) => changes[column] !== undefined)) await rewriteItemKeys(db, [id]);
}

export async function deleteItems(db: Db, ids: string[]) {
  await foldViewsOfDishes(db, ids);
  for (let i = 0; i < ids.length; i += BATCH) {
    await db
      .deleteFrom("menu_item")
      .where("id", "in", ids.slice(i, i + BATCH))
      .execute();
  }
}

/** The rating of a general dish on every branch copy of it (customers rate the dish, not a branch's copy). */
export async function copyRatingToBranches(db: Db, generalItemId: string) {
  const general = await db
    .selectFrom("menu_item")
    .select(["itemRating", "itemRatingBy"])
    .where("id", "=", generalItemId)
    .executeTakeFirst();
  if (!general) return;
  await db
    .updateTable("menu_item")
    .set({ itemRating: general.itemRating, itemRatingBy: general.itemRatingBy })
    .where("generalItemId", "=", generalItemId)
    .execute();
}
