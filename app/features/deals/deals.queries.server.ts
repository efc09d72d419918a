import { sql, type Insertable, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { DB, DealPartTable, DealTable } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

const DEAL_COLUMNS = [
  "deal.id",
  "deal.branchId",
  "deal.name",
  "deal.nameUr",
  "deal.picture",
  "deal.price",
  "deal.serves",
  "deal.servedTimes",
  "deal.validFrom",
  "deal.validUntil",
  "deal.iftar",
  "deal.position",
] as const;

/** The restaurant's deals, general ones and each branch's own, in their order. */
export async function listDeals(db: Db, restaurantId: string) {
  return db
    .selectFrom("deal")
    .leftJoin("branch", "branch.id", "deal.branchId")
    .select([...DEAL_COLUMNS, "branch.branchName", "branch.branchUrl"])
    .where("deal.restaurantId", "=", restaurantId)
    .orderBy("deal.position")
    .execute();
}

export type DealRow = Awaited<ReturnType<typeof listDeals>>[number];

export async function findDeal(db: Db, restaurantId: string, dealId: string) {
  return db
    .selectFrom("deal")
    .leftJoin("branch", "branch.id", "deal.branchId")
    .select([...DEAL_COLUMNS, "branch.branchName", "branch.branchUrl"])
    .where("deal.restaurantId", "=", restaurantId)
    .where("deal.id", "=", dealId)
    .executeTakeFirst();
}

/** The parts of these deals, in order, with the general dish each names (its name, price and sizes). */
export async function partsOf(db: Db, dealIds: readonly string[]) {
  if (dealIds.length === 0) return [];
  return db
    .selectFrom("deal_part")
    .leftJoin("menu_item", "menu_item.id", "deal_part.itemId")
    .select([
      "deal_part.dealId",
      "deal_part.position",
      "deal_part.itemId",
      "deal_part.sizeLabel",
      "deal_part.quantity",
      "deal_part.text",
      "menu_item.name",
      "menu_item.nameUr",
      "menu_item.price",
      "menu_item.sizes",
      "menu_item.frontView",
    ])
    .where("deal_part.dealId", "in", dealIds)
    .orderBy("deal_part.dealId")
    .orderBy("deal_part.position")
    .execute();
}

export type PartRow = Awaited<ReturnType<typeof partsOf>>[number];

/** A branch's copies of general dishes (their branch prices, sizes and whether they are served there). */
export async function branchCopiesOf(db: Db, branchId: string, generalIds: readonly string[]) {
  if (generalIds.length === 0) return [];
  return db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .select([
      "menu_item.generalItemId",
      "menu_item.price",
      "menu_item.priceOverride",
      "menu_item.sizes",
      "menu_item.hidden",
      "menu_item.soldOut",
      "menu_section.hidden as sectionHidden",
    ])
    .where("menu_item.branchId", "=", branchId)
    .where("menu_item.generalItemId", "in", generalIds)
    .execute();
}

/** The owner's general dishes with their sizes, for the parts' choices. */
export async function generalDishes(db: Db, restaurantId: string) {
  return db
    .selectFrom("menu_item")
    .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
    .select(["menu_item.id", "menu_item.name", "menu_item.price", "menu_item.sizes", "menu_item.frontView"])
    .where("menu_item.restaurantId", "=", restaurantId)
    .where("menu_item.branchId", "is", null)
    .orderBy("menu_section.sectionNumber")
    .orderBy("menu_item.positionInSection")
    .execute();
}

export async function ownBranch(db: Db, restaurantId: string, branchUrl: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl", "timeZone"])
    .where("restaurantId", "=", restaurantId)
    .where("branchUrl", "=", branchUrl)
    .executeTakeFirst();
}

export async function ownBranches(db: Db, restaurantId: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("timestamp")
    .execute();
}

export async function nextPosition(db: Db, restaurantId: string) {
  const row = await db
    .selectFrom("deal")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("restaurantId", "=", restaurantId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertDeal(db: Db, row: Insertable<DealTable>) {
  await db.insertInto("deal").values(row).execute();
}

export async function updateDeal(db: Db, dealId: string, row: Partial<Insertable<DealTable>>) {
  await db.updateTable("deal").set(row).where("id", "=", dealId).execute();
}

export async function replaceParts(db: Db, dealId: string, parts: Insertable<DealPartTable>[]) {
  await db.deleteFrom("deal_part").where("dealId", "=", dealId).execute();
  if (parts.length > 0) await db.insertInto("deal_part").values(parts).execute();
}

export async function deleteDeal(db: Db, dealId: string) {
  await db.deleteFrom("deal").where("id", "=", dealId).execute();
}

/** What each branch does with the restaurant's general deals. */
export async function branchChoices(db: Db, branchId: string) {
  return db
    .selectFrom("deal_branch")
    .select(["dealId", "priceOverride", "hidden"])
    .where("branchId", "=", branchId)
    .execute();
}

export async function setBranchChoice(
  db: Db,
  row: {
    dealId: string;
    branchId: string;
    restaurantId: string;
    priceOverride: number | null;
    hidden: number;
  },
) {
  await db
    .insertInto("deal_branch")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["dealId", "branchId"])
        .doUpdateSet({ priceOverride: row.priceOverride, hidden: row.hidden }),
    )
    .execute();
}

/** The deals a branch offers: the general ones it does not hide, and its own. */
export async function dealsAtBranch(db: Db, restaurantId: string, branchId: string) {
  return db
    .selectFrom("deal")
    .leftJoin("deal_branch", (join) =>
      join.onRef("deal_branch.dealId", "=", "deal.id").on("deal_branch.branchId", "=", branchId),
    )
    .select([...DEAL_COLUMNS, "deal_branch.priceOverride"])
    .where("deal.restaurantId", "=", restaurantId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("deal.branchId", "is", null),
          eb.or([eb("deal_branch.hidden", "is", null), eb("deal_branch.hidden", "=", 0)]),
        ]),
        eb("deal.branchId", "=", branchId),
      ]),
    )
    .orderBy("deal.position")
    .execute();
}

/** What the finder asks of deals: words of the name, the place of a branch offering it, iftar deals only. */
export interface DealSearch {
  text?: string;
  country?: string;
  citySlug?: string;
  iftar: boolean;
  /** "YYYY-MM-DD": deals past their last day are not found. */
  today: string;
}

/**
 * The deals of public restaurants that match: a general deal where a branch of the
 * place offers it (not hidden there), a branch's own where that branch is; best rated
 * restaurants first.
 */
function dealsFound(db: Db, f: DealSearch) {
  let query = db
    .selectFrom("deal")
    .innerJoin("restaurant", "restaurant.id", "deal.restaurantId")
    .where("restaurant.approvalStatus", "=", "approved")
    .where((eb) => eb.or([eb("deal.validUntil", "=", ""), eb("deal.validUntil", ">=", f.today)]));
  if (f.iftar) query = query.where("deal.iftar", "=", 1);
  if (f.text) {
    const pattern = `%${f.text.toLowerCase().replaceAll(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    // LIKE's wildcards typed in a search are plain characters.
    query = query.where(
      sql<SqlBool>`(lower(deal.name) like ${pattern} escape '\\' or deal."nameUr" like ${pattern} escape '\\')`,
    );
  }
  if (f.country || f.citySlug)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("branch")
          .select("branch.id")
          .whereRef("branch.restaurantId", "=", "deal.restaurantId")
          .$if(Boolean(f.country), (qb) => qb.where("branch.country", "=", f.country!))
          .$if(Boolean(f.citySlug), (qb) => qb.where("branch.city", "=", f.citySlug!))
          .where((eb) =>
            eb.or([
              eb("deal.branchId", "=", eb.ref("branch.id")),
              eb.and([
                eb("deal.branchId", "is", null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom("deal_branch")
                      .select("deal_branch.dealId")
                      .whereRef("deal_branch.dealId", "=", "deal.id")
                      .whereRef("deal_branch.branchId", "=", "branch.id")
                      .where("deal_branch.hidden", "=", 1),
                  ),
                ),
              ]),
            ]),
          ),
      ),
    );
  return query;
}

export type FoundDealRow = Awaited<ReturnType<typeof findDeals>>[number];

export async function countDeals(db: Db, f: DealSearch, upTo: number) {
  const row = await db
    .selectFrom(dealsFound(db, f).select("deal.id").limit(upTo).as("found"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findDeals(db: Db, f: DealSearch, offset: number, limit: number) {
  return dealsFound(db, f)
    .select([...DEAL_COLUMNS, "restaurant.restName", "restaurant.urlName"])
    .orderBy("restaurant.restRating", "desc")
    .orderBy("deal.name")
    .orderBy("deal.id")
    .offset(offset)
    .limit(limit)
    .execute();
}
