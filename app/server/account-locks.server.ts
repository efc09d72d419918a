import { accountCounters, type AccountCounter } from "./rate-limits.server.ts";
import { deleteRateLimitRows, rateLimitRows } from "./rate-limits.queries.server.ts";
import type { Services } from "./services.server.ts";

/**
 * An account's locks, and the admin's unlock: the counters of ADR 0031 keyed
 * by the account, read and deleted in the store itself (Redis or the `rate_limit`
 * table) rather than through the limiters, whose stand-in counting in memory during a
 * store outage would answer "no locks" and "unlocked" without the store.
 */

/**
 * Redis, which keeps the locks, does not answer (its client sends nothing while the
 * connection is lost): they can be neither read nor cleared until it is back.
 */
export class LocksUnavailable extends Error {}

/** A counter that refuses now: which limit, and until when (milliseconds since 1970). */
export interface AccountLock {
  limit: string;
  until: number;
}

/** A counter found in the store: its key, the points used and when it expires. */
interface Found {
  counter: AccountCounter;
  key: string;
  points: number;
  expiresAt: number;
}

/** A Redis SCAN pattern matching keys that start with `prefix`. */
const startingWith = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;

async function inRedis(services: Services, counters: AccountCounter[]): Promise<Found[]> {
  const redis = services.redis!;
  const keyed: [AccountCounter, string][] = [];
  for (const counter of counters) {
    if (!counter.prefix) {
      keyed.push([counter, counter.key]);
      continue;
    }
    // SCAN walks the whole keyspace in steps; an admin's unlock is rare enough for that.
    for await (const keys of redis.scanIterator({ MATCH: startingWith(counter.key), COUNT: 1000 })) {
      for (const key of keys) keyed.push([counter, key]);
    }
  }
  if (keyed.length === 0) return [];
  const multi = redis.multi();
  for (const [, key] of keyed) multi.get(key).pTTL(key);
  const replies = (await multi.exec()) as unknown as (string | number | null)[];
  const now = Date.now();
  return keyed.flatMap(([counter, key], i) => {
    const [points, ttl] = [replies[2 * i], Number(replies[2 * i + 1])];
    // Gone meanwhile (-2), or kept without an expiry (-1, never written so by the library).
    if (points === null || ttl === -2) return [];
    return [{ counter, key, points: Number(points), expiresAt: ttl < 0 ? Infinity : now + ttl }];
  });
}

async function inTable(services: Services, counters: AccountCounter[]): Promise<Found[]> {
  const exact = counters.filter((c) => !c.prefix);
  const prefixed = counters.filter((c) => c.prefix);
  const rows = await rateLimitRows(
    services.database.db,
    exact.map((c) => c.key),
    prefixed.map((c) => c.key),
  );
  const now = Date.now();
  return rows.flatMap((row) => {
    const counter = exact.find((c) => c.key === row.key) ?? prefixed.find((c) => row.key.startsWith(c.key));
    const expiresAt = row.expire === null ? Infinity : Number(row.expire);
    return counter && expiresAt > now
      ? [{ counter, key: row.key, points: Number(row.points), expiresAt }]
      : [];
  });
}

/** A Redis step; its failure is LocksUnavailable, which the admin's screen and command explain. */
async function onRedis<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new LocksUnavailable("Redis is not answering", { cause: error });
  }
}

function countersOf(services: Services, account: { id: string; email: string }) {
  const counters = accountCounters(services, account);
  return services.redis ? onRedis(() => inRedis(services, counters)) : inTable(services, counters);
}

const locksIn = (found: Found[]): AccountLock[] =>
  found
    .filter((f) => f.counter.lockAt !== null && f.points >= f.counter.lockAt)
    .map((f) => ({ limit: f.counter.limit, until: f.expiresAt }))
    .toSorted((a, b) => a.until - b.until);

/** The account's counters that refuse it now, soonest to end first. */
export async function accountLocks(
  services: Services,
  account: { id: string; email: string },
): Promise<AccountLock[]> {
  return locksIn(await countersOf(services, account));
}

/**
 * When the account is locked, deletes every counter of it, the failures short of a
 * lock too (so the next wrong password starts from nothing); returns the locks that
 * were on. An account with none is left as it is.
 */
export async function unlockAccount(
  services: Services,
  account: { id: string; email: string },
): Promise<AccountLock[]> {
  const found = await countersOf(services, account);
  const locks = locksIn(found);
  if (locks.length === 0) return locks;
  const keys = found.map((f) => f.key);
  if (services.redis) await onRedis(() => services.redis!.del(keys));
  else await deleteRateLimitRows(services.database.db, keys);
  return locks;
}
