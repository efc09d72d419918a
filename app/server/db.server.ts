import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PrimitiveValueListNode,
  type ValueNode,
} from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { DB } from "./db-schema.server.ts";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL sends 64-bit integers and numerics as strings; every count and
// average in Foodverse fits a JS number, so convert them once, here.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

const withoutNul = (value: unknown) =>
  typeof value === "string" && value.includes("\u0000") ? value.replaceAll("\u0000", "\ufffd") : value;

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((v) => withoutNul(v) !== v)
      ? { ...node, values: node.values.map(withoutNul) }
      : node;
  }
}

/** Whether any string in a query's tree holds U+0000 (values, and names, which never do). */
function holdsNul(node: unknown): boolean {
  if (typeof node === "string") return node.includes("\u0000");
  if (typeof node !== "object" || node === null || node instanceof Date || ArrayBuffer.isView(node))
    return false;
  if (Array.isArray(node)) return node.some(holdsNul);
  for (const key in node) if (holdsNul((node as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a form field or a URL ("a%00b")
 * failed the query, a 500. Every string sent to either database has its NULs
 * made U+FFFD (as a lone surrogate becomes when encoded), so the same value is
 * stored on SQLite and PostgreSQL, and a lookup by such an id finds nothing (a 404).
 */
const nulToReplacement: KyselyPlugin = {
  // Rebuilding every query's tree was 2 % of an uncached page's CPU (issue 20): a read-only scan first.
  transformQuery: (args) =>
    holdsNul(args.node) ? new NulTransformer().transformNode(args.node, args.queryId) : args.node,
  transformResult: async (args) => args.result,
};

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: pgTypes,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [nulToReplacement] });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  if (options.sqliteFile !== ":memory:") {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  }
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [nulToReplacement],
  });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; a page runs the same few statements each time,
 * so prepared statements are kept (by SQL text, least recently used out). Safe
 * because every query runs to completion synchronously (no `.stream()` is used),
 * and SQLite re-prepares a kept statement itself when the schema changes.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const statements = new LRUCache<string, SQLite.Statement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
