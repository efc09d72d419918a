import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db.server.ts";

/**
 * A PostgreSQL restart, a failover or pg_terminate_backend drops the pool's idle
 * connections: each is an 'error' event on the pool, and with no listener Node ended
 * the whole process (every app process at once, in the operator's test of a 5 s
 * outage). Now it is a warning, and the next query opens a new connection.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("a dropped PostgreSQL connection", () => {
  it("is a warning, not the end of the process: the next query opens a new connection", async () => {
    const name = `fv-outage-${process.pid}`;
    const warnings: string[] = [];
    const database = openDatabase({
      databaseUrl: `${url}${url!.includes("?") ? "&" : "?"}application_name=${name}`,
      sqliteFile: ":memory:",
      poolMax: 3,
      log: { warn: (_details: unknown, message: string) => void warnings.push(message) } as never,
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Three connections, then idle in the pool.
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [name],
      );
      expect(rowCount).toBeGreaterThan(0);
      // Each dropped connection reports on its own: wait for all of them, or the next
      // query may be handed one whose error has not arrived yet.
      const dropped = () => warnings.filter((m) => m === "database: an idle connection was dropped");
      await expect.poll(() => dropped().length, { timeout: 5000 }).toBe(rowCount);
      // Dropped connections are an outage too (outage.server.ts), until the next query succeeds.
      expect(warnings).toContain(
        "database: unavailable; pages answer 503 with Retry-After (kept pages are still served) until it is back",
      );
      const answer = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(database.health.down).toBe(false);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

describe.skipIf(!url)("the app's PostgreSQL connections", () => {
  it("never compile a query (JIT off): the finder's walks are estimated costly and run in milliseconds", async () => {
    const database = openDatabase({ databaseUrl: url, sqliteFile: ":memory:", poolMax: 2 });
    try {
      // Two connections at once: each new one is set, not only the first.
      const answers = await Promise.all(
        [1, 2].map(
          async () =>
            (
              await sql<{ jit: string }>`select current_setting('jit') as jit, pg_sleep(0.02)`.execute(
                database.db,
              )
            ).rows[0]!.jit,
        ),
      );
      expect(answers).toEqual(["off", "off"]);
    } finally {
      await database.close();
    }
  });
});
