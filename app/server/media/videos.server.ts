import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { Database } from "../db.server.ts";
import type { Env } from "../env.server.ts";
import type { Logger } from "../log.server.ts";
import type { Storage } from "../storage/storage.server.ts";
import { MediaError } from "./images.server.ts";
import { VideoPiecesStore } from "./video-pieces-store.server.ts";
import { createVideoQuota } from "./video-quota.server.ts";
import type { Viewer } from "../viewer.server.ts";
import { keyed } from "~/lib/message.ts";

// Its callers import it from here; the backup scripts, run without a build, from media-keys.
export { videoKey } from "./media-keys.server.ts";

export const VIDEO_UPLOAD_PATH = "/uploads/video";

export const VIDEO_MESSAGES = {
  notVideo: "This file is not a video. Choose an MP4, WebM or MOV video.",
  tooBig: (maxBytes: number) =>
    keyed("The video is larger than {{mb}} MB.", { mb: Math.round(maxBytes / 1024 / 1024) }),
  notFinished: "The video has not finished uploading yet.",
  notYours: "That video upload is not yours.",
  signIn: "Log in as a customer to upload a video.",
  storeAway: "The video could not be saved just now. Please try again in a minute.",
} as const;

/** An upload's bytes are stored in pieces of at most this size (one browser chunk, 5 MB, fits one). */
const PIECE_BYTES = 8 * 1024 * 1024;

type Container = { ext: "mp4" | "webm" | "mov"; contentType: string };

/** The container, told from the file's first bytes (never its name or declared type). */
export function sniffVideo(head: Uint8Array): Container | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return { ext: "webm", contentType: "video/webm" };
  }
  if (head.length >= 12 && ascii(4, 8) === "ftyp") {
    return ascii(8, 12) === "qt  "
      ? { ext: "mov", contentType: "video/quicktime" }
      : { ext: "mp4", contentType: "video/mp4" };
  }
  if (head.length >= 8 && ["moov", "mdat", "wide", "free"].includes(ascii(4, 8))) {
    return { ext: "mov", contentType: "video/quicktime" };
  }
  return null;
}

async function firstBytes(stream: Readable, count: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Buffer));
    length += (chunk as Buffer).length;
    if (length >= count) break;
  }
  stream.destroy();
  return new Uint8Array(Buffer.concat(chunks).subarray(0, count));
}

const refuse = (status_code: number, body: string) => ({ status_code, body });

/** tus's own answers (not found, gone) and our refusals carry a status; a store's faults do not. */
const isTusRefusal = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "status_code" in error;

/** Review videos are a customer's (product rules §7): only a signed-in customer may start an upload. */
export function mayUploadVideo(viewer: Viewer | null): viewer is Viewer {
  return viewer?.role === "customer";
}

export interface VideoUploads {
  server: Server;
  /** Moves a finished upload of `ownerId` into storage as `vid/{name}.{ext}`; returns its URL. */
  claim(uploadId: string, ownerId: string, name: string): Promise<string>;
  cleanUp(): Promise<number>;
}

/**
 * Resumable video uploads (tus): the browser sends the file in chunks and can
 * pick up where it stopped after a dropped connection or a reload. Only signed-in
 * customers may upload, each only to their own uploads, within their quotas (a
 * few open uploads, so many a day, so many bytes a day); unfinished uploads expire.
 */
export function createVideoUploads(options: {
  env: Env;
  log: Logger;
  storage: Storage;
  database: Database;
  /** Who sent a request (app/server/viewer.server.ts), the one lookup every access check uses. */
  viewerOf: (headers: Headers) => Promise<Viewer | null>;
}): VideoUploads {
  const { env, log, storage } = options;
  const expiry = env.VIDEO_UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;
  const quota = createVideoQuota(options.database, {
    maxOpen: env.MAX_OPEN_VIDEO_UPLOADS,
    maxPerHour: env.MAX_VIDEO_UPLOADS_PER_HOUR,
    maxBytesPerDay: env.MAX_VIDEO_BYTES_PER_DAY,
    expiryMs: expiry,
  });
  // On S3 the state is in the database every process shares and the bytes are pieces in the
  // bucket (video-pieces-store.server.ts); on one machine, tus's own files in DATA_DIR.
  const datastore =
    env.STORAGE === "s3"
      ? new VideoPiecesStore({ db: options.database.db, storage, expiryMs: expiry, pieceBytes: PIECE_BYTES })
      : new FileStore({ directory: path.join(env.DATA_DIR, "tus"), expirationPeriodInMilliseconds: expiry });

  // A twin post of the same review may remove the upload while this one still reads it:
  // tus's file stream then fails before its reader listens (storage.put opens its temp file
  // first). The failure stays on the stream, where pipeline and for-await still see it,
  // instead of escaping as an uncaught error that ends the process.
  const uploadsDirectory = path.join(env.DATA_DIR, "tus");
  const isRemovedUpload = (error: unknown): boolean => {
    const { code, path: file } = (error ?? {}) as NodeJS.ErrnoException;
    return code === "ENOENT" && typeof file === "string" && file.startsWith(uploadsDirectory + path.sep);
  };
  const read = async (id: string): Promise<Readable> => {
    const body = await datastore.read(id);
    body.on("error", () => undefined);
    return body;
  };

  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: env.MAX_VIDEO_BYTES,
    respectForwardedHeaders: env.TRUST_PROXY !== false,
    namingFunction: () => crypto.randomUUID().replaceAll("-", ""),
    async onUploadCreate(req: Request, upload: Upload) {
      const user = await options.viewerOf(req.headers);
      if (!mayUploadVideo(user)) throw refuse(403, VIDEO_MESSAGES.signIn);
      // An empty file is no video: refused before it is counted or stored.
      if (upload.size === 0) throw refuse(415, VIDEO_MESSAGES.notVideo);
      // Past a quota this throws its refusal (a status and words), which tus sends as is.
      // A deferred length may grow to the largest video allowed: that much is counted.
      await quota.reserve(user.userId, upload.id, upload.size ?? env.MAX_VIDEO_BYTES, (id) =>
        datastore.getUpload(id).then(
          () => true,
          () => false,
        ),
      );
      // The owner comes from the session, whatever the client wrote in the metadata.
      return { metadata: { ...upload.metadata, owner: user.userId } };
    },
    async onIncomingRequest(req: Request, uploadId: string) {
      if (req.method === "POST" || req.method === "OPTIONS") return;
      const user = await options.viewerOf(req.headers);
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.owner !== user?.userId) throw refuse(403, VIDEO_MESSAGES.notYours);
    },
    // tus answers a request for an extension this store lacks (Upload-Concat, from
    // parallel uploads) with 501; the client can send it otherwise: a 400, same words.
    // Anything else without a status is a fault of the store or the database: tus would send
    // its text (an S3 error's words) with a 500; the client gets ours, and retries a 503.
    onResponseError(req: Request, error: Error | { status_code: number; body: string }) {
      if ("status_code" in error) {
        return error.status_code === 501 ? { status_code: 400, body: error.body } : undefined;
      }
      log.error({ err: error, method: req.method }, "video upload: the store failed");
      return { status_code: 503, body: VIDEO_MESSAGES.storeAway };
    },
    async onUploadFinish(_req: Request, upload: Upload) {
      if (!sniffVideo(await firstBytes(await read(upload.id), 16))) {
        // Its ledger row is closed by the customer's next upload, which finds it gone.
        await datastore.remove(upload.id).catch(() => undefined);
        throw refuse(415, VIDEO_MESSAGES.notVideo);
      }
      return {};
    },
  });

  return {
    server,
    async claim(uploadId, ownerId, name) {
      if (!/^[a-f0-9]{32}$/.test(uploadId)) throw new MediaError(400, VIDEO_MESSAGES.notFinished);
      // A fault of the store or the database: logged, and the author gets our words.
      const orStoreAway = <T>(job: Promise<T>): Promise<T> =>
        job.catch((error: unknown) => {
          // tus's own file removed while being read: a twin post of this review claimed it a
          // moment ago. Any other missing file is a fault of the store, logged below.
          if (isRemovedUpload(error)) throw new MediaError(400, VIDEO_MESSAGES.notFinished, { cause: error });
          log.error({ err: error, uploadId }, "video upload: the store failed");
          throw new MediaError(503, VIDEO_MESSAGES.storeAway, { cause: error });
        });
      const upload = await orStoreAway(
        datastore.getUpload(uploadId).catch((error: unknown) => {
          if (isTusRefusal(error)) return null;
          throw error;
        }),
      );
      if (!upload) throw new MediaError(400, VIDEO_MESSAGES.notFinished);
      if (upload.metadata?.owner !== ownerId) throw new MediaError(403, VIDEO_MESSAGES.notYours);
      if (upload.size === undefined || upload.offset !== upload.size)
        throw new MediaError(400, VIDEO_MESSAGES.notFinished);
      const container = sniffVideo(await orStoreAway(read(uploadId).then((body) => firstBytes(body, 16))));
      if (!container) throw new MediaError(415, VIDEO_MESSAGES.notVideo);
      const key = `vid/${name}.${container.ext}`;
      await orStoreAway(
        read(uploadId).then((body) =>
          storage.put(key, body, { contentType: container.contentType, size: upload.size }),
        ),
      );
      // The video is kept once: its pieces (or tus's file) go now. Should that fail, the
      // ledger row stays open and the hourly sweep removes them at expiry.
      try {
        await datastore.remove(uploadId);
        await quota.close(uploadId);
      } catch (error) {
        log.warn({ err: error, uploadId }, "video upload: its copy in the upload store not removed yet");
      }
      return `/media/${key}`;
    },
    async cleanUp() {
      const expired = await server.cleanUpExpiredUploads();
      // An upload already gone is closed; a store that fails leaves the row open for the next sweep.
      const unused = await quota.sweep((id) =>
        datastore.remove(id).then(
          () => true,
          (error: unknown) => {
            if (isTusRefusal(error)) return false;
            throw error;
          },
        ),
      );
      return expired + unused;
    },
  };
}
