import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 35 (ADR 0042): the Item Finder reads `finder_copy`, one row per dish copy a diner
 * can find, with what its filters and its order ask of the copy's restaurant and branch
 * beside the dish's own columns. Counting up to the finder's cap and walking dishes best
 * rated first read every copy joined to its restaurant, its branch and its section (6 µs a
 * copy on SQLite, 10–20 on PostgreSQL): at 10,000 restaurants a broad search reaches the
 * cap, and its cost grew with the catalog. A row here is read alone.
 *
 * A copy is listed (ADR 0017, ADR 0021): its restaurant is approved (the rule of
 * restaurantIsPublic, fixed here as a migration must be), it is a branch's copy or its
 * restaurant has no branch yet, and neither it nor its section is hidden. Triggers keep
 * the table in step inside each writing transaction: a change to a dish resyncs that dish;
 * to a section's hiding, a branch's place, a restaurant's status, branch count or country,
 * the dishes under it. Deleted dishes leave through the foreign key. Columns keep
 * menu_item's names, so the finder's conditions read the same on either table; on SQLite
 * a row keeps its dish's rowid, which the name index (menu_item_name_fts) returns.
 */
const COPY_COLUMNS = [
  "id",
  "generalItemId",
  "restaurantId",
  "branchId",
  "name",
  "price",
  "priceOverride",
  "priceTo",
  "itemTaste",
  "itemType",
  "itemRating",
  "itemRatingBy",
] as const;

/** The dish columns whose change can change a copy's row or whether it is listed. */
const ITEM_COLUMNS = [...COPY_COLUMNS.filter((c) => c !== "id"), "sectionId", "hidden"];
const RESTAURANT_COLUMNS = ["approvalStatus", "restNoofBranches", "country"];
const BRANCH_COLUMNS = ["country", "city", "area"];

const quoted = (names: readonly string[]) => names.map((c) => `"${c}"`).join(", ");

/** The listed copies among the dishes `scope` (a condition on menu_item) names, as finder_copy rows. */
const listedCopies = (scope: string, rowid: boolean) => `
  select ${rowid ? "menu_item.rowid, " : ""}${COPY_COLUMNS.map((c) => `menu_item."${c}"`).join(", ")},
    coalesce(branch.country, restaurant.country), branch.city, branch.area
  from menu_item
  join restaurant on restaurant.id = menu_item."restaurantId"
  left join branch on branch.id = menu_item."branchId"
  where (${scope})
    and restaurant."approvalStatus" = 'approved'
    and (menu_item."branchId" is not null or restaurant."restNoofBranches" = 0)
    and menu_item.hidden = 0
    and not exists (select 1 from menu_section
      where menu_section.id = menu_item."sectionId" and menu_section.hidden = 1)`;

const insertColumns = (rowid: boolean) =>
  `${rowid ? "rowid, " : ""}${quoted(COPY_COLUMNS)}, country, city, area`;

/** SQLite: the statements that resync the dishes `scope` names. */
const resync = (scope: string) => `
  delete from finder_copy where id in (select id from menu_item where ${scope});
  insert into finder_copy (${insertColumns(true)}) ${listedCopies(scope, true)};`;

/** SQLite: true when any of these columns differs between the old row and the new. */
const changed = (names: readonly string[]) => names.map((c) => `old."${c}" is not new."${c}"`).join(" or ");

/** PostgreSQL's `changed`. */
const distinct = (names: readonly string[]) =>
  names.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or ");

/** Each table whose change resyncs dishes: the dishes it names, and the columns that matter. */
const SOURCES = [
  { table: "restaurant", dishes: `"restaurantId"`, columns: RESTAURANT_COLUMNS },
  { table: "branch", dishes: `"branchId"`, columns: BRANCH_COLUMNS },
  { table: "menu_section", dishes: `"sectionId"`, columns: ["hidden"] },
] as const;

const INDEXES = [
  // The best rated walk (as menu_item_rank): the place and the dish are checked on the row.
  `create index finder_copy_rank on finder_copy ("itemRating" desc, "itemRatingBy" desc, name, id)`,
  // A city's dishes by taste and type (the country too, which a diner's filters repeat):
  // counting them reads these entries, not the rows.
  `create index finder_copy_city on finder_copy (city, "itemTaste", "itemType", country, "generalItemId", id)`,
  `create index finder_copy_taste on finder_copy ("itemTaste", "itemType", country, "generalItemId", id)`,
];

export const finderCopies: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable("finder_copy")
      .addColumn("id", "text", (c) => c.primaryKey().references("menu_item.id").onDelete("cascade"))
      .addColumn("generalItemId", "text")
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("price", "double precision", (c) => c.notNull())
      .addColumn("priceOverride", "double precision")
      .addColumn("priceTo", "double precision")
      .addColumn("itemTaste", "text", (c) => c.notNull())
      .addColumn("itemType", "text", (c) => c.notNull())
      .addColumn("itemRating", "double precision", (c) => c.notNull())
      .addColumn("itemRatingBy", "integer", (c) => c.notNull())
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("city", "text")
      .addColumn("area", "text")
      .execute();
    await sql
      .raw(`insert into finder_copy (${insertColumns(!postgres)}) ${listedCopies("1 = 1", !postgres)}`)
      .execute(db);
    for (const index of INDEXES) await sql.raw(index).execute(db);
    // The planner's figures for the new table now, not after the next analyze: without them
    // SQLite guesses which index narrows a city and a taste.
    await sql`analyze finder_copy`.execute(db);
    if (postgres) {
      await upPostgres(db);
      return;
    }
    await sql
      .raw(
        `create trigger finder_copy_item_insert after insert on menu_item begin ${resync(`menu_item.id = new.id`)} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger finder_copy_item_update after update of ${quoted(ITEM_COLUMNS)} on menu_item
          when ${changed(ITEM_COLUMNS)} begin ${resync(`menu_item.id = new.id`)} end`,
      )
      .execute(db);
    for (const { table, dishes, columns } of SOURCES) {
      await sql
        .raw(
          `create trigger finder_copy_${table}_update after update of ${quoted(columns)} on ${table}
            when ${changed(columns)} begin ${resync(`menu_item.${dishes} = new.id`)} end`,
        )
        .execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const name of ["insert", "update"]) {
        await sql.raw(`drop trigger if exists finder_copy_item_${name} on menu_item`).execute(db);
      }
      for (const { table } of SOURCES) {
        await sql.raw(`drop trigger if exists finder_copy_${table} on ${table}`).execute(db);
      }
      await sql`drop function if exists finder_copy_dishes()`.execute(db);
      await sql`drop function if exists finder_copy_item()`.execute(db);
      await sql`drop function if exists finder_copy_sync(text[])`.execute(db);
    } else {
      for (const name of ["item_insert", "item_update", ...SOURCES.map(({ table }) => `${table}_update`)]) {
        await sql.raw(`drop trigger if exists finder_copy_${name}`).execute(db);
      }
    }
    await db.schema.dropTable("finder_copy").ifExists().execute();
  },
};

async function upPostgres(db: Kysely<unknown>) {
  await sql
    .raw(
      `create function finder_copy_sync(dishes text[]) returns void language sql as $$
        delete from finder_copy where id = any(dishes);
        insert into finder_copy (${insertColumns(false)}) ${listedCopies("menu_item.id = any(dishes)", false)};
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function finder_copy_item() returns trigger language plpgsql as $$
        begin perform finder_copy_sync(array[new.id]); return null; end $$`,
    )
    .execute(db);
  // TG_ARGV[0]: the menu_item column that names the changed row.
  await sql
    .raw(
      `create function finder_copy_dishes() returns trigger language plpgsql as $$
        declare dishes text[];
        begin
          execute format('select array(select id from menu_item where %I = $1)', TG_ARGV[0])
            into dishes using new.id;
          perform finder_copy_sync(dishes);
          return null;
        end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger finder_copy_item_insert after insert on menu_item
      for each row execute function finder_copy_item()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger finder_copy_item_update after update of ${quoted(ITEM_COLUMNS)} on menu_item
        for each row when (${distinct(ITEM_COLUMNS)}) execute function finder_copy_item()`,
    )
    .execute(db);
  for (const { table, dishes, columns } of SOURCES) {
    await sql
      .raw(
        `create trigger finder_copy_${table} after update of ${quoted(columns)} on ${table}
          for each row when (${distinct(columns)})
          execute function finder_copy_dishes('${dishes.replaceAll('"', "")}')`,
      )
      .execute(db);
  }
}
