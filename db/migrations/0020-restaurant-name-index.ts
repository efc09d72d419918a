import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 35: restaurant names get the trigram index dish names have had since 0007, so the
 * Restaurant Locator's search by name starts from the restaurants whose names hold the
 * text instead of reading every name: FTS5 on SQLite, kept by triggers in the writing
 * transaction; pg_trgm on PostgreSQL where 0007 could create the extension (without it,
 * the search stays correct and scans, as dishes' does).
 */
export const restaurantNameIndex: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const { rows } = await sql<{ installed: boolean }>`
        select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
      if (rows[0]?.installed) {
        await sql`create index restaurant_name_trgm on restaurant using gin (lower("restName") gin_trgm_ops)`.execute(
          db,
        );
      }
      return;
    }
    await sql`create virtual table restaurant_name_fts using fts5(
      "restName", content = 'restaurant', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
    await sql`insert into restaurant_name_fts (restaurant_name_fts) values ('rebuild')`.execute(db);
    await sql`create trigger restaurant_name_fts_insert after insert on restaurant begin
      insert into restaurant_name_fts (rowid, "restName") values (new.rowid, new."restName");
    end`.execute(db);
    await sql`create trigger restaurant_name_fts_delete after delete on restaurant begin
      insert into restaurant_name_fts (restaurant_name_fts, rowid, "restName") values ('delete', old.rowid, old."restName");
    end`.execute(db);
    await sql`create trigger restaurant_name_fts_update after update of "restName" on restaurant begin
      insert into restaurant_name_fts (restaurant_name_fts, rowid, "restName") values ('delete', old.rowid, old."restName");
      insert into restaurant_name_fts (rowid, "restName") values (new.rowid, new."restName");
    end`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.schema.dropIndex("restaurant_name_trgm").ifExists().execute();
      return;
    }
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists restaurant_name_fts_${trigger}`).execute(db);
    }
    await sql`drop table if exists restaurant_name_fts`.execute(db);
  },
};
