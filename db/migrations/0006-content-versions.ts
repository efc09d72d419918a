import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Content versions for the page cache: every write to what public pages show
 * bumps the version of its restaurant ('r:{id}') and the site-wide 'all' (lists,
 * home, finder); a customer's change bumps 'customers' (names and photos on
 * reviews). Triggers, so no use case can forget one, and the bump commits or
 * rolls back with the write itself. A cached page is keyed by the versions it
 * depends on, so every server process sharing the database sees a change at once.
 */
const WATCHED: {
  table: string;
  restaurantColumn: string | null;
  extraScope?: string;
  /** A new customer is on no page yet: only a change or a removal matters. */
  skipInsert?: boolean;
}[] = [
  { table: "restaurant", restaurantColumn: "id" },
  { table: "branch", restaurantColumn: "restaurantId" },
  { table: "menu_section", restaurantColumn: "restaurantId" },
  { table: "menu_item", restaurantColumn: "restaurantId" },
  { table: "review", restaurantColumn: "restaurantId" },
  { table: "review_reply", restaurantColumn: "ownerId" },
  { table: "customer", restaurantColumn: null, extraScope: "customers", skipInsert: true },
];

const OPERATIONS = [
  { name: "insert", row: "new" },
  { name: "update", row: "new" },
  { name: "delete", row: "old" },
] as const;

function sqliteBump(scope: string) {
  return `insert into content_version (scope, version) values (${scope}, 1)
    on conflict (scope) do update set version = version + 1;`;
}

export const contentVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("content_version")
      .addColumn("scope", "text", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        create or replace function bump_content_version() returns trigger as $$
        declare
          row_data jsonb;
          restaurant_id text;
        begin
          row_data := case when TG_OP = 'DELETE' then to_jsonb(OLD) else to_jsonb(NEW) end;
          if TG_ARGV[0] <> '' then
            restaurant_id := row_data ->> TG_ARGV[0];
            insert into content_version (scope, version) values ('r:' || restaurant_id, 1)
              on conflict (scope) do update set version = content_version.version + 1;
          end if;
          if TG_ARGV[1] <> '' then
            insert into content_version (scope, version) values (TG_ARGV[1], 1)
              on conflict (scope) do update set version = content_version.version + 1;
          end if;
          insert into content_version (scope, version) values ('all', 1)
            on conflict (scope) do update set version = content_version.version + 1;
          return null;
        end $$ language plpgsql`.execute(db);
      for (const { table, restaurantColumn, extraScope, skipInsert } of WATCHED) {
        await sql`create trigger ${sql.raw(`content_version_${table}`)}
          after ${sql.raw(skipInsert ? "update or delete" : "insert or update or delete")} on ${sql.table(table)}
          for each row execute function bump_content_version(${sql.lit(restaurantColumn ?? "")}, ${sql.lit(extraScope ?? "")})`.execute(
          db,
        );
      }
      return;
    }

    for (const { table, restaurantColumn, extraScope, skipInsert } of WATCHED) {
      for (const op of OPERATIONS) {
        if (skipInsert && op.name === "insert") continue;
        const bumps = [
          restaurantColumn ? sqliteBump(`'r:' || ${op.row}."${restaurantColumn}"`) : "",
          extraScope ? sqliteBump(`'${extraScope}'`) : "",
          sqliteBump("'all'"),
        ].join("\n");
        await sql
          .raw(
            `create trigger content_version_${table}_${op.name} after ${op.name} on "${table}" begin
              ${bumps}
            end`,
          )
          .execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const { table } of WATCHED) {
      if (postgres) {
        await sql`drop trigger if exists ${sql.raw(`content_version_${table}`)} on ${sql.table(table)}`.execute(
          db,
        );
      } else {
        for (const op of OPERATIONS) {
          await sql.raw(`drop trigger if exists content_version_${table}_${op.name}`).execute(db);
        }
      }
    }
    if (postgres) await sql`drop function if exists bump_content_version()`.execute(db);
    await db.schema.dropTable("content_version").ifExists().execute();
  },
};
