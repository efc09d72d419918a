import type { Kysely } from "kysely";
import { imageIdOf } from "~/lib/media.ts";
import type { DB } from "../db-schema.server.ts";
import { MEDIA_MESSAGES, MediaError } from "./images.server.ts";

/**
 * The distinct uploaded photos an account's rows show: its profile and cover
 * images, its dishes' views (a branch copy shares its dish's pictures), its deals', its
 * reviews' photos, and the photos of its menu imports not written yet. Read from the rows themselves, so every app process agrees
 * and nothing has to be counted up or down (docs/decisions/0015-upload-quotas.md).
 */
export async function storedImageCount(db: Kysely<DB>, ownerId: string): Promise<number> {
  const [restaurant, customer, items, reviews, staged, deals] = await Promise.all([
    db
      .selectFrom("restaurant")
      .select(["profileImageUrl", "coverImageUrl"])
      .where("id", "=", ownerId)
      .executeTakeFirst(),
    db
      .selectFrom("customer")
      .select(["profileImageUrl", "coverImageUrl"])
      .where("id", "=", ownerId)
      .executeTakeFirst(),
    db
      .selectFrom("menu_item")
      .select(["topView", "frontView", "sideView"])
      .distinct()
      .where("restaurantId", "=", ownerId)
      .execute(),
    db
      .selectFrom("review")
      .select("reviewPics")
      .where("authorId", "=", ownerId)
      .where("reviewPics", "<>", "[]")
      .execute(),
    db
      .selectFrom("menu_import_photo")
      .innerJoin("menu_import", "menu_import.id", "menu_import_photo.importId")
      .select("menu_import_photo.url")
      .where("menu_import.ownerId", "=", ownerId)
      .execute(),
    db.selectFrom("deal").select("picture").distinct().where("restaurantId", "=", ownerId).execute(),
  ]);
  const ids = new Set<string>();
  const add = (url: unknown) => {
    const id = typeof url === "string" ? imageIdOf(url) : null;
    if (id) ids.add(id);
  };
  for (const row of [restaurant, customer]) {
    add(row?.profileImageUrl);
    add(row?.coverImageUrl);
  }
  for (const item of items) [item.topView, item.frontView, item.sideView].forEach(add);
  for (const photo of staged) add(photo.url);
  // A deal showing its first dish's picture shares that photo: counted once.
  for (const deal of deals) add(deal.picture);
  for (const review of reviews) {
    try {
      const pics: unknown = JSON.parse(review.reviewPics);
      if (Array.isArray(pics)) pics.forEach(add);
    } catch {
      // Not a list: no photos to count.
    }
  }
  return ids.size;
}

/**
 * Refuses (413, before any photo is encoded) a write that would leave the
 * account with more than `max` stored photos: it stores `adding` new ones and
 * lets go of `freeing` (the photos it replaces). A write that adds nothing on
 * balance always passes, so an account at the limit can still replace a photo.
 */
export async function checkImageRoom(
  db: Kysely<DB>,
  ownerId: string,
  max: number,
  change: { adding: number; freeing?: number },
): Promise<void> {
  const growth = change.adding - (change.freeing ?? 0);
  if (growth <= 0) return;
  if ((await storedImageCount(db, ownerId)) + growth > max) {
    throw new MediaError(413, MEDIA_MESSAGES.tooManyImages(max));
  }
}
