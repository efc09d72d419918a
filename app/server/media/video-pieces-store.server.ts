import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DataStore, ERRORS, StreamSplitter, Upload } from "@tus/server";
import type { Kysely } from "kysely";
import type { DB } from "../db-schema.server.ts";
import type { Storage } from "../storage/storage.server.ts";

/** Objects of unfinished uploads live under this prefix, which /media never serves. */
export const PIECES_PREFIX = "tus/";

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * A tus store for S3 that needs of the bucket only PutObject, GetObject and
 * DeleteObjects (ADR 0007). The tus S3 store keeps an upload as a
 * multipart upload and learns its offset from ListParts, which not every
 * S3-compatible server has, and it leaves the finished object and its `.info`
 * beside the copy a review keeps. Here the state (size, offset, metadata) is a
 * database row all processes share, and the bytes are pieces of at most
 * `pieceBytes` each: a PATCH is cut into pieces on local disk (tus's own
 * splitter) and each is stored as one object, then counted with a compare-and-set
 * on the offset, so two processes never both append at one offset. A request cut
 * off mid-way keeps what it delivered; a process killed mid-way loses at most the
 * piece it was writing. The upload is read back as its pieces in order, and
 * removing it removes every piece, its row and any object a killed process left.
 */
export class VideoPiecesStore extends DataStore {
  readonly #db: Kysely<DB>;
  readonly #storage: Storage;
  readonly #expiryMs: number;
  readonly #pieceBytes: number;

  constructor(options: { db: Kysely<DB>; storage: Storage; expiryMs: number; pieceBytes: number }) {
    super();
    this.#db = options.db;
    this.#storage = options.storage;
    this.#expiryMs = options.expiryMs;
    this.#pieceBytes = options.pieceBytes;
    this.extensions = [
      "creation",
      "creation-with-upload",
      "creation-defer-length",
      "termination",
      "expiration",
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.#db
      .insertInto("video_upload_state")
      .values({
        id: upload.id,
        size: upload.size ?? null,
        metadata: JSON.stringify(upload.metadata ?? {}),
        createdAt: upload.creation_date,
      })
      .execute();
    upload.storage = { type: "pieces", path: `${PIECES_PREFIX}${upload.id}/` };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.#db
      .selectFrom("video_upload_state")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.received),
      metadata: JSON.parse(row.metadata) as Record<string, string | null>,
      creation_date: row.createdAt,
      storage: { type: "pieces", path: `${PIECES_PREFIX}${id}/` },
    });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const { numUpdatedRows } = await this.#db
      .updateTable("video_upload_state")
      .set({ size })
      .where("id", "=", id)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw ERRORS.FILE_NOT_FOUND;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let position = offset;
    // The splitter's file for the piece being received, removed if the request fails.
    let receiving: string | null = null;
    // A piece being stored when the request fails is still counted before tus answers.
    let storing: Promise<void> = Promise.resolve();
    const splitter = new StreamSplitter({ chunkSize: this.#pieceBytes, directory: os.tmpdir() })
      .on("chunkStarted", (file: string) => {
        receiving = file;
      })
      .on("chunkFinished", async ({ path: file, size }: { path: string; size: number }) => {
        receiving = null;
        storing = (async () => {
          try {
            if (size > 0) await this.#storePiece(id, position, file, size);
            position += size;
          } finally {
            await fsp.rm(file, { force: true });
          }
        })();
        await storing;
      });
    try {
      await pipeline(stream, splitter);
    } finally {
      await storing.catch(() => undefined);
      if (receiving) await fsp.rm(receiving, { force: true });
    }
    return position;
  }

  async #storePiece(id: string, start: number, file: string, bytes: number): Promise<void> {
    const key = `${PIECES_PREFIX}${id}/${String(start).padStart(12, "0")}-${randomBytes(4).toString("hex")}.bin`;
    const db = this.#db;
    await db.insertInto("video_upload_piece").values({ key, uploadId: id, start, bytes }).execute();
    await this.#storage.put(key, fs.createReadStream(file), {
      contentType: "application/octet-stream",
      size: bytes,
    });
    const counted = await db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("video_upload_state")
        .set({ received: start + bytes })
        .where("id", "=", id)
        .where("received", "=", start)
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) return false;
      await trx.updateTable("video_upload_piece").set({ stored: 1 }).where("key", "=", key).execute();
      return true;
    });
    if (counted) return;
    // Another request stored these bytes first, or the upload was removed meanwhile.
    await this.#storage.delete([key]);
    await db.deleteFrom("video_upload_piece").where("key", "=", key).execute();
    const still = await db
      .selectFrom("video_upload_state")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    throw still ? ERRORS.INVALID_OFFSET : ERRORS.FILE_NOT_FOUND;
  }

  /** The upload's bytes so far, its pieces one after another. */
  async read(id: string): Promise<Readable> {
    const pieces = await this.#db
      .selectFrom("video_upload_piece")
      .select("key")
      .where("uploadId", "=", id)
      .where("stored", "=", 1)
      .orderBy("start")
      .execute();
    const storage = this.#storage;
    return Readable.from(
      (async function* () {
        for (const { key } of pieces) {
          const object = await storage.get(key);
          if (!object) throw new Error(`video upload ${id}: piece ${key} is missing`);
          yield* object.body;
        }
      })(),
    );
  }

  override async remove(id: string): Promise<void> {
    const db = this.#db;
    const row = await db
      .selectFrom("video_upload_state")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const keys = (
      await db.selectFrom("video_upload_piece").select("key").where("uploadId", "=", id).execute()
    ).map((piece) => piece.key);
    // Objects first: if the store fails, the rows still name them for the next attempt.
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      await this.#storage.delete(keys.slice(i, i + DELETE_BATCH));
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("video_upload_piece").where("uploadId", "=", id).execute();
      await trx.deleteFrom("video_upload_state").where("id", "=", id).execute();
    });
  }

  /** Unfinished uploads past their expiry, as tus's FileStore does; finished ones are the ledger's. */
  override async deleteExpired(): Promise<number> {
    const before = new Date(Date.now() - this.#expiryMs).toISOString();
    const rows = await this.#db
      .selectFrom("video_upload_state")
      .select(["id", "size", "received"])
      .where("createdAt", "<", before)
      .execute();
    let removed = 0;
    for (const row of rows) {
      if (row.size !== null && Number(row.received) >= Number(row.size)) continue;
      try {
        await this.remove(row.id);
        removed++;
      } catch (error) {
        // Every process sweeps each hour: another one may have removed it first.
        if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      }
    }
    return removed;
  }

  override getExpiration(): number {
    return this.#expiryMs;
  }
}
