import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A branch's dated hours (issue 32, ADR 0045): Ramadan hours (sehri and iftar service)
 * and Eid days, from one day to another, instead of a note. Each day of the schedule has
 * the same ranges, whose edges are a time or the day's iftar or sehri; none is closed.
 * The content-version trigger moves the branch's kept pages when a schedule changes.
 */
export const specialHours: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("branch_schedule")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      .addColumn("restaurantId", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("validFrom", "text", (c) => c.notNull())
      .addColumn("validUntil", "text", (c) => c.notNull())
      .addColumn("hours", "text", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("branch_schedule_branch")
      .on("branch_schedule")
      .columns(["branchId", "validFrom"])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create trigger content_version_branch_schedule
        after insert or update or delete on branch_schedule
        for each row execute function bump_content_version('restaurantId', '')`.execute(db);
      return;
    }
    for (const [op, row] of [
      ["insert", "new"],
      ["update", "new"],
      ["delete", "old"],
    ] as const)
      await sql
        .raw(
          `create trigger content_version_branch_schedule_${op} after ${op} on branch_schedule begin
            insert into content_version (scope, version) values ('r:' || ${row}."restaurantId", 1)
              on conflict (scope) do update set version = version + 1;
            insert into content_version (scope, version) values ('all', 1)
              on conflict (scope) do update set version = version + 1;
          end`,
        )
        .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("branch_schedule").ifExists().execute();
  },
};
