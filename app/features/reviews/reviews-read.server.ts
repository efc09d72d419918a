import type { Locale } from "~/lib/locale.ts";
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

/** Who reads a list of reviews: signed in or not, in which language, all reviews or the table-verified ones. */
export interface ReviewsReader {
  id?: string;
  locale: Locale;
  verifiedOnly: boolean;
}
const ANYONE: ReviewsReader = { locale: "en", verifiedOnly: false };

/**
 * Review cards with the dish each tagged photo shows (issue 33), its name in the reader's
 * language: one query for the whole list.
 */
export async function withPhotoDishes<Card extends { id: string }>(
  services: Services,
  cards: Card[],
  locale: Locale,
): Promise<(Card & { photoDishes: { position: number; itemId: string; name: string }[] })[]> {
  const tags = await q.photoDishesOf(
    services.database.db,
    cards.map((c) => c.id),
  );
  return cards.map((card) => ({
    ...card,
    photoDishes: tags
      .filter((tag) => tag.reviewId === card.id)
      .map((tag) => ({
        position: tag.position,
        itemId: tag.itemId,
        name: (locale === "ur" && tag.nameUr) || tag.name,
      })),
  }));
}

/**
 * 'Reviews for {branch}': newest first, a page at a time, all or only the table-verified
 * ones (issue 33); none to visitors of a restaurant not public (ADR 0017).
 */
export async function branchReviewsPage(
  services: Services,
  urlName: string,
  branchUrl: string,
  requested: number,
  viewer: ReviewsReader = ANYONE,
) {
  const target = await reviewTarget(services, urlName, branchUrl);
  if (!target) return null;
  const visibility = menuVisibility(target.restaurant.approvalStatus, viewer.id, target.restaurant.id);
  const found = { restaurant: withoutStatus(target.restaurant), branch: target.branch, visibility };
  if (visibility === "awaiting-approval") return { ...found, reviews: [], page: 1, pages: 0 };
  const { db } = services.database;
  const { page, pages, offset, limit } = pageWindow(
    requested,
    await q.countBranchReviews(db, found.branch.id, viewer.verifiedOnly),
    REVIEWS_PER_PAGE,
  );
  const reviews = await q.branchReviews(db, found.branch.id, offset, limit, viewer.verifiedOnly);
  return { ...found, reviews: await withPhotoDishes(services, reviews, viewer.locale), page, pages };
}

/**
 * /reviews: a page of restaurants, each with its latest reviews (the table-verified ones
 * only, issue 33, when asked): two queries per page, whatever the count.
 */
export async function recentReviewsPage(services: Services, requested: number, verifiedOnly = false) {
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
    verifiedOnly,
  );
  return {
    verifiedOnly,
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
  viewer: ReviewsReader = ANYONE,
  wanted?: string | null,
) {
  const { db } = services.database;
  const found = await findRestaurantByUrlName(db, urlName);
  if (!found) return null;
  const visibility = menuVisibility(found.approvalStatus, viewer.id, found.id);
  const restaurant = withoutStatus(found);
  if (visibility === "awaiting-approval") return { restaurant, visibility, reviews: [] };
  const reviews = await q.restaurantReviews(db, found.id, 50, viewer.verifiedOnly);
  if (wanted && viewer.id === found.id && !reviews.some((r) => r.id === wanted)) {
    const card = await q.restaurantReviewCard(db, found.id, wanted);
    if (card) reviews.unshift(card);
  }
  return { restaurant, visibility, reviews: await withPhotoDishes(services, reviews, viewer.locale) };
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
  viewer: { authorId: string; locale: Locale },
  branchId: string,
) {
  const card = await q.authorsReviewCard(services.database.db, reviewId, viewer.authorId, branchId);
  return card ? ((await withPhotoDishes(services, [card], viewer.locale))[0] ?? null) : null;
}
