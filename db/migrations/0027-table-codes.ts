import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Table codes and reviews tied to the table (issue 33, ADR 0046): a branch's tables, each
 * with a short random code its printed card carries; a row for each change of the codes
 * (added, changed, removed) so an owner sees when old cards stopped giving passes; the
 * 'reviewed after scanning at the table' mark of a review; and the dish a review photo
 * shows, one of the branch's own dishes. Nothing here names a diner: a pass lives in the
 * diner's browser only. The tags are on public pages: a dish's page shows them, so they
 * move a scope of their own, 'rp:{restaurant}' (a tag added or gone, a review with tags
 * hidden or shown again), which a dish page reads as cheaply as a menu's 'r:'; the
 * review's own triggers (migration 0022) move the branch's and restaurant's pages.
 */
export const tableCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("branch_table")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("branch_table_label")
      .on("branch_table")
      .columns(["branchId", "label"])
      .unique()
      .execute();
    await db.schema
      .createTable("table_code_event")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      // "" for every table of the branch at once.
      .addColumn("tableLabel", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("table_code_event_branch")
      .on("table_code_event")
      .columns(["branchId", "timestamp"])
      .execute();
    await db.schema
      .alterTable("review")
      .addColumn("tableVerified", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("review_photo_dish")
      .addColumn("reviewId", "text", (c) => c.notNull().references("review.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("picture", "text", (c) => c.notNull())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("branchId", "text", (c) => c.notNull())
      // The branch's copy of the dish (or its own dish), and the general dish it follows.
      .addColumn("itemId", "text", (c) => c.notNull().references("menu_item.id").onDelete("cascade"))
      .addColumn("generalItemId", "text")
      .addPrimaryKeyConstraint("review_photo_dish_pk", ["reviewId", "position"])
      .execute();
    await db.schema.createIndex("review_photo_dish_item").on("review_photo_dish").column("itemId").execute();
    await db.schema
      .createIndex("review_photo_dish_general")
      .on("review_photo_dish")
      .column("generalItemId")
      .execute();
    await db.schema
      .createIndex("review_photo_dish_branch")
      .on("review_photo_dish")
      .column("branchId")
      .execute();
    await photoVersionTriggers(db);
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop trigger if exists content_version_review_photo_hidden on review`.execute(db);
      await sql`drop function if exists bump_photo_version() cascade`.execute(db);
    } else await sql`drop trigger if exists content_version_review_photo_hidden`.execute(db);
    await db.schema.dropTable("review_photo_dish").ifExists().execute();
    await db.schema.alterTable("review").dropColumn("tableVerified").execute();
    await db.schema.dropTable("table_code_event").ifExists().execute();
    await db.schema.dropTable("branch_table").ifExists().execute();
  },
};

/** PostgreSQL's bump of a content version (its `on conflict` names the table's column), and SQLite's. */
const upsert = (scope: string) => `insert into content_version (scope, version) values (${scope}, 1)
  on conflict (scope) do update set version = content_version.version + 1;`;
const bump = (scope: string) => `insert into content_version (scope, version) values (${scope}, 1)
  on conflict (scope) do update set version = version + 1;`;

/** 'rp:{restaurant}' moves with a photo's dish added or gone, and with a review hidden or shown again. */
async function photoVersionTriggers(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create or replace function bump_photo_version() returns trigger as $$
        begin
          if TG_TABLE_NAME = 'review' then
            if NEW.hidden is distinct from OLD.hidden
               and exists (select 1 from review_photo_dish where "reviewId" = NEW.id) then
              ${upsert(`'rp:' || NEW."restaurantId"`)}
            end if;
          elsif TG_OP = 'DELETE' then ${upsert(`'rp:' || OLD."restaurantId"`)}
          else ${upsert(`'rp:' || NEW."restaurantId"`)}
          end if;
          return null;
        end $$ language plpgsql`,
      )
      .execute(db);
    await sql`create trigger content_version_review_photo_dish after insert or delete on review_photo_dish
      for each row execute function bump_photo_version()`.execute(db);
    await sql`create trigger content_version_review_photo_hidden after update of hidden on review
      for each row execute function bump_photo_version()`.execute(db);
    return;
  }
  for (const [op, row] of [
    ["insert", "new"],
    ["delete", "old"],
  ] as const)
    await sql
      .raw(
        `create trigger content_version_review_photo_dish_${op} after ${op} on review_photo_dish
         begin ${bump(`'rp:' || ${row}."restaurantId"`)} end`,
      )
      .execute(db);
  await sql
    .raw(
      `create trigger content_version_review_photo_hidden after update of hidden on review
       when old.hidden is not new.hidden and exists (select 1 from review_photo_dish where "reviewId" = new.id)
       begin ${bump(`'rp:' || new."restaurantId"`)} end`,
    )
    .execute(db);
}
