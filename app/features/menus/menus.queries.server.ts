import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from "kysely";
import type { DB, MenuItemTable, MenuSectionTable } from "~/server/db-schema.server.ts";
import { KEYED, rewriteItemKeys, writeItemKeys } from "~/server/name-keys.queries.server.ts";
import { foldViewsOfDishes } from "~/server/page-views.queries.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

const ITEM_COLUMNS = [
  "menu_item.id",
  "menu_item.sectionId",
  "menu_item.name",
  "menu_item.nameExtra",
  "menu_item.price",
  "menu_item.itemPriceRange",
  "menu_item.itemTaste",
  "menu_item.itemCat",
  "menu_item.itemSubCat",
  "menu_item.itemType",
  "menu_item.positionInSection",
  "menu_item.description",
  "menu_item.descriptionExtra",
  "menu_item.nameUr",
  "menu_item.descriptionUr",
  "menu_item.foodAllergies",
  "menu_item.topView",
  "menu_item.frontView",
  "menu_item.sideView",
  "menu_item.itemRating",
  "menu_item.itemRatingBy",
  "menu_item.soldOut",
  "menu_item.priceOverride",
  "menu_item.sizes",
  "menu_item.priceTo",
  "menu_item.hidden",
  "menu_item.generalItemId",
  "menu_item.servedTimes",
] as const;

/** null: the general menu; an id: that branch's copy. */
export type MenuOf = string | null;

const SECTION_COLUMNS = [
  "id",
  "originalName",
  "sectionName",
  "sectionNumber",
  "topNote",
  "bottomNote",
  "sectionNameUr",
  "servedTimes",
] as const;

export async function findOwnerRestaurant(db: Db, ownerId: string) {
  return db
    .selectFrom("restaurant")
    .select(["id", "restName", "urlName", "restType", "approvalStatus"])
    .where("id", "=", ownerId)
    .executeTakeFirst();
}

export async function findRestaurantByUrlName(db: Db, urlName: string) {
  return db
    .selectFrom("restaurant")
    .select(["id", "restName", "urlName", "restType", "approvalStatus", "country", "profileImageUrl"])
    .where("urlName", "=", urlName)
    .executeTakeFirst();
}

export async function countSections(db: Db, restaurantId: string, branchId: MenuOf = null): Promise<number> {
  const row = await db
    .selectFrom("menu_section")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("restaurantId", "=", restaurantId)
    .where("branchId", branchId === null ? "is" : "=", branchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSection(db: Db, row: Insertable<MenuSectionTable>) {
  await db.insertInto("menu_section").values(row).execute();
}

export async function listSections(
  db: Db,
  restaurantId: string,
  page?: { offset: number; limit: number },
  branchId: MenuOf = null,
) {
  let query = db
    .selectFrom("menu_section")
    .select([...SECTION_COLUMNS, "hidden", "generalSectionId"])
    .where("restaurantId", "=", restaurantId)
    .where("branchId", branchId === null ? "is" : "=", branchId)
    .orderBy("sectionNumber")
    .orderBy("timestamp");
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

/**
 * How many dishes the branches added (their own, not copies) to each general section's
 * copies: they go when the general section is deleted (issue 34, item 4).
 */
export async function branchOnlyDishCounts(db: Db, restaurantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .select((eb) => ["menu_section.generalSectionId", eb.fn.countAll<number | string>().as("n")])
    .where("menu_item.restaurantId", "=", restaurantId)
    .where("menu_item.branchId", "is not", null)
    .where("menu_item.generalItemId", "is", null)
    .where("menu_section.generalSectionId", "is not", null)
    .groupBy("menu_section.generalSectionId")
    .execute();
  return new Map(rows.map((r) => [r.generalSectionId!, Number(r.n)]));
}

/** A section of the general menu (or of one branch's), only when it belongs to this restaurant. */
export async function findOwnSection(
  db: Db,
  restaurantId: string,
  sectionId: string,
  branchId: MenuOf = null,
) {
  return db
    .selectFrom("menu_section")
    .select(SECTION_COLUMNS)
    .where("id", "=", sectionId)
    .where("restaurantId", "=", restaurantId)
    .where("branchId", branchId === null ? "is" : "=", branchId)
    .executeTakeFirst();
}

export async function updateSection(db: Db, sectionId: string, changes: Updateable<MenuSectionTable>) {
  await db.updateTable("menu_section").set(changes).where("id", "=", sectionId).execute();
}

export async function deleteSectionRow(db: Db, sectionId: string) {
  await db.deleteFrom("menu_section").where("id", "=", sectionId).execute();
}

/** Numbers the restaurant's sections 1..n in their current order. */
export async function renumberSections(db: Db, restaurantId: string) {
  const sections = await listSections(db, restaurantId);
  for (const [index, section] of sections.entries()) {
    if (section.sectionNumber !== index + 1) {
      await db
        .updateTable("menu_section")
        .set({ sectionNumber: index + 1 })
        .where("id", "=", section.id)
        .execute();
    }
  }
}

export async function listItemsOfSections(db: Db, sectionIds: string[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom("menu_item")
    .select(ITEM_COLUMNS)
    .where("sectionId", "in", sectionIds)
    .orderBy("sectionId")
    .orderBy("positionInSection")
    .execute();
}

export type MenuItemRow = Awaited<ReturnType<typeof listItemsOfSections>>[number];

/** The dishes of a general section and of every branch's copy of it (those a branch added included). */
export async function listItemsOfSectionAndCopies(db: Db, sectionId: string) {
  return db
    .selectFrom("menu_item")
    .select(["menu_item.topView", "menu_item.frontView", "menu_item.sideView"])
    .where((eb) =>
      eb.or([
        eb("sectionId", "=", sectionId),
        eb(
          "sectionId",
          "in",
          eb.selectFrom("menu_section").select("id").where("generalSectionId", "=", sectionId),
        ),
      ]),
    )
    .execute();
}

/** An item of the general menu (or of one branch's copy), only when it belongs to this restaurant. */
export async function findOwnItem(db: Db, restaurantId: string, itemId: string, branchId: MenuOf = null) {
  return db
    .selectFrom("menu_item")
    .select(ITEM_COLUMNS)
    .where("id", "=", itemId)
    .where("restaurantId", "=", restaurantId)
    .where("branchId", branchId === null ? "is" : "=", branchId)
    .executeTakeFirst();
}

export async function positionTaken(db: Db, sectionId: string, position: number, exceptItemId?: string) {
  let query = db
    .selectFrom("menu_item")
    .select("id")
    .where("sectionId", "=", sectionId)
    .where("positionInSection", "=", position);
  if (exceptItemId) query = query.where("id", "!=", exceptItemId);
  return !!(await query.executeTakeFirst());
}

/** The last position used in each section of the general menu (or of a branch's) that has items. */
export async function lastPositions(db: Db, restaurantId: string, branchId: MenuOf = null) {
  const rows = await db
    .selectFrom("menu_item")
    .select((eb) => ["sectionId", eb.fn.max("positionInSection").as("last")])
    .where("restaurantId", "=", restaurantId)
    .where("branchId", branchId === null ? "is" : "=", branchId)
    .groupBy("sectionId")
    .execute();
  return new Map(rows.map((r) => [r.sectionId, Number(r.last)]));
}

/** The restaurant's branches by name, for 'add to all branches' or a chosen set. */
export async function listBranchNames(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .execute();
}

export async function insertItem(db: Db, row: Insertable<MenuItemTable>) {
  await db.insertInto("menu_item").values(row).execute();
  await writeItemKeys(db, [row]);
}

export async function updateItem(db: Db, itemId: string, changes: Updateable<MenuItemTable>) {
  await db.updateTable("menu_item").set(changes).where("id", "=", itemId).execute();
  if (KEYED.some((column) => changes[column] !== undefined)) await rewriteItemKeys(db, [itemId]);
}

export async function deleteItemsOfSection(db: Db, sectionId: string) {
  const ids = await db.selectFrom("menu_item").select("id").where("sectionId", "=", sectionId).execute();
  await foldViewsOfDishes(
    db,
    ids.map((r) => r.id),
  );
  await db.deleteFrom("menu_item").where("sectionId", "=", sectionId).execute();
}

export async function deleteItemRow(db: Db, itemId: string) {
  await foldViewsOfDishes(db, [itemId]);
  await db.deleteFrom("menu_item").where("id", "=", itemId).execute();
}

/** The neighbour above (-1) or below (+1) an item in its section. */
export async function neighbourItem(db: Db, sectionId: string, position: number, direction: -1 | 1) {
  return db
    .selectFrom("menu_item")
    .select(["id", "positionInSection"])
    .where("sectionId", "=", sectionId)
    .where("positionInSection", direction < 0 ? "<" : ">", position)
    .orderBy("positionInSection", direction < 0 ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
}

export async function upsertRating(db: Db, itemId: string, customerId: string, rating: number) {
  await db
    .insertInto("item_rating")
    .values({ itemId, customerId, rating, timestamp: new Date().toISOString() })
    .onConflict((oc) =>
      oc.columns(["itemId", "customerId"]).doUpdateSet({ rating, timestamp: new Date().toISOString() }),
    )
    .execute();
}

/** Recomputes an item's average and count from its ratings (exact, in the caller's transaction). */
export async function refreshItemRating(db: Db, itemId: string) {
  const row = await db
    .selectFrom("item_rating")
    .select([sql<number>`coalesce(avg(rating), 0)`.as("average"), sql<number>`count(*)`.as("count")])
    .where("itemId", "=", itemId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("menu_item")
    .set({ itemRating: Math.round(Number(row.average) * 100) / 100, itemRatingBy: Number(row.count) })
    .where("id", "=", itemId)
    .execute();
}

export async function findItemWithRestaurant(db: Db, urlName: string, itemId: string) {
  return db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .select([
      ...ITEM_COLUMNS,
      "restaurant.restName",
      "restaurant.urlName",
      "restaurant.approvalStatus",
      "restaurant.id as restaurantId",
    ])
    .where("menu_item.id", "=", itemId)
    .where("restaurant.urlName", "=", urlName)
    .where("menu_item.branchId", "is", null)
    .executeTakeFirst();
}

export async function findCustomerRating(db: Db, itemId: string, customerId: string) {
  const row = await db
    .selectFrom("item_rating")
    .select("rating")
    .where("itemId", "=", itemId)
    .where("customerId", "=", customerId)
    .executeTakeFirst();
  return row?.rating ?? null;
}

/**
 * Whether a dish still shows the picture: other than `exceptItemId` and its branch
 * copies, which share its pictures and follow it (ADR 0021).
 */
export async function imageStillUsed(db: Db, url: string, exceptItemId?: string): Promise<boolean> {
  let query = db
    .selectFrom("menu_item")
    .select("id")
    .where((eb) => eb.or([eb("topView", "=", url), eb("frontView", "=", url), eb("sideView", "=", url)]));
  if (exceptItemId)
    query = query
      .where("id", "<>", exceptItemId)
      .where((eb) => eb.or([eb("generalItemId", "is", null), eb("generalItemId", "<>", exceptItemId)]));
  if (await query.limit(1).executeTakeFirst()) return true;
  // A deal without a picture of its own shows its first dish's (ADR 0044).
  return !!(await db.selectFrom("deal").select("id").where("picture", "=", url).limit(1).executeTakeFirst());
}

/** Takes the section row's lock for the rest of the transaction (a no-op update). */
export async function lockSection(db: Db, sectionId: string) {
  await db
    .updateTable("menu_section")
    .set((eb) => ({ timestamp: eb.ref("timestamp") }))
    .where("id", "=", sectionId)
    .execute();
}

/** Takes the item row's lock for the rest of the transaction (see lockRestaurant in reviews). */
export async function lockItem(db: Db, itemId: string) {
  await db
    .updateTable("menu_item")
    .set((eb) => ({ itemRatingBy: eb.ref("itemRatingBy") }))
    .where("id", "=", itemId)
    .execute();
}

/** `restPriceavg` (product rules §3) as the rounded mean of the general menu's prices; the finder filters on it. */
export async function refreshPriceAverage(db: Db, restaurantId: string) {
  await db
    .updateTable("restaurant")
    .set({
      restPriceavg: sql<number>`coalesce((
        select round(avg(price)) from menu_item
        where menu_item."restaurantId" = ${restaurantId} and menu_item."branchId" is null
      ), 0)`,
    })
    .where("id", "=", restaurantId)
    .execute();
}
