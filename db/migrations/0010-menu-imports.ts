import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Menu imports waiting to be confirmed (docs/decisions/0023-menu-import.md): the
 * spreadsheet's rows as read, and the photos uploaded for them, stored (encoded and
 * counted against the owner's photos) before the import writes any dish. An import
 * is removed when it is written or discarded, or when its owner starts another a day
 * later; its photos no dish took are deleted with it.
 */
export const menuImports: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("menu_import")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("ownerId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("fileName", "text", (c) => c.notNull())
      .addColumn("rows", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("menu_import_owner")
      .on("menu_import")
      .columns(["ownerId", "createdAt"])
      .execute();
    await db.schema
      .createTable("menu_import_photo")
      .addColumn("importId", "text", (c) => c.notNull().references("menu_import.id").onDelete("cascade"))
      .addColumn("fileName", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("menu_import_photo_pk", ["importId", "fileName"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("menu_import_photo").ifExists().execute();
    await db.schema.dropTable("menu_import").ifExists().execute();
  },
};
