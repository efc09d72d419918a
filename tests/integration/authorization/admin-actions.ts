import { expect } from "vitest";
import * as reports from "~/routes/admin/reports.tsx";
import * as restaurant from "~/routes/admin/restaurant.tsx";
import * as user from "~/routes/admin/user.tsx";
import { COMMAND_LINE, decideAccount } from "~/features/admin/admin.server.ts";
import { accountLocks } from "~/server/account-locks.server.ts";
import { signedUpCustomer } from "../../setup/accounts.ts";
import { lockPasswordChange } from "../../setup/locks.ts";
import type { MutatingAction } from "./action-entry.ts";
import { changesIn, expectSuccess } from "./effects.ts";
import type { World } from "./world.ts";
import { inEnglish } from "~/lib/message.ts";

/** The admin's decisions: admins only, on any restaurant or review; each one is audited. */
const ADMIN = ["admin"] as const;

const decision = (
  intent: "approve" | "reject" | "suspend",
  from: (world: World) => Promise<{ id: string; urlName: string }>,
  to: "approved" | "rejected" | "suspended",
): MutatingAction => ({
  name: `admin restaurant ${intent}`,
  module: "routes/admin/restaurant",
  method: "POST",
  intent,
  scope: "role",
  allowed: ADMIN,
  target: { kind: "route", action: restaurant.action },
  async prepare(world) {
    const target = await from(world);
    const path = `/admin/restaurants/${target.urlName}`;
    return {
      path,
      params: { urlName: target.urlName },
      form: { intent, reason: intent === "approve" ? "" : "Prices are missing" },
      async effect(ctx) {
        expectSuccess(ctx, path);
        const row = await world.db
          .selectFrom("restaurant")
          .select("approvalStatus")
          .where("id", "=", target.id)
          .executeTakeFirstOrThrow();
        expect(row.approvalStatus).toBe(to);
        const audit = changesIn(ctx, "audit_log").added;
        expect(audit.map((a) => [a.actorId, a.action, a.targetId])).toEqual([
          [world.idOf("admin"), `restaurant.${intent}`, target.id],
        ]);
      },
    };
  },
});

const moderation = (intent: "hide" | "restore" | "dismiss"): MutatingAction => ({
  name: `admin reports ${intent}`,
  module: "routes/admin/reports",
  method: "POST",
  intent,
  scope: "role",
  allowed: ADMIN,
  target: { kind: "route", action: reports.action },
  async prepare(world) {
    const review = await world.reportedReview(intent === "restore");
    return {
      path: "/admin/reports",
      form: { intent, reviewId: review.id },
      async effect(ctx) {
        expectSuccess(ctx, intent === "restore" ? "/admin/reports?status=hidden" : "/admin/reports");
        const row = await world.db
          .selectFrom("review")
          .select("hidden")
          .where("id", "=", review.id)
          .executeTakeFirstOrThrow();
        expect(row.hidden).toBe(intent === "hide" ? 1 : 0);
        const audit = changesIn(ctx, "audit_log").added;
        expect(audit.map((a) => [a.actorId, a.action, a.targetId])).toEqual([
          [world.idOf("admin"), `review.${intent}`, review.id],
        ]);
      },
    };
  },
});

/** ADR 0031: the Unlock button on an account's screen, for a customer locked out of changing the password. */
const unlock: MutatingAction = {
  name: "admin user unlock",
  module: "routes/admin/user",
  method: "POST",
  scope: "role",
  allowed: ADMIN,
  target: { kind: "route", action: user.action },
  async prepare(world) {
    const target = await signedUpCustomer(world.services);
    const account = { id: target.id, email: String(target.input.email) };
    await lockPasswordChange(world.services, account);
    const path = `/admin/users/${target.id}`;
    return {
      path,
      params: { userId: target.id },
      form: {},
      async effect(ctx) {
        expectSuccess(ctx, path);
        expect(await accountLocks(world.services, account)).toEqual([]);
        const audit = changesIn(ctx, "audit_log").added;
        expect(audit.map((a) => [a.actorId, a.action, a.targetId])).toEqual([
          [world.idOf("admin"), "account.unlock", target.id],
        ]);
      },
    };
  },
};

/** ADR 0033: Suspend account and Restore account on an account's screen, on a customer. */
const suspension = (intent: "suspend" | "restore"): MutatingAction => ({
  name: `admin user ${intent}`,
  module: "routes/admin/user",
  method: "POST",
  intent,
  scope: "role",
  allowed: ADMIN,
  target: { kind: "route", action: user.action },
  async prepare(world) {
    const target = await signedUpCustomer(world.services);
    if (intent === "restore") {
      const done = await decideAccount(world.services, COMMAND_LINE, target.id, {
        intent: "suspend",
        reason: "Spam",
      });
      if (!done.ok) throw new Error(inEnglish(done.message));
    }
    const path = `/admin/users/${target.id}`;
    return {
      path,
      params: { userId: target.id },
      form: { intent, reason: "Reviews from one phone" },
      async effect(ctx) {
        expectSuccess(ctx, path);
        const row = await world.db
          .selectFrom("account_suspension")
          .select("reason")
          .where("userId", "=", target.id)
          .executeTakeFirst();
        expect(row?.reason).toBe(intent === "suspend" ? "Reviews from one phone" : undefined);
        const audit = changesIn(ctx, "audit_log").added;
        expect(audit.map((a) => [a.actorId, a.action, a.targetId, a.reason])).toEqual([
          [world.idOf("admin"), `account.${intent}`, target.id, "Reviews from one phone"],
        ]);
      },
    };
  },
});

export const adminActions: MutatingAction[] = [
  decision("approve", (w) => w.pendingRestaurant(), "approved"),
  decision("reject", (w) => w.pendingRestaurant(), "rejected"),
  decision("suspend", (w) => w.approvedRestaurant(), "suspended"),
  moderation("hide"),
  moderation("restore"),
  moderation("dismiss"),
  unlock,
  suspension("suspend"),
  suspension("restore"),
];
