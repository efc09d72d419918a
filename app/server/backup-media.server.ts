// The media manifest written beside each backup: the storage keys the dumped database
// refers to, with what the storage said of each then. Relative imports only, like
// backup.server.ts: the backup scripts run without a build.
import fs from "node:fs";
import path from "node:path";
import { mediaKeysOf } from "./media/media-keys.server.ts";
import type { Storage } from "./storage/storage.server.ts";

/**
 * Every column that holds the URL of an uploaded picture or video, as one statement
 * both databases run. Review photos are a JSON list each (REVIEW_PICTURES_SQL).
 */
export const MEDIA_URLS_SQL = [
  `select "profileImageUrl" as url from restaurant`,
  `select "coverImageUrl" from restaurant`,
  `select "profileImageUrl" from customer`,
  `select "coverImageUrl" from customer`,
  `select "topView" from menu_item`,
  `select "frontView" from menu_item`,
  `select "sideView" from menu_item`,
  `select "reviewVideo" from review`,
  `select url from menu_import_photo`,
  `select picture from deal`,
].join(" union ");

export const REVIEW_PICTURES_SQL = `select distinct "reviewPics" as pics from review where "reviewPics" <> '[]'`;

/** The storage keys of the URLs and review photo lists read with the two statements above. */
export function referencedKeys(urls: Iterable<string>, pictureLists: Iterable<string>): string[] {
  const keys = new Set<string>();
  const add = (url: unknown) => {
    if (typeof url === "string") for (const key of mediaKeysOf(url)) keys.add(key);
  };
  for (const url of urls) add(url);
  for (const list of pictureLists) {
    try {
      const pics: unknown = JSON.parse(list);
      if (Array.isArray(pics)) pics.forEach(add);
    } catch {
      // Not a list: no photos.
    }
  }
  return [...keys].toSorted();
}

export interface ManifestEntry {
  key: string;
  /** Bytes, as the storage listed the object at the backup; absent when it was missing already. */
  size?: number;
  /** S3's ETag (the MD5 of an object put in one piece); local storage keeps none. */
  etag?: string;
}

export interface MediaManifest {
  format: 1;
  /** The dump it belongs to (its file name). */
  database: string;
  createdAt: string;
  /** Where the media were: "local", or "s3://bucket". */
  storage: string;
  /** Referenced keys the storage did not hold when the backup was made. */
  missingAtBackup: number;
  media: ManifestEntry[];
}

/** The manifest's file for a dump: foodverse-20261121-101500.db → foodverse-20261121-101500.media.json. */
export function manifestFileOf(databaseFile: string): string {
  return databaseFile.replace(/\.(db|pgdump)$/, "") + ".media.json";
}

/** What the storage holds under the top folders of `keys` (img/, vid/): one listing, not a request a key. */
async function listed(storage: Storage, keys: string[]) {
  const found = new Map<string, { size: number; etag?: string }>();
  const prefixes = new Set(keys.map((key) => key.slice(0, key.indexOf("/") + 1)));
  for (const prefix of prefixes) {
    for await (const object of storage.list(prefix)) found.set(object.key, object);
  }
  return found;
}

export async function writeManifest(
  storage: Storage,
  storageName: string,
  databaseFile: string,
  keys: string[],
  now: Date,
): Promise<{ file: string; keys: number; missing: number }> {
  const found = await listed(storage, keys);
  const media = keys.map((key): ManifestEntry => {
    const object = found.get(key);
    return object ? { key, size: object.size, ...(object.etag ? { etag: object.etag } : {}) } : { key };
  });
  const missing = media.filter((entry) => entry.size === undefined).length;
  const manifest: MediaManifest = {
    format: 1,
    database: path.basename(databaseFile),
    createdAt: now.toISOString(),
    storage: storageName,
    missingAtBackup: missing,
    media,
  };
  const file = manifestFileOf(databaseFile);
  // One medium a line, so two manifests compare with diff.
  const { media: entries, ...head } = manifest;
  const lines = entries.map((entry) => JSON.stringify(entry)).join(",\n");
  fs.writeFileSync(file, `${JSON.stringify(head).slice(0, -1)},"media":[\n${lines}\n]}\n`);
  return { file, keys: keys.length, missing };
}

export interface MediaReport {
  manifestFile: string;
  /** Keys the manifest names. */
  checked: number;
  /** Those the storage does not hold now, sorted. */
  missing: string[];
}

/** The manifest's keys that the storage lacks now; null when the dump has no manifest beside it. */
export async function missingMedia(storage: Storage, databaseFile: string): Promise<MediaReport | null> {
  const manifestFile = manifestFileOf(databaseFile);
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as MediaManifest;
  const keys = manifest.media.map((entry) => entry.key);
  const found = await listed(storage, keys);
  return { manifestFile, checked: keys.length, missing: keys.filter((key) => !found.has(key)) };
}
