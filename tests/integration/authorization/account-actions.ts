import { expect } from "vitest";
import * as signupForm from "~/routes/account/signup-form.tsx";
import * as forgotPassword from "~/routes/account/forgot-password.tsx";
import * as login from "~/routes/account/login.tsx";
import * as logout from "~/routes/account/logout.tsx";
import * as resetPassword from "~/routes/account/reset-password.tsx";
import { customerInput, restaurantInput } from "../../setup/factories.ts";
import type { MutatingAction } from "./action-entry.ts";
import { changesIn, expectOnlyOwnAccountRowsChanged, expectSuccess } from "./effects.ts";
import { ACTORS, fields, type Actor, type World } from "./world.ts";

/**
 * Account routes are open: a signed-in person may sign up another account, log
 * in as someone whose password they know, ask for or use a reset link. None of
 * these reaches the acting person's own records: a sign-up makes a new account,
 * a login a new session, and a reset changes the account the token was mailed to.
 */
const credentialsFor = (world: World, actor: Actor) =>
  world.account(actor === "visitor" ? "customer" : actor);

const signup = (
  name: string,
  module: string,
  path: string,
  action: (args: never) => unknown,
  input: () => Record<string, unknown>,
  table: "restaurant" | "customer",
): MutatingAction => ({
  name,
  module,
  method: "POST",
  scope: "open",
  allowed: ACTORS,
  clientLimit: "SIGNUP_MAX_PER_IP",
  target: { kind: "route", action },
  async prepare() {
    const form = input();
    return {
      path,
      form: fields(form),
      async effect(ctx) {
        expectSuccess(ctx, "/");
        expect(ctx.outcome.setCookies.some((c) => c.includes("session_token="))).toBe(true);
        const rows = changesIn(ctx, table).added;
        expect(rows.map((r) => r.email)).toEqual([form.email]);
        expectOnlyOwnAccountRowsChanged(ctx, null);
      },
    };
  },
});

export const accountActions: MutatingAction[] = [
  signup(
    "account restaurant-signup",
    "routes/account/signup-form",
    "/signup/restaurantsignup",
    signupForm.action,
    restaurantInput,
    "restaurant",
  ),
  signup(
    "account customer-signup",
    "routes/account/signup-form",
    "/signup/customersignup",
    signupForm.action,
    customerInput,
    "customer",
  ),
  {
    name: "account login",
    module: "routes/account/login",
    method: "POST",
    scope: "open",
    allowed: ACTORS,
    target: { kind: "route", action: login.action },
    async prepare(world, actor) {
      const account = credentialsFor(world, actor);
      return {
        path: "/login",
        form: { email: account.email, password: account.password, redirectTo: "" },
        effect(ctx) {
          // Owners and customers go to / (product rules §4); admins to /admin (ADR 0024).
          const landing = { admin: "/admin" };
          expectSuccess(ctx, landing[actor as keyof typeof landing] ?? "/");
          const sessions = changesIn(ctx, "session");
          expect(sessions.added.map((s) => s.userId)).toEqual([account.id]);
          expect(sessions.removed).toEqual([]);
          expectOnlyOwnAccountRowsChanged(ctx, account.id);
        },
      };
    },
  },
  {
    name: "account forgot-password",
    module: "routes/account/forgot-password",
    method: "POST",
    scope: "open",
    allowed: ACTORS,
    clientLimit: "RESET_MAIL_MAX_PER_IP",
    target: { kind: "route", action: forgotPassword.action },
    async prepare(world, actor) {
      const account = credentialsFor(world, actor);
      const mails = world.services.outbox.length;
      return {
        path: "/forgotpassword",
        form: { email: account.email },
        effect(ctx) {
          expectSuccess(ctx);
          expect(ctx.outcome.toast?.level).toBe("success");
          expect(world.services.outbox.slice(mails).map((m) => m.to)).toEqual([account.email]);
          expect(changesIn(ctx, "verification").added).toHaveLength(1);
          expectOnlyOwnAccountRowsChanged(ctx, account.id);
        },
      };
    },
  },
  {
    name: "account reset-password",
    module: "routes/account/reset-password",
    method: "POST",
    scope: "open",
    allowed: ACTORS,
    target: { kind: "route", action: resetPassword.action },
    async prepare(world) {
      const token = await world.resetToken();
      const { password } = world.resetee;
      return {
        path: "/reset-password",
        form: { token, password, confirmPassword: password },
        effect(ctx) {
          expectSuccess(ctx, "/login");
          expect(ctx.outcome.toast?.level).toBe("success");
          const changed = changesIn(ctx, "account").added;
          expect(changed).toHaveLength(1);
          expect(changesIn(ctx, "verification").removed).toHaveLength(1);
          expectOnlyOwnAccountRowsChanged(ctx, String(changed[0]!.userId));
        },
      };
    },
  },
  {
    name: "account logout",
    module: "routes/account/logout",
    method: "POST",
    scope: "open",
    allowed: ACTORS,
    target: { kind: "route", action: logout.action },
    async prepare(world, actor) {
      // A session of its own, so the world's session of this actor lives on.
      const cookies = await world.freshCookies(actor);
      const userId = actor === "visitor" ? null : world.idOf(actor);
      return {
        path: "/logout",
        cookies,
        effect(ctx) {
          expectSuccess(ctx, "/");
          const ended = changesIn(ctx, "session").removed;
          expect(ended.map((s) => s.userId)).toEqual(userId ? [userId] : []);
          expect(ctx.changes.filter((c) => c.table !== "session")).toEqual([]);
        },
      };
    },
  },
];
