import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logIn, signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { customerInput } from "../setup/factories.ts";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";

// With REDIS_URL, the counters that must hold across app processes (login locks, the
// auth rate limiter) live in Redis: a lock earned through one process holds on the
// other. Runs where Redis is (TEST_REDIS_URL; `npm run test:pg` sets it, as CI does).
const REDIS_URL = process.env.TEST_REDIS_URL;

function attempt(services: Services, email: string, password: string, ip: string) {
  return logIn(services, { email, password }, { headers: new Headers(), ip });
}

describe.skipIf(!REDIS_URL)("counters shared through Redis", () => {
  let first: TestServices;
  let second: Services;

  beforeAll(async () => {
    first = await createTestServices({
      REDIS_URL: REDIS_URL!,
      LOGIN_MAX_FAILURES: "3",
      AUTH_RATE_LIMIT: "on",
      AUTH_RATE_LIMIT_MAX: "4",
    });
    // A second process: the same configuration, database and Redis.
    second = createServices(first.env, { mailer: memoryMailer([]), log: createLogger("silent") });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("lock an account on every process after failures through one, without database writes", async () => {
    const input = customerInput();
    const email = String(input.email);
    const password = String(input.password);
    expect((await signUpCustomer(first, input, new Headers())).ok).toBe(true);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;

    for (let i = 0; i < 2; i++) {
      expect(await attempt(first, email, "wrong-password-1", ip)).toMatchObject({ status: 401 });
    }
    expect(await attempt(second, email, "wrong-password-1", ip)).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
    // Locked everywhere, even with the right password.
    expect(await attempt(first, email, password, ip)).toMatchObject({ status: 429 });
    expect(await attempt(second, email, password, ip)).toMatchObject({ status: 429 });
    const rows = await first.database.db.selectFrom("login_throttle").selectAll().execute();
    expect(rows).toEqual([]);
    expect(await first.redis!.exists(`fv:throttle:lock:account:${email}`)).toBe(1);

    await first.redis!.del(`fv:throttle:lock:account:${email}`);
    expect((await attempt(second, email, password, ip)).ok).toBe(true);
  });

  it("check at most LOGIN_MAX_FAILURES of a parallel burst spread over both processes", async () => {
    const input = customerInput();
    const email = String(input.email);
    expect((await signUpCustomer(first, input, new Headers())).ok).toBe(true);
    const checks = [vi.spyOn(first.auth.api, "signInEmail"), vi.spyOn(second.auth.api, "signInEmail")];
    try {
      const burst = Array.from({ length: 40 }, (_, i) =>
        attempt(i % 2 ? first : second, email, `wrong-${i}`, `203.0.113.${i}`),
      );
      burst.push(attempt(first, email, String(input.password), "203.0.113.200"));
      const results = await Promise.all(burst);
      const checked = checks.reduce((n, spy) => n + spy.mock.calls.length, 0);
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(3);
      expect(results.filter((r) => r.ok)).toEqual([]);
      expect(results.at(-1)).toMatchObject({ status: 429, message: MESSAGES.tooMany });
    } finally {
      for (const spy of checks) spy.mockRestore();
    }
    expect(await first.database.db.selectFrom("login_throttle").selectAll().execute()).toEqual([]);
    await first.redis!.del(`fv:throttle:lock:account:${email}`);
  });

  it("count sign-ups per client address across processes, in parallel", async () => {
    const limited = await createTestServices({ REDIS_URL: REDIS_URL!, SIGNUP_MAX_PER_IP: "3" });
    const other = createServices(limited.env, { mailer: memoryMailer([]), log: createLogger("silent") });
    try {
      const client = new Headers({
        [CLIENT_IP_HEADER]: `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID()}`,
      });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signUpCustomer(i % 2 ? limited : other, customerInput(), client)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(5);
      expect(await limited.database.db.selectFrom("user").select("id").execute()).toHaveLength(3);
      expect(await limited.database.db.selectFrom("login_throttle").selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
      await limited.close();
    }
  });

  it("count requests to the auth API across processes", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const request = () =>
      new Request(`${first.env.PUBLIC_URL}/api/auth/get-session`, { headers: { [CLIENT_IP_HEADER]: ip } });
    const statuses: number[] = [];
    for (const services of [first, second, first, second, first]) {
      statuses.push((await services.auth.handler(request())).status);
    }
    expect(statuses.slice(0, 4).every((s) => s === 200)).toBe(true);
    expect(statuses[4]).toBe(429);
  });
});
