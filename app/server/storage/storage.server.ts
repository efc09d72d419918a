import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes in `body` (the range's length when a range was asked for). */
  size: number;
  /** The whole object's size, and the range served, when a range was asked for. */
  total?: number;
  range?: { start: number; end: number };
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** An object as a listing gives it. */
export interface ListedObject {
  key: string;
  size: number;
  /** The store's own checksum of the bytes where it keeps one (S3's ETag, quotes removed). */
  etag?: string;
}

/**
 * Where uploaded files live: local disk or S3-compatible object storage. Keys are
 * made by the server (see media/), never from a client's file name.
 */
export interface Storage {
  put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, in no set order (backups compare the media with it). */
  list(prefix: string): AsyncIterable<ListedObject>;
}

const KEY_PATTERN = /^(?!.*\.\.)[a-z0-9][a-z0-9/_.-]*$/;

/** A key the server could have made: lower-case names, no `..`, nothing above the root. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  bin: "application/octet-stream",
};

export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
