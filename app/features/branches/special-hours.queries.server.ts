import type { Insertable, Kysely, Transaction } from "kysely";
import type { BranchScheduleTable, DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A branch's schedules in date order. */
export async function schedulesOf(db: Db, branchId: string) {
  return db
    .selectFrom("branch_schedule")
    .select(["id", "kind", "validFrom", "validUntil", "hours"])
    .where("branchId", "=", branchId)
    .orderBy("validFrom")
    .execute();
}

export type ScheduleRow = Awaited<ReturnType<typeof schedulesOf>>[number];

/** The schedules that cover any day from `from` to `until`. */
export async function schedulesBetween(db: Db, branchId: string, from: string, until: string) {
  return db
    .selectFrom("branch_schedule")
    .select(["id", "kind", "validFrom", "validUntil", "hours"])
    .where("branchId", "=", branchId)
    .where("validFrom", "<=", until)
    .where("validUntil", ">=", from)
    .orderBy("validFrom")
    .execute();
}

export async function insertSchedule(db: Db, row: Insertable<BranchScheduleTable>) {
  await db.insertInto("branch_schedule").values(row).execute();
}

export async function deleteSchedule(db: Db, branchId: string, id: string) {
  const result = await db
    .deleteFrom("branch_schedule")
    .where("id", "=", id)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
