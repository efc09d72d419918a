import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What the SCALE benchmark (bench/scale.ts) showed growing with the data, and
 * the indexes that keep each public page's cost to the rows it shows
 * (docs/decisions/0011-scale-indexes.md):
 * - the listing and /reviews sort restaurants by (restName, id);
 * - the Restaurant Locator walks restaurants best rated first and filters
 *   within one covering index, and finds "has a branch in this city" in another;
 * - the Item Finder walks dishes best rated first (menu_item_rank), and finds
 *   dishes by a piece of their name through a trigram index: FTS5 on SQLite,
 *   pg_trgm on PostgreSQL where the extension can be created (without it, text
 *   search stays correct and scans).
 */
export const scaleIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema.createIndex("restaurant_name_id").on("restaurant").columns(["restName", "id"]).execute();
    // (restName, id) serves every query the (restName) index did.
    await db.schema.dropIndex("restaurant_name").ifExists().execute();
    await sql`create index restaurant_finder on restaurant
      ("restRating" desc, "restNoofReviews" desc, "restName", id, country, "restType", "restPriceavg")`.execute(
      db,
    );
    await db.schema
      .createIndex("branch_city_restaurant")
      .on("branch")
      .columns(["city", "restaurantId"])
      .execute();
    await sql`create index menu_item_rank on menu_item ("itemRating" desc, "itemRatingBy" desc, name, id)`.execute(
      db,
    );

    if (postgres) {
      const { rows } = await sql<{ usable: boolean }>`
        select exists (
          select 1 from pg_available_extension_versions
          where name = 'pg_trgm'
            and (trusted or (select rolsuper from pg_roles where rolname = current_user))
        ) and has_database_privilege(current_database(), 'CREATE') as usable`.execute(db);
      if (rows[0]?.usable) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index menu_item_name_trgm on menu_item using gin (lower(name) gin_trgm_ops)`.execute(
          db,
        );
      }
      return;
    }

    // SQLite: an FTS5 trigram index of dish names over menu_item's own rows
    // (external content keyed by rowid), kept by triggers in the writing transaction.
    await sql`create virtual table menu_item_name_fts using fts5(
      name, content = 'menu_item', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
    await sql`insert into menu_item_name_fts (menu_item_name_fts) values ('rebuild')`.execute(db);
    await sql`create trigger menu_item_name_fts_insert after insert on menu_item begin
      insert into menu_item_name_fts (rowid, name) values (new.rowid, new.name);
    end`.execute(db);
    await sql`create trigger menu_item_name_fts_delete after delete on menu_item begin
      insert into menu_item_name_fts (menu_item_name_fts, rowid, name) values ('delete', old.rowid, old.name);
    end`.execute(db);
    await sql`create trigger menu_item_name_fts_update after update of name on menu_item begin
      insert into menu_item_name_fts (menu_item_name_fts, rowid, name) values ('delete', old.rowid, old.name);
      insert into menu_item_name_fts (rowid, name) values (new.rowid, new.name);
    end`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await db.schema.dropIndex("menu_item_name_trgm").ifExists().execute();
    } else {
      for (const trigger of ["insert", "delete", "update"]) {
        await sql.raw(`drop trigger if exists menu_item_name_fts_${trigger}`).execute(db);
      }
      await sql`drop table if exists menu_item_name_fts`.execute(db);
    }
    for (const index of [
      "menu_item_rank",
      "branch_city_restaurant",
      "restaurant_finder",
      "restaurant_name_id",
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.createIndex("restaurant_name").on("restaurant").columns(["restName"]).execute();
  },
};
