import { sql, type Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import type { Redis } from "~/server/redis.server.ts";
import type { Services } from "~/server/services.server.ts";

export interface ThrottleRule {
  /** Attempts a key may make within the window (failed ones, and those still being checked). */
  maxAttempts: number;
  /** Attempts count within this window, and a lock lasts this long. */
  seconds: number;
}

/**
 * Attempt counters every app process shares (logins, password changes, sign-ups,
 * reset mails). An attempt is reserved *before* the password is checked, in one
 * atomic step, so a burst of parallel guesses can never have more than
 * `maxAttempts` of them checked: the count of failures alone is only known after
 * each slow hash, by which time the whole burst has been checked.
 */
export interface Throttle {
  /** Takes one attempt of the key's window; false (nothing counted) when it is locked or full. */
  reserve(key: string, rule: ThrottleRule): Promise<boolean>;
  /** The reserved attempt failed, and stays counted; true when the key is (now) locked. */
  recordFailure(key: string, rule: ThrottleRule): Promise<boolean>;
  /** Gives a reserved attempt back (it succeeded, or was never checked). */
  release(key: string): Promise<void>;
  /** Forgets the key's attempts and lock (a proven password). */
  clearFailures(key: string): Promise<void>;
}

const failures = (key: string) => `fv:throttle:failures:${key}`;
const lock = (key: string) => `fv:throttle:lock:${key}`;

// Each script runs atomically in Redis, so two processes cannot both take the last attempt.
const RESERVE = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 1`;
// A fresh window starts when the lock ends.
const RECORD_FAILURE = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], '1', 'EX', ARGV[2])
redis.call('DEL', KEYS[1])
return 1`;
const RELEASE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** In Redis when REDIS_URL is set (no database write per attempt), else in the database. */
export function createThrottle(db: Kysely<DB>, redis: Redis | null): Throttle {
  if (!redis) {
    return {
      reserve: (key, rule) => reserveAttempt(db, key, rule),
      recordFailure: (key, rule) => recordFailure(db, key, rule),
      release: (key) => releaseAttempt(db, key),
      clearFailures: (key) => clearFailures(db, key),
    };
  }
  const run = async (script: string, key: string, rule?: ThrottleRule) =>
    Number(
      await redis.eval(script, {
        keys: [failures(key), lock(key)],
        arguments: rule ? [String(rule.maxAttempts), String(rule.seconds)] : [],
      }),
    );
  return {
    reserve: async (key, rule) => (await run(RESERVE, key, rule)) === 1,
    recordFailure: async (key, rule) => (await run(RECORD_FAILURE, key, rule)) === 1,
    release: async (key) => void (await run(RELEASE, key)),
    async clearFailures(key) {
      await redis.del([failures(key), lock(key)]);
    },
  };
}

export function throttleOf(services: Pick<Services, "database" | "redis">): Throttle {
  return createThrottle(services.database.db, services.redis);
}

const column = (name: "failures" | "windowStart" | "lockedUntil") => sql.ref(`login_throttle.${name}`);
const unlocked = (nowIso: string) =>
  sql<boolean>`(${column("lockedUntil")} is null or ${column("lockedUntil")} <= ${nowIso})`;

/** Kept in the database so every app process sees the same counts. */
export async function isLocked(db: Kysely<DB>, key: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("login_throttle")
    .select("lockedUntil")
    .where("key", "=", key)
    .executeTakeFirst();
  return !!row?.lockedUntil && row.lockedUntil > now.toISOString();
}

/**
 * One statement, so it is atomic on SQLite and PostgreSQL alike: the upsert's
 * condition refuses a locked or full key, and then no row comes back.
 */
export async function reserveAttempt(
  db: Kysely<DB>,
  key: string,
  rule: ThrottleRule,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - rule.seconds * 1000).toISOString();
  const expired = sql<boolean>`${column("windowStart")} < ${windowCutoff}`;
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, windowStart: nowIso, lockedUntil: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          failures: sql`case when ${expired} then 1 else ${column("failures")} + 1 end`,
          windowStart: sql`case when ${expired} then ${nowIso} else ${column("windowStart")} end`,
        })
        .where(
          sql<boolean>`${unlocked(nowIso)} and (${expired} or ${column("failures")} < ${rule.maxAttempts})`,
        ),
    )
    .returning(["failures"])
    .executeTakeFirst();
  return row !== undefined;
}

/** A reserved attempt failed: the key locks once its window holds `maxAttempts`. */
export async function recordFailure(
  db: Kysely<DB>,
  key: string,
  rule: ThrottleRule,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  const lockedUntil = new Date(now.getTime() + rule.seconds * 1000).toISOString();
  // A fresh window starts when the lock ends.
  const locked = await db
    .updateTable("login_throttle")
    .set({ lockedUntil, failures: 0, windowStart: lockedUntil })
    .where("key", "=", key)
    .where("failures", ">=", rule.maxAttempts)
    .where(unlocked(nowIso))
    .returning(["key"])
    .executeTakeFirst();
  // Another failure of the same burst may have locked it first.
  return locked !== undefined || (await isLocked(db, key, now));
}

export async function releaseAttempt(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable("login_throttle")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
