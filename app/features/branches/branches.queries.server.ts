import type { Insertable, Kysely, Transaction } from "kysely";
import type { BranchTable, DB, MenuItemTable, MenuSectionTable } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

const BRANCH_COLUMNS = [
  "id",
  "restaurantId",
  "restaurantName",
  "urlName",
  "branchName",
  "branchUrl",
  "branchQRcode",
  "branchQRimg",
  "country",
  "provinceLabel",
  "cityLabel",
  "areaLabel",
  "address",
  "contact",
] as const;

export async function listBranches(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl", "address", "contact", "cityLabel", "areaLabel"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .execute();
}

export async function findBranch(db: Db, restaurantId: string, branchUrl: string) {
  return db
    .selectFrom("branch")
    .select(BRANCH_COLUMNS)
    .where("restaurantId", "=", restaurantId)
    .where("branchUrl", "=", branchUrl)
    .executeTakeFirst();
}

export type BranchRow = NonNullable<Awaited<ReturnType<typeof findBranch>>>;

export async function branchUrlTaken(db: Db, restaurantId: string, branchUrl: string) {
  return !!(await findBranch(db, restaurantId, branchUrl));
}

export async function insertBranch(db: Db, row: Insertable<BranchTable>) {
  await db.insertInto("branch").values(row).execute();
}

/** The general menu's full rows, for copying. */
export async function generalMenuRows(db: Db, restaurantId: string) {
  const sections = await db
    .selectFrom("menu_section")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .where("branchId", "is", null)
    .orderBy("sectionNumber")
    .execute();
  const items = sections.length
    ? await db
        .selectFrom("menu_item")
        .selectAll()
        .where(
          "sectionId",
          "in",
          sections.map((s) => s.id),
        )
        .execute()
    : [];
  return { sections, items };
}

// SQLite allows at most 32766 bound values a statement; 100 rows × ~30 columns stays well under.
const BATCH = 100;

export async function insertSections(db: Db, rows: Insertable<MenuSectionTable>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto("menu_section")
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

export async function insertItems(db: Db, rows: Insertable<MenuItemTable>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto("menu_item")
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** restNoofBranches recomputed from the rows, in the caller's transaction, so it stays exact. */
export async function refreshBranchCount(db: Db, restaurantId: string) {
  const row = await db
    .selectFrom("branch")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("restaurantId", "=", restaurantId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("restaurant")
    .set({ restNoofBranches: Number(row.n) })
    .where("id", "=", restaurantId)
    .execute();
}

/** One page of a branch's items in menu order (section number, then position). */
export async function branchItemsPage(db: Db, branchId: string, offset: number, limit: number) {
  return db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .select([
      "menu_item.id",
      "menu_item.name",
      "menu_item.nameExtra",
      "menu_item.price",
      "menu_item.priceOverride",
      "menu_item.description",
      "menu_item.descriptionExtra",
      "menu_item.itemTaste",
      "menu_item.itemType",
      "menu_item.itemPriceRange",
      "menu_item.foodAllergies",
      "menu_item.itemRating",
      "menu_item.itemRatingBy",
      "menu_item.frontView",
      "menu_item.soldOut",
      "menu_section.originalName as sectionName",
    ])
    .where("menu_item.branchId", "=", branchId)
    .orderBy("menu_section.sectionNumber")
    .orderBy("menu_item.positionInSection")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countBranchItems(db: Db, branchId: string): Promise<number> {
  const row = await db
    .selectFrom("menu_item")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("branchId", "=", branchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findBranchItem(db: Db, branchId: string, itemId: string) {
  return db
    .selectFrom("menu_item")
    .select([
      "id",
      "name",
      "price",
      "priceOverride",
      "description",
      "topView",
      "frontView",
      "sideView",
      "soldOut",
      "itemRating",
      "itemRatingBy",
    ])
    .where("id", "=", itemId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
}

export async function setBranchItem(
  db: Db,
  branchId: string,
  itemId: string,
  priceOverride: number | null,
  soldOut: boolean,
) {
  const result = await db
    .updateTable("menu_item")
    .set({ priceOverride, soldOut: soldOut ? 1 : 0 })
    .where("id", "=", itemId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
