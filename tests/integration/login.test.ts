import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  getViewer,
  logIn,
  logOut,
  signUpCustomer,
  signUpRestaurant,
} from "~/features/accounts/accounts.server.ts";
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

describe("login and role detection (SPEC §4)", () => {
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

  it("signs out a user who is in neither collection, with the SPEC message", async () => {
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

    await new Promise((r) => setTimeout(r, 2100));
    expect(await attempt(owner.email, owner.password, "10.0.0.5")).toMatchObject({ ok: true });
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
