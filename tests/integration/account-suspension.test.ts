import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/features/accounts/access.server.ts";
import { createAdmin, logIn } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { ADMIN_MESSAGES as A } from "~/features/admin/admin.schema.ts";
import {
  COMMAND_LINE,
  decideAccount,
  decideRestaurant,
  decideReview,
  userDirectory,
} from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import { publicMenu } from "~/features/menus/menu-read.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { ratingSummary } from "~/features/reviews/rating-summary.server.ts";
import {
  branchReviewsPage,
  recentReviewsPage,
  restaurantRecentReviews,
  siteLatestReviews,
} from "~/features/reviews/reviews-read.server.ts";
import { postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import { registerMessages, translateMessage } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import * as loginRoute from "~/routes/account/login.tsx";
import * as userRoute from "~/routes/admin/user.tsx";
import { contentVersionKey } from "~/server/page-cache.server.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp } from "../setup/accounts.ts";
import { buildRequest, callRoute } from "./authorization/route-call.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";
import { inEnglish, type Message } from "~/lib/message.ts";

/**
 * ADR 0033: an admin suspends a customer or a restaurant owner (with a reason the
 * person reads at login) and restores them (admin.server.ts `decideAccount`). Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let services: TestServices;
let admin: { id: string; cookies: Headers };
let otherAdminId: string;
const ADMIN = { email: "suspender@foodverse.test", password: "admin-password-1" };
const IP = "127.0.0.1";

beforeAll(async () => {
  registerMessages("ur", urduMessages);
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  const id = (await createAdmin(services, ADMIN)).userId;
  otherAdminId = (
    await createAdmin(services, { email: "second@foodverse.test", password: "admin-password-2" })
  ).userId;
  const login = await logIn(services, ADMIN, { headers: new Headers(), ip: IP });
  if (!login.ok) throw new Error(inEnglish(login.message));
  admin = { id, cookies: headersWithCookies(login.headers) };
});
afterAll(() => services.close());

const db = () => services.database.db;
const credentials = (person: SignedUp) => ({
  email: String(person.input.email),
  password: String(person.input.password),
});

/** The admin's Suspend or Restore button on /admin/users/:id. */
const decide = (cookies: Headers | null, userId: string, form: Record<string, string>) =>
  callRoute(
    services,
    userRoute.action,
    buildRequest({ method: "POST", path: `/admin/users/${userId}`, cookies, form }),
    {
      userId,
    },
  );

async function approvedRestaurant() {
  const owner = await signedUpOwner(services);
  await menus.addSection(services, owner.id, { originalName: "Karahi" });
  const branch = await addBranch(services, owner.id, { branchName: "F-7 Markaz" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  const approved = await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
  if (!approved.ok) throw new Error(inEnglish(approved.message));
  return { owner, branchUrl: branch.branchUrl };
}

async function review(
  author: SignedUp,
  place: { owner: { urlName: string }; branchUrl: string },
  rating: number,
) {
  const posted = await postReview(
    services,
    author.id,
    { urlName: place.owner.urlName, branchUrl: place.branchUrl },
    { values: { rating: String(rating), review: `Rated ${rating} by ${author.id}` }, photos: [] },
  );
  if (!posted.ok) throw new Error(inEnglish(posted.message));
  return posted.id;
}

const stored = async (restaurantId: string) =>
  db()
    .selectFrom("restaurant")
    .select(["restRating", "restNoofReviews", "approvalStatus", "approvalNote", "isactive"])
    .where("id", "=", restaurantId)
    .executeTakeFirstOrThrow();

const sessionsOf = async (userId: string) =>
  Number(
    (
      await db()
        .selectFrom("session")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The audit rows of the admin's decisions on one account (the restaurant's approval aside). */
const auditOf = (targetId: string) =>
  db()
    .selectFrom("audit_log")
    .select(["actorId", "action", "targetType", "reason"])
    .where("targetId", "=", targetId)
    .where("actorId", "is not", null)
    .orderBy("timestamp")
    .orderBy("targetType", "desc")
    .execute();

/** What a visitor reads of a restaurant's reviews, on every public page that lists or counts them. */
async function publicReviewIds(place: { owner: { id: string; urlName: string }; branchUrl: string }) {
  const branch = await branchReviewsPage(services, place.owner.urlName, place.branchUrl, 1);
  const recent = await restaurantRecentReviews(services, place.owner.urlName);
  const reviewsPage = await recentReviewsPage(services, 1);
  const latest = await siteLatestReviews(services, 100);
  const summary = await ratingSummary(services, { restaurantId: place.owner.id });
  const row = await stored(place.owner.id);
  return {
    branch: branch!.reviews.map((r) => r.id).toSorted(),
    recent: recent!.reviews.map((r) => r.id).toSorted(),
    reviewsPage: (reviewsPage.restaurants.find((r) => r.id === place.owner.id)?.reviews ?? [])
      .map((r) => r.id)
      .toSorted(),
    latest: latest
      .filter((r) => r.restaurantId === place.owner.id)
      .map((r) => r.id)
      .toSorted(),
    summary: { average: summary.average, count: summary.count },
    stored: { rating: row.restRating, count: row.restNoofReviews },
  };
}

describe("suspending a customer", () => {
  it("refuses their login with the reason, ends their sessions and hides their reviews; restore brings all back", async () => {
    const place = await approvedRestaurant();
    const elsewhere = await approvedRestaurant();
    const author = await signedUpCustomer(services);
    const fair = await signedUpCustomer(services);
    const harsh = await review(author, place, 1);
    const kind = await review(fair, place, 5);
    await review(author, elsewhere, 2);
    // A second session, on another phone.
    expect((await logIn(services, credentials(author), { headers: new Headers(), ip: IP })).ok).toBe(true);
    expect(await sessionsOf(author.id)).toBe(2);

    const before = await publicReviewIds(place);
    expect(before).toEqual({
      branch: [harsh, kind].toSorted(),
      recent: [harsh, kind].toSorted(),
      reviewsPage: [harsh, kind].toSorted(),
      latest: [harsh, kind].toSorted(),
      summary: { average: 3, count: 2 },
      stored: { rating: 3, count: 2 },
    });
    const versions = {
      place: await contentVersionKey(db(), { kind: "restaurant", urlName: place.owner.urlName }),
      elsewhere: await contentVersionKey(db(), { kind: "restaurant", urlName: elsewhere.owner.urlName }),
      site: await contentVersionKey(db(), { kind: "site" }),
    };

    const reason = "Reviews written from one phone for many accounts";
    const suspended = await decide(admin.cookies, author.id, { intent: "suspend", reason: `  ${reason} ` });
    expect(suspended.location).toBe(`/admin/users/${author.id}`);

    // Every session ends at once; the old cookie is a visitor's.
    expect(await sessionsOf(author.id)).toBe(0);
    expect(await getViewer(services, author.cookies)).toBeNull();
    // The right password is told why, in English and in Urdu, and gets no session.
    const refused = await logIn(services, credentials(author), { headers: new Headers(), ip: IP });
    expect(refused).toMatchObject({ ok: false, status: 403, message: MESSAGES.suspended(reason) });
    expect(inEnglish(MESSAGES.suspended(reason))).toBe(`Your account is suspended. Reason: ${reason}`);
    expect(translateMessage("ur", MESSAGES.suspended(reason))).toBe(`آپ کا اکاؤنٹ معطل ہے۔ وجہ: ${reason}`);
    expect(await sessionsOf(author.id)).toBe(0);
    const screen = await callRoute(
      services,
      loginRoute.action,
      buildRequest({ method: "POST", path: "/login", cookies: null, form: credentials(author) }),
      {},
    );
    expect(screen.status).toBe(403);
    expect(screen.detail).toMatchObject({ notice: MESSAGES.suspended(reason) });
    expect(await sessionsOf(author.id)).toBe(0);
    // A wrong password learns nothing of the suspension.
    const guess = await logIn(
      services,
      { ...credentials(author), password: "wrong-password-9" },
      {
        headers: new Headers(),
        ip: "10.0.0.9",
      },
    );
    expect(guess).toMatchObject({ ok: false, status: 401, message: MESSAGES.badCredentials });

    // Their reviews are out of every list, count and rating, on both restaurants.
    expect(await publicReviewIds(place)).toEqual({
      branch: [kind],
      recent: [kind],
      reviewsPage: [kind],
      latest: [kind],
      summary: { average: 5, count: 1 },
      stored: { rating: 5, count: 1 },
    });
    expect(await stored(elsewhere.owner.id)).toMatchObject({ restRating: 0, restNoofReviews: 0 });
    // Kept pages are keyed on these versions: none of them can be served again.
    expect(await contentVersionKey(db(), { kind: "restaurant", urlName: place.owner.urlName })).not.toBe(
      versions.place,
    );
    expect(await contentVersionKey(db(), { kind: "restaurant", urlName: elsewhere.owner.urlName })).not.toBe(
      versions.elsewhere,
    );
    expect(await contentVersionKey(db(), { kind: "site" })).not.toBe(versions.site);

    // The admin's screens show it, and the audit log keeps who, what and why.
    const listed = await userDirectory(services, String(author.input.email), 1);
    expect(listed.users[0]?.suspension).toMatchObject({ reason });
    expect(await auditOf(author.id)).toEqual([
      { actorId: admin.id, action: "account.suspend", targetType: "user", reason },
    ]);

    const restored = await decide(admin.cookies, author.id, { intent: "restore", reason: "Appeal accepted" });
    expect(restored.location).toBe(`/admin/users/${author.id}`);
    expect(await publicReviewIds(place)).toEqual(before);
    expect(await stored(elsewhere.owner.id)).toMatchObject({ restRating: 2, restNoofReviews: 1 });
    const back = await logIn(services, credentials(author), { headers: new Headers(), ip: IP });
    expect(back).toMatchObject({ ok: true, role: "customer" });
    expect((await userDirectory(services, String(author.input.email), 1)).users[0]?.suspension).toBeNull();
    expect(await auditOf(author.id)).toEqual([
      { actorId: admin.id, action: "account.suspend", targetType: "user", reason },
      { actorId: admin.id, action: "account.restore", targetType: "user", reason: "Appeal accepted" },
    ]);
  });

  it("keeps a moderator's hiding apart: neither restore shows what the other still hides", async () => {
    const place = await approvedRestaurant();
    const author = await signedUpCustomer(services);
    const reporter = await signedUpCustomer(services);
    const reviewId = await review(author, place, 1);
    expect((await reportReview(services, reporter.id, { reviewId, reason: "Spam" })).ok).toBe(true);
    const actor = { id: admin.id, label: ADMIN.email };
    const shown = async () => (await publicReviewIds(place)).branch.includes(reviewId);

    expect(await decideReview(services, actor, { reviewId, intent: "hide" })).toMatchObject({ ok: true });
    expect(
      await decideAccount(services, actor, author.id, { intent: "suspend", reason: "Spam" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await decideAccount(services, actor, author.id, { intent: "restore" })).toMatchObject({
      ok: true,
    });
    expect(await shown()).toBe(false);
    expect(
      await decideAccount(services, actor, author.id, { intent: "suspend", reason: "Spam" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await decideReview(services, actor, { reviewId, intent: "restore" })).toMatchObject({ ok: true });
    expect(await shown()).toBe(false);
    expect((await stored(place.owner.id)).restNoofReviews).toBe(0);
    expect(await decideAccount(services, actor, author.id, { intent: "restore" })).toMatchObject({
      ok: true,
    });
    expect(await shown()).toBe(true);
    expect((await stored(place.owner.id)).restNoofReviews).toBe(1);
  });

  it("two admins suspending at once: one suspension, one audit row, the other told", async () => {
    const author = await signedUpCustomer(services);
    const actor = { id: admin.id, label: ADMIN.email };
    const results = await Promise.all(
      ["First", "Second"].map((reason) =>
        decideAccount(services, actor, author.id, { intent: "suspend", reason }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      status: 409,
      message: A.alreadySuspended(String(author.input.email)),
    });
    expect(await auditOf(author.id)).toHaveLength(1);
  });
});

describe("suspending a restaurant owner", () => {
  it("suspends their approved restaurant too (menus hidden), and restoring approves it again", async () => {
    const { owner } = await approvedRestaurant();
    const reason = "Menu prices copied from another restaurant";
    expect((await decide(admin.cookies, owner.id, { intent: "suspend", reason })).location).toBe(
      `/admin/users/${owner.id}`,
    );
    expect(await stored(owner.id)).toMatchObject({
      approvalStatus: "suspended",
      approvalNote: reason,
      isactive: 0,
    });
    expect((await publicMenu(services, owner.urlName, 1))?.visibility).toBe("awaiting-approval");
    expect(await sessionsOf(owner.id)).toBe(0);
    expect(await logIn(services, credentials(owner), { headers: new Headers(), ip: IP })).toMatchObject({
      ok: false,
      status: 403,
      message: MESSAGES.suspended(reason),
    });
    expect(await auditOf(owner.id)).toEqual([
      { actorId: admin.id, action: "account.suspend", targetType: "user", reason },
      { actorId: admin.id, action: "restaurant.suspend", targetType: "restaurant", reason },
    ]);

    expect((await decide(admin.cookies, owner.id, { intent: "restore" })).location).toBe(
      `/admin/users/${owner.id}`,
    );
    expect(await stored(owner.id)).toMatchObject({
      approvalStatus: "approved",
      approvalNote: "",
      isactive: 1,
    });
    expect((await publicMenu(services, owner.urlName, 1))?.visibility).toBe("public");
    expect(await logIn(services, credentials(owner), { headers: new Headers(), ip: IP })).toMatchObject({
      ok: true,
      role: "restaurant",
    });
  });

  it("leaves a restaurant the suspension did not change as it was", async () => {
    const pending = await signedUpOwner(services);
    const actor = { id: admin.id, label: ADMIN.email };
    expect(
      await decideAccount(services, actor, pending.id, { intent: "suspend", reason: "Fake" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await stored(pending.id)).toMatchObject({ approvalStatus: "pending" });
    expect(await decideAccount(services, actor, pending.id, { intent: "restore" })).toMatchObject({
      ok: true,
    });
    expect(await stored(pending.id)).toMatchObject({ approvalStatus: "pending", isactive: 0 });
    expect((await auditOf(pending.id)).map((e) => e.action)).toEqual(["account.suspend", "account.restore"]);
  });
});

/** What a refused decision must leave as it was. */
async function snapshot(userId: string) {
  const suspensions = await db().selectFrom("account_suspension").select("userId").execute();
  const audit = await db()
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { suspensions: suspensions.length, audit: Number(audit.n), sessions: await sessionsOf(userId) };
}

describe("who may suspend whom", () => {
  it("refuses a visitor, a customer and an owner (the target too), changing nothing", async () => {
    const target = await signedUpCustomer(services);
    const customer = await signedUpCustomer(services);
    const owner = await signedUpOwner(services);
    const before = await snapshot(target.id);
    for (const cookies of [null, customer.cookies, owner.cookies, target.cookies]) {
      const forms: Record<string, string>[] = [
        { intent: "suspend", reason: "Because" },
        { intent: "restore" },
      ];
      for (const form of forms) {
        const answer = await decide(cookies, target.id, form);
        expect(answer.location).not.toBeNull();
        expect(answer.location).not.toMatch(/^\/admin/);
      }
    }
    expect(await snapshot(target.id)).toEqual(before);
  });

  it("refuses an admin suspending themself or another admin, bad reasons and wrong states, changing nothing", async () => {
    const target = await signedUpCustomer(services);
    const email = String(target.input.email);
    const before = await snapshot(target.id);
    const adminSessions = await sessionsOf(admin.id);
    const cases: [string, Record<string, string>, number, Message][] = [
      [admin.id, { intent: "suspend", reason: "Testing" }, 403, A.suspendSelf],
      [otherAdminId, { intent: "suspend", reason: "Testing" }, 403, A.suspendAdmin],
      [target.id, { intent: "suspend", reason: "   " }, 400, A.suspendReasonRequired],
      [target.id, { intent: "suspend" }, 400, A.suspendReasonRequired],
      [
        target.id,
        { intent: "suspend", reason: "x".repeat(501) },
        400,
        "Please keep the reason under 500 characters.",
      ],
      [target.id, { intent: "restore" }, 409, A.notSuspended(email)],
      [target.id, { intent: "delete", reason: "x" }, 400, A.unknownAccountDecision],
      ["no-such-user", { intent: "suspend", reason: "Testing" }, 404, A.userNotFound],
    ];
    for (const [userId, form, status, message] of cases) {
      const answer = await decide(admin.cookies, userId, form);
      expect([answer.status, answer.toast?.message], JSON.stringify(form)).toEqual([status, message]);
    }
    expect(await snapshot(target.id)).toEqual(before);
    expect(await sessionsOf(admin.id)).toBe(adminSessions);
    expect(
      await db()
        .selectFrom("account_suspension")
        .selectAll()
        .where("userId", "in", [admin.id, otherAdminId])
        .execute(),
    ).toEqual([]);

    expect((await decide(admin.cookies, target.id, { intent: "suspend", reason: "Spam" })).status).toBe(302);
    const again = await decide(admin.cookies, target.id, { intent: "suspend", reason: "Spam" });
    expect([again.status, again.toast?.message]).toEqual([409, A.alreadySuspended(email)]);
    expect((await snapshot(target.id)).audit).toBe(before.audit + 1);
  });
});
