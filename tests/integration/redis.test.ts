import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logIn, signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { redisReady } from "~/server/redis.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { customerInput } from "../setup/factories.ts";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy.ts";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";

// With REDIS_URL, the counters that must hold across app processes (the rate limits of
// ADR 0031, the auth rate limiter) live in Redis: a wait earned through one process
// holds on the other. Runs where Redis is (TEST_REDIS_URL; `npm run test:pg` sets it, as CI does).
const REDIS_URL = process.env.TEST_REDIS_URL;

function attempt(services: Services, email: string, password: string, ip: string) {
  return logIn(services, { email, password }, { headers: new Headers(), ip });
}

const addressGroup = () => Math.floor(Math.random() * 0xffff).toString(16);
/** An IPv6 address in a /64 of its own (better-auth counts an IPv6 client by its /64). */
const randomAddress = () => `2001:db8:${addressGroup()}:${addressGroup()}::1`;

/** The limits' keys in Redis (`fv:rl:<limit>:<hashed subject>`). */
const keysOf = (services: Services, limit: string) => services.redis!.keys(`fv:rl:${limit}:*`);

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
    await redisReady(second.redis!, 5000);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("slow an address down on every process after failures through one, without database writes", async () => {
    const input = customerInput();
    const email = String(input.email);
    const password = String(input.password);
    expect((await signUpCustomer(first, input, new Headers())).ok).toBe(true);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;

    for (let i = 0; i < 2; i++) {
      expect(await attempt(first, email, "wrong-password-1", ip)).toMatchObject({ status: 401 });
    }
    expect(await attempt(second, email, "wrong-password-1", ip)).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
    // That address waits on every process, even with the right password...
    expect(await attempt(first, email, password, ip)).toMatchObject({ status: 429 });
    expect(await attempt(second, email, password, ip)).toMatchObject({ status: 429 });
    // ...and the owner from another address gets in through either.
    expect((await attempt(second, email, password, `${ip}-owner`)).ok).toBe(true);
    expect(await first.database.db.selectFrom("rate_limit").selectAll().execute()).toEqual([]);
    expect((await keysOf(first, "login-pair")).length).toBeGreaterThan(0);
    expect((await keysOf(first, "login-pair")).join(" ")).not.toContain(email);
  });

  it("check at most LOGIN_MAX_FAILURES of a parallel burst from one address spread over both processes", async () => {
    const input = customerInput();
    const email = String(input.email);
    expect((await signUpCustomer(first, input, new Headers())).ok).toBe(true);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const checks = [vi.spyOn(first.auth.api, "signInEmail"), vi.spyOn(second.auth.api, "signInEmail")];
    try {
      const burst = Array.from({ length: 40 }, (_, i) =>
        attempt(i % 2 ? first : second, email, `wrong-${i}`, ip),
      );
      const results = await Promise.all(burst);
      const checked = checks.reduce((n, spy) => n + spy.mock.calls.length, 0);
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(3);
      expect(results.filter((r) => r.ok)).toEqual([]);
      expect(await attempt(first, email, String(input.password), ip)).toMatchObject({
        status: 429,
        message: MESSAGES.tooMany,
      });
    } finally {
      for (const spy of checks) spy.mockRestore();
    }
    expect(await first.database.db.selectFrom("rate_limit").selectAll().execute()).toEqual([]);
  });

  it("count sign-ups per client address across processes, in parallel", async () => {
    const limited = await createTestServices({ REDIS_URL: REDIS_URL!, SIGNUP_MAX_PER_IP: "3" });
    const other = createServices(limited.env, { mailer: memoryMailer([]), log: createLogger("silent") });
    await redisReady(other.redis!, 5000);
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
      expect(await limited.database.db.selectFrom("rate_limit").selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
      await limited.close();
    }
  });

  it("count requests to the auth API across processes", async () => {
    // A real address (better-auth counts an unreadable one as 127.0.0.1, shared by every run).
    const ip = randomAddress();
    const request = () =>
      new Request(`${first.env.PUBLIC_URL}/api/auth/get-session`, { headers: { [CLIENT_IP_HEADER]: ip } });
    const statuses: number[] = [];
    for (const services of [first, second, first, second, first]) {
      statuses.push((await services.auth.handler(request())).status);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
  });
});

// docs/operations.md: Redis restarting (here: a proxy in front of it cut, as a restart drops and
// refuses connections) neither fails nor holds requests; each process counts alone
// until it is back, and then counts in Redis again.
describe.skipIf(!REDIS_URL)("Redis going away", () => {
  let proxy: TcpProxy;
  let services: TestServices;
  beforeAll(async () => {
    const target = new URL(REDIS_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const through = new URL(REDIS_URL!);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    services = await createTestServices({
      REDIS_URL: through.toString(),
      LOGIN_MAX_FAILURES: "3",
      AUTH_RATE_LIMIT: "on",
      AUTH_RATE_LIMIT_MAX: "3",
    });
    await services.redis!.ping();
  });
  afterAll(async () => {
    await services.close();
    await proxy.close();
  });

  it("keeps sign-ins and their limits working, in this process alone, and answers at once", async () => {
    const input = customerInput();
    const email = String(input.email);
    expect((await signUpCustomer(services, input, new Headers())).ok).toBe(true);
    await proxy.down();
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const started = performance.now();
    for (let i = 0; i < 2; i++) {
      expect(await attempt(services, email, "wrong-password-1", ip)).toMatchObject({ status: 401 });
    }
    // The third failure earns the wait, counted in memory while Redis is away.
    expect(await attempt(services, email, "wrong-password-1", ip)).toMatchObject({ status: 429 });
    expect(await attempt(services, email, String(input.password), `${ip}-owner`)).toMatchObject({ ok: true });
    // better-auth's limiter too: 3 a window, then 429, none of it an error.
    const apiIp = randomAddress();
    const request = () =>
      new Request(`${services.env.PUBLIC_URL}/api/auth/get-session`, {
        headers: { [CLIENT_IP_HEADER]: apiIp },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await services.auth.handler(request())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // No request waited for Redis to come back (password hashing is the slow part).
    expect(performance.now() - started).toBeLessThan(5000);

    await proxy.up();
    await vi.waitFor(() => expect(services.redis!.isReady).toBe(true), { timeout: 5000 });
    const other = `${ip}-back`;
    await attempt(services, email, "wrong-password-1", other);
    expect((await keysOf(services, "login-pair")).length).toBeGreaterThan(0);
  });
});
