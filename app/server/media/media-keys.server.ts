// The storage keys behind the media URLs the database holds. Relative imports only:
// scripts/backup.ts and scripts/restore.ts load this without a build.
import { IMAGE_WIDTHS, imageIdOf } from "../../lib/media.ts";

/** Every stored variant of an uploaded image: its WebP widths and its share picture. */
export function imageKeys(url: string): string[] {
  const id = imageIdOf(url);
  if (!id) return [];
  return [...IMAGE_WIDTHS.map((w) => `img/${id}/${w}.webp`), `img/${id}/og.jpg`];
}

/** The storage key of a stored review video, from its URL. */
export function videoKey(url: string): string | null {
  const match = /^\/media\/(vid\/[a-z0-9-]+\.(?:mp4|webm|mov))$/.exec(url);
  return match ? match[1]! : null;
}

/** The keys a URL found in the database stands for; none for anything that is not uploaded media. */
export function mediaKeysOf(url: string): string[] {
  const video = videoKey(url);
  return video ? [video] : imageKeys(url);
}
