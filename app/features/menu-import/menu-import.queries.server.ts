import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertImport(
  db: Db,
  row: { id: string; ownerId: string; fileName: string; rows: string },
) {
  await db
    .insertInto("menu_import")
    .values({ ...row, createdAt: new Date().toISOString() })
    .execute();
}

/** One of the owner's imports, only theirs. */
export async function findImport(db: Db, ownerId: string, importId: string) {
  return db
    .selectFrom("menu_import")
    .select(["id", "fileName", "rows", "createdAt"])
    .where("id", "=", importId)
    .where("ownerId", "=", ownerId)
    .executeTakeFirst();
}

/** The owner's imports, newest first. */
export async function listImports(db: Db, ownerId: string) {
  return db
    .selectFrom("menu_import")
    .select(["id", "fileName", "createdAt"])
    .where("ownerId", "=", ownerId)
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
