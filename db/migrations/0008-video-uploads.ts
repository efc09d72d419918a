import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The ledger of video uploads (docs/decisions/0015-upload-quotas.md): one row per
 * tus upload a customer started, kept while the upload is in the tus store
 * (`open`) and for a day after, so every app process counts the same unfinished
 * uploads, new uploads an hour and bytes a day per customer.
 */
export const videoUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("video_upload")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("ownerId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("bytes", "bigint", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("open", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex("video_upload_owner")
      .on("video_upload")
      .columns(["ownerId", "createdAt"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("video_upload").ifExists().execute();
  },
};
