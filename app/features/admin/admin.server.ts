import { addDays, dayInPakistan } from "~/lib/dates.ts";
import type { Transaction } from "kysely";
import { fieldErrors, firstIssue } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { hideAuthorReviews, moderateReview } from "~/features/reviews/reviews.server.ts";
import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { pageWindow } from "~/lib/paging.ts";
import {
  accountLocks,
  LocksUnavailable,
  unlockAccount,
  type AccountLock,
} from "~/server/account-locks.server.ts";
import type { DB } from "~/server/db-schema.server.ts";
import type { Services } from "~/server/services.server.ts";
import {
  accountDecisionSchema,
  ADMIN_MESSAGES as A,
  restaurantDecisionSchema,
  reviewDecisionSchema,
  type RestaurantStatus,
} from "./admin.schema.ts";
import * as q from "./admin.queries.server.ts";
import type { Message } from "~/lib/message.ts";

/** Who acted: a signed-in admin, or the command line (no account). */
export interface Actor {
  id: string | null;
  label: string;
}

export const COMMAND_LINE: Actor = { id: null, label: "command line" };

/** Who acted, as a log line names them: an account's id, never its name or address (the audit log keeps those). */
export const actorInLog = (actor: Actor) => actor.id ?? actor.label;

function audit(
  trx: Transaction<DB>,
  actor: Actor,
  entry: {
    action: string;
    targetType: "restaurant" | "review" | "user";
    targetId: string;
    targetLabel: string;
    reason?: string;
  },
) {
  return q.insertAudit(trx, {
    id: crypto.randomUUID(),
    actorId: actor.id,
    actorLabel: actor.label,
    reason: "",
    ...entry,
    timestamp: new Date().toISOString(),
  });
}

const NEXT_STATUS = { approve: "approved", reject: "rejected", suspend: "suspended" } as const;

/**
 * Product rules §4: approving sets `isactive` and makes the menus public; rejecting
 * (while pending) and suspending (once approved) hide them and tell the owner why.
 * The change and its audit entry are written together.
 */
export async function decideRestaurant(
  services: Services,
  actor: Actor,
  urlName: string,
  input: unknown,
): Promise<Result<{ message: Message; status: RestaurantStatus }>> {
  const parsed = restaurantDecisionSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, firstIssue(parsed.error) ?? A.reasonRequired, {
      fieldErrors: fieldErrors(parsed.error),
    });
  }
  const decision = parsed.data;
  const { db } = services.database;
  const restaurant = await q.findRestaurantForAdmin(db, urlName);
  if (!restaurant) return fail(404, A.restaurantNotFound);
  const from = restaurant.approvalStatus;
  if (decision.intent === "approve" && from === "approved")
    return fail(409, A.alreadyApproved, { level: "info" });
  if (decision.intent === "reject" && from !== "pending") return fail(409, A.notPending);
  if (decision.intent === "suspend" && from !== "approved") return fail(409, A.notApproved);

  const status = NEXT_STATUS[decision.intent];
  const reason = decision.intent === "approve" ? "" : decision.reason;
  await db.transaction().execute(async (trx) => {
    await q.setRestaurantStatus(trx, restaurant.id, status, reason);
    await audit(trx, actor, {
      action: `restaurant.${decision.intent}`,
      targetType: "restaurant",
      targetId: restaurant.id,
      targetLabel: restaurant.restName,
      reason,
    });
  });
  services.log.info({ actor: actorInLog(actor), urlName, from, to: status }, "restaurant status changed");
  const message = A[status as "approved" | "rejected" | "suspended"](restaurant.restName);
  return { ok: true, message, status };
}

/** Hide, restore or dismiss a reported review; the moderation and its audit entry commit together. */
export async function decideReview(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<Result<{ message: Message }>> {
  const parsed = reviewDecisionSchema.safeParse(input);
  if (!parsed.success) return fail(400, A.reviewNotFound);
  const { reviewId, intent } = parsed.data;
  const review = await q.findReviewLabel(services.database.db, reviewId);
  if (!review) return fail(404, A.reviewNotFound);
  const result = await moderateReview(services, reviewId, intent, (trx) =>
    audit(trx, actor, {
      action: `review.${intent}`,
      targetType: "review",
      targetId: reviewId,
      targetLabel: `${review.firstName} ${review.lastName} on ${review.restName}`,
    }),
  );
  if (!result.ok) return result;
  const message = { hide: A.hidden, restore: A.restored, dismiss: A.dismissed }[intent];
  return { ok: true, message };
}

const ADMIN_PAGE = 20;

const paging = (requested: number, total: number) => pageWindow(requested, total, ADMIN_PAGE);

/** ADR 0027: the admin's list shows each restaurant's scans and views over this many days. */
const VIEW_DAYS = 30;

export async function restaurantQueue(services: Services, status: RestaurantStatus, requested: number) {
  const { db } = services.database;
  const counts = await q.countRestaurantsByStatus(db);
  const p = paging(requested, counts[status]);
  const since = addDays(dayInPakistan(Date.now()), -(VIEW_DAYS - 1));
  const restaurants = await q.restaurantsWithStatus(db, status, p.offset, p.limit, since);
  return {
    counts,
    page: p.page,
    pages: p.pages,
    viewDays: VIEW_DAYS,
    restaurants: restaurants.map((r) => ({
      ...r,
      sections: Number(r.sections),
      items: Number(r.items),
      scans: Number(r.scans ?? 0),
      views: Number(r.views ?? 0),
    })),
  };
}

export async function reportQueue(services: Services, status: "open" | "hidden", requested: number) {
  const { db } = services.database;
  const p = paging(requested, await q.countReportedReviews(db, status));
  const reviews = await q.reportedReviews(db, status, p.offset, p.limit);
  const reports = await q.reportsOf(
    db,
    reviews.map((r) => r.id),
  );
  return {
    page: p.page,
    pages: p.pages,
    reviews: reviews.map((review) => ({
      ...review,
      reports: reports.filter((r) => r.reviewId === review.id),
    })),
  };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findUserForAdmin>>>;

/** A user as the admin's screens show one: kind, the name of that kind, since when. */
function userSummary(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    role: u.adminId ? "admin" : u.restName ? "restaurant" : u.firstName ? "customer" : "none",
    name: u.restName ?? (u.firstName ? `${u.firstName} ${u.lastName ?? ""}`.trim() : u.name),
    urlName: u.urlName,
    approvalStatus: u.approvalStatus,
    since: u.restaurantSince ?? u.customerSince ?? u.adminSince ?? null,
    suspension: u.suspendedSince ? { reason: u.suspensionReason ?? "", since: u.suspendedSince } : null,
  };
}

export async function userDirectory(services: Services, text: string, requested: number) {
  const { db } = services.database;
  const search = text.trim().slice(0, 100);
  const p = paging(requested, await q.countUsers(db, search));
  const users = await q.searchUsers(db, search, p.offset, p.limit);
  return { page: p.page, pages: p.pages, users: users.map(userSummary) };
}

/** ADR 0031: an account as the admin sees it, with the locks on it now (null while Redis is away). */
export async function accountForAdmin(services: Services, userId: string) {
  const user = await q.findUserForAdmin(services.database.db, { id: userId });
  if (!user) return null;
  const locks = await accountLocks(services, user).catch((error: unknown) => {
    if (error instanceof LocksUnavailable) return null;
    throw error;
  });
  return { user: userSummary(user), locks };
}

/**
 * Clears every lock on an account (the limits of ADR 0031 keyed by its email, mailbox
 * or id, in Redis or the database), from its screen (by id) or the command line (by
 * email); the unlock and what it cleared go in the audit log. An account with no
 * lock is left as it is, and nothing is logged.
 */
export async function unlockUser(
  services: Services,
  actor: Actor,
  who: { id: string } | { email: string },
): Promise<Result<{ message: Message; email: string; cleared: AccountLock[] }>> {
  const { db } = services.database;
  const user = await q.findUserForAdmin(db, who);
  if (!user) return fail(404, A.userNotFound);
  let cleared: AccountLock[];
  try {
    cleared = await unlockAccount(services, user);
  } catch (error) {
    if (error instanceof LocksUnavailable) return fail(503, A.locksUnavailable);
    throw error;
  }
  if (cleared.length === 0) return fail(409, A.noLocks(user.email), { level: "info" });
  const limits = cleared.map((lock) => lock.limit);
  await db.transaction().execute((trx) =>
    audit(trx, actor, {
      action: "account.unlock",
      targetType: "user",
      targetId: user.id,
      targetLabel: user.email,
      reason: [...new Set(limits)].join(", "),
    }),
  );
  services.log.info({ actor: actorInLog(actor), userId: user.id, cleared: limits }, "account unlocked");
  return { ok: true, message: A.unlocked(user.email, cleared.length), email: user.email, cleared };
}

/** Rolls a suspension's transaction back: another request suspended or restored the account first. */
class DecidedMeanwhile extends Error {}

/**
 * ADR 0033: suspends a customer or a restaurant owner, or restores them. Suspending
 * ends every session of the account at once (login then refuses it with the reason),
 * hides its reviews from every list, count and rating, and, for an owner, suspends an
 * approved restaurant the way the restaurant's own Suspend does (menus hidden);
 * restoring undoes exactly what the suspension did. An admin can suspend neither
 * themself nor another admin. Everything, the audit entries too, commits together.
 */
export async function decideAccount(
  services: Services,
  actor: Actor,
  userId: string,
  input: unknown,
): Promise<Result<{ message: Message }>> {
  const parsed = accountDecisionSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(400, errors.reason ?? A.unknownAccountDecision, { fieldErrors: errors });
  }
  const { intent, reason } = parsed.data;
  const { db } = services.database;
  const found = await q.findUserForAdmin(db, { id: userId });
  if (!found) return fail(404, A.userNotFound);
  const user = userSummary(found);
  if (intent === "suspend") {
    if (user.id === actor.id) return fail(403, A.suspendSelf);
    if (user.role === "admin") return fail(403, A.suspendAdmin);
    if (user.role === "none") return fail(409, A.notSuspendable);
    if (user.suspension) return fail(409, A.alreadySuspended(user.email), { level: "info" });
  } else if (!user.suspension) {
    return fail(409, A.notSuspended(user.email), { level: "info" });
  }
  const restaurant = { id: user.id, label: user.name };
  try {
    await db.transaction().execute(async (trx) => {
      let restaurantChanged: boolean;
      if (intent === "suspend") {
        restaurantChanged =
          user.role === "restaurant" && (await q.suspendApprovedRestaurant(trx, user.id, reason));
        await q.insertSuspension(trx, {
          userId: user.id,
          reason,
          actorId: actor.id,
          restaurantStatus: restaurantChanged ? "approved" : null,
          timestamp: new Date().toISOString(),
        });
        await q.deleteSessions(trx, user.id);
      } else {
        const ended = await q.deleteSuspension(trx, user.id);
        if (!ended) throw new DecidedMeanwhile();
        restaurantChanged =
          ended.restaurantStatus === "approved" && (await q.approveSuspendedRestaurant(trx, user.id));
      }
      await hideAuthorReviews(trx, user.id, intent === "suspend");
      const target = { targetType: "user", targetId: user.id, targetLabel: user.email, reason } as const;
      await audit(trx, actor, { action: `account.${intent}`, ...target });
      if (restaurantChanged) {
        await audit(trx, actor, {
          action: intent === "suspend" ? "restaurant.suspend" : "restaurant.approve",
          targetType: "restaurant",
          targetId: restaurant.id,
          targetLabel: restaurant.label,
          reason,
        });
      }
    });
  } catch (error) {
    if (error instanceof DecidedMeanwhile) return fail(409, A.notSuspended(user.email), { level: "info" });
    if (isUniqueViolation(error)) return fail(409, A.alreadySuspended(user.email), { level: "info" });
    throw error;
  }
  // Again once committed: a login that wrote its session after the delete above and read
  // for a suspension before this commit (PostgreSQL runs them side by side) is ended here.
  if (intent === "suspend") await q.deleteSessions(db, user.id);
  services.log.info({ actor: actorInLog(actor), userId: user.id, intent }, "account suspension changed");
  if (intent === "restore") return { ok: true, message: A.accountRestored(user.email) };
  const message = user.role === "restaurant" ? A.ownerSuspended : A.customerSuspended;
  return { ok: true, message: message(user.email) };
}

export async function auditLog(services: Services, requested: number) {
  const { db } = services.database;
  const p = paging(requested, await q.countAudit(db));
  return { page: p.page, pages: p.pages, entries: await q.auditEntries(db, p.offset, p.limit) };
}

/** A restaurant as the admin reviews it, whatever its status. */
export function restaurantForAdmin(services: Services, urlName: string) {
  return q.findRestaurantForAdmin(services.database.db, urlName);
}
