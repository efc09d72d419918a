import { sql, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from "kysely";
import { NO_FILTERS, type BranchFilters } from "./branch-filters.ts";
import { typesFound } from "~/lib/item-types.ts";
import type { BranchTable, DB, MenuItemTable } from "~/server/db-schema.server.ts";

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
  "openingHours",
  "timeZone",
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

/** What a new branch takes from its restaurant: its name, address and country. */
export async function findBranchOwner(db: Db, restaurantId: string) {
  return db
    .selectFrom("restaurant")
    .select(["restName", "urlName", "country"])
    .where("id", "=", restaurantId)
    .executeTakeFirst();
}

export async function branchUrlTaken(db: Db, restaurantId: string, branchUrl: string) {
  return !!(await findBranch(db, restaurantId, branchUrl));
}

export async function insertBranch(db: Db, row: Insertable<BranchTable>) {
  await db.insertInto("branch").values(row).execute();
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

/** The dishes a branch shows: neither the dish nor its section hidden there. */
function shownAtBranch(db: Db, branchId: string) {
  return db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .where("menu_item.branchId", "=", branchId)
    .where("menu_item.hidden", "=", 0)
    .where("menu_section.hidden", "=", 0);
}

/**
 * The sections and dishes of a branch not served at the page's moment (ADR 0043): listed
 * after what is, and left out by 'available now'.
 */
export interface NotServedNow {
  sections: readonly string[];
  items: readonly string[];
}

export const ALL_SERVED: NotServedNow = { sections: [], items: [] };

/** 1 for a row whose id is in `ids` (not empty), else 0: an order that puts them last. */
const servedLater = (column: "menu_section.id" | "menu_item.id", ids: readonly string[]) =>
  sql<number>`case when ${sql.ref(column)} in (${sql.join(ids)}) then 1 else 0 end`;

/** The dishes a branch shows that pass a diner's filters (ADR 0024). */
function filtered(db: Db, branchId: string, f: BranchFilters, later: NotServedNow = ALL_SERVED) {
  let query = shownAtBranch(db, branchId);
  if (f.available && later.sections.length > 0)
    query = query.where("menu_section.id", "not in", later.sections);
  if (f.available && later.items.length > 0) query = query.where("menu_item.id", "not in", later.items);
  if (f.type) query = query.where("menu_item.itemType", "in", typesFound(f.type));
  if (f.taste) query = query.where("menu_item.itemTaste", "=", f.taste);
  if (f.available) query = query.where("menu_item.soldOut", "=", 0);
  for (const word of f.avoid) {
    const pattern = `%${word.replaceAll(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    query = query.where(sql<SqlBool>`lower(menu_item."foodAllergies") not like ${pattern} escape '\\'`);
  }
  return query;
}

/**
 * One page of a branch's dishes in menu order: the sections served now before those
 * served later (ADR 0043), each by number; in a section the dishes it serves now, then
 * those served later, then the sold-out ones (marked), each by position.
 */
export async function branchItemsPage(
  db: Db,
  branchId: string,
  offset: number,
  limit: number,
  f: BranchFilters = NO_FILTERS,
  later: NotServedNow = ALL_SERVED,
) {
  return filtered(db, branchId, f, later)
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
      "menu_item.sizes",
      "menu_item.nameUr",
      "menu_item.descriptionUr",
      "menu_section.id as sectionId",
      "menu_section.originalName as sectionName",
      "menu_section.sectionNameUr",
    ])
    .$if(later.sections.length > 0, (qb) => qb.orderBy(servedLater("menu_section.id", later.sections)))
    .orderBy("menu_section.sectionNumber")
    .orderBy(
      later.items.length > 0
        ? sql`case when ${sql.ref("menu_item.soldOut")} = 1 then 2 else ${servedLater("menu_item.id", later.items)} end`
        : sql.ref("menu_item.soldOut"),
    )
    .orderBy("menu_item.positionInSection")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How many of the filtered dishes each section has, in the page's order (for the section tabs). */
export async function branchSectionCounts(
  db: Db,
  branchId: string,
  f: BranchFilters,
  later: NotServedNow = ALL_SERVED,
) {
  const rows = await filtered(db, branchId, f, later)
    .select((eb) => [
      "menu_section.id",
      "menu_section.originalName",
      "menu_section.sectionNameUr",
      "menu_section.sectionNumber",
      eb.fn.countAll<number>().as("n"),
    ])
    .groupBy([
      "menu_section.id",
      "menu_section.originalName",
      "menu_section.sectionNameUr",
      "menu_section.sectionNumber",
    ])
    .$if(later.sections.length > 0, (qb) => qb.orderBy(servedLater("menu_section.id", later.sections)))
    .orderBy("menu_section.sectionNumber")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.originalName, nameUr: r.sectionNameUr, count: Number(r.n) }));
}

/** The sections and dishes a branch shows that are served only at some hours, with their windows. */
export async function branchServedTimes(db: Db, branchId: string) {
  const [sections, items] = await Promise.all([
    db
      .selectFrom("menu_section")
      .select(["id", "servedTimes"])
      .where("branchId", "=", branchId)
      .where("hidden", "=", 0)
      .where("servedTimes", "!=", "")
      .execute(),
    shownAtBranch(db, branchId)
      .select(["menu_item.id", "menu_item.servedTimes"])
      .where("menu_item.servedTimes", "!=", "")
      .execute(),
  ]);
  return { sections, items };
}

/** What the dishes a branch serves say about allergens, one text each. */
export async function branchAllergenTexts(db: Db, branchId: string) {
  const rows = await shownAtBranch(db, branchId).select("menu_item.foodAllergies").distinct().execute();
  return rows.map((r) => r.foodAllergies);
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
      "sizes",
      "nameExtra",
      "nameUr",
      "descriptionUr",
      "itemTaste",
      "itemType",
      "foodAllergies",
      "hidden",
      "generalItemId",
    ])
    .where("id", "=", itemId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
}

export async function setBranchItem(
  db: Db,
  branchId: string,
  itemId: string,
  changes: Pick<Updateable<MenuItemTable>, "priceOverride" | "priceTo" | "sizes" | "soldOut">,
) {
  const result = await db
    .updateTable("menu_item")
    .set(changes)
    .where("id", "=", itemId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The branch's hours after taking its row's lock (a no-op update) for the rest of the transaction. */
export async function lockedBranchHours(db: Db, branchId: string) {
  await db
    .updateTable("branch")
    .set((eb) => ({ openingHours: eb.ref("openingHours") }))
    .where("id", "=", branchId)
    .execute();
  const row = await db
    .selectFrom("branch")
    .select("openingHours")
    .where("id", "=", branchId)
    .executeTakeFirst();
  return row?.openingHours;
}

export async function setBranchHours(db: Db, branchId: string, openingHours: string) {
  await db.updateTable("branch").set({ openingHours }).where("id", "=", branchId).execute();
}

export async function setItemHidden(db: Db, branchId: string, itemId: string, hidden: boolean) {
  const result = await db
    .updateTable("menu_item")
    .set({ hidden: hidden ? 1 : 0 })
    .where("id", "=", itemId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setSectionHidden(db: Db, branchId: string, sectionId: string, hidden: boolean) {
  const result = await db
    .updateTable("menu_section")
    .set({ hidden: hidden ? 1 : 0 })
    .where("id", "=", sectionId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The restaurant's name, country, address and contact, which a new branch starts from. */
export function findBranchDefaults(db: Kysely<DB>, restaurantId: string) {
  return db
    .selectFrom("restaurant")
    .select(["restName", "country", "address", "contact"])
    .where("id", "=", restaurantId)
    .executeTakeFirst();
}

/** The owner's branches with their stored hours, for the hours form and its 'same hours as' shortcut. */
export async function listBranchHours(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl", "openingHours"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .execute();
}
