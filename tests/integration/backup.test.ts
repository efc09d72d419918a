import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { backup, restore, type BackupPlace } from "~/server/backup.server.ts";
import { manifestFileOf, type MediaManifest } from "~/server/backup-media.server.ts";
import { parseEnv, sqliteFileOf } from "~/server/env.server.ts";
import { imageKeys, saveImage } from "~/server/media/images.server.ts";
import { createLocalStorage } from "~/server/storage/local-storage.server.ts";
import { createS3Storage } from "~/server/storage/s3-storage.server.ts";
import type { Storage } from "~/server/storage/storage.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { migrate } from "~/server/migrate.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { photoWithGps } from "../setup/images.ts";
import { startS3Server } from "../setup/s3-server.ts";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

const PG_URL = process.env.TEST_DATABASE_URL;
// Named for the test database, so runs on different test databases never share it.
const RESTORED_PG_DATABASE = `${PG_URL ? new URL(PG_URL).pathname.slice(1) : "foodverse"}_restored`;
const SCRIPTS = path.resolve(import.meta.dirname, "..", "..", "scripts");

let services: TestServices;
let owner: { email: string; password: string; userId: string };
let workDir: string;
/** The owner's profile picture, stored and shown before the first backup. */
let pictureKeys: string[];

const tempDir = (name: string) => fs.mkdtempSync(path.join(workDir, `${name}-`));

/** The app's services on a restored database, started the way the server starts (migrations run). */
async function openRestored(dataDir: string, databaseUrl?: string): Promise<Services> {
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: services.env.AUTH_SECRET,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "off",
  });
  const opened = createServices(env, { mailer: memoryMailer([]), log: createLogger("silent") });
  await migrate(opened.database, opened.auth);
  return opened;
}

async function sectionNames(db: Services["database"]["db"], restaurantId: string) {
  const rows = await db
    .selectFrom("menu_section")
    .select("originalName")
    .where("restaurantId", "=", restaurantId)
    .orderBy("originalName")
    .execute();
  return rows.map((r) => r.originalName);
}

function placeOf(s: Services): BackupPlace {
  return {
    databaseUrl: PG_URL,
    sqliteFile: sqliteFileOf(s.env),
    uploadDir: s.env.UPLOAD_DIR,
    media: { storage: s.storage, name: "local" },
  };
}

/** A stored picture shown as the owner's `column`; its storage keys. */
async function showPicture(storage: Storage, column: "profileImageUrl" | "coverImageUrl", width: number) {
  const url = await saveImage(storage, await photoWithGps(width, 300), {
    owner: owner.userId,
    scope: column,
    maxBytes: 5_000_000,
    maxPixels: 40_000_000,
  });
  await services.database.db
    .updateTable("restaurant")
    .set({ [column]: url })
    .where("id", "=", owner.userId)
    .execute();
  return imageKeys(url);
}

const manifestOf = (databaseFile: string) =>
  JSON.parse(fs.readFileSync(manifestFileOf(databaseFile), "utf8")) as MediaManifest;

/** The restored database's URL: another database on the same PostgreSQL server. */
const restoredPgUrl = () =>
  PG_URL ? Object.assign(new URL(PG_URL), { pathname: `/${RESTORED_PG_DATABASE}` }).toString() : undefined;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-backup-"));
  services = await createTestServices();
  const { input, id } = await signedUpOwner(services);
  owner = { email: String(input.email), password: String(input.password), userId: id };
  for (const name of ["Karahi", "BBQ"]) {
    const added = await addSection(services, owner.userId, { originalName: name });
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
  // An uploaded picture, as local storage keeps it (content-hash names).
  fs.mkdirSync(path.join(services.env.UPLOAD_DIR, "ab"), { recursive: true });
  fs.writeFileSync(path.join(services.env.UPLOAD_DIR, "ab", "abcdef-960.webp"), "picture bytes");
  pictureKeys = await showPicture(services.storage, "profileImageUrl", 400);
  // The restore must make the database itself.
  if (PG_URL) await sql.raw(`drop database if exists ${RESTORED_PG_DATABASE}`).execute(services.database.db);
});

afterAll(async () => {
  if (PG_URL) await sql.raw(`drop database if exists ${RESTORED_PG_DATABASE}`).execute(services.database.db);
  await services.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("copies the database and uploads while the app runs; a restore brings back exactly that copy", async () => {
    const out = tempDir("backups");
    const result = await backup(placeOf(services), out);
    expect(fs.existsSync(result.databaseFile)).toBe(true);
    expect(result.uploadFilesCopied).toBe(1 + pictureKeys.length);
    // The manifest beside the dump: the picture's keys with their sizes, nothing missing.
    expect(result.manifest).toMatchObject({ keys: pictureKeys.length, missing: 0 });
    const manifest = manifestOf(result.databaseFile);
    expect(manifest.database).toBe(path.basename(result.databaseFile));
    expect(manifest.media.map((m) => m.key)).toEqual(pictureKeys.toSorted());
    for (const entry of manifest.media) {
      expect(entry.size).toBe(fs.statSync(path.join(services.env.UPLOAD_DIR, entry.key)).size);
    }
    // Written after the backup: not in it, nor in its manifest.
    expect((await addSection(services, owner.userId, { originalName: "Later" })).ok).toBe(true);
    const laterKeys = await showPicture(services.storage, "coverImageUrl", 420);
    // A second backup copies only new upload files, and its manifest has the new picture.
    const second = await backup(placeOf(services), out);
    expect(second.uploadFilesCopied).toBe(laterKeys.length);
    expect(manifestOf(second.databaseFile).media.map((m) => m.key)).toEqual(
      [...pictureKeys, ...laterKeys].toSorted(),
    );

    const dataDir = tempDir("restored");
    const restoredUrl = restoredPgUrl();
    const uploadDir = path.join(dataDir, "uploads");
    const target: BackupPlace = {
      databaseUrl: restoredUrl,
      sqliteFile: path.join(dataDir, "foodverse.db"),
      uploadDir,
      media: { storage: createLocalStorage(uploadDir), name: "local" },
      pageCacheFile: path.join(dataDir, "page-cache.db"),
    };
    // Pages kept under the content versions of the database being replaced (ADR 0034 §5).
    fs.mkdirSync(dataDir, { recursive: true });
    for (const suffix of ["", "-wal"]) fs.writeFileSync(`${target.pageCacheFile}${suffix}`, "old pages");
    // The backup's copy of one picture is lost: the restore says which.
    fs.rmSync(path.join(out, "uploads", pictureKeys[0]!));
    const { media } = await restore(target, result.databaseFile, result.uploadsDir);
    expect(media).toEqual({
      manifestFile: manifestFileOf(result.databaseFile),
      checked: pictureKeys.length,
      missing: [pictureKeys[0]],
    });
    // The restored database counts its versions again: no page kept under them survives.
    expect(fs.existsSync(target.pageCacheFile!) || fs.existsSync(`${target.pageCacheFile}-wal`)).toBe(false);

    const restored = await openRestored(dataDir, restoredUrl);
    try {
      expect(await sectionNames(restored.database.db, owner.userId)).toEqual(["BBQ", "Karahi"]);
      // Accounts came back too: the owner signs in on the restored copy.
      const login = await logIn(restored, owner, { headers: new Headers(), ip: "127.0.0.1" });
      expect(login.ok).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, "uploads", "ab", "abcdef-960.webp"), "utf8")).toBe(
        "picture bytes",
      );
      for (const key of pictureKeys.slice(1)) expect(fs.existsSync(path.join(uploadDir, key))).toBe(true);
    } finally {
      await restored.close();
    }
  });
});

/** Runs one of the npm scripts' files on an installation whose data is in `dataDir`. */
function script(name: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, [path.join(SCRIPTS, name), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STORAGE: "local", UPLOAD_DIR: "" },
    encoding: "utf8",
  });
}

describe.skipIf(Boolean(PG_URL))("npm run backup / npm run restore (SQLite)", () => {
  it("back up a live installation and restore it into another", async () => {
    const out = tempDir("cli-backups");
    const made = script("backup.ts", ["--out", out], services.env.DATA_DIR);
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    const file = /Database: (.+\.db)/.exec(made.stdout)?.[1];
    expect(file && fs.existsSync(file)).toBe(true);
    const media = manifestOf(file!).media.length;
    expect(made.stdout).toContain(`Media manifest: ${manifestFileOf(file!)} (${media} media)`);

    const dataDir = tempDir("cli-restored");
    const put = script("restore.ts", [file!], dataDir);
    expect(put.status).toBe(0);
    expect(put.stdout).toContain(`Media: all ${media} in the storage.`);
    const restored = await openRestored(dataDir);
    try {
      expect(await sectionNames(restored.database.db, owner.userId)).toContain("Karahi");
    } finally {
      await restored.close();
    }
  });

  it("refuse a damaged backup and leave the live database as it was", async () => {
    const dataDir = tempDir("cli-live");
    const live = path.join(dataDir, "foodverse.db");
    const made = script("backup.ts", ["--out", dataDir], services.env.DATA_DIR);
    fs.renameSync(/Database: (.+\.db)/.exec(made.stdout)![1]!, live);
    const before = fs.readFileSync(live);

    const damaged = path.join(tempDir("damaged"), "foodverse-damaged.db");
    const bytes = Buffer.from(before);
    bytes.fill(0x42, 4096, 8192); // a page of the copy overwritten
    fs.writeFileSync(damaged, bytes);
    const put = script("restore.ts", [damaged], dataDir);
    expect(put.status).toBe(1);
    expect(put.stderr).toMatch(/^Restore failed: /);
    expect(fs.readFileSync(live).equals(before)).toBe(true);

    const missing = script("restore.ts", [], dataDir);
    expect(missing.status).toBe(2);
  });
});

describe("media in S3", () => {
  it("the manifest keeps each object's size and ETag; a restore lists what the bucket lost", async () => {
    const s3 = await startS3Server();
    try {
      const storage = createS3Storage(s3.settings);
      const media = { storage, name: `s3://${s3.settings.bucket}` };
      await services.database.db
        .updateTable("restaurant")
        .set({ coverImageUrl: "" })
        .where("id", "=", owner.userId)
        .execute();
      const keys = await showPicture(storage, "profileImageUrl", 440);
      const made = await backup({ ...placeOf(services), uploadDir: null, media }, tempDir("s3-backups"));
      expect(made).toMatchObject({ uploadsDir: null, manifest: { keys: keys.length, missing: 0 } });
      const manifest = manifestOf(made.databaseFile);
      expect(manifest.storage).toBe(media.name);
      const shown = await storage.get(keys[0]!);
      shown?.body.destroy();
      expect(manifest.media[0]).toEqual({
        key: keys.toSorted()[0],
        size: expect.any(Number),
        etag: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(manifest.media.find((m) => m.key === keys[0])?.size).toBe(shown?.size);

      await storage.delete([keys[1]!]);
      const dataDir = tempDir("s3-restored");
      // Into the database the first test's restore made: an existing one is replaced.
      const target = { databaseUrl: restoredPgUrl(), sqliteFile: path.join(dataDir, "foodverse.db") };
      const restored = await restore({ ...target, uploadDir: null, media }, made.databaseFile, null);
      expect(restored.media).toMatchObject({ checked: keys.length, missing: [keys[1]] });
    } finally {
      await s3.close();
    }
  });
});
