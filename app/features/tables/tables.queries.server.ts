import type { Insertable, Kysely, Transaction } from "kysely";
import type { BranchTableTable, DB, TableCodeEventTable } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A branch's tables in the order they were added. */
export async function tablesOf(db: Db, branchId: string) {
  return db
    .selectFrom("branch_table")
    .select(["id", "label", "code", "position"])
    .where("branchId", "=", branchId)
    .orderBy("position")
    .execute();
}

export async function findTable(db: Db, branchId: string, tableId: string) {
  return db
    .selectFrom("branch_table")
    .select(["id", "label", "code"])
    .where("branchId", "=", branchId)
    .where("id", "=", tableId)
    .executeTakeFirst();
}

/** The table a printed code names, when it is this branch's. */
export async function tableByCode(db: Db, branchId: string, code: string) {
  return db
    .selectFrom("branch_table")
    .select(["id", "label", "code"])
    .where("code", "=", code)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
}

/** Whether the table still carries this code (it was not removed, nor its code changed). */
export async function codeCurrent(db: Db, branchId: string, tableId: string, code: string) {
  return !!(await db
    .selectFrom("branch_table")
    .select("id")
    .where("id", "=", tableId)
    .where("branchId", "=", branchId)
    .where("code", "=", code)
    .executeTakeFirst());
}

export async function insertTables(db: Db, rows: Insertable<BranchTableTable>[]) {
  if (rows.length > 0) await db.insertInto("branch_table").values(rows).execute();
}

export async function setCode(db: Db, tableId: string, code: string) {
  await db.updateTable("branch_table").set({ code }).where("id", "=", tableId).execute();
}

export async function deleteTable(db: Db, tableId: string) {
  await db.deleteFrom("branch_table").where("id", "=", tableId).execute();
}

export async function addEvent(db: Db, row: Insertable<TableCodeEventTable>) {
  await db.insertInto("table_code_event").values(row).execute();
}

/** The branch's latest changes of its codes, newest first. */
export async function eventsOf(db: Db, branchId: string, limit: number) {
  return db
    .selectFrom("table_code_event")
    .select(["tableLabel", "action", "timestamp"])
    .where("branchId", "=", branchId)
    .orderBy("timestamp", "desc")
    .limit(limit)
    .execute();
}
