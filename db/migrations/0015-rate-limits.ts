import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The rate limits' counters when there is no Redis (ADR 0031), in the shape
 * rate-limiter-flexible's RateLimiterSQLite and RateLimiterPostgres read and write:
 * a key, the points it consumed, and when it expires (milliseconds since 1970; null
 * never). The columns stay in this order: the PostgreSQL limiter inserts without
 * naming them. The library would create the table itself; made here instead, so it
 * is one migration like every other table, on both databases.
 *
 * login_throttle, the hand-written counters' table, is left as it is: a process of
 * the previous release still writes it during a rolling upgrade. A later migration
 * drops it.
 */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("rate_limit")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("expire", "bigint")
      .execute();
    // The sweep of expired counters reads by expiry.
    await db.schema.createIndex("rate_limit_expire").on("rate_limit").column("expire").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("rate_limit").ifExists().execute();
  },
};
