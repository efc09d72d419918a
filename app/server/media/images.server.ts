import { createHash } from "node:crypto";
import pLimit, { type LimitFunction } from "p-limit";
import sharp, { type Metadata, type Sharp } from "sharp";
import { IMAGE_WIDTHS, imageUrl } from "~/lib/media.ts";
import type { Storage } from "../storage/storage.server.ts";
import { imageKeys } from "./media-keys.server.ts";
import { keyed, MessageError, type Message } from "~/lib/message.ts";

// libvips keeps recent operations' results (50 MB by default) for a program that reads one
// file many times; each upload here is a new file, so that memory bought nothing (issue 30).
sharp.cache(false);

// Its callers import it from here; the backup scripts, run without a build, from media-keys.
export { imageKeys };

/** Raster formats people's phones and cameras make; SVG (scriptable) is not one. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const SHARE_IMAGE_MAX_BYTES = 300 * 1024;
/** WebP's own limit on a side: a longer picture could not be stored anyway. */
export const MAX_IMAGE_SIDE = 16_383;
/** Panoramas are ≈ 4–10 : 1; a 1 × 39,900,000 strip within the pixel limit is not a photo. */
export const MAX_ASPECT_RATIO = 20;
/**
 * Each step of an encode (the decode, each variant) is stopped after this long:
 * the largest accepted photo takes ≈ 2 s on 2 cores, so only a file crafted to be
 * slow meets it, and it then holds a slot for seconds, not minutes.
 */
export const IMAGE_STEP_SECONDS = 8;
/**
 * Each encode holds its decoded pixels across several steps (≈ 11 MB for a wide
 * photo, up to the pixel limit × 3 bytes for a very tall one). libuv runs four native
 * jobs at a time but lets any number of encodes hold pixels between them; uploads
 * past these two wait their turn, so memory is bounded however many arrive at once.
 */
const ENCODE_SLOTS = pLimit(2);
/**
 * One account's images are encoded one at a time (in this process), so however
 * many it sends at once it holds at most one of the two slots: the other is free
 * for everyone else, and its own uploads queue behind each other.
 */
const IMAGE_JOBS_PER_ACCOUNT = 1;
const accountQueues = new Map<string, LimitFunction>();

function asAccount<T>(owner: string, job: () => Promise<T>): Promise<T> {
  let queue = accountQueues.get(owner);
  if (!queue) {
    queue = pLimit(IMAGE_JOBS_PER_ACCOUNT);
    accountQueues.set(owner, queue);
  }
  const mine = queue;
  return mine(job).finally(() => {
    if (mine.activeCount === 0 && mine.pendingCount === 0 && accountQueues.get(owner) === mine)
      accountQueues.delete(owner);
  });
}

export class MediaError extends MessageError {
  readonly status: number;
  constructor(status: number, message: Message, options?: ErrorOptions) {
    super(message, options);
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
  /** Each step's time limit; IMAGE_STEP_SECONDS unless a test wants it shorter. */
  stepSeconds?: number;
}

export const MEDIA_MESSAGES = {
  notImage: "This file is not an image. Choose a JPEG, PNG, WebP, GIF or AVIF photo.",
  tooBig: (maxBytes: number) =>
    keyed("The image is larger than {{mb}} MB.", { mb: Math.round(maxBytes / 1024 / 1024) }),
  tooManyPixels: (maxPixels: number) =>
    keyed("The image is too large: at most {{megapixels}} megapixels.", {
      megapixels: Math.round(maxPixels / 1_000_000),
    }),
  badShape: keyed(
    "The image is too long or too narrow: at most {{side}} pixels on a side, and at most {{ratio}} times as long as it is wide.",
    { side: MAX_IMAGE_SIDE.toLocaleString("en-US"), ratio: MAX_ASPECT_RATIO },
  ),
  tooSlow: "The image took too long to process. Choose a smaller photo.",
  storeAway: "The photo could not be saved just now. Please try again in a minute.",
  tooManyImages: (max: number) =>
    keyed("You have reached the limit of {{max}} stored photos. Delete some before adding more.", {
      max: max.toLocaleString("en-US"),
    }),
} as const;

/**
 * Checks that the bytes really are an image (sharp reads the signature, not the
 * name or declared type), within the byte, pixel and shape limits, and re-encodes
 * it: rotated upright, resized to each width, WebP, with every metadata block
 * (EXIF, GPS, XMP, ICC) dropped. The header is read at once; the encode waits
 * for `owner`'s earlier images and then for a free slot.
 */
export async function encodeImage(
  bytes: Uint8Array,
  limits: ImageLimits,
  owner: string,
): Promise<{ variants: Variant[] }> {
  if (bytes.byteLength === 0) throw new MediaError(400, MEDIA_MESSAGES.notImage);
  if (bytes.byteLength > limits.maxBytes) throw new MediaError(413, MEDIA_MESSAGES.tooBig(limits.maxBytes));
  await checkHeader(bytes, limits);
  return asAccount(owner, () => ENCODE_SLOTS(() => encode(bytes, limits)));
}

/** Reading the header decodes no pixels: the limits are checked before any work, with a clear message. */
async function checkHeader(bytes: Uint8Array, limits: ImageLimits): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(415, MEDIA_MESSAGES.notImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new MediaError(415, MEDIA_MESSAGES.notImage);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw new MediaError(415, MEDIA_MESSAGES.notImage);
  if (width * height > limits.maxPixels) {
    throw new MediaError(413, MEDIA_MESSAGES.tooManyPixels(limits.maxPixels));
  }
  if (
    Math.max(width, height) > MAX_IMAGE_SIDE ||
    Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)
  ) {
    throw new MediaError(413, MEDIA_MESSAGES.badShape);
  }
}

async function encode(bytes: Uint8Array, limits: ImageLimits): Promise<{ variants: Variant[] }> {
  const timed = (image: Sharp) => image.timeout({ seconds: limits.stepSeconds ?? IMAGE_STEP_SECONDS });
  try {
    // The original is decoded once, upright and no wider than the largest variant;
    // every variant is made from those pixels (no metadata survives raw pixels).
    const largest = IMAGE_WIDTHS.at(-1)!;
    const { data, info } = await timed(
      sharp(bytes, {
        limitInputPixels: limits.maxPixels,
        failOn: "error",
        animated: false,
      }),
    )
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = () =>
      timed(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
    const variants: Variant[] = [];
    // A picture is never enlarged, so every width at or past its own gives the same
    // bytes: those variants share one encode (a 640 px picture is encoded twice, not
    // three times; the demo's pictures are).
    let fullWidth: Buffer | undefined;
    for (const width of IMAGE_WIDTHS) {
      const whole = width >= info.width;
      const webp =
        (whole ? fullWidth : undefined) ??
        (await input().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
      if (whole) fullWidth = webp;
      variants.push({ name: `${width}.webp`, contentType: "image/webp", data: webp });
    }
    variants.push({ name: "og.jpg", contentType: "image/jpeg", data: await shareImage(input) });
    return { variants };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    if (error instanceof Error && /timeout/i.test(error.message))
      throw new MediaError(413, MEDIA_MESSAGES.tooSlow);
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
 * Stores an image's variants and returns the URL of its default variant. `owner`
 * is the account the image is encoded for (its uploads queue behind each other).
 * The id is a content hash, scoped to its owner and use, so one person re-uploading
 * the same photo gets the same URL and deleting it never touches anyone else's.
 */
export async function saveImage(
  storage: Storage,
  bytes: Uint8Array,
  options: ImageLimits & { owner: string; scope: string },
): Promise<string> {
  const { variants } = await encodeImage(bytes, options, options.owner);
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
    // docs/operations.md: the store is away; the person gets words they can act on, never its error text.
    throw new MediaError(503, MEDIA_MESSAGES.storeAway, { cause: error });
  }
  return imageUrl(id);
}

/** Removes every variant of an image that was replaced or deleted. */
export async function deleteImage(storage: Storage, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const keys = imageKeys(url);
  if (keys.length > 0) await storage.delete(keys);
}
