import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { PRICE_BANDS, type FinderPrice } from "./finder.options.ts";

/** Filters as the queries take them: places already turned into the stored slugs. */
export interface RestaurantQuery {
  text?: string;
  country?: string;
  citySlug?: string;
  type?: string;
  minRating?: number;
  price?: FinderPrice;
}

export interface ItemQuery {
  text?: string;
  country?: string;
  citySlug?: string;
  areaSlug?: string;
  price?: FinderPrice;
  taste?: string;
  itemType?: string;
}

/** Case-insensitive "contains" on both databases (PostgreSQL's LIKE is case-sensitive). */
function contains(column: string, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

function inBand(column: Expression<number>, price: FinderPrice) {
  const band = PRICE_BANDS[price];
  return band.max === null
    ? sql<SqlBool>`${column} >= ${band.min}`
    : sql<SqlBool>`${column} >= ${band.min} and ${column} < ${band.max}`;
}

function restaurantWhere(eb: ExpressionBuilder<DB, "restaurant">, f: RestaurantQuery) {
  const conditions: Expression<SqlBool>[] = [];
  if (f.text) conditions.push(contains("restaurant.restName", f.text));
  if (f.country) conditions.push(eb("restaurant.country", "=", f.country));
  if (f.citySlug) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom("branch")
          .select("branch.id")
          .whereRef("branch.restaurantId", "=", "restaurant.id")
          .where("branch.city", "=", f.citySlug),
      ),
    );
  }
  if (f.type) conditions.push(eb("restaurant.restType", "=", f.type));
  if (f.minRating) conditions.push(eb("restaurant.restRating", ">=", f.minRating));
  // A restaurant with no dishes yet has no average price, so it matches no band.
  if (f.price)
    conditions.push(
      eb.and([eb("restaurant.restPriceavg", ">", 0), inBand(sql.ref("restaurant.restPriceavg"), f.price)]),
    );
  return eb.and(conditions);
}

export async function findRestaurants(db: Kysely<DB>, f: RestaurantQuery, offset: number, limit: number) {
  return db
    .selectFrom("restaurant")
    .select([
      "id",
      "restName",
      "urlName",
      "restType",
      "country",
      "profileImageUrl",
      "restRating",
      "restNoofReviews",
      "restNoofBranches",
      "restPriceavg",
    ])
    .where((eb) => restaurantWhere(eb, f))
    .orderBy("restRating", "desc")
    .orderBy("restNoofReviews", "desc")
    .orderBy("restName")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countFoundRestaurants(db: Kysely<DB>, f: RestaurantQuery) {
  const row = await db
    .selectFrom("restaurant")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => restaurantWhere(eb, f))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Dishes where they are served: every branch's copy (with its own price), and
 * the general menu of a restaurant that has no branch yet. Approved menus only.
 */
function itemsBase(db: Kysely<DB>, f: ItemQuery) {
  const price = sql<number>`coalesce(menu_item."priceOverride", menu_item.price)`;
  return db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .leftJoin("branch", "branch.id", "menu_item.branchId")
    .where("restaurant.approvalStatus", "=", "approved")
    .where((eb) =>
      eb.or([eb("menu_item.branchId", "is not", null), eb("restaurant.restNoofBranches", "=", 0)]),
    )
    .$if(Boolean(f.text), (qb) => qb.where(contains("menu_item.name", f.text!)))
    .$if(Boolean(f.country), (qb) =>
      qb.where(sql<string>`coalesce(branch.country, restaurant.country)`, "=", f.country!),
    )
    .$if(Boolean(f.citySlug), (qb) => qb.where("branch.city", "=", f.citySlug!))
    .$if(Boolean(f.areaSlug), (qb) => qb.where("branch.area", "=", f.areaSlug!))
    .$if(Boolean(f.price), (qb) => qb.where(inBand(price, f.price!)))
    .$if(Boolean(f.taste), (qb) => qb.where("menu_item.itemTaste", "=", f.taste!))
    .$if(Boolean(f.itemType), (qb) => qb.where("menu_item.itemType", "=", f.itemType!));
}

export async function findItems(db: Kysely<DB>, f: ItemQuery, offset: number, limit: number) {
  return itemsBase(db, f)
    .select([
      "menu_item.id",
      "menu_item.name",
      "menu_item.itemTaste",
      "menu_item.itemType",
      "menu_item.itemRating",
      "menu_item.itemRatingBy",
      "menu_item.frontView",
      "menu_item.soldOut",
      sql<number>`coalesce(menu_item."priceOverride", menu_item.price)`.as("price"),
      "restaurant.restName",
      "restaurant.urlName",
      "branch.branchName",
      "branch.branchUrl",
      "branch.cityLabel",
      "branch.areaLabel",
    ])
    .orderBy("menu_item.itemRating", "desc")
    .orderBy("menu_item.itemRatingBy", "desc")
    .orderBy("menu_item.name")
    .orderBy("menu_item.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countFoundItems(db: Kysely<DB>, f: ItemQuery) {
  const row = await itemsBase(db, f)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
