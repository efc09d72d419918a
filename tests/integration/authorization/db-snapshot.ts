import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { TestServices } from "../../setup/test-services.ts";

/**
 * Tables left out of a snapshot, because they change on requests that change
 * nothing a person owns: better-auth's `rateLimit` counts every /api/auth request
 * when AUTH_RATE_LIMIT is on, and the app's `rate_limit` (ADR 0031) counts logins,
 * sign-ups, reset mails, searches and imports, refused ones too. Everything else,
 * better-auth's `session` and `verification` included, must stay the same when a
 * request is refused: reading a session (updateAge is a day) writes nothing, so a
 * changed row there is news.
 */
const VOLATILE_TABLES = new Set(["rateLimit", "rate_limit"]);

/** SQLite's own database files change on any write; the rows are what count. */
const isDatabaseFile = (name: string) => /\.(db|sqlite)(-wal|-shm|-journal)?$/.test(name);

/** Every table's rows, each as sorted JSON, plus every stored file (uploads, tus uploads) with its size. */
export type Snapshot = Map<string, string[]>;

export async function tableNames(services: TestServices): Promise<string[]> {
  const { db } = services.database;
  const rows =
    services.database.dialect === "postgres"
      ? (
          await sql<{ name: string }>`
            select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`
            select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows;
  return rows
    .map((r) => r.name)
    .filter((name) => !VOLATILE_TABLES.has(name))
    .toSorted();
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "bigint") return v.toString();
    if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
    if (v && typeof v === "object" && (v as { type?: string }).type === "Buffer") {
      return Buffer.from((v as { data: number[] }).data).toString("base64");
    }
    return v;
  });
}

/**
 * Every file with its size, and every empty folder inside a store's folder
 * ("uploads/img/ab12/ 0"): a refused or deleted write must leave no folder behind.
 * The stores' own folders (uploads/, tus/) may be empty.
 */
function listFiles(root: string, dir = root, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const relative = path.relative(root, dir);
  if (entries.length === 0 && relative.split(path.sep).length >= 2) out.push(`${relative}/ 0`);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, full, out);
    else if (!isDatabaseFile(entry.name)) out.push(`${path.relative(root, full)} ${fs.statSync(full).size}`);
  }
  return out;
}

/** The stored files as a snapshot lists them (path and size), for callers that re-read files only. */
export function storedFiles(services: TestServices): string[] {
  return listFiles(services.dataDir).toSorted();
}

export async function snapshot(services: TestServices): Promise<Snapshot> {
  const { db } = services.database;
  const out: Snapshot = new Map();
  for (const table of await tableNames(services)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out.set(table, rows.map(stable).toSorted());
  }
  out.set("(files)", storedFiles(services));
  return out;
}

export interface TableChange {
  table: string;
  /** Rows that are new or changed (their new version). */
  added: Record<string, unknown>[];
  /** Rows that are gone or changed (their old version). */
  removed: Record<string, unknown>[];
}

/** What differs between two snapshots, table by table; a changed row is one removed and one added. */
export function diff(before: Snapshot, after: Snapshot): TableChange[] {
  const changes: TableChange[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const left = before.get(table) ?? [];
    const right = after.get(table) ?? [];
    const counts = new Map<string, number>();
    for (const row of left) counts.set(row, (counts.get(row) ?? 0) + 1);
    const added: string[] = [];
    for (const row of right) {
      const n = counts.get(row) ?? 0;
      if (n > 0) counts.set(row, n - 1);
      else added.push(row);
    }
    const removed = [...counts].flatMap(([row, n]) => Array<string>(n).fill(row));
    if (added.length > 0 || removed.length > 0) {
      const parse = (row: string) =>
        table === "(files)" ? { file: row } : (JSON.parse(row) as Record<string, unknown>);
      changes.push({ table, added: added.map(parse), removed: removed.map(parse) });
    }
  }
  return changes;
}

/** A short description of a diff for a failure message: which tables, how many rows. */
export function describeDiff(changes: TableChange[]): string[] {
  return changes.map((c) => `${c.table}: +${c.added.length} -${c.removed.length}`);
}
