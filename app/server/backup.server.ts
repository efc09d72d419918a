// Backups and restores (docs/operations.md). Plain Node and better-sqlite3, no app
// services, so scripts/backup.ts and scripts/restore.ts run without a build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export interface BackupPlace {
  /** PostgreSQL when set; otherwise the SQLite file. */
  databaseUrl?: string;
  sqliteFile: string;
  /** Local uploads (STORAGE=local); null when media live in S3 (back the bucket up there). */
  uploadDir: string | null;
}

export interface BackupResult {
  databaseFile: string;
  uploadsDir: string | null;
  uploadFilesCopied: number;
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
 * A consistent copy while the app keeps serving: SQLite's online backup API (each
 * step copies pages and restarts if a write changed them), or `pg_dump`'s
 * snapshot for PostgreSQL; then the uploads.
 */
export async function backup(place: BackupPlace, outDir: string, now = new Date()): Promise<BackupResult> {
  fs.mkdirSync(outDir, { recursive: true });
  let databaseFile: string;
  if (place.databaseUrl) {
    databaseFile = freshName(outDir, now, ".pgdump");
    run("pg_dump", ["--format=custom", "--no-owner", `--file=${databaseFile}`, place.databaseUrl]);
  } else {
    databaseFile = freshName(outDir, now, ".db");
    const db = new SQLite(place.sqliteFile, { fileMustExist: true });
    try {
      await db.backup(databaseFile);
    } finally {
      db.close();
    }
    checkSqliteFile(databaseFile);
  }
  const uploadsDir = place.uploadDir ? path.join(outDir, "uploads") : null;
  const uploadFilesCopied = place.uploadDir && uploadsDir ? copyNewFiles(place.uploadDir, uploadsDir) : 0;
  return { databaseFile, uploadsDir, uploadFilesCopied };
}

/**
 * Puts a backup in place. With the app stopped: SQLite's file is checked, copied
 * beside the live one and renamed over it (so a failure leaves the old one), and
 * its old WAL files are dropped; PostgreSQL's dump replaces the schema's objects
 * (`pg_restore --clean`). Upload files are copied back (existing ones kept).
 */
export function restore(place: BackupPlace, databaseFile: string, uploadsDir: string | null): void {
  if (place.databaseUrl) {
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
  if (place.uploadDir && uploadsDir) copyNewFiles(uploadsDir, place.uploadDir);
}
