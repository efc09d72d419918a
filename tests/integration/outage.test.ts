import { Readable } from "node:stream";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMessages } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { openDatabase } from "~/server/db.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { MEDIA_MESSAGES, MediaError, saveImage } from "~/server/media/images.server.ts";
import { serveMedia } from "~/server/media/serve-media.server.ts";
import {
  createDependencyHealth,
  isOutageError,
  outagePage,
  RETRY_AFTER_SECONDS,
  sendOutage,
} from "~/server/outage.server.ts";
import type { Storage } from "~/server/storage/storage.server.ts";
import { waitForDatabase } from "~/server/wait-for-database.server.ts";
import { closeServer, listen, rawGet } from "../setup/http-client.ts";
import { photoWithGps } from "../setup/images.ts";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy.ts";

/**
 * docs/operations.md: the database, Redis or the S3 store going away for a few seconds is an
 * outage: a 503 page in the reader's language with Retry-After, never a crash or a
 * 500, and service back as soon as the dependency is.
 */

function recorder() {
  const lines: string[] = [];
  const log = {
    warn: (a: unknown, b?: string) => void lines.push(typeof a === "string" ? a : b!),
    info: (a: unknown, b?: string) => void lines.push(typeof a === "string" ? a : b!),
  };
  return { lines, log };
}

describe("an outage", () => {
  it("is told from a wrong query by what the error says", () => {
    for (const code of ["57P01", "57P03", "08006", "53300", "ECONNREFUSED", "ECONNRESET", "SQLITE_FULL"])
      expect(isOutageError(Object.assign(new Error("x"), { code })), code).toBe(true);
    expect(isOutageError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isOutageError(new AggregateError([Object.assign(new Error(), { code: "ECONNREFUSED" })]))).toBe(
      true,
    );
    expect(isOutageError(new Error("wrapped", { cause: { code: "57P01" } }))).toBe(true);
    // A wrong query, a constraint, a wrong password: faults or answers, not outages.
    for (const code of ["42P01", "23505", "28P01", "3D000", "SQLITE_CONSTRAINT_UNIQUE"])
      expect(isOutageError(Object.assign(new Error("x"), { code })), code).toBe(false);
    expect(isOutageError("ECONNREFUSED")).toBe(false);
    expect(isOutageError(null)).toBe(false);
  });

  it("is logged once when it starts and once when it ends, with how long it lasted", () => {
    let now = 1_000;
    const { lines, log } = recorder();
    const health = createDependencyHealth("database", log, "pages answer 503", () => now);
    expect(health.failed(new Error("syntax error"))).toBe(false);
    expect(health.down).toBe(false);
    expect(health.failed(Object.assign(new Error(), { code: "ECONNREFUSED" }))).toBe(true);
    expect(health.failed(Object.assign(new Error(), { code: "ECONNREFUSED" }))).toBe(true);
    expect(health.down).toBe(true);
    expect(health.failedSince(0)).toBe(true);
    now += 4_250;
    health.ok();
    health.ok();
    expect(health.down).toBe(false);
    // A request that started before the failure met it; one that started after did not.
    expect(health.failedSince(1_000)).toBe(true);
    expect(health.failedSince(1_001)).toBe(false);
    expect(lines).toEqual([
      "database: unavailable; pages answer 503 until it is back",
      "database: available again after 4.3 s",
    ]);
  });
});

describe("the outage page", () => {
  let server: import("node:http").Server;
  beforeAll(async () => {
    // As app/entry.server.tsx does when the server starts.
    registerMessages("ur", urduMessages);
    const app = express();
    app.use((req, res) => sendOutage(req, res));
    server = await listen(app);
  });
  afterAll(() => closeServer(server));

  it("says so in the reader's language, with Retry-After, and is never kept", async () => {
    const english = await rawGet(server, "/r/karahi-house?tab=menu");
    expect(english.status).toBe(503);
    expect(english.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(english.headers["cache-control"]).toBe("no-store");
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain("Foodverse will be back in a moment");
    expect(english.body).toContain('href="/r/karahi-house?tab=menu"');

    const urdu = await rawGet(server, "/ur/r/karahi-house");
    expect(urdu.status).toBe(503);
    expect(urdu.body).toContain('<html lang="ur" dir="rtl">');
    expect(urdu.body).toContain("Foodverse ایک لمحے میں واپس آ جائے گا");
    expect(urdu.body).toContain("دوبارہ کوشش کریں");
    expect(urdu.body).not.toContain("Try again");
  });

  it("links a client navigation's data request to its page, and nothing to another site", async () => {
    expect((await rawGet(server, "/ur/menus.data?_routes=root")).body).toContain('href="/ur/menus"');
    const odd = await rawGet(server, "//evil.example/x");
    expect(odd.body).not.toContain("evil.example");
    expect(odd.body).toContain('href="/"');
  });

  it("escapes what the address holds", () => {
    expect(outagePage("en", '/search?q="><script>')).not.toContain("<script>");
  });

  it("answers an API client in JSON", async () => {
    const api = await rawGet(server, "/api/auth/get-session");
    expect(api.status).toBe(503);
    expect(api.headers["content-type"]).toContain("application/json");
    expect(api.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
  });
});

describe("the S3 store away", () => {
  const away: Storage = {
    put: () =>
      Promise.reject(
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), { code: "ECONNREFUSED" }),
      ),
    get: () =>
      Promise.reject(
        Object.assign(new Error("<Error><Code>InternalError</Code></Error>"), { code: "ECONNRESET" }),
      ),
    delete: () => Promise.resolve(),
    async *list() {},
  } as unknown as Storage;

  it("gives an upload words to act on, never the store's error", async () => {
    const error = await saveImage(away, await photoWithGps(640, 480), {
      owner: "u1",
      scope: "test",
      maxBytes: 10 * 1024 * 1024,
      maxPixels: 40_000_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).status).toBe(503);
    expect((error as MediaError).message).toBe(MEDIA_MESSAGES.storeAway);
  });

  it("answers a picture's request 503 with Retry-After, in words", async () => {
    const app = express();
    app.get("/media/{*key}", serveMedia(away));
    const server = await listen(app);
    try {
      const answer = await rawGet(server, "/media/img/0123456789abcdef0123456789abcdef/640.webp");
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.body).not.toMatch(/InternalError|ECONN/);
    } finally {
      await closeServer(server);
    }
  });

  it("still serves what it has once it is back", async () => {
    const app = express();
    const back = {
      ...away,
      get: async () => ({ body: Readable.from([Buffer.from("RIFF")]), contentType: "image/webp", size: 4 }),
    } as unknown as Storage;
    app.get("/media/{*key}", serveMedia(back));
    const server = await listen(app);
    try {
      expect((await rawGet(server, "/media/img/0123456789abcdef0123456789abcdef/640.webp")).status).toBe(200);
    } finally {
      await closeServer(server);
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("PostgreSQL going away and coming back", () => {
  let proxy: TcpProxy;
  const target = new URL(url ?? "postgres://127.0.0.1:5432/test");
  const viaProxy = () => {
    const through = new URL(target);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    return through.toString();
  };
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(() => proxy.close());
  const proxyConnections = () => proxy.connections();

  it("fails queries fast while it is away, and the first query after it is back succeeds", async () => {
    const { lines, log } = recorder();
    const database = openDatabase({ databaseUrl: viaProxy(), sqliteFile: ":memory:", log });
    try {
      await sql`select 1`.execute(database.db);
      expect(database.health.down).toBe(false);
      await proxy.down();
      const started = performance.now();
      await expect(sql`select 1`.execute(database.db)).rejects.toSatisfy(isOutageError);
      expect(performance.now() - started).toBeLessThan(3500);
      expect(database.health.down).toBe(true);
      await proxy.up();
      const answer = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(database.health.down).toBe(false);
      expect(lines[0]).toMatch(/^database: unavailable/);
      expect(lines.at(-1)).toMatch(/^database: available again after \d+\.\d s$/);
    } finally {
      await proxy.up();
      await database.close();
    }
  });

  it("fails a query whose connection is cut under it, and nothing else (the process goes on)", async () => {
    const database = openDatabase({ databaseUrl: viaProxy(), sqliteFile: ":memory:", poolMax: 2 });
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      // A query in flight (as under load, in a restart), and one through the pool's own query().
      const slow = sql`select pg_sleep(5)`.execute(database.db);
      const direct = (database.driver as { pool: import("pg").Pool }).pool.query("select pg_sleep(5)");
      await expect.poll(async () => (await proxyConnections()) >= 2).toBe(true);
      await proxy.down();
      await expect(slow).rejects.toSatisfy(isOutageError);
      await expect(direct).rejects.toSatisfy(isOutageError);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(crashes).toEqual([]);
      expect(database.health.down).toBe(true);
      await proxy.up();
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await proxy.up();
      await database.close();
    }
  });

  it("is waited for at start, a line a try, and given up on in one readable line", async () => {
    const { lines, log } = recorder();
    await proxy.down();
    const database = openDatabase({ databaseUrl: viaProxy(), sqliteFile: ":memory:" });
    let clock = 0;
    try {
      const waited = waitForDatabase(database, log, {
        giveUpAfterMs: 60_000,
        now: () => clock,
        // The third wait: the database is back.
        sleep: async (ms) => {
          clock += ms;
          if (lines.length === 3) await proxy.up();
        },
      });
      await waited;
      expect(lines.slice(0, 3)).toEqual([
        expect.stringMatching(/^database: not reachable yet \(.*ECONNREFUSED.*\); trying again in 0\.25 s$/),
        expect.stringMatching(/trying again in 0\.50 s$/),
        expect.stringMatching(/trying again in 1\.00 s$/),
      ]);
      expect(lines.at(-1)).toBe("database: reachable after 1.8 s");

      await proxy.down();
      clock = 0;
      const gaveUp = await waitForDatabase(database, log, {
        giveUpAfterMs: 10_000,
        now: () => clock,
        sleep: async (ms) => void (clock += ms),
      }).catch((error: Error) => error.message);
      expect(gaveUp).toMatch(
        /^the database was not reachable for \d+ s \(.*\); gave up \(DATABASE_WAIT_SECONDS=10\)$/,
      );
    } finally {
      await proxy.up();
      await database.close();
    }
  });

  it("is not waited for when it refuses us for good (no such database)", async () => {
    const wrong = new URL(target);
    wrong.pathname = "/no_such_database_here";
    const database = openDatabase({ databaseUrl: wrong.toString(), sqliteFile: ":memory:" });
    try {
      const message = await waitForDatabase(database, createLogger("silent"), {
        giveUpAfterMs: 60_000,
      }).catch((error: Error) => error.message);
      expect(message).toBe('the database refused us: database "no_such_database_here" does not exist');
    } finally {
      await database.close();
    }
  });
});
