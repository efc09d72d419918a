import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB, SubmissionTable } from "./db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

export interface SubmissionKey {
  accountId: string;
  form: string;
  token: string;
}

export async function findSubmission(db: Db, key: SubmissionKey) {
  return db
    .selectFrom("submission")
    .select(["fingerprint", "answer"])
    .where("accountId", "=", key.accountId)
    .where("form", "=", key.form)
    .where("token", "=", key.token)
    .executeTakeFirst();
}

export async function insertSubmission(db: Db, row: Insertable<SubmissionTable>) {
  await db.insertInto("submission").values(row).execute();
}

export async function deleteSubmissionsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("submission").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
