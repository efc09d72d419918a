/** Widths of the WebP variants every uploaded image is stored in. */
export const IMAGE_WIDTHS = [320, 960, 1920] as const;
export const DEFAULT_IMAGE_WIDTH = 960;

const IMAGE_URL = /^\/media\/img\/([a-f0-9]{16,64})\/(\d+)\.webp$/;

/** The id part of an uploaded image's URL, or null for anything else. */
export function imageIdOf(url: string): string | null {
  return IMAGE_URL.exec(url)?.[1] ?? null;
}

export function imageUrl(id: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  return `/media/img/${id}/${width}.webp`;
}

/** srcset for an uploaded image, so each phone downloads the size it shows. */
/** The carousel's pictures: the phone's width, 640 px from a tablet up (the item page's largest paint). */
export const CAROUSEL_SIZES = "(min-width: 768px) 640px, 100vw";

export function imageSrcSet(url: string): string | undefined {
  const id = imageIdOf(url);
  if (!id) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrl(id, w)} ${w}w`).join(", ");
}

/** The JPEG (≤ 300 KB, 1200×630) that chat apps show as a link preview. */
export function shareImageUrl(url: string): string | null {
  const id = imageIdOf(url);
  return id ? `/media/img/${id}/og.jpg` : null;
}
