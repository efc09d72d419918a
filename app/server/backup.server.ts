// Backups and restores (docs/operations.md). Plain Node, better-sqlite3, pg and the
// storage, no app services, so scripts/backup.ts and scripts/restore.ts run without a build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  MEDIA_URLS_SQL,
  missingMedia,
  referencedKeys,
  REVIEW_PICTURES_SQL,
  writeManifest,
  type MediaReport,
} from "./backup-media.server.ts";
import type { Storage } from "./storage/storage.server.ts";
import { removeDiskPageStore } from "./page-disk-store.server.ts";

export interface BackupPlace {
  /** PostgreSQL when set; otherwise the SQLite file. */
  databaseUrl?: string;
  sqliteFile: string;
  /** Local uploads (STORAGE=local); null when media live in S3 (back the bucket up there). */
  uploadDir: string | null;
  /** The app's media storage, and how the manifest names it ("local", "s3://bucket"). */
  media: { storage: Storage; name: string };
  /**
   * The page cache's file on disk (ADR 0034 §5), removed by a restore: the restored
   * database counts its content versions again, and a kept page under one would be
   * another day's.
   */
  pageCacheFile?: string;
}

export interface BackupResult {
  databaseFile: string;
  /** The media the dump refers to (docs/operations.md, "Backups"). */
  manifest: { file: string; keys: number; missing: number };
  uploadsDir: string | null;
  uploadFilesCopied: number;
}

export interface RestoreResult {
  /** The manifest's media missing from the storage now; null for a dump without a manifest. */
  media: MediaReport | null;
}

/** foodverse-20261121-101500.db, or …-2.db when a backup of the same second is there: never overwrite one. */
function freshName(outDir: string, now: Date, extension: string): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  for (let n = 1; ; n += 1) {
    const file = path.join(outDir, `foodverse-${stamp}${n === 1 ? "" : `-${n}`}${extension}`);
    if (!fs.existsSync(file)) return file;
  }
}

/** Throws unless SQLite's own check finds the file whole. */
export function checkSqliteFile(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok")
      throw new Error(`${path.basename(file)} failed SQLite's integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * Copies upload files that the backup folder does not hold yet. Their names are
 * content hashes, so a file already there is the same file: repeated backups
 * copy only what is new.
 */
function copyNewFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
    copied += 1;
  }
  return copied;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} failed (exit ${result.status}): ${result.stderr.trim()}`);
}

/**
 * `pg_dump` of a snapshot this connection exports and holds, and the media URLs read
 * in that same snapshot: the manifest names exactly what the dump refers to, however
 * many writes land meanwhile.
 */
async function dumpPostgres(databaseUrl: string, databaseFile: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    run("pg_dump", [
      "--format=custom",
      "--no-owner",
      `--snapshot=${rows[0]!.id}`,
      `--file=${databaseFile}`,
      databaseUrl,
    ]);
    const urls = await client.query<{ url: string }>(MEDIA_URLS_SQL);
    const pictures = await client.query<{ pics: string }>(REVIEW_PICTURES_SQL);
    await client.query("commit");
    return referencedKeys(
      urls.rows.map((r) => r.url),
      pictures.rows.map((r) => r.pics),
    );
  } finally {
    await client.end();
  }
}

/** The media URLs of a SQLite backup, read from the copy itself. */
function sqliteMediaKeys(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const urls = db.prepare(MEDIA_URLS_SQL).pluck().all() as string[];
    const pictures = db.prepare(REVIEW_PICTURES_SQL).pluck().all() as string[];
    return referencedKeys(urls, pictures);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy while the app keeps serving: SQLite's online backup API (each
 * step copies pages and restarts if a write changed them), or `pg_dump`'s
 * snapshot for PostgreSQL; then the media manifest and the uploads.
 */
export async function backup(place: BackupPlace, outDir: string, now = new Date()): Promise<BackupResult> {
  fs.mkdirSync(outDir, { recursive: true });
  let databaseFile: string;
  let mediaKeys: string[];
  if (place.databaseUrl) {
    databaseFile = freshName(outDir, now, ".pgdump");
    mediaKeys = await dumpPostgres(place.databaseUrl, databaseFile);
  } else {
    databaseFile = freshName(outDir, now, ".db");
    const db = new SQLite(place.sqliteFile, { fileMustExist: true });
    try {
      await db.backup(databaseFile);
    } finally {
      db.close();
    }
    checkSqliteFile(databaseFile);
    mediaKeys = sqliteMediaKeys(databaseFile);
  }
  const manifest = await writeManifest(place.media.storage, place.media.name, databaseFile, mediaKeys, now);
  const uploadsDir = place.uploadDir ? path.join(outDir, "uploads") : null;
  const uploadFilesCopied = place.uploadDir && uploadsDir ? copyNewFiles(place.uploadDir, uploadsDir) : 0;
  return { databaseFile, manifest, uploadsDir, uploadFilesCopied };
}

/**
 * Makes the URL's database when the server has none of that name, connected to the
 * `postgres` maintenance database with the same credentials: a restore onto a new
 * server needs no step by hand.
 */
async function ensurePostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name || name === "postgres") return;
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Puts a backup in place. With the app stopped: SQLite's file is checked, copied
 * beside the live one and renamed over it (so a failure leaves the old one), and
 * its old WAL files are dropped; PostgreSQL's dump replaces the schema's objects
 * (`pg_restore --clean`), in a database made first if there is none. Upload files
 * are copied back (existing ones kept); then the media the dump's manifest names
 * are looked for in the storage.
 */
export async function restore(
  place: BackupPlace,
  databaseFile: string,
  uploadsDir: string | null,
): Promise<RestoreResult> {
  if (!fs.existsSync(databaseFile)) throw new Error(`${databaseFile} does not exist`);
  if (place.databaseUrl) {
    await ensurePostgresDatabase(place.databaseUrl);
    run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      `--dbname=${place.databaseUrl}`,
      databaseFile,
    ]);
  } else {
    checkSqliteFile(databaseFile);
    fs.mkdirSync(path.dirname(place.sqliteFile), { recursive: true });
    const incoming = `${place.sqliteFile}.restoring`;
    fs.copyFileSync(databaseFile, incoming);
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${place.sqliteFile}${suffix}`, { force: true });
    fs.renameSync(incoming, place.sqliteFile);
  }
  if (place.pageCacheFile) removeDiskPageStore(place.pageCacheFile);
  if (place.uploadDir && uploadsDir) copyNewFiles(uploadsDir, place.uploadDir);
  return { media: await missingMedia(place.media.storage, databaseFile) };
}
