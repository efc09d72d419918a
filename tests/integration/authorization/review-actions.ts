import { expect } from "vitest";
import * as addReview from "~/routes/customer/add-review.tsx";
import * as myReviews from "~/routes/customer/my-reviews.tsx";
import * as branchReviews from "~/routes/public/branch-reviews.tsx";
import * as menuItem from "~/routes/public/menu-item.tsx";
import * as restaurantReviews from "~/routes/public/restaurant-reviews.tsx";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import type { MutatingAction } from "./action-entry.ts";
import { changesIn, expectSuccess } from "./effects.ts";
import { CUSTOMERS, SIGNED_IN, unique, type Actor, type SignedIn, type World } from "./world.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * Reviews, replies, reports and dish ratings. Every target belongs to
 * restaurantOwner (the reviewed restaurant) or to customer (the review's author):
 * a review is deleted by its author only, a reply is written by the reviewed
 * restaurant only; reports and ratings are any signed-in person's (any
 * customer's) own, and never someone else's.
 */
const idOf = (world: World, actor: Actor) => world.idOf(actor as SignedIn);

/** The two public lists of reviews share one action (report, reply), answered back to the list. */
const REVIEW_LISTS = [
  {
    name: "public restaurant-reviews",
    module: "routes/public/restaurant-reviews",
    action: restaurantReviews.action,
    at: (world: World, _branchUrl: string) => {
      const name = world.urlOf("restaurantOwner");
      return { path: `/reviews/${name}`, params: { name } };
    },
  },
  {
    name: "public branch-reviews",
    module: "routes/public/branch-reviews",
    action: branchReviews.action,
    at: (world: World, branchUrl: string) => {
      const restaurantName = world.urlOf("restaurantOwner");
      return {
        path: `/r/${restaurantName}/branch/${branchUrl}/reviews`,
        params: { restaurantName, branchName: branchUrl },
      };
    },
  },
] as const;

type ReviewList = (typeof REVIEW_LISTS)[number];

const reportEntry = (list: ReviewList): MutatingAction => ({
  name: `${list.name} report`,
  module: list.module,
  method: "POST",
  intent: "report",
  scope: "self",
  allowed: SIGNED_IN,
  target: { kind: "route", action: list.action },
  async prepare(world, actor) {
    const review = await world.newReview();
    const at = list.at(world, review.branchUrl);
    return {
      ...at,
      form: { intent: "report", reviewId: review.id, reason: "Not about this place" },
      effect(ctx) {
        expectSuccess(ctx, at.path);
        const reports = changesIn(ctx, "review_report").added;
        expect(reports.map((r) => [r.reviewId, r.reporterId])).toEqual([[review.id, idOf(world, actor)]]);
      },
    };
  },
});

const replyEntry = (list: ReviewList): MutatingAction => ({
  name: `${list.name} reply`,
  module: list.module,
  method: "POST",
  intent: "reply",
  scope: "owner",
  allowed: ["restaurantOwner"],
  target: { kind: "route", action: list.action },
  async prepare(world) {
    const review = await world.newReview();
    const at = list.at(world, review.branchUrl);
    const text = unique("Thank you");
    return {
      ...at,
      form: { intent: "reply", reviewId: review.id, text },
      effect(ctx) {
        expectSuccess(ctx, at.path);
        const replies = changesIn(ctx, "review_reply").added;
        expect(replies.map((r) => [r.reviewId, r.ownerId, r.text])).toEqual([
          [review.id, world.idOf("restaurantOwner"), text],
        ]);
      },
    };
  },
});

const listActions = REVIEW_LISTS.flatMap((list) => [reportEntry(list), replyEntry(list)]);

/** One branch of a restaurant awaiting approval per world: refused calls leave it as it was. */
const pendingBranches = new WeakMap<World, Promise<{ urlName: string; branchUrl: string }>>();

function pendingBranchOf(world: World) {
  let found = pendingBranches.get(world);
  if (!found) {
    found = (async () => {
      const { id, urlName } = await world.pendingRestaurant();
      const section = await menus.addSection(world.services, id, { originalName: "Mains" });
      if (!section.ok) throw new Error(inEnglish(section.message));
      const branch = await addBranch(world.services, id, { branchName: "main" });
      if (!branch.ok) throw new Error(inEnglish(branch.message));
      return { urlName, branchUrl: branch.branchUrl };
    })();
    pendingBranches.set(world, found);
  }
  return found;
}

export const reviewActions: MutatingAction[] = [
  {
    name: "customer add-review",
    module: "routes/customer/add-review",
    method: "POST",
    scope: "self",
    allowed: CUSTOMERS,
    target: { kind: "route", action: addReview.action },
    async prepare(world, actor) {
      // A branch this actor has not reviewed today (one review a day per branch).
      const branchName = await world.branchToReview(actor === "visitor" ? actor : world.idOf(actor));
      const restaurantName = world.urlOf("restaurantOwner");
      const text = unique("Loved it");
      return {
        path: `/profile/customer/addreview/${restaurantName}/${branchName}`,
        params: { restaurantName, branchName },
        form: { rating: "4", review: text },
        files: { photos: [world.photo] },
        effect(ctx) {
          const reviews = changesIn(ctx, "review").added;
          expect(reviews.map((r) => [r.authorId, r.review, r.rating])).toEqual([
            [idOf(world, actor), text, 4],
          ]);
          // The branch page (product rules §2), showing its author the review just posted (ADR 0024).
          expectSuccess(
            ctx,
            `/r/${restaurantName}/branch/${branchName}?posted=${String(reviews[0]!.id)}#your-review`,
          );
        },
      };
    },
  },
  {
    name: "customer my-reviews",
    module: "routes/customer/my-reviews",
    method: "POST",
    scope: "owner",
    allowed: ["customer"],
    target: { kind: "route", action: myReviews.action },
    async prepare(world) {
      const review = await world.newReview("customer");
      return {
        path: "/profile/customer/reviews",
        form: { reviewId: review.id },
        async effect(ctx) {
          expectSuccess(ctx, "/profile/customer/reviews");
          const gone = await world.db.selectFrom("review").select("id").where("id", "=", review.id).execute();
          expect(gone).toEqual([]);
        },
      };
    },
  },
  {
    name: "public menu-item rate",
    module: "routes/public/menu-item",
    method: "POST",
    scope: "self",
    allowed: CUSTOMERS,
    target: { kind: "route", action: menuItem.action },
    async prepare(world, actor) {
      const { id: itemId } = await world.newItem();
      const restaurantName = world.urlOf("restaurantOwner");
      const path = `/r/${restaurantName}/menu/${itemId}`;
      return {
        path,
        params: { restaurantName, itemId },
        form: { rating: "4" },
        async effect(ctx) {
          expectSuccess(ctx, path);
          const ratings = changesIn(ctx, "item_rating").added;
          expect(ratings.map((r) => [r.itemId, r.customerId, r.rating])).toEqual([
            [itemId, idOf(world, actor), 4],
          ]);
          expect(await world.item(itemId)).toMatchObject({ itemRating: 4, itemRatingBy: 1 });
        },
      };
    },
  },
  {
    // ADR 0017: a restaurant that is not approved takes no reviews, from anyone.
    name: "customer add-review on a pending restaurant",
    module: "routes/customer/add-review",
    method: "POST",
    scope: "closed",
    allowed: [],
    target: { kind: "route", action: addReview.action },
    async prepare(world) {
      const { urlName: restaurantName, branchUrl: branchName } = await pendingBranchOf(world);
      return {
        path: `/profile/customer/addreview/${restaurantName}/${branchName}`,
        params: { restaurantName, branchName },
        form: { rating: "5", review: unique("Sneaked in") },
        files: { photos: [world.photo] },
        effect() {
          throw new Error("no one may review a restaurant awaiting approval");
        },
        refusalStatus: (actor) => (CUSTOMERS.includes(actor as never) ? 403 : 302),
      };
    },
  },
  ...listActions,
];
