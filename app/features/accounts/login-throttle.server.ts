import { sql, type Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { countInWindow, type Redis } from "~/server/redis.server.ts";
import type { Services } from "~/server/services.server.ts";

export interface ThrottleRule {
  maxFailures: number;
  /** Failures count within this window, and a lock lasts this long. */
  seconds: number;
}

/** Failed-attempt counters (logins, password changes) every app process shares. */
export interface Throttle {
  isLocked(key: string): Promise<boolean>;
  /** Counts one failure atomically; true when this failure locks the key. */
  recordFailure(key: string, rule: ThrottleRule): Promise<boolean>;
  clearFailures(key: string): Promise<void>;
}

const failures = (key: string) => `fv:throttle:failures:${key}`;
const lock = (key: string) => `fv:throttle:lock:${key}`;

/** In Redis when REDIS_URL is set (no database write per failed attempt), else in the database. */
export function createThrottle(db: Kysely<DB>, redis: Redis | null): Throttle {
  if (!redis) {
    return {
      isLocked: (key) => isLocked(db, key),
      recordFailure: (key, rule) => recordFailure(db, key, rule),
      clearFailures: (key) => clearFailures(db, key),
    };
  }
  return {
    async isLocked(key) {
      return (await redis.exists(lock(key))) === 1;
    },
    async recordFailure(key, rule) {
      const { count } = await countInWindow(redis, failures(key), rule.seconds);
      if (count < rule.maxFailures) return false;
      // A fresh window starts when the lock ends.
      await redis.multi().set(lock(key), "1", { EX: rule.seconds }).del(failures(key)).exec();
      return true;
    },
    async clearFailures(key) {
      await redis.del([failures(key), lock(key)]);
    },
  };
}

export function throttleOf(services: Pick<Services, "database" | "redis">): Throttle {
  return createThrottle(services.database.db, services.redis);
}

/** Kept in the database so every app process sees the same counts. */
export async function isLocked(db: Kysely<DB>, key: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("login_throttle")
    .select("lockedUntil")
    .where("key", "=", key)
    .executeTakeFirst();
  return !!row?.lockedUntil && row.lockedUntil > now.toISOString();
}

/** Counts one failure atomically; returns true when this failure locks the key. */
export async function recordFailure(
  db: Kysely<DB>,
  key: string,
  rule: ThrottleRule,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - rule.seconds * 1000).toISOString();
  const expired = sql<boolean>`${sql.ref("login_throttle.windowStart")} < ${windowCutoff}`;
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, windowStart: nowIso, lockedUntil: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql`case when ${expired} then 1 else ${sql.ref("login_throttle.failures")} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso} else ${sql.ref("login_throttle.windowStart")} end`,
      }),
    )
    .returning(["failures"])
    .executeTakeFirstOrThrow();
  if (row.failures < rule.maxFailures) return false;
  const lockedUntil = new Date(now.getTime() + rule.seconds * 1000).toISOString();
  // A fresh window starts when the lock ends.
  await db
    .updateTable("login_throttle")
    .set({ lockedUntil, failures: 0, windowStart: lockedUntil })
    .where("key", "=", key)
    .execute();
  return true;
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
