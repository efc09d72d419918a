import { accountCounters } from "~/server/rate-limits.server.ts";
import type { Services } from "~/server/services.server.ts";

/**
 * Locks a new account's password change for a minute, written into the store as the
 * limit keeps a lock, however high the test's LOGIN_MAX_FAILURES (the fuzz raises it
 * past what failing that many times would take): for the callers of the unlock.
 */
export async function lockPasswordChange(services: Services, account: { id: string; email: string }) {
  const counter = accountCounters(services, account).find((c) => c.limit === "password-change")!;
  const points = counter.lockAt!;
  if (services.redis) await services.redis.set(counter.key, String(points), { PX: 60_000 });
  else
    await services.database.db
      .insertInto("rate_limit")
      .values({ key: counter.key, points, expire: Date.now() + 60_000 })
      .execute();
}
