import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, logIn } from "~/features/accounts/accounts.server.ts";
import { ADMIN_MESSAGES as A } from "~/features/admin/admin.schema.ts";
import {
  COMMAND_LINE,
  decideRestaurant,
  decideReview,
  userDirectory,
} from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import { publicMenu } from "~/features/menus/menu-read.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import * as auditRoute from "~/routes/admin/audit.tsx";
import * as restaurantRoute from "~/routes/admin/restaurant.tsx";
import * as reportsRoute from "~/routes/admin/reports.tsx";
import * as restaurantsRoute from "~/routes/admin/restaurants.tsx";
import * as usersRoute from "~/routes/admin/users.tsx";
import { servicesContext } from "~/server/context.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

let services: TestServices;
let adminCookies: Headers;
let adminId: string;
const ADMIN = { email: "admin@foodverse.test", password: "admin-password-1" };

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  adminId = (await createAdmin(services, ADMIN)).userId;
  const login = await logIn(services, ADMIN, { headers: new Headers(), ip: "127.0.0.1" });
  if (!login.ok) throw new Error(inEnglish(login.message));
  adminCookies = headersWithCookies(login.headers);
});
afterAll(() => services.close());

const restaurant = (name?: string) => signedUpOwner(services, name ? { restName: name } : {});
const customer = () => signedUpCustomer(services);

const statusOf = async (id: string) =>
  services.database.db
    .selectFrom("restaurant")
    .select(["approvalStatus", "approvalNote", "isactive"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const auditCount = async () =>
  Number(
    (
      await services.database.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function routeArgs(path: string, cookies: Headers | null, form?: Record<string, string>, params = {}) {
  const headers = new Headers(cookies ?? undefined);
  const init: RequestInit = form
    ? { method: "POST", body: new URLSearchParams(form), headers }
    : { method: "GET", headers };
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return {
    request: new Request(`http://localhost:3000${path}`, init),
    context,
    params,
    unstable_pattern: "",
  };
}

/** Runs a loader or action; a thrown redirect or response comes back as the Response. */
async function run(fn: (args: never) => unknown, args: ReturnType<typeof routeArgs>): Promise<unknown> {
  try {
    return await fn(args as never);
  } catch (thrown) {
    return thrown;
  }
}

const redirectOf = (value: unknown) =>
  value instanceof Response && value.status >= 300 && value.status < 400
    ? value.headers.get("location")
    : null;

describe("approving, rejecting and suspending", () => {
  it("approval makes the menu public and active; rejection hides it with the reason; each is audited", async () => {
    const r = await restaurant();
    await menus.addSection(services, r.id, { originalName: "Karahi" });
    expect((await publicMenu(services, r.urlName, 1))?.visibility).toBe("awaiting-approval");

    const before = await auditCount();
    const approved = await decideRestaurant(services, { id: adminId, label: ADMIN.email }, r.urlName, {
      intent: "approve",
    });
    expect(approved.ok).toBe(true);
    expect(await statusOf(r.id)).toEqual({ approvalStatus: "approved", approvalNote: "", isactive: 1 });
    const menu = await publicMenu(services, r.urlName, 1);
    expect(menu?.visibility).toBe("public");
    expect(menu?.sections.map((s) => s.originalName)).toEqual(["Karahi"]);

    const suspended = await decideRestaurant(services, { id: adminId, label: ADMIN.email }, r.urlName, {
      intent: "suspend",
      reason: "Health inspection pending",
    });
    expect(suspended.ok).toBe(true);
    expect(await statusOf(r.id)).toEqual({
      approvalStatus: "suspended",
      approvalNote: "Health inspection pending",
      isactive: 0,
    });
    expect((await publicMenu(services, r.urlName, 1))?.visibility).toBe("awaiting-approval");
    expect(await auditCount()).toBe(before + 2);

    const log = await services.database.db
      .selectFrom("audit_log")
      .select(["actorId", "actorLabel", "action", "targetId", "targetLabel", "reason", "timestamp"])
      .where("targetId", "=", r.id)
      .orderBy("timestamp")
      .execute();
    expect(log.map((e) => [e.action, e.actorLabel, e.reason])).toEqual([
      ["restaurant.approve", ADMIN.email, ""],
      ["restaurant.suspend", ADMIN.email, "Health inspection pending"],
    ]);
    expect(log.every((e) => e.actorId === adminId && !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
  });

  it("rejection needs a reason the owner sees, and only while pending; refusals change and log nothing", async () => {
    const r = await restaurant();
    const before = await auditCount();
    const noReason = await decideRestaurant(services, COMMAND_LINE, r.urlName, {
      intent: "reject",
      reason: "  ",
    });
    expect(noReason).toMatchObject({ ok: false, status: 400, message: A.reasonRequired });
    const suspendPending = await decideRestaurant(services, COMMAND_LINE, r.urlName, {
      intent: "suspend",
      reason: "x",
    });
    expect(suspendPending).toMatchObject({ ok: false, status: 409, message: A.notApproved });
    const unknown = await decideRestaurant(services, COMMAND_LINE, "no-such-place", { intent: "approve" });
    expect(unknown).toMatchObject({ ok: false, status: 404 });
    const bogus = await decideRestaurant(services, COMMAND_LINE, r.urlName, { intent: "delete" });
    expect(bogus).toMatchObject({ ok: false, status: 400 });
    expect(await statusOf(r.id)).toMatchObject({ approvalStatus: "pending", isactive: 0 });
    expect(await auditCount()).toBe(before);

    const rejected = await decideRestaurant(services, COMMAND_LINE, r.urlName, {
      intent: "reject",
      reason: "Prices are missing",
    });
    expect(rejected.ok).toBe(true);
    expect(await statusOf(r.id)).toMatchObject({
      approvalStatus: "rejected",
      approvalNote: "Prices are missing",
    });
    expect(await auditCount()).toBe(before + 1);
    // A rejected restaurant that fixes its menu can still be approved later.
    expect((await decideRestaurant(services, COMMAND_LINE, r.urlName, { intent: "approve" })).ok).toBe(true);
    expect(await statusOf(r.id)).toMatchObject({ approvalStatus: "approved", approvalNote: "", isactive: 1 });
  });
});

describe("moderating reported reviews", () => {
  it("hide, restore and dismiss change what counts and are audited", async () => {
    const r = await restaurant();
    await menus.addSection(services, r.id, { originalName: "Mains" });
    const branch = await addBranch(services, r.id, { branchName: "F-7" });
    if (!branch.ok) throw new Error(inEnglish(branch.message));
    await decideRestaurant(services, COMMAND_LINE, r.urlName, { intent: "approve" });
    const author = await customer();
    const reporter = await customer();
    const posted = await postReview(
      services,
      author.id,
      { urlName: r.urlName, branchUrl: branch.branchUrl },
      { values: { rating: "1", review: "Spam spam spam" }, photos: [] },
    );
    if (!posted.ok) throw new Error(inEnglish(posted.message));
    const reviewId = posted.id;
    expect((await reportReview(services, reporter.id, { reviewId, reason: "Spam" })).ok).toBe(true);
    const reviewCount = async () =>
      (
        await services.database.db
          .selectFrom("restaurant")
          .select("restNoofReviews")
          .where("id", "=", r.id)
          .executeTakeFirstOrThrow()
      ).restNoofReviews;
    expect(await reviewCount()).toBe(1);

    const before = await auditCount();
    const actor = { id: adminId, label: ADMIN.email };
    expect(await decideReview(services, actor, { reviewId, intent: "hide" })).toMatchObject({ ok: true });
    expect(await reviewCount()).toBe(0);
    expect(await decideReview(services, actor, { reviewId, intent: "restore" })).toMatchObject({ ok: true });
    expect(await reviewCount()).toBe(1);
    expect(await decideReview(services, actor, { reviewId: "nope", intent: "hide" })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await auditCount()).toBe(before + 2);
  });
});

describe("user search", () => {
  it("finds restaurants, customers and admins by email or name", async () => {
    await restaurant("Savour Foods Blue Area");
    const all = await userDirectory(services, "", 1);
    expect(all.users.some((u) => u.role === "admin" && u.email === ADMIN.email)).toBe(true);
    const found = await userDirectory(services, "savour foods", 1);
    expect(found.users.map((u) => [u.name, u.role])).toEqual([["Savour Foods Blue Area", "restaurant"]]);
    expect((await userDirectory(services, "100%_nobody", 1)).users).toEqual([]);
  });
});

describe("only admins reach /admin", () => {
  const loaders = [
    ["/admin", restaurantsRoute.loader, {}],
    ["/admin/reports", reportsRoute.loader, {}],
    ["/admin/users", usersRoute.loader, {}],
    ["/admin/audit", auditRoute.loader, {}],
  ] as const;

  it("sends visitors to the login screen and other roles to their own area", async () => {
    const r = await restaurant();
    const c = await customer();
    for (const [path, loader, params] of [
      ...loaders,
      ["/admin/restaurants/x", restaurantRoute.loader, { urlName: r.urlName }] as const,
    ]) {
      expect(redirectOf(await run(loader, routeArgs(path, null, undefined, params)))).toMatch(
        /^\/login\?redirectTo=/,
      );
      expect(redirectOf(await run(loader, routeArgs(path, r.cookies, undefined, params)))).toBe(
        "/profile/restaurant",
      );
      expect(redirectOf(await run(loader, routeArgs(path, c.cookies, undefined, params)))).toBe(
        "/profile/customer",
      );
      expect(redirectOf(await run(loader, routeArgs(path, adminCookies, undefined, params)))).toBeNull();
    }
  });

  it("refuses every admin action from a visitor, a customer and a restaurant, changing nothing", async () => {
    const target = await restaurant();
    const own = await restaurant();
    const c = await customer();
    const before = await auditCount();
    for (const cookies of [null, c.cookies, own.cookies, target.cookies]) {
      const approve = await run(
        restaurantRoute.action,
        routeArgs(
          `/admin/restaurants/${target.urlName}`,
          cookies,
          { intent: "approve" },
          { urlName: target.urlName },
        ),
      );
      expect(redirectOf(approve)).not.toBeNull();
      expect(redirectOf(approve)).not.toMatch(/^\/admin/);
      const hide = await run(
        reportsRoute.action,
        routeArgs("/admin/reports", cookies, { reviewId: "x", intent: "hide" }),
      );
      expect(redirectOf(hide)).not.toMatch(/^\/admin/);
    }
    expect(await statusOf(target.id)).toMatchObject({ approvalStatus: "pending", isactive: 0 });
    expect(await auditCount()).toBe(before);

    const done = await run(
      restaurantRoute.action,
      routeArgs(
        `/admin/restaurants/${target.urlName}`,
        adminCookies,
        { intent: "approve" },
        { urlName: target.urlName },
      ),
    );
    expect(redirectOf(done)).toBe(`/admin/restaurants/${target.urlName}`);
    expect(await statusOf(target.id)).toMatchObject({ approvalStatus: "approved", isactive: 1 });
    expect(await auditCount()).toBe(before + 1);
  });
});
