import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createAdmin,
  logIn,
  logOut,
  signUpCustomer,
  signUpRestaurant,
} from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({
    LOGIN_MAX_FAILURES: "3",
    LOGIN_LOCK_SECONDS: "2",
    LOGIN_IP_MAX_FAILURES: "50",
  });
});
afterAll(() => services.close());

const attempt = (email: unknown, password: unknown, ip = "10.0.0.1") =>
  logIn(services, { email, password }, { headers: new Headers(), ip });

describe("login and role detection (product rules §4)", () => {
  it("signs in a restaurant owner and a customer with their roles", async () => {
    const owner = restaurantInput();
    const customer = customerInput();
    await signUpRestaurant(services, owner, new Headers());
    await signUpCustomer(services, customer, new Headers());

    const ownerLogin = await attempt(owner.email, owner.password);
    expect(ownerLogin).toMatchObject({ ok: true, role: "restaurant" });
    const customerLogin = await attempt(String(customer.email).toUpperCase(), customer.password);
    expect(customerLogin).toMatchObject({ ok: true, role: "customer" });
    if (!customerLogin.ok) return;
    expect((await getViewer(services, headersWithCookies(customerLogin.headers)))?.role).toBe("customer");
  });

  it("signs out a user who is in neither collection, with the message of product rules §8", async () => {
    const { user } = await services.auth.api.signUpEmail({
      body: { name: "ghost", email: "ghost@example.com", password: "ghost-password" },
    });
    const sessions = () =>
      services.database.db.selectFrom("session").select("id").where("userId", "=", user.id).execute();
    const before = (await sessions()).length;
    const result = await attempt("ghost@example.com", "ghost-password");
    expect(result).toMatchObject({ ok: false, status: 403, message: MESSAGES.noData });
    expect(result).not.toHaveProperty("headers");
    expect((await sessions()).length).toBe(before);
  });

  it("answers any other failure with 'Bad user credentials'", async () => {
    const owner = restaurantInput();
    await signUpRestaurant(services, owner, new Headers());
    expect(await attempt(owner.email, "wrong-password")).toMatchObject({
      ok: false,
      status: 401,
      message: MESSAGES.badCredentials,
    });
    expect(await attempt("nobody@example.com", "whatever")).toMatchObject({
      ok: false,
      message: MESSAGES.badCredentials,
    });
    expect(await attempt("not an email", "")).toMatchObject({
      ok: false,
      status: 400,
      message: MESSAGES.badCredentials,
    });
  });

  it("recognises admins made from the command line", async () => {
    await createAdmin(services, { email: "admin@example.com", password: "admin-password" });
    expect(await attempt("admin@example.com", "admin-password")).toMatchObject({ ok: true, role: "admin" });
  });

  it("ends the session on sign-out", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const login = await attempt(customer.email, customer.password);
    if (!login.ok) throw new Error("login failed");
    const cookies = headersWithCookies(login.headers);
    expect(await getViewer(services, cookies)).not.toBeNull();
    await logOut(services, cookies);
    expect(await getViewer(services, cookies)).toBeNull();
  });
});

describe("per-account throttling", () => {
  it("locks an account after the configured failures, from any IP, then lets it in again", async () => {
    const owner = restaurantInput();
    await signUpRestaurant(services, owner, new Headers());
    const other = customerInput();
    await signUpCustomer(services, other, new Headers());

    expect(await attempt(owner.email, "bad-1", "10.0.0.1")).toMatchObject({ status: 401 });
    expect(await attempt(owner.email, "bad-2", "10.0.0.2")).toMatchObject({ status: 401 });
    const beforeLock = Date.now();
    expect(await attempt(owner.email, "bad-3", "10.0.0.3")).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
    // Locked: even the right password, from yet another address, is refused.
    expect(await attempt(owner.email, owner.password, "10.0.0.4")).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
    // Other accounts are not affected.
    expect(await attempt(other.email, other.password, "10.0.0.1")).toMatchObject({ ok: true });

    const afterLock = Date.now();

    // The lock lasts LOGIN_LOCK_SECONDS (2): the clock the throttle reads (Date) is
    // moved on instead of waited for. Only Date is faked; timers and I/O stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(beforeLock + 1000);
      expect(await attempt(owner.email, owner.password, "10.0.0.5")).toMatchObject({ status: 429 });
      vi.setSystemTime(afterLock + 2100);
      expect(await attempt(owner.email, owner.password, "10.0.0.6")).toMatchObject({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets failures once a login succeeds", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    await attempt(customer.email, "bad-1");
    await attempt(customer.email, "bad-2");
    expect(await attempt(customer.email, customer.password)).toMatchObject({ ok: true });
    expect(await attempt(customer.email, "bad-3")).toMatchObject({ status: 401 });
    expect(await attempt(customer.email, "bad-4")).toMatchObject({ status: 401 });
  });

  it("checks at most LOGIN_MAX_FAILURES of 40 parallel guesses, and refuses the right password sent after them", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const email = String(customer.email);
    const checks = vi.spyOn(services.auth.api, "signInEmail");
    try {
      const burst = Array.from({ length: 40 }, (_, i) => attempt(email, `wrong-${i}`, `10.7.0.${i}`));
      burst.push(attempt(email, customer.password, "10.7.1.1"));
      const results = await Promise.all(burst);
      const checked = checks.mock.calls.filter(([call]) => call?.body.email === email).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(3);
      expect(results.filter((r) => r.ok)).toEqual([]);
      expect(results.at(-1)).toMatchObject({ status: 429, message: MESSAGES.tooMany });
      // Unchecked guesses are refused as throttled, checked ones as wrong or throttled.
      const statuses = results.map((r) => (r.ok ? 200 : r.status));
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(41 - checked);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    } finally {
      checks.mockRestore();
    }
  });

  it("gives a successful login's place back to its IP", async () => {
    const ipServices = await createTestServices({ LOGIN_MAX_FAILURES: "100", LOGIN_IP_MAX_FAILURES: "2" });
    try {
      const customer = customerInput();
      await signUpCustomer(ipServices, customer, new Headers());
      const tryIt = (password: unknown) =>
        logIn(ipServices, { email: customer.email, password }, { headers: new Headers(), ip: "192.0.2.20" });
      for (let i = 0; i < 5; i++) expect(await tryIt(customer.password)).toMatchObject({ ok: true });
      expect(await tryIt("nope-nope")).toMatchObject({ status: 401 });
    } finally {
      await ipServices.close();
    }
  });

  it("also limits failures from one IP across accounts", async () => {
    const ipServices = await createTestServices({ LOGIN_MAX_FAILURES: "100", LOGIN_IP_MAX_FAILURES: "3" });
    try {
      const tryIt = (email: string, ip: string) =>
        logIn(ipServices, { email, password: "nope-nope" }, { headers: new Headers(), ip });
      await tryIt("a@example.com", "192.0.2.9");
      await tryIt("b@example.com", "192.0.2.9");
      expect(await tryIt("c@example.com", "192.0.2.9")).toMatchObject({ status: 429 });
      expect(await tryIt("d@example.com", "192.0.2.10")).toMatchObject({ status: 401 });
    } finally {
      await ipServices.close();
    }
  });
});

// ---- issue 14: the login form as the browser posts it ----

/** Posts the login form to the route's action, as React Router hands it a request. */
const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
  const { action } = await import("~/routes/account/login.tsx");
  const { RouterContextProvider } = await import("react-router");
  const { servicesContext } = await import("~/server/context.ts");
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  try {
    return (await action({ request, context, params: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
};

describe("the login form (issue 14)", () => {
  it("after login goes only to a path of this site, whatever redirectTo says", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const go = async (redirectTo: string) => {
      const answer = (await post(
        new URLSearchParams({
          email: String(customer.email),
          password: String(customer.password),
          redirectTo,
        }),
      )) as Response;
      expect(answer.status).toBe(302);
      return answer.headers.get("location");
    };
    // `/login?redirectTo=%2F%09%2Fevil.example` put "/\t/evil.example" in the form: browsers went to evil.example.
    for (const hostile of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\evil.example",
      "//evil.example",
      "%2F%2Fevil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "/.//evil.example",
      "javascript:alert(1)",
      "https://evil.example/",
      "http://localhost:3000@evil.example/",
    ]) {
      const location = await go(hostile);
      expect([hostile, location]).toEqual([hostile, "/"]);
    }
    expect(await go("/profile/customer?tab=reviews")).toBe("/profile/customer?tab=reviews");
  });

  it("refuses a body past FORM_MAX_KB with 413 and its message, and signs no one in", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const { BODY_MESSAGES, bodyLimitsOf } = await import("~/server/body-limit.server.ts");
    const limit = bodyLimitsOf(services.env).maxBytes;
    const form = new URLSearchParams({
      email: String(customer.email),
      password: String(customer.password),
      pad: "x".repeat(limit),
    });
    const answer = (await post(form)) as { init?: ResponseInit };
    expect(answer.init).toMatchObject({ status: 413, statusText: BODY_MESSAGES.tooLarge(limit) });
    const sessions = await services.database.db.selectFrom("session").select("id").execute();
    const before = sessions.length;
    // Declared past the limit: refused before a byte is read.
    const declared = (await post(new URLSearchParams({ email: "a@b.pk" }), {
      "content-length": String(150 * 1024 * 1024),
    })) as { init?: ResponseInit };
    expect(declared.init).toMatchObject({ status: 413 });
    expect((await services.database.db.selectFrom("session").select("id").execute()).length).toBe(before);
  });
});
