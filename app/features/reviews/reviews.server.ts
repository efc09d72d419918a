import type { Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { checkImageRoom } from "~/server/media/image-quota.server.ts";
import { deleteImage, MediaError, saveImage } from "~/server/media/images.server.ts";
import { videoKey } from "~/server/media/videos.server.ts";
import type { Services } from "~/server/services.server.ts";
import { firstAnswer, firstAnswerWithin, recordAnswer, submissionOf } from "~/server/submissions.server.ts";
import { fieldErrors, type FormValues } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { findBranch } from "../branches/branches.queries.server.ts";
import { findRestaurantByUrlName } from "../menus/menus.queries.server.ts";
import { isPublicRestaurant } from "../restaurants/public-restaurants.queries.server.ts";
import {
  MAX_REVIEW_PHOTOS,
  REVIEW_MESSAGES as R,
  replySchema,
  reportSchema,
  reviewSchema,
} from "./reviews.schema.ts";
import * as q from "./reviews.queries.server.ts";
import { reviewedAtTable } from "../tables/tables.server.ts";
import { z } from "zod";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rolls the review's transaction back: the author reviewed this branch within the day. */
class AlreadyReviewed extends Error {}

/** The branch a review is about, from the URL's restaurant and branch names. */
export async function reviewTarget(services: Services, urlName: string, branchUrl: string) {
  const { db } = services.database;
  const restaurant = await findRestaurantByUrlName(db, urlName);
  if (!restaurant) return null;
  const branch = await findBranch(db, restaurant.id, branchUrl);
  if (!branch) return null;
  // ADR 0017: only a public restaurant takes reviews.
  return { restaurant, branch, takingReviews: isPublicRestaurant(restaurant) };
}

export interface ReviewForm {
  values: FormValues;
  photos: Uint8Array[];
}

/** The dishes a review photo of this branch may show, in menu order. */
export function dishesToTag(services: Services, branchId: string) {
  return q.branchDishes(services.database.db, branchId);
}

/** The form's list fields: the dish each photo shows, in the photos' order ("" for none). */
export const REVIEW_FORM_LISTS = z.object({ photoDish: z.array(z.string()) });

/**
 * The dish each photo shows (issue 33): one of the branch's shown dishes, by the photo's
 * place; null when the form names a dish the branch does not show (another branch's,
 * another restaurant's, a hidden one).
 */
async function taggedDishes(services: Services, branchId: string, values: FormValues, photos: number) {
  const chosen = (Array.isArray(values.photoDish) ? values.photoDish : [values.photoDish ?? ""])
    .slice(0, photos)
    .map((id) => String(id).trim());
  if (chosen.every((id) => !id)) return [];
  const dishes = new Map(
    (await q.branchDishes(services.database.db, branchId)).map((d) => [d.id, d.generalItemId]),
  );
  const tags: { position: number; itemId: string; generalItemId: string | null }[] = [];
  for (const [position, itemId] of chosen.entries()) {
    if (!itemId) continue;
    if (!dishes.has(itemId)) return null;
    tags.push({ position, itemId, generalItemId: dishes.get(itemId) ?? null });
  }
  return tags;
}

/**
 * A customer's review of a branch. The author, restaurant and branch come from
 * the session and the URL, never from the form. The restaurant's rating and
 * count are recomputed in the same transaction, so they stay exact under load.
 * Posted again with the form's token (a post that got no answer), it is answered
 * as the first time and stored once (ADR 0032).
 */
export async function postReview(
  services: Services,
  authorId: string,
  target: { urlName: string; branchUrl: string },
  form: ReviewForm,
  /** The request's cookies, for a table pass (issue 33): never the form's say. */
  cookies: string | null = null,
): Promise<Result<{ id: string }>> {
  const submission = submissionOf("review", authorId, form.values, form.photos);
  const first = await firstAnswer<{ id: string }>(services, submission);
  if (first) return first;
  const parsed = reviewSchema.safeParse(form.values);
  if (!parsed.success) return fail(400, R.ratingMissing, { fieldErrors: fieldErrors(parsed.error) });
  if (form.photos.length > MAX_REVIEW_PHOTOS) {
    return fail(400, R.tooManyPhotos(MAX_REVIEW_PHOTOS), {
      fieldErrors: { photos: R.tooManyPhotos(MAX_REVIEW_PHOTOS) },
    });
  }
  const found = await reviewTarget(services, target.urlName, target.branchUrl);
  if (!found) return fail(404, "Branch Not Found");
  // ADR 0017: a restaurant that is not public is not reviewed (its reviews would show nowhere).
  if (!isPublicRestaurant(found.restaurant)) return fail(403, R.notTakingReviews, { level: "warning" });
  const { db } = services.database;
  const since = new Date(Date.now() - DAY_MS).toISOString();
  if (await q.reviewedSince(db, authorId, found.branch.id, since)) {
    // The day's review may be this very post's twin, committed a moment ago (ADR 0032).
    const twin = await firstAnswer<{ id: string }>(services, submission);
    if (twin) return twin;
    return fail(429, R.oncePerDay, { level: "warning" });
  }
  const tags = await taggedDishes(services, found.branch.id, form.values, form.photos.length);
  if (!tags) return fail(400, R.photoDishUnknown, { fieldErrors: { photos: R.photoDishUnknown } });
  const atTable = await reviewedAtTable(services, cookies, {
    branchId: found.branch.id,
    restaurantId: found.restaurant.id,
    authorId,
  });

  const id = crypto.randomUUID();
  const pics: string[] = [];
  try {
    if (form.photos.length > 0) {
      await checkImageRoom(db, authorId, services.env.MAX_IMAGES_PER_ACCOUNT, { adding: form.photos.length });
    }
    for (const [index, bytes] of form.photos.entries()) {
      pics.push(
        await saveImage(services.storage, bytes, {
          maxBytes: services.env.MAX_IMAGE_BYTES,
          maxPixels: services.env.MAX_IMAGE_PIXELS,
          owner: authorId,
          scope: `${authorId}:review:${id}:${index}`,
        }),
      );
    }
  } catch (error) {
    await removePictures(services, pics);
    if (error instanceof MediaError)
      return fail(error.status, error.said, { fieldErrors: { photos: error.said } });
    throw error;
  }
  // One video per review: a single finished upload of this author, moved into storage.
  const uploadId = typeof form.values.videoUpload === "string" ? form.values.videoUpload.trim() : "";
  let video = "";
  if (uploadId) {
    try {
      video = await services.videos.claim(uploadId, authorId, id);
    } catch (error) {
      await removePictures(services, pics);
      // A twin post of this submission may have moved the upload into its review a
      // moment ago; once it commits, its answer is this post's too.
      const twin =
        error instanceof MediaError && (await firstAnswerWithin<{ id: string }>(services, submission, 2000));
      if (twin) return twin;
      if (error instanceof MediaError) {
        return fail(error.status, error.said, { fieldErrors: { video: error.said } });
      }
      throw error;
    }
  }
  try {
    await db.transaction().execute(async (trx) => {
      await q.lockRestaurant(trx, found.restaurant.id);
      // Checked again under the restaurant's lock: the check above ran outside any
      // transaction, so parallel posts all passed it. The lock is this transaction's
      // first statement, a write: SQLite takes its write lock there (as BEGIN IMMEDIATE
      // would), PostgreSQL the row lock, and the query below sees every review
      // committed before it.
      if (await q.reviewedSince(trx, authorId, found.branch.id, new Date(Date.now() - DAY_MS).toISOString()))
        throw new AlreadyReviewed();
      await recordAnswer(trx, submission, { id });
      await q.insertReview(trx, {
        id,
        restaurantId: found.restaurant.id,
        branchId: found.branch.id,
        authorId,
        rating: parsed.data.rating,
        review: parsed.data.review,
        reviewPics: JSON.stringify(pics),
        reviewVideo: video,
        tableVerified: atTable ? 1 : 0,
        timestamp: new Date().toISOString(),
      });
      await q.insertPhotoDishes(
        trx,
        tags.map((tag) => ({
          ...tag,
          reviewId: id,
          picture: pics[tag.position]!,
          restaurantId: found.restaurant.id,
          branchId: found.branch.id,
        })),
      );
      await q.refreshRestaurantRating(trx, found.restaurant.id);
    });
  } catch (error) {
    await removePictures(services, pics);
    await removeVideo(services, video);
    // A twin post of this submission committed first (it holds the token, or the day's review).
    const twin = await firstAnswer<{ id: string }>(services, submission);
    if (twin) return twin;
    if (error instanceof AlreadyReviewed) return fail(429, R.oncePerDay, { level: "warning" });
    services.log.error({ err: error, authorId }, "review could not be posted");
    return fail(500, R.postFailed);
  }
  return { ok: true, id };
}

async function removePictures(services: Services, urls: string[]) {
  for (const url of urls) {
    await deleteImage(services.storage, url).catch((error) =>
      services.log.warn({ err: error, url }, "could not delete a review photo"),
    );
  }
}

async function removeVideo(services: Services, url: string) {
  const key = videoKey(url);
  if (key)
    await services.storage
      .delete([key])
      .catch((error) => services.log.warn({ err: error, url }, "could not delete a review video"));
}

/** Only the author deletes; the review goes everywhere at once, with its photos, and ratings follow. */
export async function deleteReview(
  services: Services,
  authorId: string,
  reviewId: string,
): Promise<Result<object>> {
  const { db } = services.database;
  const review = await q.findReview(db, reviewId);
  if (!review || review.authorId !== authorId) return fail(404, R.deleteFailed);
  try {
    await db.transaction().execute(async (trx) => {
      await q.lockRestaurant(trx, review.restaurantId);
      await q.deleteReviewRow(trx, reviewId);
      await q.refreshRestaurantRating(trx, review.restaurantId);
    });
  } catch (error) {
    services.log.error({ err: error, reviewId }, "review could not be deleted");
    return fail(500, R.deleteFailed);
  }
  await removePictures(services, JSON.parse(review.reviewPics) as string[]);
  await removeVideo(services, review.reviewVideo);
  return { ok: true };
}

/**
 * One public reply per review, by the owner of the reviewed restaurant only; editable.
 * Written over the review's one reply, so the same reply posted twice is stored once.
 */
export async function replyToReview(
  services: Services,
  ownerId: string,
  input: unknown,
): Promise<Result<object>> {
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) return fail(400, R.replyMissing, { fieldErrors: fieldErrors(parsed.error) });
  const { db } = services.database;
  const review = await q.findReview(db, parsed.data.reviewId);
  if (!review || review.restaurantId !== ownerId) return fail(404, R.notFound);
  await q.upsertReply(db, review.id, ownerId, parsed.data.text);
  return { ok: true };
}

/**
 * Anyone signed in reports a review once, with a reason. The report's own key (the
 * review and the reporter) makes it once: the same report posted again (a post that
 * got no answer) is answered as the first was; another reason, 'already reported'.
 * No token: the form is on pages the page cache keeps (ADR 0032).
 */
export async function reportReview(
  services: Services,
  reporterId: string,
  input: unknown,
): Promise<Result<object>> {
  const parsed = reportSchema.safeParse(input);
  if (!parsed.success) return fail(400, R.reasonMissing, { fieldErrors: fieldErrors(parsed.error) });
  const { db } = services.database;
  const review = await q.findReview(db, parsed.data.reviewId);
  if (!review) return fail(404, R.notFound);
  try {
    await q.insertReport(db, review.id, reporterId, parsed.data.reason);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const reason = await q.findReportReason(db, review.id, reporterId);
    if (reason === parsed.data.reason) return { ok: true };
    return fail(409, R.alreadyReported, { level: "warning" });
  }
  return { ok: true };
}

/**
 * Moderation: a hidden review is left out of every list and rating, as if
 * deleted, and can be restored. `alsoInTransaction` lets the caller (the admin's
 * audit log) commit with the change or not at all.
 */
export async function moderateReview(
  services: Services,
  reviewId: string,
  decision: "hide" | "restore" | "dismiss",
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<void>,
): Promise<Result<object>> {
  const { db } = services.database;
  const review = await q.findReview(db, reviewId);
  if (!review) return fail(404, R.notFound);
  await db.transaction().execute(async (trx) => {
    await q.lockRestaurant(trx, review.restaurantId);
    if (decision !== "dismiss") {
      await q.setHidden(trx, reviewId, decision === "hide");
      await q.refreshRestaurantRating(trx, review.restaurantId);
    }
    await q.setReportStatus(trx, reviewId, decision === "hide" ? "hidden" : "dismissed");
    await alsoInTransaction?.(trx);
  });
  services.log.info({ reviewId, decision }, "review moderated");
  return { ok: true };
}

/**
 * ADR 0033: a suspended author's reviews leave every list, count and rating (and come
 * back on restore), in the caller's transaction. The restaurants' locks are taken
 * first, in id order, as every review write takes its restaurant's before the row.
 */
export async function hideAuthorReviews(trx: Transaction<DB>, authorId: string, hidden: boolean) {
  const restaurantIds = await q.restaurantsReviewedBy(trx, authorId);
  for (const id of restaurantIds) await q.lockRestaurant(trx, id);
  await q.setAuthorHidden(trx, authorId, hidden);
  for (const id of restaurantIds) await q.refreshRestaurantRating(trx, id);
}
