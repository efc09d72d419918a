import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { backup, restore, type BackupPlace } from "~/server/backup.server.ts";
import { parseEnv, sqliteFileOf } from "~/server/env.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { migrate } from "~/server/migrate.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";

const PG_URL = process.env.TEST_DATABASE_URL;
const RESTORED_PG_DATABASE = "foodverse_restore_test";
const SCRIPTS = path.resolve(import.meta.dirname, "..", "..", "scripts");

let services: TestServices;
let owner: { email: string; password: string; userId: string };
let workDir: string;

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
  return { databaseUrl: PG_URL, sqliteFile: sqliteFileOf(s.env), uploadDir: s.env.UPLOAD_DIR };
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-backup-"));
  services = await createTestServices();
  const { input, id } = await signedUpOwner(services);
  owner = { email: String(input.email), password: String(input.password), userId: id };
  for (const name of ["Karahi", "BBQ"]) {
    const added = await addSection(services, owner.userId, { originalName: name });
    if (!added.ok) throw new Error(added.message);
  }
  // An uploaded picture, as local storage keeps it (content-hash names).
  fs.mkdirSync(path.join(services.env.UPLOAD_DIR, "ab"), { recursive: true });
  fs.writeFileSync(path.join(services.env.UPLOAD_DIR, "ab", "abcdef-960.webp"), "picture bytes");
  if (PG_URL) {
    await sql.raw(`drop database if exists ${RESTORED_PG_DATABASE}`).execute(services.database.db);
    await sql.raw(`create database ${RESTORED_PG_DATABASE}`).execute(services.database.db);
  }
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
    expect(result.uploadFilesCopied).toBe(1);
    // Written after the backup: not in it.
    expect((await addSection(services, owner.userId, { originalName: "Later" })).ok).toBe(true);
    // A second backup copies only new upload files.
    expect((await backup(placeOf(services), out)).uploadFilesCopied).toBe(0);

    const dataDir = tempDir("restored");
    const restoredUrl = PG_URL
      ? Object.assign(new URL(PG_URL), { pathname: `/${RESTORED_PG_DATABASE}` }).toString()
      : undefined;
    const target: BackupPlace = {
      databaseUrl: restoredUrl,
      sqliteFile: path.join(dataDir, "foodverse.db"),
      uploadDir: path.join(dataDir, "uploads"),
    };
    restore(target, result.databaseFile, result.uploadsDir);

    const restored = await openRestored(dataDir, restoredUrl);
    try {
      expect(await sectionNames(restored.database.db, owner.userId)).toEqual(["BBQ", "Karahi"]);
      // Accounts came back too: the owner signs in on the restored copy.
      const login = await logIn(restored, owner, { headers: new Headers(), ip: "127.0.0.1" });
      expect(login.ok).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, "uploads", "ab", "abcdef-960.webp"), "utf8")).toBe(
        "picture bytes",
      );
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

    const dataDir = tempDir("cli-restored");
    const put = script("restore.ts", [file!], dataDir);
    expect(put.status).toBe(0);
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
