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
import { inEnglish } from "~/lib/message.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({
    LOGIN_MAX_FAILURES: "3",
    LOGIN_SLOWDOWN_SECONDS: "60",
    LOGIN_LOCK_SECONDS: "900",
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

/** Calls of the password check for `email` so far: a refused attempt never reaches it. */
function passwordChecks(spy: { mock: { calls: unknown[][] } }, email: string) {
  return spy.mock.calls.filter(([call]) => (call as { body: { email: string } }).body.email === email).length;
}

describe("login limits (ADR 0031)", () => {
  it("40 wrong passwords from one address do not lock the owner out: the right one from another address signs in", async () => {
    const owner = restaurantInput();
    await signUpRestaurant(services, owner, new Headers());
    const stranger = "10.1.0.1";
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await attempt(owner.email, `wrong-${i}`, stranger));
    expect(results.slice(0, 2)).toMatchObject([{ status: 401 }, { status: 401 }]);
    for (const refused of results.slice(2)) {
      expect(refused).toMatchObject({ ok: false, status: 429, message: MESSAGES.tooMany });
    }
    // The owner, on their own phone's address.
    expect(await attempt(owner.email, owner.password, "10.1.0.2")).toMatchObject({
      ok: true,
      role: "restaurant",
    });
    // The stranger's address stays slowed down, even with the right password.
    expect(await attempt(owner.email, owner.password, stranger)).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
  });

  it("slows one address down with a wait that doubles after each failure, and forgets it once the password is right", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const email = String(customer.email);
    const ip = "10.1.1.1";
    const checks = vi.spyOn(services.auth.api, "signInEmail");
    // Only Date is faked (the limits' clock); timers and I/O stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      vi.setSystemTime(start);
      expect(await attempt(email, "bad-1", ip)).toMatchObject({ status: 401 });
      expect(await attempt(email, "bad-2", ip)).toMatchObject({ status: 401 });
      // The third failure starts a wait of LOGIN_SLOWDOWN_SECONDS (60).
      expect(await attempt(email, "bad-3", ip)).toMatchObject({ status: 429, message: MESSAGES.tooMany });
      expect(passwordChecks(checks, email)).toBe(3);
      vi.setSystemTime(start + 59_000);
      expect(await attempt(email, String(customer.password), ip)).toMatchObject({ status: 429 });
      expect(passwordChecks(checks, email)).toBe(3);
      // After the wait, one attempt is checked; wrong again, the next wait is 120 s.
      vi.setSystemTime(start + 61_000);
      expect(await attempt(email, "bad-4", ip)).toMatchObject({ status: 429, message: MESSAGES.tooMany });
      expect(passwordChecks(checks, email)).toBe(4);
      vi.setSystemTime(start + 61_000 + 100_000);
      expect(await attempt(email, String(customer.password), ip)).toMatchObject({ status: 429 });
      expect(passwordChecks(checks, email)).toBe(4);
      vi.setSystemTime(start + 61_000 + 121_000);
      expect(await attempt(email, String(customer.password), ip)).toMatchObject({ ok: true });
      // Forgotten: the next failures are plain wrong passwords again.
      expect(await attempt(email, "bad-5", ip)).toMatchObject({ status: 401 });
      expect(await attempt(email, "bad-6", ip)).toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
      checks.mockRestore();
    }
  });

  it("checks at most LOGIN_MAX_FAILURES of 40 parallel guesses from one address, and refuses the right password after them", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const email = String(customer.email);
    const checks = vi.spyOn(services.auth.api, "signInEmail");
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(email, `wrong-${i}`, "10.7.0.1")),
      );
      const checked = passwordChecks(checks, email);
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(3);
      // Unchecked guesses are refused as too many, checked ones as wrong or too many.
      const statuses = results.map((r) => (r.ok ? 200 : r.status));
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - checked);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(await attempt(email, customer.password, "10.7.0.1")).toMatchObject({
        status: 429,
        message: MESSAGES.tooMany,
      });
      expect(passwordChecks(checks, email)).toBe(checked);
    } finally {
      checks.mockRestore();
    }
  });

  it("bounds a guesser spread over many addresses by LOGIN_ACCOUNT_MAX_FAILURES, and lets the owner in from an address it knows", async () => {
    const limited = await createTestServices({ LOGIN_MAX_FAILURES: "3", LOGIN_ACCOUNT_MAX_FAILURES: "5" });
    const owner = customerInput();
    await signUpCustomer(limited, owner, new Headers());
    const email = String(owner.email);
    const tryIt = (password: unknown, ip: string) =>
      logIn(limited, { email, password }, { headers: new Headers(), ip });
    const checks = vi.spyOn(limited.auth.api, "signInEmail");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      vi.setSystemTime(start);
      // The owner signed in from home last week: the address is known to the account.
      expect(await tryIt(owner.password, "192.0.2.1")).toMatchObject({ ok: true });
      const before = passwordChecks(checks, email);
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => tryIt(`wrong-${i}`, `198.51.100.${i + 1}`)),
      );
      // The ceiling, then one attempt per 3600 / 5 = 720 s from addresses it does not know.
      const checked = passwordChecks(checks, email) - before;
      expect(checked).toBeGreaterThanOrEqual(5);
      expect(checked).toBeLessThanOrEqual(6);
      expect(burst.filter((r) => !r.ok && r.status === 429).length).toBeGreaterThanOrEqual(34);
      // Slowed, not locked: the owner's known address goes on...
      expect(await tryIt(owner.password, "192.0.2.1")).toMatchObject({ ok: true });
      // ...and a new one waits its turn.
      expect(await tryIt(owner.password, "203.0.113.9")).toMatchObject({
        status: 429,
        message: MESSAGES.tooMany,
      });
      vi.setSystemTime(start + 721_000);
      expect(await tryIt(owner.password, "203.0.113.9")).toMatchObject({ ok: true });
    } finally {
      vi.useRealTimers();
      checks.mockRestore();
      await limited.close();
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

// ---- docs/threat-model.md: the login form as the browser posts it ----

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
    expect(answer.init).toMatchObject({ status: 413, statusText: inEnglish(BODY_MESSAGES.tooLarge(limit)) });
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
