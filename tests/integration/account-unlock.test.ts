import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, logIn } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { ADMIN_MESSAGES as A } from "~/features/admin/admin.schema.ts";
import { accountForAdmin } from "~/features/admin/admin.server.ts";
import * as userRoute from "~/routes/admin/user.tsx";
import { accountLocks } from "~/server/account-locks.server.ts";
import { reservePasswordChange, withinMailingLimits } from "~/server/rate-limits.server.ts";
import { unlockCommand } from "../../server/commands.ts";
import { buildRequest, callRoute } from "./authorization/route-call.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp } from "../setup/accounts.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// ADR 0031: an admin clears every lock on an account, on whichever store counts
// them: the database's rate_limit table, or Redis (TEST_REDIS_URL; `npm run test:pg` sets it).
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES = [["the database", {}], ...(REDIS_URL ? [["Redis", { REDIS_URL }] as const] : [])] as const;

/** An address of each account's own, so one test's failures never touch another's. */
const addressOf = (account: SignedUp) => `198.51.100.${account.id.slice(0, 6)}`;
const emailOf = (account: SignedUp) => String(account.input.email);

describe.each(STORES)("unlocking an account counted in %s", (_store, settings) => {
  let services: TestServices;
  let adminCookies: Headers;
  const ADMIN = { email: "unlock-admin@foodverse.test", password: "admin-password-1" };

  beforeAll(async () => {
    services = await createTestServices({ ...settings, LOGIN_MAX_FAILURES: "3" });
    await createAdmin(services, ADMIN);
    const login = await logIn(services, ADMIN, { headers: new Headers(), ip: "127.0.0.1" });
    if (!login.ok) throw new Error(inEnglish(login.message));
    adminCookies = headersWithCookies(login.headers);
  });
  afterAll(() => services.close());

  const signIn = (account: SignedUp, password: string) =>
    logIn(
      services,
      { email: emailOf(account), password },
      { headers: new Headers(), ip: addressOf(account) },
    );

  /** Wrong passwords from its address until it is refused, its password change locked, its reset mails used up. */
  async function lock(account: SignedUp) {
    for (let i = 0; i < 3; i++) await signIn(account, "wrong-password-1");
    expect(await signIn(account, String(account.input.password))).toMatchObject({
      status: 429,
      message: MESSAGES.tooMany,
    });
    for (let locked = false; !locked;)
      locked = await (await reservePasswordChange(services, account.id))!.failed();
    const mail = () => withinMailingLimits(services, "reset", emailOf(account), new Headers());
    while ((await mail()).ok);
  }

  const locksOf = (account: SignedUp) => accountLocks(services, { id: account.id, email: emailOf(account) });

  const auditRows = () =>
    services.database.db
      .selectFrom("audit_log")
      .select(["actorLabel", "action", "targetType", "targetId", "targetLabel", "reason"])
      .where("action", "=", "account.unlock")
      .orderBy("timestamp")
      .execute();

  /** The screen's Unlock button, pressed by whoever `cookies` signs in. */
  function post(account: SignedUp, cookies: Headers | null) {
    const path = `/admin/users/${account.id}`;
    const request = buildRequest({ method: "POST", path, cookies, form: {} });
    return callRoute(services, userRoute.action, request, { userId: account.id });
  }

  it("shows the locks until when; the admin's unlock clears them all, is audited, and the owner signs in", async () => {
    const customer = await signedUpCustomer(services);
    const bystander = await signedUpOwner(services);
    await lock(customer);
    await lock(bystander);

    const shown = (await accountForAdmin(services, customer.id))!;
    expect(shown.user).toMatchObject({ email: emailOf(customer), role: "customer" });
    expect(shown.locks!.map((l) => l.limit).toSorted()).toEqual([
      "login-pair",
      "password-change",
      "reset-mailbox",
    ]);
    for (const l of shown.locks!) expect(l.until).toBeGreaterThan(Date.now());

    expect(await post(customer, adminCookies)).toMatchObject({
      location: `/admin/users/${customer.id}`,
      toast: { level: "success", message: A.unlocked(emailOf(customer), 3) },
    });
    expect(await locksOf(customer)).toEqual([]);
    expect(await auditRows()).toEqual([
      {
        actorLabel: expect.any(String),
        action: "account.unlock",
        targetType: "user",
        targetId: customer.id,
        targetLabel: emailOf(customer),
        reason: expect.stringMatching(/login-pair/),
      },
    ]);
    // In again, from the address that was refused; and the password change and reset mails work.
    expect((await signIn(customer, String(customer.input.password))).ok).toBe(true);
    expect(await reservePasswordChange(services, customer.id)).not.toBeNull();
    expect((await withinMailingLimits(services, "reset", emailOf(customer), new Headers())).ok).toBe(true);
    // Another account's locks are its own.
    expect(await locksOf(bystander)).toHaveLength(3);

    // Nothing left to clear: said so, and nothing is logged.
    expect(await post(customer, adminCookies)).toMatchObject({
      status: 409,
      toast: { level: "info", message: A.noLocks(emailOf(customer)) },
    });
    expect(await auditRows()).toHaveLength(1);
  });

  it("refuses a visitor, a customer and a restaurant owner, and the locks stay", async () => {
    const target = await signedUpCustomer(services);
    const customer = await signedUpCustomer(services);
    const owner = await signedUpOwner(services);
    await lock(target);
    const before = await locksOf(target);
    const audited = (await auditRows()).length;

    for (const cookies of [null, customer.cookies, owner.cookies, target.cookies]) {
      const { status, location } = await post(target, cookies);
      expect(status).toBe(302);
      expect(location).not.toMatch(/^\/admin/);
    }
    // The same locks, ending when they did (Redis gives the time left: a few ms apart).
    const after = await locksOf(target);
    expect(after.map((l) => l.limit)).toEqual(before.map((l) => l.limit));
    after.forEach((l, i) => expect(Math.abs(l.until - before[i]!.until)).toBeLessThan(2000));
    expect(await auditRows()).toHaveLength(audited);
    expect((await signIn(target, String(target.input.password))).ok).toBe(false);
  });

  it("npm run admin -- unlock <email>: what it cleared, no locks, or no such account", async () => {
    const owner = await signedUpOwner(services);
    await lock(owner);
    expect(await unlockCommand(services, emailOf(owner).toUpperCase())).toBe(
      `unlocked ${emailOf(owner)}: 3 locks cleared (login-pair, password-change, reset-mailbox)`,
    );
    expect(await locksOf(owner)).toEqual([]);
    expect((await auditRows()).at(-1)).toMatchObject({ actorLabel: "command line", targetId: owner.id });
    expect(await unlockCommand(services, emailOf(owner))).toBe(`no locks on ${emailOf(owner)}`);
    await expect(unlockCommand(services, "nobody@foodverse.test")).rejects.toThrow(
      "no account has the email nobody@foodverse.test",
    );
  });
});

describe("while Redis is away", () => {
  let services: TestServices;
  // Nothing listens there: the client keeps trying, and sends nothing meanwhile.
  beforeAll(async () => {
    services = await createTestServices({ REDIS_URL: "redis://127.0.0.1:1" });
  });
  afterAll(() => services.close());

  it("the screen says the locks cannot be read, Unlock answers 503 with why, and nothing is logged", async () => {
    const admin = { email: "away-admin@foodverse.test", password: "admin-password-1" };
    await createAdmin(services, admin);
    // Signing in still works: the limits count in this process meanwhile.
    const login = await logIn(services, admin, { headers: new Headers(), ip: "127.0.0.1" });
    if (!login.ok) throw new Error(inEnglish(login.message));
    const customer = await signedUpCustomer(services);

    expect(await accountForAdmin(services, customer.id)).toMatchObject({ locks: null });
    const path = `/admin/users/${customer.id}`;
    const request = buildRequest({
      method: "POST",
      path,
      cookies: headersWithCookies(login.headers),
      form: {},
    });
    expect(await callRoute(services, userRoute.action, request, { userId: customer.id })).toMatchObject({
      status: 503,
      toast: { level: "error", message: A.locksUnavailable },
    });
    await expect(unlockCommand(services, emailOf(customer))).rejects.toThrow(A.locksUnavailable);
    expect(
      await services.database.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "account.unlock")
        .execute(),
    ).toEqual([]);
  });
});
