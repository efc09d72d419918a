import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Deals and combos (issue 32, ADR 0044): a deal of the general menu (branchId null) or of
 * one branch only, its parts (a dish of the general menu, with a quantity and a size, or a
 * few words such as "1.5 L drink"), and what each branch does with a general deal (its
 * own price, or not offered there). Every row names its restaurant, so the content-version
 * triggers of migration 0006 move the restaurant's pages when a deal changes.
 */
const TABLES = ["deal", "deal_part", "deal_branch"] as const;
const OPERATIONS = [
  { name: "insert", row: "new" },
  { name: "update", row: "new" },
  { name: "delete", row: "old" },
] as const;

const sqliteBump = (scope: string) => `insert into content_version (scope, version) values (${scope}, 1)
    on conflict (scope) do update set version = version + 1;`;

export const deals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("deal")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("branchId", "text", (c) => c.references("branch.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("nameUr", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("picture", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price", "double precision", (c) => c.notNull())
      .addColumn("serves", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("servedTimes", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("validFrom", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("validUntil", "text", (c) => c.notNull().defaultTo(""))
      // An iftar deal leads the deals while the branch keeps Ramadan hours (ADR 0045).
      .addColumn("iftar", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("deal_restaurant").on("deal").columns(["restaurantId", "position"]).execute();
    await db.schema
      .createTable("deal_part")
      .addColumn("dealId", "text", (c) => c.notNull().references("deal.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("itemId", "text", (c) => c.references("menu_item.id").onDelete("cascade"))
      .addColumn("sizeLabel", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
      .addPrimaryKeyConstraint("deal_part_pk", ["dealId", "position"])
      .execute();
    await db.schema.createIndex("deal_part_item").on("deal_part").column("itemId").execute();
    await db.schema
      .createTable("deal_branch")
      .addColumn("dealId", "text", (c) => c.notNull().references("deal.id").onDelete("cascade"))
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("priceOverride", "double precision")
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("deal_branch_pk", ["dealId", "branchId"])
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of TABLES)
        await sql`create trigger ${sql.raw(`content_version_${table}`)}
          after insert or update or delete on ${sql.table(table)}
          for each row execute function bump_content_version('restaurantId', '')`.execute(db);
      return;
    }
    for (const table of TABLES)
      for (const op of OPERATIONS)
        await sql
          .raw(
            `create trigger content_version_${table}_${op.name} after ${op.name} on "${table}" begin
              ${sqliteBump(`'r:' || ${op.row}."restaurantId"`)}
              ${sqliteBump("'all'")}
            end`,
          )
          .execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["deal_branch", "deal_part", "deal"])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
