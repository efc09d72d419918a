import { createHash } from "node:crypto";
import pLimit from "p-limit";
import sharp, { type Metadata, type Sharp } from "sharp";
import { IMAGE_WIDTHS, imageIdOf, imageUrl } from "~/lib/media.ts";
import type { Storage } from "../storage/storage.server.ts";

/** Raster formats people's phones and cameras make; SVG (scriptable) is not one. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const SHARE_IMAGE_MAX_BYTES = 300 * 1024;
/**
 * Each encode holds its decoded pixels across several steps (≈ 11 MB for a wide
 * photo, up to the pixel limit × 3 bytes for a very tall one). libuv runs four native
 * jobs at a time but lets any number of encodes hold pixels between them; uploads
 * past these two wait their turn, so memory is bounded however many arrive at once.
 */
const ENCODE_SLOTS = pLimit(2);

export class MediaError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface Variant {
  name: string;
  data: Buffer;
  contentType: string;
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export const MEDIA_MESSAGES = {
  notImage: "This file is not an image. Choose a JPEG, PNG, WebP, GIF or AVIF photo.",
  tooBig: (maxBytes: number) => `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  tooManyPixels: (maxPixels: number) =>
    `The image is too large: at most ${Math.round(maxPixels / 1_000_000)} megapixels.`,
} as const;

/**
 * Checks that the bytes really are an image (sharp reads the signature, not the
 * name or declared type), within the byte and pixel limits, and re-encodes it:
 * rotated upright, resized to each width, WebP, with every metadata block (EXIF,
 * GPS, XMP, ICC) dropped.
 */
export function encodeImage(bytes: Uint8Array, limits: ImageLimits): Promise<{ variants: Variant[] }> {
  if (bytes.byteLength === 0) return Promise.reject(new MediaError(400, MEDIA_MESSAGES.notImage));
  if (bytes.byteLength > limits.maxBytes) {
    return Promise.reject(new MediaError(413, MEDIA_MESSAGES.tooBig(limits.maxBytes)));
  }
  return ENCODE_SLOTS(() => encode(bytes, limits));
}

async function encode(bytes: Uint8Array, limits: ImageLimits): Promise<{ variants: Variant[] }> {
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the pixel limit is checked below
    // with a clear message instead of sharp's error.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(415, MEDIA_MESSAGES.notImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new MediaError(415, MEDIA_MESSAGES.notImage);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > limits.maxPixels) {
    throw new MediaError(413, MEDIA_MESSAGES.tooManyPixels(limits.maxPixels));
  }
  try {
    // The original is decoded once, upright and no wider than the largest variant;
    // every variant is made from those pixels (no metadata survives raw pixels).
    const largest = IMAGE_WIDTHS.at(-1)!;
    const { data, info } = await sharp(bytes, {
      limitInputPixels: limits.maxPixels,
      failOn: "error",
      animated: false,
    })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants: Variant[] = [];
    for (const width of IMAGE_WIDTHS) {
      variants.push({
        name: `${width}.webp`,
        contentType: "image/webp",
        data: await input().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      });
    }
    variants.push({ name: "og.jpg", contentType: "image/jpeg", data: await shareImage(input) });
    return { variants };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    // Decoding failed part-way (a truncated or crafted file).
    throw new MediaError(415, MEDIA_MESSAGES.notImage);
  }
}

async function shareImage(input: () => Sharp): Promise<Buffer> {
  for (const quality of [80, 65, 50, 35]) {
    const data = await input()
      .resize({ width: 1200, height: 630, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (data.length <= SHARE_IMAGE_MAX_BYTES) return data;
  }
  return input().resize({ width: 600, height: 315, fit: "cover" }).jpeg({ quality: 50 }).toBuffer();
}

/**
 * Stores an image's variants and returns the URL of its default variant. The id
 * is a content hash, scoped to its owner and use, so one person re-uploading
 * the same photo gets the same URL and deleting it never touches anyone else's.
 */
export async function saveImage(
  storage: Storage,
  bytes: Uint8Array,
  options: ImageLimits & { scope: string },
): Promise<string> {
  const { variants } = await encodeImage(bytes, options);
  const id = createHash("sha256").update(options.scope).update("\0").update(bytes).digest("hex").slice(0, 32);
  const stored: string[] = [];
  try {
    for (const variant of variants) {
      const key = `img/${id}/${variant.name}`;
      await storage.put(key, variant.data, { contentType: variant.contentType });
      stored.push(key);
    }
  } catch (error) {
    await storage.delete(stored).catch(() => undefined);
    throw error;
  }
  return imageUrl(id);
}

export function imageKeys(url: string): string[] {
  const id = imageIdOf(url);
  if (!id) return [];
  return [...IMAGE_WIDTHS.map((w) => `img/${id}/${w}.webp`), `img/${id}/og.jpg`];
}

/** Removes every variant of an image that was replaced or deleted. */
export async function deleteImage(storage: Storage, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const keys = imageKeys(url);
  if (keys.length > 0) await storage.delete(keys);
}
