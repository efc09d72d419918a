import { sql, type Kysely, type Transaction } from "kysely";
import type { Dialect } from "~/server/db.server.ts";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** The rows of an import whose spreadsheet is still being read. */
const READING = "";
/** PostgreSQL advisory locks are keyed by two numbers: this feature's, and the owner's hash. */
const LOCK_SPACE = 23;

/**
 * Marks a new import of the owner as being read, unless another is being read (and
 * began after `staleBefore`: one left by a process that died does not count); true
 * when marked. The check and the insert are one statement, and on PostgreSQL two
 * processes take the owner's advisory lock first, so only one of them finds none.
 */
export async function startReading(
  db: Kysely<DB>,
  dialect: Dialect,
  row: { id: string; ownerId: string; fileName: string },
  staleBefore: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres")
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${row.ownerId}))`.execute(trx);
    await trx
      .deleteFrom("menu_import")
      .where("ownerId", "=", row.ownerId)
      .where("rows", "=", READING)
      .where("createdAt", "<", staleBefore)
      .execute();
    const inserted = await trx
      .insertInto("menu_import")
      .columns(["id", "ownerId", "fileName", "rows", "createdAt"])
      .expression(
        trx
          .selectNoFrom((eb) => [
            eb.val(row.id).as("id"),
            eb.val(row.ownerId).as("ownerId"),
            eb.val(row.fileName).as("fileName"),
            eb.val(READING).as("rows"),
            eb.val(new Date().toISOString()).as("createdAt"),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("menu_import")
                  .select("id")
                  .where("ownerId", "=", row.ownerId)
                  .where("rows", "=", READING),
              ),
            ),
          ),
      )
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}

/** Stores the rows read into the import marked by startReading. */
export async function finishReading(db: Db, importId: string, rows: string) {
  await db
    .updateTable("menu_import")
    .set({ rows, createdAt: new Date().toISOString() })
    .where("id", "=", importId)
    .execute();
}

/** One of the owner's imports, only theirs. */
export async function findImport(db: Db, ownerId: string, importId: string) {
  return db
    .selectFrom("menu_import")
    .select(["id", "fileName", "rows", "createdAt"])
    .where("id", "=", importId)
    .where("ownerId", "=", ownerId)
    .where("rows", "!=", READING)
    .executeTakeFirst();
}

/** The owner's imports, newest first (not one still being read). */
export async function listImports(db: Db, ownerId: string) {
  return db
    .selectFrom("menu_import")
    .select(["id", "fileName", "createdAt"])
    .where("ownerId", "=", ownerId)
    .where("rows", "!=", READING)
    .orderBy("createdAt", "desc")
    .execute();
}

export async function listPhotos(db: Db, importId: string) {
  return db
    .selectFrom("menu_import_photo")
    .select(["fileName", "url"])
    .where("importId", "=", importId)
    .orderBy("fileName")
    .execute();
}

/** Stores a photo under its name; returns the picture it replaces, if any. */
export async function putPhoto(db: Db, importId: string, fileName: string, url: string) {
  const before = await db
    .selectFrom("menu_import_photo")
    .select("url")
    .where("importId", "=", importId)
    .where("fileName", "=", fileName)
    .executeTakeFirst();
  if (before) {
    await db
      .updateTable("menu_import_photo")
      .set({ url, createdAt: new Date().toISOString() })
      .where("importId", "=", importId)
      .where("fileName", "=", fileName)
      .execute();
  } else {
    await db
      .insertInto("menu_import_photo")
      .values({ importId, fileName, url, createdAt: new Date().toISOString() })
      .execute();
  }
  return before?.url;
}

/** Removes an import and its photo rows; false when it was already gone (another request took it). */
export async function deleteImport(db: Db, importId: string): Promise<boolean> {
  await db.deleteFrom("menu_import_photo").where("importId", "=", importId).execute();
  const result = await db.deleteFrom("menu_import").where("id", "=", importId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
