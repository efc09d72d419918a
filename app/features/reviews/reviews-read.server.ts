import { pageWindow } from "~/lib/paging.ts";
import type { Services } from "~/server/services.server.ts";
import { menuVisibility } from "../menus/menu-read.server.ts";
import { findRestaurantByUrlName } from "../menus/menus.queries.server.ts";
import { withoutStatus } from "../restaurants/public-restaurants.queries.server.ts";
import {
  RECENT_REVIEWS_PER_RESTAURANT,
  RESTAURANTS_PER_REVIEWS_PAGE,
  REVIEWS_PER_PAGE,
} from "./reviews.schema.ts";
import * as q from "./reviews.queries.server.ts";
import { reviewTarget } from "./reviews.server.ts";

/** 'Reviews for {branch}': newest first, a page at a time; none to visitors of a restaurant not public (ADR 0017). */
export async function branchReviewsPage(
  services: Services,
  urlName: string,
  branchUrl: string,
  requested: number,
  viewerId?: string,
) {
  const target = await reviewTarget(services, urlName, branchUrl);
  if (!target) return null;
  const visibility = menuVisibility(target.restaurant.approvalStatus, viewerId, target.restaurant.id);
  const found = { restaurant: withoutStatus(target.restaurant), branch: target.branch, visibility };
  if (visibility === "awaiting-approval") return { ...found, reviews: [], page: 1, pages: 0 };
  const { db } = services.database;
  const { page, pages, offset, limit } = pageWindow(
    requested,
    await q.countBranchReviews(db, found.branch.id),
    REVIEWS_PER_PAGE,
  );
  const reviews = await q.branchReviews(db, found.branch.id, offset, limit);
  return { ...found, reviews, page, pages };
}

/** /reviews: a page of restaurants, each with its latest reviews: two queries per page, whatever the count. */
export async function recentReviewsPage(services: Services, requested: number) {
  const { db } = services.database;
  const { page, pages, offset, limit } = pageWindow(
    requested,
    await q.countRestaurants(db),
    RESTAURANTS_PER_REVIEWS_PAGE,
  );
  const restaurants = await q.restaurantsPage(db, offset, limit);
  const reviews = await q.latestReviewsOf(
    db,
    restaurants.map((r) => r.id),
    RECENT_REVIEWS_PER_RESTAURANT,
  );
  return {
    page,
    pages,
    restaurants: restaurants.map((r) => ({
      ...r,
      reviews: reviews.filter((rv) => rv.restaurantId === r.id),
    })),
  };
}

/**
 * /reviews/{name}: one restaurant's recent reviews across its branches; its owner's only
 * until it is public. `wanted`: a review its owner came to answer (from the insights
 * screen, ADR 0027), added first when it is older than the recent ones.
 */
export async function restaurantRecentReviews(
  services: Services,
  urlName: string,
  viewerId?: string,
  wanted?: string | null,
) {
  const { db } = services.database;
  const found = await findRestaurantByUrlName(db, urlName);
  if (!found) return null;
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.id);
  const restaurant = withoutStatus(found);
  if (visibility === "awaiting-approval") return { restaurant, visibility, reviews: [] };
  const reviews = await q.restaurantReviews(db, found.id, 50);
  if (wanted && viewerId === found.id && !reviews.some((r) => r.id === wanted)) {
    const card = await q.restaurantReviewCard(db, found.id, wanted);
    if (card) reviews.unshift(card);
  }
  return { restaurant, visibility, reviews };
}

export async function siteLatestReviews(services: Services, limit: number) {
  return q.latestReviews(services.database.db, limit);
}

/**
 * A customer's own reviews, those Foodverse hid too (issue 34, item 5): marked, with what
 * the reports said, so their author can still see and delete them. Public lists never
 * show them; their bits stay set.
 */
export async function myReviews(services: Services, authorId: string) {
  const { db } = services.database;
  const rows = await q.authorReviews(db, authorId);
  const reasons = await q.hidingReasons(
    db,
    rows.filter((r) => r.hidden !== 0).map((r) => r.id),
  );
  return rows.map(({ hidden, ...review }) => ({
    ...review,
    hiddenByFoodverse: hidden !== 0,
    hiddenReasons: reasons.get(review.id) ?? [],
  }));
}

/**
 * The review a customer just posted about a branch, for the branch page they land on
 * (ADR 0024); null for anyone else, or another review.
 */
export async function justPostedReview(
  services: Services,
  reviewId: string,
  authorId: string,
  branchId: string,
) {
  return (await q.authorsReviewCard(services.database.db, reviewId, authorId, branchId)) ?? null;
}
