import { APIError } from "better-auth/api";
import type { Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { fail, type Failure, type Result } from "~/lib/result.ts";
import { deleteImage } from "~/server/media/images.server.ts";
import { videoKey } from "~/server/media/media-keys.server.ts";
import { reservePasswordChange } from "~/server/rate-limits.server.ts";
import type { Services } from "~/server/services.server.ts";
import { copyRatingToBranches } from "../menus/menu-sync.queries.server.ts";
import { lockItem, refreshItemRating } from "../menus/menus.queries.server.ts";
import {
  lockRestaurant,
  refreshRestaurantRating,
  restaurantsReviewedBy,
} from "../reviews/reviews.queries.server.ts";
import { jsonList } from "../profiles/profile-edit-version.ts";
import { ACCOUNT_DATA_MESSAGES as M } from "./account-data.messages.ts";
import * as q from "./account-data.queries.server.ts";

/**
 * People own their data (issue 34, item 6; docs/decisions/0038): a customer or an owner
 * downloads what Foodverse holds about them as JSON, and deletes their account.
 */

/** A stored picture's or video's address as a link that works outside the site. */
function absolute(services: Services, url: string): string {
  return url.startsWith("/") ? `${services.env.PUBLIC_URL}${url}` : url;
}

/** The account and its open sessions, as both exports start. */
async function accountPart(services: Services, userId: string) {
  const { db } = services.database;
  const [user, sessions] = await Promise.all([q.findUser(db, userId), q.sessionsOf(db, userId)]);
  if (!user) return null;
  return {
    exportedAt: services.now().toISOString(),
    account: { email: user.email, name: user.name, createdAt: String(user.createdAt) },
    sessions: sessions.map((s) => ({
      signedInAt: String(s.createdAt),
      expiresAt: String(s.expiresAt),
      ipAddress: s.ipAddress ?? null,
      browser: s.userAgent ?? null,
    })),
  };
}

/** Everything Foodverse holds about a customer: profile, reviews (hidden ones too), dish ratings, reports, sessions. */
export async function customerData(services: Services, userId: string) {
  const { db } = services.database;
  const [account, profile, reviews, ratings, reports] = await Promise.all([
    accountPart(services, userId),
    q.findCustomerRow(db, userId),
    q.reviewsOf(db, "authorId", userId),
    q.dishRatingsBy(db, userId),
    q.reportsBy(db, userId),
  ]);
  if (!account || !profile) return null;
  return {
    ...account,
    profile: {
      ...profile,
      sociallinks: jsonList(profile.sociallinks),
      profileImageUrl: absolute(services, profile.profileImageUrl),
      coverImageUrl: absolute(services, profile.coverImageUrl),
    },
    reviews: reviews.map((r) => ({
      restaurant: r.restaurantName,
      branch: r.branchName,
      rating: r.rating,
      review: r.review,
      photos: jsonList(r.reviewPics).map((url) => absolute(services, url)),
      video: r.reviewVideo ? absolute(services, r.reviewVideo) : null,
      hiddenByFoodverse: r.hidden !== 0,
      ownerReply: r.reply ?? null,
      postedAt: r.timestamp,
    })),
    dishRatings: ratings.map((r) => ({
      dish: r.dish,
      restaurant: r.restaurant,
      stars: r.rating,
      ratedAt: r.timestamp,
    })),
    reports: reports.map((r) => ({ reason: r.reason, status: r.status, reportedAt: r.timestamp })),
  };
}

/** Everything Foodverse holds about an owner: the restaurant, branches, menus with their media, reviews received. */
export async function restaurantData(services: Services, userId: string) {
  const { db } = services.database;
  const [account, restaurant, branches, sections, dishes, reviews, deals, tables] = await Promise.all([
    accountPart(services, userId),
    q.findRestaurantRow(db, userId),
    q.branchesOf(db, userId),
    q.sectionsOf(db, userId),
    q.dishesOf(db, userId),
    q.reviewsOf(db, "restaurantId", userId),
    q.dealsOf(db, userId),
    q.tablesOf(db, userId),
  ]);
  if (!account || !restaurant) return null;
  const { restQRimg: _restQRimg, ...profile } = restaurant;
  const media = (url: string) => (url ? absolute(services, url) : "");
  return {
    ...account,
    restaurant: {
      ...profile,
      restOthertypes: jsonList(profile.restOthertypes),
      sociallinks: jsonList(profile.sociallinks),
      profileImageUrl: media(profile.profileImageUrl),
      coverImageUrl: media(profile.coverImageUrl),
    },
    branches: branches.map(({ branchQRimg: _branchQRimg, ...branch }) => branch),
    sections,
    dishes: dishes.map((d) => ({
      ...d,
      topView: media(d.topView),
      frontView: media(d.frontView),
      sideView: media(d.sideView),
      sizes: JSON.parse(d.sizes) as unknown,
    })),
    deals: deals.map((d) => ({ ...d, picture: media(d.picture) })),
    tables,
    // Diners' reviews of the restaurant, without who wrote them: theirs to take out.
    reviewsReceived: reviews.map((r) => ({
      branch: r.branchName,
      rating: r.rating,
      review: r.review,
      photos: jsonList(r.reviewPics).map((url) => absolute(services, url)),
      video: r.reviewVideo ? absolute(services, r.reviewVideo) : null,
      hiddenByFoodverse: r.hidden !== 0,
      yourReply: r.reply ?? null,
      postedAt: r.timestamp,
    })),
  };
}

/**
 * The account's password, checked as a password change checks it (ADR 0031: the place
 * is taken before the check, failures lock the account for a while). Null when right.
 */
async function passwordRefusal(
  services: Services,
  userId: string,
  input: Record<string, unknown>,
  headers: Headers,
): Promise<Failure | null> {
  const password = typeof input.password === "string" ? input.password : "";
  if (!password) return fail(400, M.passwordMissing, { fieldErrors: { password: M.passwordMissing } });
  const check = await reservePasswordChange(services, userId);
  if (!check) return fail(429, M.tooMany);
  try {
    await services.auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    if (!(error instanceof APIError)) {
      await check.cancel();
      throw error;
    }
    if (await check.failed()) return fail(429, M.tooMany);
    return fail(400, M.wrongPassword, { fieldErrors: { password: M.wrongPassword } });
  }
  await check.succeeded();
  return null;
}

/** After the rows are gone: their pictures and videos, each failure only logged. */
async function removeMedia(services: Services, images: string[], videos: string[]) {
  for (const url of new Set(images.filter(Boolean))) {
    await deleteImage(services.storage, url).catch((error) =>
      services.log.warn({ err: error, url }, "account deletion: could not delete an image"),
    );
  }
  const keys = videos.map(videoKey).filter((key): key is string => Boolean(key));
  if (keys.length > 0)
    await services.storage
      .delete(keys)
      .catch((error) => services.log.warn({ err: error }, "account deletion: could not delete videos"));
}

/** The deletion's rows, all or none; a failure is logged and said as 'nothing was changed'. */
async function deleteInOneTransaction(
  services: Services,
  userId: string,
  write: (trx: Transaction<DB>) => Promise<void>,
): Promise<Failure | null> {
  try {
    await services.database.db.transaction().execute(write);
    return null;
  } catch (error) {
    services.log.error({ err: error, userId }, "account could not be deleted");
    return fail(500, M.deleteFailed);
  }
}

/**
 * A customer deletes their account: their reviews with photos and video, dish ratings,
 * reports, sessions and profile go, in one transaction; every rating they were part of
 * is counted again in it, so the restaurants' and dishes' averages stay exact.
 */
export async function deleteCustomerAccount(
  services: Services,
  userId: string,
  input: Record<string, unknown>,
  headers: Headers,
): Promise<Result<object>> {
  const refused = await passwordRefusal(services, userId, input, headers);
  if (refused) return refused;
  const { db } = services.database;
  const profile = await q.findCustomerRow(db, userId);
  if (!profile) return fail(404, M.notFound);
  let reviews: Awaited<ReturnType<typeof q.reviewsOf>> = [];
  const failed = await deleteInOneTransaction(services, userId, async (trx) => {
    // Locks in the order every review and rating write takes them.
    const restaurants = await restaurantsReviewedBy(trx, userId);
    for (const id of restaurants) await lockRestaurant(trx, id);
    // Read under the locks: a review posted meanwhile is deleted with its files, never without.
    reviews = await q.reviewsOf(trx, "authorId", userId);
    const rated = (await q.dishRatingsBy(trx, userId)).map((r) => r.itemId).toSorted();
    for (const itemId of rated) await lockItem(trx, itemId);
    await q.deleteReviewsBy(trx, userId);
    for (const id of restaurants) await refreshRestaurantRating(trx, id);
    await q.deleteRatingsBy(trx, userId);
    for (const itemId of rated) {
      await refreshItemRating(trx, itemId);
      await copyRatingToBranches(trx, itemId);
    }
    await q.deleteAccount(trx, userId);
  });
  if (failed) return failed;
  await removeMedia(
    services,
    [...reviews.flatMap((r) => jsonList(r.reviewPics)), profile.profileImageUrl, profile.coverImageUrl],
    reviews.map((r) => r.reviewVideo),
  );
  services.log.info({ userId, reviews: reviews.length }, "customer account deleted");
  return { ok: true };
}

/**
 * An owner closes their restaurant and deletes their account: the restaurant, its
 * branches, menus, dishes, QR codes, insights, the reviews diners wrote about it (with
 * their photos and videos) and the owner's replies go in one transaction (the foreign
 * keys cascade from the restaurant row), then every picture and video they showed.
 */
export async function closeRestaurantAccount(
  services: Services,
  userId: string,
  input: Record<string, unknown>,
  headers: Headers,
): Promise<Result<object>> {
  const refused = await passwordRefusal(services, userId, input, headers);
  if (refused) return refused;
  const { db } = services.database;
  const restaurant = await q.findRestaurantRow(db, userId);
  if (!restaurant) return fail(404, M.notFound);
  let dishes: Awaited<ReturnType<typeof q.dishesOf>> = [];
  let reviews: Awaited<ReturnType<typeof q.reviewsOf>> = [];
  let imports: Awaited<ReturnType<typeof q.importPhotosOf>> = [];
  let deals: Awaited<ReturnType<typeof q.dealsOf>> = [];
  const failed = await deleteInOneTransaction(services, userId, async (trx) => {
    await lockRestaurant(trx, userId);
    // Read under the lock: a dish or review added meanwhile goes with its files, never without.
    dishes = await q.dishesOf(trx, userId);
    reviews = await q.reviewsOf(trx, "restaurantId", userId);
    imports = await q.importPhotosOf(trx, userId);
    deals = await q.dealsOf(trx, userId);
    await q.deleteAccount(trx, userId);
  });
  if (failed) return failed;
  await removeMedia(
    services,
    [
      restaurant.profileImageUrl,
      restaurant.coverImageUrl,
      ...dishes.flatMap((d) => [d.topView, d.frontView, d.sideView]),
      ...reviews.flatMap((r) => jsonList(r.reviewPics)),
      ...imports.map((p) => p.url),
      ...deals.map((d) => d.picture),
    ],
    reviews.map((r) => r.reviewVideo),
  );
  services.log.info({ userId, dishes: dishes.length, reviews: reviews.length }, "restaurant closed");
  return { ok: true };
}

/** What a deletion would remove, counted, for the page that asks. */
export async function dataSummary(services: Services, userId: string, role: "customer" | "restaurant") {
  const { db } = services.database;
  if (role === "customer") {
    const [reviews, ratings] = await Promise.all([
      q.reviewsOf(db, "authorId", userId),
      q.dishRatingsBy(db, userId),
    ]);
    return { reviews: reviews.length, dishRatings: ratings.length, branches: 0, dishes: 0 };
  }
  const [branches, dishes, reviews] = await Promise.all([
    q.branchesOf(db, userId),
    q.dishesOf(db, userId),
    q.reviewsOf(db, "restaurantId", userId),
  ]);
  return {
    reviews: reviews.length,
    dishRatings: 0,
    branches: branches.length,
    dishes: dishes.filter((d) => d.branchId === null || d.generalItemId === null).length,
  };
}
