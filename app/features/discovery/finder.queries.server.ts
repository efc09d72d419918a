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
import { typesFound } from "~/lib/item-types.ts";
import { restaurantIsPublic } from "~/features/restaurants/public-restaurants.queries.server.ts";
import { DESCRIPTION_KEY, keyVariants, queryWords, spellingKey } from "~/lib/spelling-keys.ts";
import { textOrder } from "~/lib/text-order.ts";

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
  /**
   * Also match words one typo from the text's (ADR 0025): only when nothing matches without,
   * so every match is one typo away (its name match is 3, not probed row by row).
   */
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
    return sql<SqlBool>`menu_item.rowid in (
      select rowid from menu_item_name_fts where menu_item_name_fts match ${ftsPhrase(text)}
    ) and ${contains("menu_item.name", text)}`;
  }
  return contains("menu_item.name", text);
}

/** The spelling keys of a query's words (ADR 0025), once each. */
function queryKeys(text: string): string[] {
  return [...new Set(keyedWords(text).map(({ key }) => key))];
}

/** A word's key, and forgiving a typo the keys one typo away from it too (ADR 0025). */
function keysNear(key: string, typos: boolean) {
  return typos ? keyVariants(key) : [key];
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
 * A dish name the text names however it is spelled (ADR 0025): it contains the text as
 * typed, or each word of the text has a key (or a key one typo away) among the name's
 * keys. The keys are looked up in menu_item_key's primary key on both databases. Past
 * the finder's count cap the best-rated walk lists them by rating alone (ADR 0025).
 */
function nameMatches(db: Kysely<DB>, text: string, strategy: ItemStrategy, typos: boolean, lead = 0) {
  const words = keyedWords(text);
  if (words.length === 0) return nameContains(db, text, strategy);
  // Each word as typed (so 'chick' and 'roll' still find 'Chicken' and 'Rolls') or by its
  // key; or, ranked after names, every word in the description (ADR 0025), probed per dish.
  const described = describedBy(words.map(({ key }) => key));
  const spelled = (literal: Expression<SqlBool>) =>
    sql<SqlBool>`(${literal} or (${sql.join(
      words.map(
        ({ word, key }) =>
          sql<SqlBool>`(${wordContains(word, strategy)} or ${hasNameKey(keysNear(key, typos), strategy)})`,
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
  if (typed && isSqlite(db)) {
    // One word: by rowid for the trigram index or by id for the keys, which SQLite's OR
    // optimisation reads from both indexes without building the union. A dish found by a
    // key is what `spelled` would find by that key, so only the trigram index's dishes are
    // checked, and only for the word (all `spelled` asks of them, as `typed` makes the
    // text the word): checking every candidate as `spelled` does listed every dish of a
    // typo's 150 keys a second time (issue 35: 867 copies of 'bitryani' at 10,000
    // restaurants).
    const { word, key } = indexed[0]!;
    return sql<SqlBool>`((menu_item.rowid in (${ftsRowids(word)}) and ${contains("menu_item.name", word)}) or ${hasNameKey([...keysNear(key, typos), DESCRIPTION_KEY + key])})`;
  }
  // Several words: the dishes of the rarest word are the candidates, and each is checked
  // for the others by index probes (its name, and (key, itemId) lookups), so a common
  // word ('chicken') is never gathered whole. (On PostgreSQL, one word as typed too.)
  const { word, key } = indexed[Math.min(Math.max(0, lead), indexed.length - 1)]!;
  const leadKeys = [...keysNear(key, typos), DESCRIPTION_KEY + key];
  // A name holding the whole text holds the lead word too when the word is a run of the
  // text's own letters (plain ASCII, where words are the text's runs lowercased): then
  // the text's own trigram lookup adds nothing, and it read every dish of its commonest
  // trigrams ('chi', 'ken'): 2.8 ms of 'chicken karahi' at 10,000 restaurants.
  const ofText = !inTextAsTyped(text, word);
  const probed = sql<SqlBool>`(${contains("menu_item.name", text)} or (${sql.join(
    words.map(
      ({ word: w, key: k }) =>
        sql<SqlBool>`(${contains("menu_item.name", w)} or ${hasNameKey(keysNear(k, typos), "rank")})`,
    ),
    sql` and `,
  )}) or ${described})`;
  if (isSqlite(db)) {
    // By rowid for the trigram index and by id for the keys, as one word is above: the
    // list of candidate ids, each then looked up by id, cost a third more (2.6 → 2.2 ms
    // for 'chicken karahi' at 10,000 restaurants).
    const found = [
      ...(ofText ? [sql<SqlBool>`menu_item.rowid in (${ftsRowids(text)})`] : []),
      sql<SqlBool>`menu_item.rowid in (${ftsRowids(word)})`,
      hasNameKey(leadKeys),
    ];
    return sql<SqlBool>`(${sql.join(found, sql` or `)}) and ${probed}`;
  }
  // `union all`: the ids are only ever looked up (in, = any), which takes a duplicate once;
  // a `union` hashed a typo's 1,385 candidates first (0.6 ms).
  const leadIds = sql`${containingIds(word)} union all select "itemId" from menu_item_key where key in (${sql.join(leadKeys)})`;
  // One word as typed: each candidate is what the check below would find (its name holds
  // the word, by the same `like`; or a key near the word's, or the word's description
  // key), so it is not checked again (issue 35: half the cost of a typo's 1,385
  // candidates at 10,000 restaurants). SQLite's trigram index folds case beyond ASCII,
  // which its `lower` does not, so there its candidates are checked (the branch above).
  //
  // Handed over as an array: PostgreSQL estimated a typo's 150 keys at 92,666 dishes
  // (1,385 in fact) and chose to scan every dish; an array's rows are read by primary key.
  if (typed) return sql<SqlBool>`menu_item.id = any(array(${leadIds}))`;
  const candidates = ofText ? sql`${containingIds(text)} union all ${leadIds}` : leadIds;
  return sql<SqlBool>`menu_item.id in (${candidates}) and ${probed}`;
}

/** Whether `word` is a run of `text`'s own characters, lowercased: so for plain ASCII alone. */
function inTextAsTyped(text: string, word: string) {
  return /^[\x20-\x7e]*$/u.test(text) && text.toLowerCase().includes(word);
}

// Counting a key's dishes stops here: past it a word is common, and which of two common
// words leads hardly matters.
const LEAD_COUNT_CAP = 2000;

/**
 * The index (among the words of three letters or more) of the query word whose key the
 * fewest dishes have: one bounded index count per word, before a search of several words.
 * Forgiving a typo, the keys one typo away count too: a word no dish is named by can
 * still be one typo from a common word's key, and leading with it gathered thousands of
 * candidates for each to be probed by every other word (0.27 s for five random words).
 */
export async function leadWordOf(db: Kysely<DB>, text: string, typos = false): Promise<number> {
  return (await leadWord(db, text, typos)).index;
}

/**
 * leadWordOf's index, with how many dish rows have the lead word's key (counted no
 * further than 2,000; null for a text of one word, which is not counted). A name holding
 * the whole text holds that word, so a rare key tells the text is rare as well; where a
 * name holds the word under another key, a search trusting it is slower, not different.
 */
export async function leadWord(
  db: Kysely<DB>,
  text: string,
  typos = false,
): Promise<{ index: number; rows: number | null }> {
  const indexed = keyedWords(text).filter(({ word }) => [...word].length >= 3);
  if (indexed.length < 2) return { index: 0, rows: null };
  const counts = await Promise.all(
    indexed.map(async ({ key }) => {
      const row = await db
        .selectFrom(
          db
            .selectFrom("menu_item_key")
            .select("itemId")
            .$if(!typos, (qb) => qb.where("key", "=", key))
            .$if(typos, (qb) => qb.where("key", "in", keyVariants(key)))
            .limit(LEAD_COUNT_CAP)
            .as("k"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  const rows = Math.min(...counts);
  return { index: counts.indexOf(rows), rows };
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
  return sql`select rowid from menu_item_name_fts where menu_item_name_fts match ${ftsPhrase(text)}`;
}

/** `text` as one FTS5 phrase: found as a run of characters, whatever it holds. */
function ftsPhrase(text: string) {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * PostgreSQL: the ids of dishes whose name holds `text` (three letters or more), by its
 * trigram index. SQLite reads its trigram index by rowid instead (nameMatches).
 */
function containingIds(text: string) {
  return sql`select id from menu_item where lower(name) like ${likePattern(text)} escape '\\'`;
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
  hasKey: (keys: readonly string[]) => Expression<SqlBool> = (keys) => hasNameKey(keys),
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
  // A dish found by its description alone comes after every name (ADR 0025).
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
  return sql<SqlBool>`restaurant.id in (${restaurantsWithKey(keys)})`;
}

/** The ids of restaurants with a name key among `keys` (restaurant_key's primary key). */
function restaurantsWithKey(keys: readonly string[]) {
  return sql`select "restaurantId" from restaurant_key where key in (${sql.join(keys)})`;
}

/**
 * A restaurant name the text names however it is spelled, as for dishes (nameMatches):
 * it holds the text as typed, or each word of the text is in it as typed or by its key.
 * Driven from indexes (issue 35) when the text has three letters or more: the
 * restaurants whose name holds the text (trigram index), and those that have the longest
 * word of three letters or more in their name (trigram index) or a key near its key
 * (restaurant_key); each of them is then checked as it is. A match must have every word,
 * so the candidates of one word hold them all.
 */
function restaurantNameMatches(db: Kysely<DB>, text: string, typos: boolean) {
  const literal = contains("restaurant.restName", text);
  const words = keyedWords(text);
  const check =
    words.length === 0
      ? literal
      : sql<SqlBool>`(${literal} or (${sql.join(
          words.map(
            ({ word, key }) =>
              sql<SqlBool>`(${contains("restaurant.restName", word)} or ${hasRestaurantKey(keysNear(key, typos))})`,
          ),
          sql` and `,
        )}))`;
  if ([...text].length < 3) return check;
  const lead = words
    .filter(({ word }) => [...word].length >= 3)
    .reduce<(typeof words)[number] | null>(
      (longest, w) => (!longest || [...w.word].length > [...longest.word].length ? w : longest),
      null,
    );
  // A text of short words only (each under three letters) has no word to start from.
  if (words.length > 0 && !lead) return check;
  const candidates = !lead
    ? restaurantsHolding(db, text)
    : lead.word === text.trim().toLowerCase()
      ? sql`${restaurantsHolding(db, text)} union ${restaurantsWithKey(keysNear(lead.key, typos))}`
      : sql`${restaurantsHolding(db, text)} union ${restaurantsHolding(db, lead.word)} union ${restaurantsWithKey(keysNear(lead.key, typos))}`;
  // PostgreSQL hashed the candidates and read every restaurant to probe them (10 ms at
  // 10,000); as an array it reads the candidates by primary key.
  const among = isSqlite(db)
    ? sql<SqlBool>`restaurant.id in (${candidates})`
    : sql<SqlBool>`restaurant.id = any(array(${candidates}))`;
  return sql<SqlBool>`${among} and ${check}`;
}

/** The ids of restaurants whose name may hold `text` (three letters or more), by its trigrams (migration 0020). */
function restaurantsHolding(db: Kysely<DB>, text: string) {
  return isSqlite(db)
    ? sql`select id from restaurant where rowid in (
        select rowid from restaurant_name_fts where restaurant_name_fts match ${ftsPhrase(text)})`
    : sql`select id from restaurant where lower("restName") like ${likePattern(text)} escape '\\'`;
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

function restaurantWhere(db: Kysely<DB>, eb: ExpressionBuilder<DB, "restaurant">, f: RestaurantQuery) {
  const conditions: Expression<SqlBool>[] = [restaurantIsPublic()];
  if (f.text) conditions.push(restaurantNameMatches(db, f.text, f.typos ?? false));
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
    .where((eb) => restaurantWhere(db, eb, f))
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
      .where((eb) => restaurantWhere(db, eb, f))
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

/**
 * A restaurant's listed copies by the finder's own rule (placeWhere), with the columns
 * finder_copy keeps of each: what its triggers must keep it equal to (ADR 0042; the
 * integration tests compare the two after every kind of write).
 */
export function listedCopyRows(db: Kysely<DB>, restaurantId: string) {
  return db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .leftJoin("branch", "branch.id", "menu_item.branchId")
    .where((eb) => placeWhere(eb, {}))
    .where("menu_item.restaurantId", "=", restaurantId)
    .select([
      "menu_item.id",
      "menu_item.generalItemId",
      "menu_item.restaurantId",
      "menu_item.branchId",
      "menu_item.name",
      "menu_item.price",
      "menu_item.priceOverride",
      "menu_item.priceTo",
      "menu_item.itemTaste",
      "menu_item.itemType",
      "menu_item.itemRating",
      "menu_item.itemRatingBy",
      sql<string>`coalesce(branch.country, restaurant.country)`.as("country"),
      "branch.city",
      "branch.area",
    ])
    .orderBy("menu_item.id")
    .execute();
}

/** Every one of `conditions` (none: true). */
function allOf(conditions: readonly Expression<SqlBool>[]) {
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** A column of the query's `menu_item`; in "rank" form wrapped so that no index but the rank one drives. */
function dishColumn(name: string, strategy: ItemStrategy) {
  return strategy === "rank"
    ? sql<string>`${sql.ref(`menu_item.${name}`)} || ''`
    : sql.ref<string>(`menu_item.${name}`);
}

/**
 * Where a listed copy (a finder_copy row, aliased `menu_item`: ADR 0042) is: its place,
 * kept on the row, so no restaurant, branch or section is read per copy. In "rank" form
 * (`columns`) wrapped as dishWhere's columns are.
 */
function copyPlaceWhere(f: ItemQuery, columns: ItemStrategy = "filters") {
  const conditions: Expression<SqlBool>[] = [];
  if (f.country) conditions.push(sql<SqlBool>`${dishColumn("country", columns)} = ${f.country}`);
  if (f.citySlug) conditions.push(sql<SqlBool>`${dishColumn("city", columns)} = ${f.citySlug}`);
  if (f.areaSlug) conditions.push(sql<SqlBool>`${dishColumn("area", columns)} = ${f.areaSlug}`);
  return allOf(conditions);
}

/**
 * How the best-rated walk gives its place, taste and type to the planner. The walk runs
 * only past the count's cap (ADR 0011), so a thousand dishes or more match and walking the
 * rank finds a page early. SQLite needs the columns wrapped to walk it (unwrapped it
 * sorted a city's 4,600 spicy copies: 2.1 ms instead of 0.5); PostgreSQL, which estimates
 * the rows, needs them plain (wrapped, it guessed one row and read all 185,000: 49 ms).
 */
const walkColumns = (db: Kysely<DB>): ItemStrategy => (isSqlite(db) ? "rank" : "filters");

/**
 * The conditions on the dish itself, on `menu_item` (the dish table, or finder_copy under
 * its name); the name in `strategy`'s form, the taste and type wrapped in "rank" form
 * (`columns`) so that no index but the rank one drives.
 */
function dishWhere(db: Kysely<DB>, f: ItemQuery, strategy: ItemStrategy, columns = strategy) {
  const conditions: Expression<SqlBool>[] = [];
  if (f.text) {
    conditions.push(
      f.literal
        ? nameContains(db, f.text, strategy)
        : nameMatches(db, f.text, strategy, f.typos ?? false, f.leadWord),
    );
  }
  if (f.price) conditions.push(dishInBand(f.price));
  if (f.taste) conditions.push(sql<SqlBool>`${dishColumn("itemTaste", columns)} = ${f.taste}`);
  if (f.itemType) {
    conditions.push(
      sql<SqlBool>`${dishColumn("itemType", columns)} in (${sql.join(typesFound(f.itemType))})`,
    );
  }
  return allOf(conditions);
}

/** The listed copies (finder_copy, ADR 0042) that match: each read alone, by the filters' indexes. */
function itemsBase(db: Kysely<DB>, f: ItemQuery) {
  return db
    .selectFrom("finder_copy as menu_item")
    .where(copyPlaceWhere(f))
    .where(dishWhere(db, f, "filters"));
}

/**
 * Which dish a row is: a branch's copy is the general dish it follows, so
 * the copies of every branch make one card; a branch's own dish, or the general menu
 * of a restaurant without branches, is a dish of its own.
 */
const dishOf = sql<string>`coalesce(${sql.ref("menu_item.generalItemId")}, ${sql.ref("menu_item.id")})`;

/** A page's dish: the id of its best ranked matching copy, and the dish it is a copy of. */
interface Representative {
  id: string;
  dish: string;
}

/** One page of listed copies best rated first, walking finder_copy_rank; the place is checked on each row. */
function rankedCopies(db: Kysely<DB>, f: ItemQuery, limit: number) {
  return db
    .selectFrom("finder_copy as menu_item")
    .select(["menu_item.id", dishOf.as("dish")])
    .where(copyPlaceWhere(f, walkColumns(db)))
    .where(dishWhere(db, f, "rank", walkColumns(db)))
    .orderBy("menu_item.itemRating", "desc")
    .orderBy("menu_item.itemRatingBy", "desc")
    .orderBy("menu_item.name")
    .orderBy("menu_item.id")
    .limit(limit);
}

/** Each dish once, at its first (best ranked) copy. */
function firstPerDish(rows: readonly Representative[]): Representative[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.dish) && seen.add(row.dish));
}

/**
 * Copies the best-rated walk reads before it hands a page to the sort (past the page's
 * own depth): where matches are sparse the walk would read most of the catalog to fill a
 * page, while sorting them reads only the matches. An object so a test can make the sort
 * take over on a small menu.
 */
export const WALK_LIMITS = { most: 2000 };

/**
 * A page of dishes by the best rated walk: copies are walked until the page has its
 * dishes. A dish has a copy per branch (about two in the bench's world), so the walk
 * starts at twice the page's depth and grows threefold while it falls short; past
 * WALK_LIMITS.most copies the page is sorted from the filters in the same order (rating alone).
 */
async function rankedRepresentatives(db: Kysely<DB>, f: ItemQuery, offset: number, limit: number) {
  const wanted = offset + limit;
  for (let walk = wanted * 2; ; walk *= 3) {
    if (walk > Math.max(WALK_LIMITS.most, wanted * 2))
      return sortedRepresentatives(db, f, offset, limit, "rating");
    const rows = await rankedCopies(db, f, walk).execute();
    const dishes = firstPerDish(rows);
    if (dishes.length >= wanted || rows.length < walk) return dishes.slice(offset, wanted);
  }
}

/**
 * How a page is ordered: by how well the name matches, then rating (ADR 0025); or, past
 * the count's cap, by rating alone, as the best-rated walk lists the first pages, so a
 * page after the walk's continues its order instead of starting another.
 */
export type PageOrder = "match" | "rating";

/**
 * A dish copy's name match (nameMatchRank; 0 without a text). Forgiving a typo, which the
 * finder does only once nothing matched as typed, every match is one typo away (3): the
 * name, the text within it and every word's own key or description key would have
 * matched without forgiving. Not probed per copy (two key probes for each of a typo's
 * 867 copies at 10,000 restaurants).
 */
function dishMatchRank(f: ItemQuery, hasKey: (keys: readonly string[]) => Expression<SqlBool>) {
  if (!f.text) return sql<number>`0`;
  return f.typos ? sql<number>`3` : nameMatchRank(f.text, "menu_item.name", hasKey);
}

/**
 * A page of dishes sorted from the copies the filters match: each dish at its best ranked
 * copy (the order of `inPageOrder`, in SQL).
 */
async function sortedRepresentatives(
  db: Kysely<DB>,
  f: ItemQuery,
  offset: number,
  limit: number,
  order: PageOrder,
) {
  const matchRank = order === "match" ? dishMatchRank(f, (keys) => hasNameKey(keys)) : sql<number>`0`;
  const copies = itemsBase(db, f)
    .select([
      "menu_item.id",
      dishOf.as("dish"),
      matchRank.as("matched"),
      "menu_item.itemRating as rating",
      "menu_item.itemRatingBy as ratedBy",
      "menu_item.name as name",
      sql<number>`row_number() over (partition by ${dishOf} order by ${matchRank},
        menu_item."itemRating" desc, menu_item."itemRatingBy" desc, menu_item.name, menu_item.id)`.as("nth"),
    ])
    .as("copies");
  return db
    .selectFrom(copies)
    .select(["copies.id", "copies.dish"])
    .where("copies.nth", "=", 1)
    .orderBy("copies.matched")
    .orderBy("copies.rating", "desc")
    .orderBy("copies.ratedBy", "desc")
    .orderBy("copies.name")
    .orderBy("copies.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A matching copy as the count read it, with what orders it on a page. */
export interface FoundCopy extends Representative {
  /** How well its name matches (nameMatchRank; 0 without a text). */
  matched: number;
  rating: number;
  ratedBy: number;
  name: string;
}

export interface FoundDishes {
  /** How many dishes match: exact below `upTo`, `upTo` otherwise. */
  dishes: number;
  /** Every matching copy, when they were all gathered (few matches). */
  copies?: FoundCopy[];
}

/**
 * What the count reads of each copy: its dish, and the page's order (name match, rating,
 * ratings, name, id), so a search with fewer matches than the cap is paged from the rows
 * already read instead of reading each copy again by its id (issue 35: 10 ms for a typo's
 * 867 copies on PostgreSQL at 10,000 restaurants). A copy is probed by (key, itemId), not
 * every dish of a common key gathered.
 */
function foundColumns(f: ItemQuery) {
  const matched = dishMatchRank(f, (keys) => hasNameKey(keys, "rank"));
  return [
    "menu_item.id",
    dishOf.as("dish"),
    matched.as("matched"),
    "menu_item.itemRating as rating",
    "menu_item.itemRatingBy as ratedBy",
    "menu_item.name as name",
  ] as const;
}

/** The page's order, as sortedRepresentatives sorts in SQL. */
function inPageOrder(a: FoundCopy, b: FoundCopy) {
  return (
    a.matched - b.matched ||
    b.rating - a.rating ||
    b.ratedBy - a.ratedBy ||
    textOrder(a.name, b.name) ||
    textOrder(a.id, b.id)
  );
}

/** A page of dishes from every matching copy, each dish at its best ranked copy. */
function pageOfFound(found: readonly FoundCopy[], offset: number, limit: number): Representative[] {
  return firstPerDish(found.toSorted(inPageOrder))
    .slice(offset, offset + limit)
    .map(({ id, dish }) => ({ id, dish }));
}

/**
 * How many dishes match, counted no further than `upTo`, with the ids of their matching
 * copies when there are few: the count also hands the page query its rows, so a search
 * that matches fewer than the cap walks its matches once, not twice. A broad search
 * stops early: on SQLite a first `upTo` copies are read in no order, then, past them,
 * the dishes are counted as their copies are read; on PostgreSQL one cursor does both.
 */
export async function foundDishes(db: Kysely<DB>, f: ItemQuery, upTo: number): Promise<FoundDishes> {
  // Filters alone (no text) on SQLite: the distinct dishes are counted in one pass, which
  // stops at the cap; reading the copies first read up to a thousand of them twice at
  // 10,000 restaurants (issue 35). Few matches are then sorted from the filters themselves.
  if (!f.text && isSqlite(db)) return { dishes: await countDishes(db, f, upTo, 0) };
  const rows = upTo + 1;
  if (!isSqlite(db)) return foundThroughCursor(db, f, upTo, rows);
  const found = await itemsBase(db, f).select(foundColumns(f)).limit(rows).execute();
  const dishes = new Set(found.map((row) => row.dish)).size;
  if (found.length < rows) return { dishes, copies: found };
  if (dishes >= upTo) return { dishes: upTo };
  return { dishes: await countDishes(db, f, upTo, rows) };
}

// Past this many copies a dish on average, PostgreSQL counts the dishes in SQL.
const MAX_COPIES_PER_DISH = 16;

/** Rows the count's cursor fetches at a time (a round trip each). */
const CURSOR_ROWS = 1024;

/**
 * How far PostgreSQL's count reads through its cursor, in copies per dish wanted (about
 * two at 10,000 restaurants), before it reads again deeper as below. The cursor's limit
 * steers the plan: at 8,000 rows PostgreSQL chose to scan every dish for a typo's 1,385
 * candidates (140 ms instead of 11). An object so a test can make the deeper path run on
 * a small menu.
 */
export const CURSOR_LIMITS = { copiesPerDish: 3 };

/**
 * PostgreSQL: foundDishes in one pass through a cursor, stopping at the cap. Reading the
 * first `rows` copies and then two and four thousand more (each query from the start, as
 * PostgreSQL hashes every match before a DISTINCT's first row) read 7,000 rows for a city
 * and a taste at 10,000 restaurants; this reads each copy once, until `upTo` dishes are
 * seen (about two copies a dish).
 */
async function foundThroughCursor(db: Kysely<DB>, f: ItemQuery, upTo: number, rows: number) {
  const dishes = new Set<string>();
  const copies: FoundCopy[] = [];
  const most = upTo * CURSOR_LIMITS.copiesPerDish;
  let read = 0;
  for await (const row of itemsBase(db, f).select(foundColumns(f)).limit(most).stream(CURSOR_ROWS)) {
    read++;
    if (copies.length < rows) copies.push(row);
    dishes.add(row.dish);
    if (dishes.size >= upTo) return { dishes: upTo };
  }
  if (read === most) return { dishes: await countDishes(db, f, upTo, most) };
  return copies.length < rows ? { dishes: dishes.size, copies } : { dishes: dishes.size };
}

/**
 * The dishes among many matching copies (`read` of them read already), counted no further
 * than `upTo`.
 */
async function countDishes(db: Kysely<DB>, f: ItemQuery, upTo: number, read: number): Promise<number> {
  if (isSqlite(db)) {
    // SQLite keeps the distinct dishes in a temporary index as it reads, and stops at the limit.
    const distinct = itemsBase(db, f).select(dishOf.as("dish")).distinct().limit(upTo).as("found");
    const row = await db
      .selectFrom(distinct)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  // PostgreSQL hashes every match before a DISTINCT's first row: read more copies instead.
  for (let rows = read * 2; rows <= upTo * MAX_COPIES_PER_DISH; rows *= 2) {
    const found = await itemsBase(db, f).select(dishOf.as("dish")).limit(rows).execute();
    const dishes = new Set(found.map((row) => row.dish)).size;
    if (found.length < rows || dishes >= upTo) return Math.min(dishes, upTo);
  }
  return countRows(
    db,
    itemsBase(db, f)
      .select(sql<number>`1`.as("one"))
      .groupBy(dishOf)
      .limit(upTo)
      .as("found"),
  );
}

/** A branch serving a found dish, with its own price, sizes and stock. */
export interface ServingBranch {
  id: string;
  branchName: string | null;
  branchUrl: string | null;
  cityLabel: string | null;
  areaLabel: string | null;
  city: string | null;
  area: string | null;
  price: number;
  sizes: string;
  soldOut: number;
}

/**
 * Where each dish of a page is served: its copies that match the filters (a branch's
 * price or stock may differ). The place filters are left out: they chose which dishes
 * are on the page, and a diner who picked a city still learns where else a dish is
 * served, listed after the city's branches. Driven from the dishes' ids
 * (menu_item_general), each copy checked as it is.
 */
async function servingBranches(db: Kysely<DB>, f: ItemQuery, dishes: readonly string[]) {
  const anywhere: ItemQuery = { ...f, citySlug: undefined, areaSlug: undefined, literal: false };
  return db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .leftJoin("branch", "branch.id", "menu_item.branchId")
    .where((eb) => eb.or([eb("menu_item.generalItemId", "in", dishes), eb("menu_item.id", "in", dishes)]))
    .where((eb) => placeWhere(eb, anywhere))
    .where(dishWhere(db, anywhere, "rank"))
    .select([
      "menu_item.id",
      dishOf.as("dish"),
      "branch.branchName",
      "branch.branchUrl",
      "branch.cityLabel",
      "branch.areaLabel",
      "branch.city",
      "branch.area",
      sql<number>`coalesce(menu_item."priceOverride", menu_item.price)`.as("price"),
      "menu_item.sizes",
      "menu_item.soldOut",
    ])
    .execute();
}

/** The diner's city first (and their area before it), then by city and branch name. */
function inDinersOrder(f: ItemQuery) {
  const nearness = (b: ServingBranch) =>
    f.citySlug && b.city === f.citySlug ? (f.areaSlug && b.area === f.areaSlug ? 0 : 1) : 2;
  return (a: ServingBranch, b: ServingBranch) =>
    nearness(a) - nearness(b) ||
    (a.cityLabel ?? "").localeCompare(b.cityLabel ?? "") ||
    (a.branchName ?? "").localeCompare(b.branchName ?? "") ||
    a.id.localeCompare(b.id);
}

/**
 * One page of the Item Finder: a card per dish, best ranked first, each with
 * the branches that serve it and match the filters (`branches`, the diner's city first)
 * and the price of the first of them. Offset and limit count dishes.
 */
export async function findItems(
  db: Kysely<DB>,
  f: ItemQuery,
  offset: number,
  limit: number,
  strategy: ItemStrategy = "filters",
  found?: readonly FoundCopy[],
  pageOrder: PageOrder = "match",
) {
  const page =
    strategy === "rank" && !found
      ? await rankedRepresentatives(db, f, offset, limit)
      : found
        ? pageOfFound(found, offset, limit)
        : await sortedRepresentatives(db, f, offset, limit, pageOrder);
  if (page.length === 0) return [];
  const [dishes, copies] = await Promise.all([
    db
      .selectFrom("menu_item")
      .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
      .where(
        "menu_item.id",
        "in",
        page.map((p) => p.id),
      )
      .select([
        "menu_item.id",
        "menu_item.name",
        "menu_item.nameUr",
        "menu_item.itemTaste",
        "menu_item.itemType",
        "menu_item.itemRating",
        "menu_item.itemRatingBy",
        "menu_item.frontView",
        "restaurant.restName",
        "restaurant.urlName",
      ])
      .execute(),
    servingBranches(
      db,
      f,
      page.map((p) => p.dish),
    ),
  ]);
  const byId = new Map(dishes.map((d) => [d.id, d]));
  const order = inDinersOrder(f);
  return page.flatMap(({ id, dish }) => {
    const row = byId.get(id);
    if (!row) return [];
    const branches = copies
      .filter((copy) => copy.dish === dish)
      .map(({ dish: _dish, ...branch }) => branch)
      .toSorted(order);
    const first = branches[0];
    return [{ ...row, price: first?.price ?? 0, sizes: first?.sizes ?? "[]", branches }];
  });
}
