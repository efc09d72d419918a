import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type LogEvent,
  type PrimitiveValueListNode,
  type ValueNode,
} from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import Cursor from "pg-cursor";
import type { Logger } from "pino";
import type { DB } from "./db-schema.server.ts";
import { createDependencyHealth, type DependencyHealth } from "./outage.server.ts";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * The driver under Kysely, for libraries that speak to it themselves (the rate
   * limits, app/server/rate-limits.server.ts): the same file or pool, so they share
   * its connections and settings.
   */
  driver: { dialect: "sqlite"; sqlite: SQLite.Database } | { dialect: "postgres"; pool: pg.Pool };
  /** docs/operations.md: whether the database is reachable, as the last query or connection found. */
  health: DependencyHealth;
  /**
   * A number that changes whenever the database may have changed since it was last read
   * (SQLite: a write through this connection, or another connection's commit); null
   * where no such cheap signal exists (PostgreSQL). ADR 0047: what the page cache's
   * content versions are remembered under.
   */
  changeStamp: (() => number) | null;
  close(): Promise<void>;
}

/** How long a request waits for a new PostgreSQL connection before it is an outage (a 503). */
const CONNECT_TIMEOUT_MS = 3000;

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
  // Rebuilding every query's tree was 2 % of an uncached page's CPU (ADR 0030): a read-only scan first.
  transformQuery: (args) =>
    holdsNul(args.node) ? new NulTransformer().transformNode(args.node, args.queryId) : args.node,
  transformResult: async (args) => args.result,
};

export function openDatabase(options: {
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL connections this process may hold (DATABASE_POOL_MAX). */
  poolMax?: number;
  log?: Pick<Logger, "warn" | "info">;
}): Database {
  const health = createDependencyHealth(
    "database",
    options.log,
    "pages answer 503 with Retry-After (kept pages are still served)",
  );
  // Every query's outcome tells the health: a failure of the outage kind starts an
  // outage, any success ends it (Kysely's log hook sees each query of either dialect).
  const log = (event: LogEvent) => {
    if (event.level === "error") health.failed(event.error);
    else health.ok();
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      types: pgTypes,
      // Without it a request waits for ever on a database host that does not answer.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server drops (a restart, a failover, pg_terminate_backend)
    // is an 'error' event on the pool: with no listener, Node ends the process. The pool
    // has already let that connection go; the next query opens a new one.
    pool.on("error", (error) => {
      options.log?.warn({ err: error }, "database: an idle connection was dropped");
    });
    // A connection dropped while a query holds it is an 'error' event on the client
    // itself (pg-pool listens only while it is idle): with no listener, Node ended the
    // process in the middle of a restart under load. Its query fails on its own, the
    // request answers 503 (outage.server.ts), and the pool discards the connection.
    pool.on("connect", (client) => client.on("error", (error) => health.failed(error)));
    // ADR 0041: PostgreSQL compiles a query whose estimated cost passes jit_above_cost, and
    // the finder's walks are estimated high (an index walked until a page is full): at
    // 10,000 restaurants the compiling took 20–350 ms of queries that run in 10–50 ms.
    // Set before a connection's first query is handed to it (queued behind it instead, it
    // made node-postgres warn that queueing is deprecated); a server without JIT (before
    // 11) says so and nothing changes.
    const withoutJit = new WeakSet<pg.PoolClient>();
    const prepared = async (client: pg.PoolClient) => {
      if (withoutJit.has(client)) return client;
      withoutJit.add(client);
      await client.query("set jit = off").catch((error: unknown) => {
        options.log?.info({ err: error }, "database: JIT could not be turned off");
      });
      return client;
    };
    // A connection that cannot be made never reaches Kysely's log: the pool's own answer counts.
    const watchedPool = {
      connect: () =>
        pool.connect().then(
          (client) => {
            health.ok();
            return prepared(client);
          },
          (error: unknown) => {
            health.failed(error);
            throw error;
          },
        ),
      end: () => pool.end(),
      options: pool.options,
    };
    const db = new Kysely<DB>({
      // A cursor lets a query that may stop early (the finder's count, ADR 0041) read its
      // rows in chunks instead of being run again for more.
      dialect: new PostgresDialect({ pool: watchedPool, cursor: Cursor }),
      plugins: [nulToReplacement],
      log,
    });
    return {
      db,
      dialect: "postgres",
      driver: { dialect: "postgres", pool },
      health,
      changeStamp: null,
      close: () => db.destroy(),
    };
  }
  if (options.sqliteFile !== ":memory:") {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  }
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const changes = changeTracker(sqlite, health);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, changes.wrote) }),
    plugins: [nulToReplacement],
    log,
  });
  return {
    db,
    dialect: "sqlite",
    driver: { dialect: "sqlite", sqlite },
    health,
    changeStamp: changes.stamp,
    close: () => db.destroy(),
  };
}

/**
 * Kysely prepares every query anew; a page runs the same few statements each time,
 * so prepared statements are kept (by SQL text, least recently used out). Safe
 * because every query runs to completion synchronously (no `.stream()` is used),
 * and SQLite re-prepares a kept statement itself when the schema changes.
 */
function withStatementCache(sqlite: SQLite.Database, wrote: () => void, size = 500) {
  const statements = new LRUCache<string, SQLite.Statement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      // Kysely runs what it prepares at once: the write is counted as it happens.
      if (!statement.readonly) wrote();
      return statement;
    },
  };
}

// Node's own, taken before any test can fake the timers: a check waiting on a faked one
// would never be made again, and another connection's commits never seen.
const nextTurn = setImmediate;

/**
 * The SQLite change stamp (Database.changeStamp): this connection's writes are counted
 * at once, as Kysely prepares them; another connection's (another process's, a
 * command's) commit moves PRAGMA data_version, read once per turn of the event loop
 * (12 µs a read under load: once per request it was a third of a cache hit's saving).
 * A commit elsewhere is therefore seen by the requests of the next turn, milliseconds.
 * The read tells the database's health as Kysely's queries do (a hit may run no query).
 */
function changeTracker(sqlite: SQLite.Database, health: DependencyHealth) {
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  let own = 0;
  let others = -1;
  let elsewhere = 0;
  let checked = false;
  const checkAgain = () => {
    checked = false;
  };
  return {
    wrote: () => {
      own++;
    },
    stamp: () => {
      if (!checked) {
        let seen: number;
        try {
          seen = dataVersion.get() as number;
        } catch (error) {
          health.failed(error);
          throw error;
        }
        health.ok();
        checked = true;
        nextTurn(checkAgain);
        if (seen !== others) {
          others = seen;
          elsewhere++;
        }
      }
      return elsewhere + own;
    },
  };
}
