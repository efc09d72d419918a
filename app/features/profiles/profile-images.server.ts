import { checkImageRoom } from "~/server/media/image-quota.server.ts";
import { deleteImage, MediaError, saveImage } from "~/server/media/images.server.ts";
import type { Services } from "~/server/services.server.ts";
import type { Message } from "~/lib/message.ts";

export const IMAGE_FIELDS = { profileImage: "profileImageUrl", coverImage: "coverImageUrl" } as const;
type ImageInput = keyof typeof IMAGE_FIELDS;
type ImageColumn = (typeof IMAGE_FIELDS)[ImageInput];

/** The fields of `next` that differ from `current`: only those are written (product rules §4). */
export function changedFields<T extends Record<string, unknown>>(current: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] !== undefined && next[key] !== current[key]) out[key] = next[key];
  }
  return out;
}

/**
 * Stores the new profile and cover images of one account. On a refused file,
 * whatever this call already stored is removed again, but for what `current`
 * still shows: an image is stored by its bytes, so the same photo sent again is
 * the current one, not a new file.
 */
export async function storeProfileImages(
  services: Services,
  ownerId: string,
  files: Map<string, Uint8Array>,
  current: Partial<Record<ImageColumn, string>> = {},
): Promise<
  | { ok: true; urls: Partial<Record<ImageColumn, string>> }
  | { ok: false; field: ImageInput; message: Message; status: number }
> {
  const uploaded = (Object.entries(IMAGE_FIELDS) as [ImageInput, ImageColumn][]).filter(([input]) =>
    files.has(input),
  );
  if (uploaded.length === 0) return { ok: true, urls: {} };
  try {
    // A new picture replaces the current one: only a first one adds to the account's photos.
    await checkImageRoom(services.database.db, ownerId, services.env.MAX_IMAGES_PER_ACCOUNT, {
      adding: uploaded.length,
      freeing: uploaded.filter(([, column]) => current[column]).length,
    });
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return { ok: false, field: uploaded[0]![0], message: error.said, status: error.status };
  }
  const urls: Partial<Record<ImageColumn, string>> = {};
  for (const [input, column] of uploaded) {
    const bytes = files.get(input)!;
    try {
      urls[column] = await saveImage(services.storage, bytes, {
        maxBytes: services.env.MAX_IMAGE_BYTES,
        maxPixels: services.env.MAX_IMAGE_PIXELS,
        owner: ownerId,
        scope: `${ownerId}:${input}`,
      });
    } catch (error) {
      await discardImages(services, urls, current);
      if (error instanceof MediaError) {
        return { ok: false, field: input, message: error.said, status: error.status };
      }
      throw error;
    }
  }
  return { ok: true, urls };
}

/** Removes stored images that are no longer used: `urls` minus what `keep` still points at. */
export async function discardImages(
  services: Services,
  urls: Partial<Record<ImageColumn, string>>,
  keep: Partial<Record<ImageColumn, string>>,
): Promise<void> {
  const stillUsed = new Set(Object.values(keep));
  for (const url of Object.values(urls)) {
    if (url && !stillUsed.has(url)) {
      await deleteImage(services.storage, url).catch((error) =>
        services.log.warn({ err: error, url }, "could not delete an unused image"),
      );
    }
  }
}
