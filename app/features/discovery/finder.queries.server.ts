import {
  sql,
  SqliteAdapter,
  type AliasedSelectQueryBuilder,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
} from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { PRICE_BANDS, type FinderPrice } from "./finder.options.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";
import { DESCRIPTION_KEY, keyVariants, queryWords, spellingKey } from "~/lib/spelling-keys.ts";

/** Filters as the queries take them: places already turned into the stored slugs. */
export interface RestaurantQuery {
  text?: string;
  /** As ItemQuery's. */
  typos?: boolean;
  country?: string;
  citySlug?: string;
  type?: string;
  minRating?: number;
  price?: FinderPrice;
}

export interface ItemQuery {
  text?: string;
  /** Also match words one typo from the text's (ADR 0025): only when nothing matches without. */
  typos?: boolean;
  country?: string;
  citySlug?: string;
  areaSlug?: string;
  price?: FinderPrice;
  taste?: string;
  itemType?: string;
  /** Which word of `text` (of three letters or more) drives a search of several words: the rarest (leadWordOf). */
  leadWord?: number;
  /** Only names holding the text as typed (its index alone): to learn cheaply that a common word passes the cap. */
  literal?: boolean;
}

function likePattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on both databases (PostgreSQL's LIKE is case-sensitive). */
function contains(column: string, text: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

/**
 * How a query over dishes is driven (docs/decisions/0011-scale-indexes.md):
 * "filters" lets the database start from the most selective filter's index
 * (a trigram index for a name, a city's branches…) and sort what matches;
 * "rank" walks dishes best rated first (index menu_item_rank) and stops at the
 * page, the cheap way when many dishes match. Both return the same rows.
 */
export type ItemStrategy = "filters" | "rank";

const isSqlite = (db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * A dish name containing the text. On SQLite, a text of three characters or more
 * is first looked up in the FTS5 trigram index (migration 0007), then checked
 * with the same "contains" as everywhere, so the rows are exactly those of the
 * plain scan. In "rank" form the name is wrapped so no name index drives the query.
 */
function nameContains(db: Kysely<DB>, text: string, strategy: ItemStrategy) {
  if (strategy === "rank") {
    return sql<SqlBool>`lower(menu_item.name || '') like ${likePattern(text)} escape '\\'`;
  }
  if (isSqlite(db) && [...text].length >= 3) {
    const phrase = `"${text.replaceAll('"', '""')}"`;
    return sql<SqlBool>`menu_item.rowid in (
      select rowid from menu_item_name_fts where menu_item_name_fts match ${phrase}
    ) and ${contains("menu_item.name", text)}`;
  }
  return contains("menu_item.name", text);
}

/** The spelling keys of a query's words (ADR 0025), once each. */
function queryKeys(text: string): string[] {
  return [...new Set(keyedWords(text).map(({ key }) => key))];
}

/** The words of a query with their spelling keys; words with no consonant to key are left out. */
function keyedWords(text: string) {
  return queryWords(text)
    .map((word) => ({ word, key: spellingKey(word) }))
    .filter(({ key }) => key.length > 0);
}

/**
 * A dish with a name key among `keys`. In "rank" form, which walks dishes best rated first
 * and stops at the page, each walked dish is looked up by (key, itemId) instead of
 * gathering every dish of a common key first.
 */
function hasNameKey(keys: readonly string[], strategy: ItemStrategy = "filters") {
  return strategy === "rank"
    ? sql<SqlBool>`exists (select 1 from menu_item_key
        where menu_item_key.key in (${sql.join(keys)}) and menu_item_key."itemId" = menu_item.id)`
    : sql<SqlBool>`menu_item.id in (select "itemId" from menu_item_key where key in (${sql.join(keys)}))`;
}

/**
 * A dish name the text names however it is spelled (issue 18): it contains the text as
 * typed, or each word of the text has a key (or a key one typo away) among the name's
 * keys. The keys are looked up in menu_item_key's primary key on both databases. Past
 * the finder's count cap the best-rated walk lists them by rating alone (ADR 0025).
 */
function nameMatches(db: Kysely<DB>, text: string, strategy: ItemStrategy, typos: boolean, lead = 0) {
  const near = (key: string) => (typos ? keyVariants(key) : [key]);
  const words = keyedWords(text);
  if (words.length === 0) return nameContains(db, text, strategy);
  // Each word as typed (so 'chick' and 'roll' still find 'Chicken' and 'Rolls') or by its
  // key; or, ranked after names, every word in the description (issue 18), probed per dish.
  const described = describedBy(words.map(({ key }) => key));
  const spelled = (literal: Expression<SqlBool>) =>
    sql<SqlBool>`(${literal} or (${sql.join(
      words.map(
        ({ word, key }) =>
          sql<SqlBool>`(${wordContains(word, strategy)} or ${hasNameKey(near(key), strategy)})`,
      ),
      sql` and `,
    )}) or ${described})`;
  // Driven from indexes: the dishes whose name holds the text (trigram index), and those
  // that have, for every word of three letters or more, the word (trigram index) or a key
  // near its key (menu_item_key); each dish among them is then checked as it is. Words
  // under three letters alone have no index to start from and are checked dish by dish.
  const indexed = words.filter(({ word }) => [...word].length >= 3);
  if (strategy === "rank" || indexed.length === 0 || [...text].length < 3) {
    return spelled(nameContains(db, text, strategy));
  }
  // A one-word text that is its own word is among the word's dishes already.
  const typed = indexed.length === 1 && indexed[0]!.word === text.trim().toLowerCase();
  const check = spelled(contains("menu_item.name", text));
  if (typed && isSqlite(db)) {
    // One word: by rowid for the trigram index or by id for the keys, which SQLite's OR
    // optimisation reads from both indexes without building the union.
    const { word, key } = indexed[0]!;
    return sql<SqlBool>`(menu_item.rowid in (${ftsRowids(word)}) or ${hasNameKey([...near(key), DESCRIPTION_KEY + key])}) and ${check}`;
  }
  // Several words: the dishes of the rarest word are the candidates, and each is checked
  // for the others by index probes (its name, and (key, itemId) lookups), so a common
  // word ('chicken') is never gathered whole.
  const { word, key } = indexed[Math.min(Math.max(0, lead), indexed.length - 1)]!;
  const leadIds = sql`${containingIds(db, word)} union select "itemId" from menu_item_key where key in (${sql.join(
    [...near(key), DESCRIPTION_KEY + key],
  )})`;
  const candidates = typed ? leadIds : sql`${containingIds(db, text)} union ${leadIds}`;
  const probed = sql<SqlBool>`(${contains("menu_item.name", text)} or (${sql.join(
    words.map(
      ({ word: w, key: k }) =>
        sql<SqlBool>`(${contains("menu_item.name", w)} or ${hasNameKey(near(k), "rank")})`,
    ),
    sql` and `,
  )}) or ${described})`;
  return sql<SqlBool>`menu_item.id in (${candidates}) and ${probed}`;
}

// Counting a key's dishes stops here: past it a word is common, and which of two common
// words leads hardly matters.
const LEAD_COUNT_CAP = 2000;

/**
 * The index (among the words of three letters or more) of the query word whose key the
 * fewest dishes have: one bounded index count per word, before a search of several words.
 */
export async function leadWordOf(db: Kysely<DB>, text: string): Promise<number> {
  const indexed = keyedWords(text).filter(({ word }) => [...word].length >= 3);
  if (indexed.length < 2) return 0;
  const counts = await Promise.all(
    indexed.map(async ({ key }) => {
      const row = await db
        .selectFrom(
          db
            .selectFrom("menu_item_key")
            .select("itemId")
            .where("key", "=", key)
            .limit(LEAD_COUNT_CAP)
            .as("k"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  return counts.indexOf(Math.min(...counts));
}

/**
 * How many dishes anywhere (approved or not, any place) have a name holding `text`,
 * counted no further than `upTo`, from the name index alone: a cheap first look.
 */
export async function namesHolding(db: Kysely<DB>, text: string, upTo: number): Promise<number> {
  if ([...text].length < 3) return 0;
  // Straight from the index, which stops at `upTo` (an IN over it would gather every match first).
  const holding = isSqlite(db)
    ? sql`${ftsRowids(text)} limit ${upTo}`
    : sql`select 1 from menu_item where lower(name) like ${likePattern(text)} escape '\\' limit ${upTo}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${holding}) as found`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** SQLite: the rowids of dishes whose name may hold `text` (three letters or more), by FTS5 trigrams. */
function ftsRowids(text: string) {
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql`select rowid from menu_item_name_fts where menu_item_name_fts match ${phrase}`;
}

/** The ids of dishes whose name may hold `text` (three letters or more), by its trigrams. */
function containingIds(db: Kysely<DB>, text: string) {
  return isSqlite(db)
    ? sql`select id from menu_item where rowid in (${ftsRowids(text)})`
    : sql`select id from menu_item where lower(name) like ${likePattern(text)} escape '\\'`;
}

function wordContains(word: string, strategy: ItemStrategy) {
  return strategy === "rank"
    ? sql<SqlBool>`lower(menu_item.name || '') like ${likePattern(word)} escape '\\'`
    : contains("menu_item.name", word);
}

/**
 * How well a found name matches: the name itself (0), the text within it as typed (1),
 * every word by its key (2), or a word only one typo away (3). Results are listed in this
 * order before their ratings.
 */
function nameMatchRank(
  text: string,
  column = "menu_item.name",
  hasKey = (keys: readonly string[]) => hasNameKey(keys),
  dishes = true,
) {
  const keys = queryKeys(text);
  const byKey =
    keys.length === 0
      ? sql<SqlBool>`1 = 0`
      : sql.join(
          keys.map((key) => hasKey([key])),
          sql` and `,
        );
  // A dish found by its description alone comes after every name (issue 18).
  const byDescription = dishes && keys.length > 0 ? describedBy(keys) : sql<SqlBool>`1 = 0`;
  return sql<number>`case
    when lower(${sql.ref(column)}) = ${text.trim().toLowerCase()} then 0
    when ${contains(column, text)} then 1
    when ${byKey} then 2
    when ${byDescription} then 4
    else 3 end`;
}

/** Every one of `keys` among the dish's description keys: probed per dish, by (key, itemId). */
function describedBy(keys: readonly string[]) {
  return sql<SqlBool>`(${sql.join(
    keys.map((key) => hasNameKey([DESCRIPTION_KEY + key], "rank")),
    sql` and `,
  )})`;
}

/** A restaurant with a name key among `keys`. */
function hasRestaurantKey(keys: readonly string[]) {
  return sql<SqlBool>`restaurant.id in (select "restaurantId" from restaurant_key where key in (${sql.join(keys)}))`;
}

/**
 * A restaurant name the text names however it is spelled, as for dishes (nameMatches).
 * Restaurants are few beside dishes: they are checked one by one, as before.
 */
function restaurantNameMatches(text: string, typos: boolean) {
  const literal = contains("restaurant.restName", text);
  const words = keyedWords(text);
  if (words.length === 0) return literal;
  const byWord = words.map(
    ({ word, key }) =>
      sql<SqlBool>`(${contains("restaurant.restName", word)} or ${hasRestaurantKey(typos ? keyVariants(key) : [key])})`,
  );
  return sql<SqlBool>`(${literal} or (${sql.join(byWord, sql` and `)}))`;
}

function inBand(column: Expression<number>, price: FinderPrice) {
  const band = PRICE_BANDS[price];
  return band.max === null
    ? sql<SqlBool>`${column} >= ${band.min}`
    : sql<SqlBool>`${column} >= ${band.min} and ${column} < ${band.max}`;
}

/**
 * A dish is in a band when what a diner pays reaches into it: its price (the branch's
 * where it overrides), or with sizes any price from its lowest to its highest (ADR 0022).
 */
function dishInBand(price: FinderPrice) {
  const band = PRICE_BANDS[price];
  const low = sql<number>`coalesce(menu_item."priceOverride", menu_item.price)`;
  const high = sql<number>`coalesce(menu_item."priceTo", menu_item."priceOverride", menu_item.price)`;
  return band.max === null
    ? sql<SqlBool>`${high} >= ${band.min}`
    : sql<SqlBool>`${high} >= ${band.min} and ${low} < ${band.max}`;
}

function restaurantWhere(eb: ExpressionBuilder<DB, "restaurant">, f: RestaurantQuery) {
  const conditions: Expression<SqlBool>[] = [restaurantIsPublic()];
  if (f.text) conditions.push(restaurantNameMatches(f.text, f.typos ?? false));
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
    .$if(Boolean(f.text), (qb) =>
      qb.orderBy(nameMatchRank(f.text!, "restaurant.restName", hasRestaurantKey, false)),
    )
    .orderBy("restRating", "desc")
    .orderBy("restNoofReviews", "desc")
    .orderBy("restName")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The rows of a (capped) subquery, counted without fetching them. */
async function countRows(db: Kysely<DB>, found: AliasedSelectQueryBuilder<{ one: number }, "found">) {
  const row = await db
    .selectFrom(found)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many restaurants match, counting no further than `upTo` (the finder shows "more than …" past it). */
export async function countFoundRestaurants(db: Kysely<DB>, f: RestaurantQuery, upTo: number) {
  return countRows(
    db,
    db
      .selectFrom("restaurant")
      .select(sql<number>`1`.as("one"))
      .where((eb) => restaurantWhere(eb, f))
      .limit(upTo)
      .as("found"),
  );
}

/**
 * Dishes where they are served: every branch's copy (with its own price), and
 * the general menu of a restaurant that has no branch yet. Approved menus only.
 * The conditions on the restaurant and the branch, for `eb` where both are in scope.
 */
function placeWhere(eb: ExpressionBuilder<DB, "menu_item" | "restaurant" | "branch">, f: ItemQuery) {
  const conditions: Expression<SqlBool>[] = [
    restaurantIsPublic(),
    eb.or([eb("menu_item.branchId", "is not", null), eb("restaurant.restNoofBranches", "=", 0)]),
    // Not what a branch does not serve (ADR 0021): the dish, or its whole section, hidden there.
    eb("menu_item.hidden", "=", 0),
    eb.not(
      eb.exists(
        eb
          .selectFrom("menu_section")
          .select(sql<number>`1`.as("one"))
          .whereRef("menu_section.id", "=", "menu_item.sectionId")
          .where("menu_section.hidden", "=", 1),
      ),
    ),
  ];
  if (f.country)
    conditions.push(eb(sql<string>`coalesce(branch.country, restaurant.country)`, "=", f.country));
  if (f.citySlug) conditions.push(eb("branch.city", "=", f.citySlug));
  if (f.areaSlug) conditions.push(eb("branch.area", "=", f.areaSlug));
  return eb.and(conditions);
}

/** The conditions on the dish itself; in "rank" form wrapped so that no index but the rank one drives. */
function dishWhere(
  db: Kysely<DB>,
  eb: ExpressionBuilder<DB, "menu_item">,
  f: ItemQuery,
  strategy: ItemStrategy,
) {
  const column = (name: "itemTaste" | "itemType") =>
    strategy === "rank"
      ? sql<string>`${sql.ref(`menu_item.${name}`)} || ''`
      : sql.ref<string>(`menu_item.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (f.text) {
    conditions.push(
      f.literal
        ? nameContains(db, f.text, strategy)
        : nameMatches(db, f.text, strategy, f.typos ?? false, f.leadWord),
    );
  }
  if (f.price) conditions.push(dishInBand(f.price));
  if (f.taste) conditions.push(eb(column("itemTaste"), "=", f.taste));
  if (f.itemType) conditions.push(eb(column("itemType"), "=", f.itemType));
  return eb.and(conditions);
}

function itemsBase(db: Kysely<DB>, f: ItemQuery) {
  return db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .leftJoin("branch", "branch.id", "menu_item.branchId")
    .where((eb) => placeWhere(eb, f))
    .where((eb) => dishWhere(db, eb, f, "filters"));
}

/** One page of dish ids best rated first, walking menu_item_rank; the place is checked per dish. */
function rankedPageIds(db: Kysely<DB>, f: ItemQuery, offset: number, limit: number) {
  return db
    .selectFrom("menu_item")
    .select("menu_item.id")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("restaurant")
          .leftJoin("branch", "branch.id", "menu_item.branchId")
          .select(sql<number>`1`.as("one"))
          .whereRef("restaurant.id", "=", "menu_item.restaurantId")
          .where((inner) => placeWhere(inner, f)),
      ),
    )
    .where((eb) => dishWhere(db, eb, f, "rank"))
    .orderBy("menu_item.itemRating", "desc")
    .orderBy("menu_item.itemRatingBy", "desc")
    .orderBy("menu_item.name")
    .orderBy("menu_item.id")
    .offset(offset)
    .limit(limit);
}

/**
 * The ids of the dishes that match, at most `upTo`, in no order: a count that also
 * hands the page query its rows, so a search that matches fewer than the cap walks
 * its matches (and their restaurants and branches) once, not twice.
 */
export async function foundItemIds(db: Kysely<DB>, f: ItemQuery, upTo: number): Promise<string[]> {
  const rows = await itemsBase(db, f).select("menu_item.id").limit(upTo).execute();
  return rows.map((r) => r.id);
}

/** The rows of a page of dishes found (found: the ids of every match, from foundItemIds). */
function pageOfFound(db: Kysely<DB>, f: ItemQuery, found: readonly string[], offset: number, limit: number) {
  return db
    .selectFrom("menu_item")
    .select("menu_item.id")
    .where("menu_item.id", "in", found.length > 0 ? found : [""])
    .$if(Boolean(f.text), (qb) =>
      // Each found dish is probed by (key, itemId), not every dish of a common key gathered.
      qb.orderBy(nameMatchRank(f.text!, "menu_item.name", (keys) => hasNameKey(keys, "rank"))),
    )
    .orderBy("menu_item.itemRating", "desc")
    .orderBy("menu_item.itemRatingBy", "desc")
    .orderBy("menu_item.name")
    .orderBy("menu_item.id")
    .offset(offset)
    .limit(limit);
}

export async function findItems(
  db: Kysely<DB>,
  f: ItemQuery,
  offset: number,
  limit: number,
  strategy: ItemStrategy = "filters",
  found?: readonly string[],
) {
  const pageIds = found ? pageOfFound(db, f, found, offset, limit) : rankedPageIds(db, f, offset, limit);
  const query =
    strategy === "rank" || found
      ? db
          .selectFrom("menu_item")
          .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
          .leftJoin("branch", "branch.id", "menu_item.branchId")
          .where("menu_item.id", "in", pageIds)
      : itemsBase(db, f);
  return query
    .select([
      "menu_item.id",
      "menu_item.name",
      "menu_item.nameUr",
      "menu_item.itemTaste",
      "menu_item.itemType",
      "menu_item.itemRating",
      "menu_item.itemRatingBy",
      "menu_item.frontView",
      "menu_item.soldOut",
      "menu_item.sizes",
      sql<number>`coalesce(menu_item."priceOverride", menu_item.price)`.as("price"),
      "restaurant.restName",
      "restaurant.urlName",
      "branch.branchName",
      "branch.branchUrl",
      "branch.cityLabel",
      "branch.areaLabel",
    ])
    .$if(Boolean(f.text) && strategy === "filters", (qb) =>
      qb.orderBy(
        nameMatchRank(f.text!, "menu_item.name", (keys) => hasNameKey(keys, found ? "rank" : "filters")),
      ),
    )
    .orderBy("menu_item.itemRating", "desc")
    .orderBy("menu_item.itemRatingBy", "desc")
    .orderBy("menu_item.name")
    .orderBy("menu_item.id")
    .$if(strategy === "filters" && !found, (qb) => qb.offset(offset).limit(limit))
    .execute();
}
