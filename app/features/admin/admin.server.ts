import { addDays, dayInPakistan } from "~/lib/dates.ts";
import type { Transaction } from "kysely";
import { fieldErrors } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { moderateReview } from "~/features/reviews/reviews.server.ts";
import { pageWindow } from "~/lib/paging.ts";
import type { DB } from "~/server/db-schema.server.ts";
import type { Services } from "~/server/services.server.ts";
import {
  ADMIN_MESSAGES as A,
  restaurantDecisionSchema,
  reviewDecisionSchema,
  type RestaurantStatus,
} from "./admin.schema.ts";
import * as q from "./admin.queries.server.ts";

/** Who acted: a signed-in admin, or the command line (no account). */
export interface Actor {
  id: string | null;
  label: string;
}

export const COMMAND_LINE: Actor = { id: null, label: "command line" };

function audit(
  trx: Transaction<DB>,
  actor: Actor,
  entry: {
    action: string;
    targetType: "restaurant" | "review";
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
 * DESIGN §4.2: approving sets `isactive` and makes the menus public; rejecting
 * (while pending) and suspending (once approved) hide them and tell the owner why.
 * The change and its audit entry are written together.
 */
export async function decideRestaurant(
  services: Services,
  actor: Actor,
  urlName: string,
  input: unknown,
): Promise<Result<{ message: string; status: RestaurantStatus }>> {
  const parsed = restaurantDecisionSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, parsed.error.issues[0]?.message ?? A.reasonRequired, {
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
  services.log.info({ actor: actor.label, urlName, from, to: status }, "restaurant status changed");
  const message = A[status as "approved" | "rejected" | "suspended"](restaurant.restName);
  return { ok: true, message, status };
}

/** Hide, restore or dismiss a reported review; the moderation and its audit entry commit together. */
export async function decideReview(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<Result<{ message: string }>> {
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

/** Issue 19: the admin's list shows each restaurant's scans and views over this many days. */
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

export async function userDirectory(services: Services, text: string, requested: number) {
  const { db } = services.database;
  const search = text.trim().slice(0, 100);
  const p = paging(requested, await q.countUsers(db, search));
  const users = await q.searchUsers(db, search, p.offset, p.limit);
  return {
    page: p.page,
    pages: p.pages,
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      role: u.adminId ? "admin" : u.restName ? "restaurant" : u.firstName ? "customer" : "none",
      name: u.restName ?? (u.firstName ? `${u.firstName} ${u.lastName ?? ""}`.trim() : u.name),
      urlName: u.urlName,
      approvalStatus: u.approvalStatus,
      since: u.restaurantSince ?? u.customerSince ?? u.adminSince ?? null,
    })),
  };
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
