import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 30 (ADR 0040): a review no longer moves its restaurant's whole content version.
 * Until now every review (its reply, its hiding, the restaurant's recounted rating) bumped
 * 'r:{restaurant}', so one post sent every page of the restaurant (each menu page, each
 * branch, both languages) back to a render. Reviews now move their own scopes:
 *   'rv:{restaurant}'  the restaurant's reviews: its page, its reviews page, its rating;
 *   'rb:{branch}'      one branch's reviews: that branch's page and its reviews page.
 * 'r:{restaurant}' keeps everything else (menus, branches, profile). An update of the
 * restaurant row that changes only its rating columns moves 'rv:'; one that changes
 * nothing moves nothing (the review writes lock the row with a no-op update). 'all'
 * still moves with every write, for the site's lists. Triggers, as in 0006: the bump
 * commits or rolls back with the write.
 */
export const RATING_COLUMNS = ["restRating", "restNoofReviews", "restRatingoutof"] as const;

const bump = (scope: string) => `insert into content_version (scope, version) values (${scope}, 1)
  on conflict (scope) do update set version = version + 1;`;
// The select's `where` keeps SQLite from reading `on conflict` as a join's `on`.
const bumpBranchOfReview = (reviewId: string) => `insert into content_version (scope, version)
  select 'rb:' || "branchId", 1 from review where id = ${reviewId}
  on conflict (scope) do update set version = version + 1;`;

/** SQLite: true when any of these columns differs between the old row and the new. */
const changed = (names: readonly string[]) => names.map((c) => `old."${c}" is not new."${c}"`).join(" or ");
/** PostgreSQL's bump (its `on conflict` names the table's column). */
const upsert = (scope: string) => `insert into content_version (scope, version) values (${scope}, 1)
    on conflict (scope) do update set version = content_version.version + 1;`;

/** Each operation with the row a trigger reads (the new one, or the old one a delete leaves). */
const OPERATIONS = [
  ["insert", "new"],
  ["update", "new"],
  ["delete", "old"],
] as const;

const SQLITE_TRIGGERS = [
  "content_version_review_insert",
  "content_version_review_update",
  "content_version_review_delete",
  "content_version_review_reply_insert",
  "content_version_review_reply_update",
  "content_version_review_reply_delete",
  "content_version_restaurant_update",
];

export const reviewVersions: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await upPostgres(db);
      return;
    }
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    const reviewBumps = (row: "new" | "old") =>
      `${bump(`'rv:' || ${row}."restaurantId"`)} ${bump(`'rb:' || ${row}."branchId"`)} ${bump("'all'")}`;
    await sql
      .raw(
        `create trigger content_version_review_insert after insert on review begin ${reviewBumps("new")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger content_version_review_update after update on review begin ${reviewBumps("old")} ${reviewBumps("new")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger content_version_review_delete after delete on review begin ${reviewBumps("old")} end`,
      )
      .execute(db);
    const replyBumps = (row: "new" | "old") =>
      `${bump(`'rv:' || ${row}."ownerId"`)} ${bumpBranchOfReview(`${row}."reviewId"`)} ${bump("'all'")}`;
    for (const [op, row] of OPERATIONS) {
      await sql
        .raw(
          `create trigger content_version_review_reply_${op} after ${op} on review_reply begin ${replyBumps(row)} end`,
        )
        .execute(db);
    }

    // Every column of the row as it is now, rating aside; a column added later is caught
    // by content-versions.test.ts, which changes each one and expects 'r:' to move.
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info('restaurant')`.execute(db)
    ).rows
      .map((r) => r.name)
      .filter((name) => !(RATING_COLUMNS as readonly string[]).includes(name));
    await sql
      .raw(
        `create trigger content_version_restaurant_update after update on restaurant when ${changed(columns)}
         begin ${bump(`'r:' || new.id`)} ${bump("'all'")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger content_version_restaurant_rating after update on restaurant
         when not (${changed(columns)}) and (${changed(RATING_COLUMNS)})
         begin ${bump(`'rv:' || new.id`)} ${bump("'all'")} end`,
      )
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop trigger if exists content_version_review on review`.execute(db);
      await sql`drop trigger if exists content_version_review_reply on review_reply`.execute(db);
      await sql`drop trigger if exists content_version_restaurant_update on restaurant`.execute(db);
      await sql`drop trigger if exists content_version_restaurant on restaurant`.execute(db);
      await sql`drop function if exists bump_review_version()`.execute(db);
      await sql`drop function if exists bump_restaurant_update_version()`.execute(db);
      for (const [table, column] of [
        ["review", "restaurantId"],
        ["review_reply", "ownerId"],
        ["restaurant", "id"],
      ] as const) {
        await sql`create trigger ${sql.raw(`content_version_${table}`)}
          after insert or update or delete on ${sql.table(table)}
          for each row execute function bump_content_version(${sql.lit(column)}, '')`.execute(db);
      }
      return;
    }
    for (const name of [...SQLITE_TRIGGERS, "content_version_restaurant_rating"]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    for (const [table, column] of [
      ["review", "restaurantId"],
      ["review_reply", "ownerId"],
    ] as const) {
      for (const [op, row] of OPERATIONS) {
        await sql
          .raw(
            `create trigger content_version_${table}_${op} after ${op} on "${table}" begin
              ${bump(`'r:' || ${row}."${column}"`)} ${bump("'all'")} end`,
          )
          .execute(db);
      }
    }
    await sql
      .raw(
        `create trigger content_version_restaurant_update after update on restaurant begin ${bump("'r:' || new.id")} ${bump("'all'")} end`,
      )
      .execute(db);
  },
};

async function upPostgres(db: Kysely<unknown>) {
  await sql
    .raw(
      `create or replace function bump_review_version() returns trigger as $$
      declare
        rows_data jsonb[];
        row_data jsonb;
      begin
        rows_data := case TG_OP when 'DELETE' then array[to_jsonb(OLD)] when 'INSERT' then array[to_jsonb(NEW)]
          else array[to_jsonb(OLD), to_jsonb(NEW)] end;
        foreach row_data in array rows_data loop
          if TG_TABLE_NAME = 'review' then
            ${upsert(`'rv:' || (row_data ->> 'restaurantId')`)}
            ${upsert(`'rb:' || (row_data ->> 'branchId')`)}
          else
            ${upsert(`'rv:' || (row_data ->> 'ownerId')`)}
            insert into content_version (scope, version)
              select 'rb:' || "branchId", 1 from review where id = row_data ->> 'reviewId'
              on conflict (scope) do update set version = content_version.version + 1;
          end if;
        end loop;
        ${upsert("'all'")}
        return null;
      end $$ language plpgsql`,
    )
    .execute(db);
  const rating = RATING_COLUMNS.map((c) => ` - '${c}'`).join("");
  await sql
    .raw(
      `create or replace function bump_restaurant_update_version() returns trigger as $$
      begin
        if (to_jsonb(NEW)${rating}) is distinct from (to_jsonb(OLD)${rating}) then
          ${upsert(`'r:' || NEW.id`)}
        elsif to_jsonb(NEW) is distinct from to_jsonb(OLD) then
          ${upsert(`'rv:' || NEW.id`)}
        else
          return null;
        end if;
        ${upsert("'all'")}
        return null;
      end $$ language plpgsql`,
    )
    .execute(db);
  await sql`drop trigger if exists content_version_review on review`.execute(db);
  await sql`drop trigger if exists content_version_review_reply on review_reply`.execute(db);
  await sql`drop trigger if exists content_version_restaurant on restaurant`.execute(db);
  for (const table of ["review", "review_reply"]) {
    await sql`create trigger ${sql.raw(`content_version_${table}`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function bump_review_version()`.execute(db);
  }
  await sql`create trigger content_version_restaurant after insert or delete on restaurant
    for each row execute function bump_content_version('id', '')`.execute(db);
  await sql`create trigger content_version_restaurant_update after update on restaurant
    for each row execute function bump_restaurant_update_version()`.execute(db);
}
