import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Resumable video uploads on S3 without multipart uploads (ADR 0007). Each
 * upload's state is a row every app process reads, so a PATCH resumes on whichever
 * process it reaches; its bytes are pieces, plain objects under `tus/{id}/`, joined
 * into `vid/…` when a review takes the video and then removed. A piece's row is
 * written before its object (`stored` 0) and marked once the upload's offset has
 * moved past it: a process killed in between leaves a row that names the object,
 * so removing the upload removes it too, with no listing of the bucket.
 */
export const videoUploadPieces: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("video_upload_state")
      .addColumn("id", "text", (c) => c.primaryKey())
      // Null while the length is deferred (Upload-Defer-Length).
      .addColumn("size", "bigint")
      // Bytes stored so far: the Upload-Offset a client resumes from.
      .addColumn("received", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("metadata", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    // The expiry sweep reads by age.
    await db.schema
      .createIndex("video_upload_state_created")
      .on("video_upload_state")
      .column("createdAt")
      .execute();
    await db.schema
      .createTable("video_upload_piece")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("uploadId", "text", (c) => c.notNull())
      .addColumn("start", "bigint", (c) => c.notNull())
      .addColumn("bytes", "bigint", (c) => c.notNull())
      .addColumn("stored", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex("video_upload_piece_upload")
      .on("video_upload_piece")
      .columns(["uploadId", "start"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("video_upload_piece").ifExists().execute();
    await db.schema.dropTable("video_upload_state").ifExists().execute();
  },
};
