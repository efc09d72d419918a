import { sql, type Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

export interface ThrottleRule {
  maxFailures: number;
  /** Failures count within this window, and a lock lasts this long. */
  seconds: number;
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
