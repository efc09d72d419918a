import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Logger } from "pino";
import type { CachedPage } from "./page-cache.server.ts";
import { decodeSharedPage, encodeSharedPage, type SharedCopy } from "./page-shared-tier.server.ts";

/**
 * ADR 0034 §5: visitors' pages kept on disk behind each process's memory, in one SQLite
 * file that every process of a host shares. Memory holds the few thousand pages diners
 * read most; the file holds every page rendered lately (a crawler's walk included), so a
 * page pushed out of memory, or never read by this process, is read back in tens of
 * microseconds instead of rendered in milliseconds. The operating system's page cache,
 * not the process, holds what of the file is read often: it is outside the process's RSS.
 *
 * A cache and nothing else: it is written without waiting for the disk, a write another
 * process holds the lock for is skipped, and a file that cannot be opened is made anew.
 */
export interface DiskPageStore {
  get(key: string): SharedCopy | null;
  put(key: string, page: CachedPage, options?: { ttlMs?: number; replaces?: string }): void;
  /** Bytes the file's pages hold (its size less its free pages). */
  bytes(): number;
  close(): void;
}

export interface DiskPageStoreOptions {
  /** The most bytes the file may hold; the pages written longest ago leave first. */
  maxBytes: number;
  /** Pages of two builds never answer for each other (a deploy in progress, or an older file). */
  buildId: string;
  log?: Logger;
  /** Milliseconds since the epoch (tests pass their own). */
  now?: () => number;
}

/** The file's bound is checked each time this share of it has been written (its size is not free to read). */
const CHECK_SHARE = 1 / 64;
/** When over its bound, at least this share of the rows, the oldest, leaves at once. */
const PRUNE_SHARE = 0.1;

export function openDiskPageStore(file: string, options: DiskPageStoreOptions): DiskPageStore {
  const db = openFile(file, options.log);
  const now = options.now ?? Date.now;
  const keyOf = (key: string) => createHash("sha1").update(`${options.buildId}\n${key}`).digest();
  // A row's rowid grows with each write (INSERT OR REPLACE makes a new row): the oldest written has the smallest.
  const read = db.prepare<[Buffer], { page: Buffer }>("SELECT page FROM pages WHERE key = ?");
  const write = db.prepare<[Buffer, Buffer]>("INSERT OR REPLACE INTO pages (key, page) VALUES (?, ?)");
  const drop = db.prepare<[Buffer]>("DELETE FROM pages WHERE key = ?");
  const count = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM pages");
  const prune = db.prepare<[number]>(
    "DELETE FROM pages WHERE rowid IN (SELECT rowid FROM pages ORDER BY rowid LIMIT ?)",
  );
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  const bytes = () =>
    ((db.pragma("page_count", { simple: true }) as number) -
      (db.pragma("freelist_count", { simple: true }) as number)) *
    pageSize;
  const checkEvery = Math.max(16 * 1024, options.maxBytes * CHECK_SHARE);
  let written = 0;

  const quietly = <T>(fallback: T, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      // SQLITE_BUSY: another process is writing; a cache may skip a write or a read.
      options.log?.debug({ err: error }, "page cache: the disk store skipped a step");
      return fallback;
    }
  };

  return {
    get(key) {
      return quietly(null, () => {
        const row = read.get(keyOf(key));
        return row ? decodeSharedPage(row.page, now()) : null;
      });
    },
    put(key, page, putOptions) {
      quietly(undefined, () => {
        const until = putOptions?.ttlMs === undefined ? undefined : now() + putOptions.ttlMs;
        if (putOptions?.replaces !== undefined && putOptions.replaces !== key)
          drop.run(keyOf(putOptions.replaces));
        const encoded = encodeSharedPage(page, until);
        write.run(keyOf(key), encoded);
        written += encoded.length;
        if (written >= checkEvery) {
          written = 0;
          const held = bytes();
          if (held > options.maxBytes) {
            const share = Math.max(PRUNE_SHARE, 1 - options.maxBytes / held);
            prune.run(Math.max(1, Math.ceil(count.get()!.n * share)));
          }
        }
      });
    },
    bytes,
    close: () => db.close(),
  };
}

function openFile(file: string, log?: Logger): SQLite.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    return prepared(new SQLite(file, { timeout: 20 }));
  } catch (error) {
    // A damaged file holds nothing worth keeping: start it again.
    log?.warn({ err: error }, "page cache: the disk store was unreadable and starts empty");
    removeDiskPageStore(file);
    return prepared(new SQLite(file, { timeout: 20 }));
  }
}

function prepared(db: SQLite.Database): SQLite.Database {
  db.pragma("journal_mode = WAL");
  // A crash may lose the last pages written: they are rendered again.
  db.pragma("synchronous = OFF");
  db.exec("CREATE TABLE IF NOT EXISTS pages (key BLOB NOT NULL UNIQUE, page BLOB NOT NULL)");
  db.prepare("SELECT count(*) FROM pages").get();
  return db;
}

/** Where the disk store lives: beside the database, removed with it by a restore. */
export function diskPageStoreFile(dataDir: string): string {
  return path.join(dataDir, "page-cache.db");
}

/** Deletes the disk store's file with its write-ahead log (a restore; a damaged file). */
export function removeDiskPageStore(file: string) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
}
