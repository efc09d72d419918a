import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer, signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { sqliteFileOf } from "~/server/env.server.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

// Crash safety (issue 9): a worker process adds branches (a whole menu copy each) and
// posts reviews while it is killed with SIGKILL at random moments; afterwards the
// database is whole, every branch is complete or absent, every acknowledged write is
// there, and the counts and ratings kept on the restaurant match the rows.
// CRASH_POINTS (default 50) sets how many kills; CRASH_SEED replays a run.

const REPO = path.resolve(import.meta.dirname, "..", "..");
// Inside the repository, so the bundle's bare imports resolve to node_modules.
const BUNDLE_DIR = path.join(REPO, "node_modules", ".cache", "foodverse-crash-worker");
const POINTS = Number(process.env.CRASH_POINTS ?? 50);
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
const SECTIONS = 4;
const ITEMS_PER_SECTION = 25;
const CUSTOMERS = 6;

let services: TestServices;
let world: { ownerId: string; urlName: string; customerIds: string[] };

/** A small seeded generator (mulberry32), so a failing run can be replayed with CRASH_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function bundleWorker(): Promise<string> {
  await build({
    configFile: false,
    logLevel: "silent",
    resolve: { tsconfigPaths: true },
    build: {
      ssr: path.join(REPO, "tests", "crash", "crash-worker.ts"),
      outDir: BUNDLE_DIR,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: "crash-worker.js" } },
    },
  });
  return path.join(BUNDLE_DIR, "crash-worker.js");
}

interface Outcome {
  branches: string[];
  reviews: string[];
  refusals: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts the worker, lets it write for `delayMs` after it is ready, then kills it with SIGKILL. */
function runAndKill(bundle: string, run: number, delayMs: number): Promise<Outcome> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      DATA_DIR: services.env.DATA_DIR,
      DATABASE_URL: services.env.DATABASE_URL ?? "",
      CRASH_WORLD: JSON.stringify({ ...world, run }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const outcome: Outcome = { branches: [], reviews: [], refusals: [], signal: null, stderr: "" };
  child.stderr.on("data", (chunk: Buffer) => (outcome.stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line === "ready") setTimeout(() => child.kill("SIGKILL"), delayMs);
    else if (line.startsWith("ack branch ")) outcome.branches.push(line.slice("ack branch ".length));
    else if (line.startsWith("ack review ")) outcome.reviews.push(line.slice("ack review ".length));
    else outcome.refusals.push(line);
  });
  // A worker that never gets ready is killed too, and fails the test below.
  const deadline = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.on("close", (_code, signal) => {
      clearTimeout(deadline);
      outcome.signal = signal;
      resolve(outcome);
    }),
  );
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  const photo = await photoWithGps(320, 240);
  const signup = await signUpRestaurant(services, restaurantInput(), new Headers());
  if (!signup.ok) throw new Error(signup.message);
  const owner = (await getViewer(services, headersWithCookies(signup.headers)))!;
  for (let s = 0; s < SECTIONS; s++) {
    const section = await menus.addSection(services, owner.userId, { originalName: `Section ${s + 1}` });
    if (!section.ok) throw new Error(section.message);
    for (let i = 0; i < ITEMS_PER_SECTION; i++) {
      const item = await menus.addItem(services, owner.userId, {
        values: {
          sectionId: section.id,
          positionInSection: String(i + 1),
          name: `Dish ${s + 1}.${i + 1}`,
          price: String(150 * (i + 1)),
          itemPriceRange: "0-500",
          itemTaste: "Savory",
          itemCat: "Curries",
          itemSubCat: "Karahi",
          itemType: "Veg",
        },
        files: new Map([
          ["topView", photo],
          ["frontView", photo],
          ["sideView", photo],
        ]),
      });
      if (!item.ok) throw new Error(item.message);
    }
  }
  const customerIds: string[] = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    const customer = await signUpCustomer(services, customerInput(), new Headers());
    if (!customer.ok) throw new Error(customer.message);
    customerIds.push((await getViewer(services, headersWithCookies(customer.headers)))!.userId);
  }
  world = { ownerId: owner.userId, urlName: owner.urlName!, customerIds };
}, 120_000);

afterAll(() => services.close());

describe("killed mid-write", () => {
  it(`loses no acknowledged write and leaves nothing half-done (${POINTS} SIGKILLs)`, async () => {
    const bundle = await bundleWorker();
    const next = random(SEED);
    const acked = { branches: [] as string[], reviews: [] as string[] };
    for (let run = 0; run < POINTS; run++) {
      // Mostly within the first writes (a branch copy and its reviews take ≈ 20–60 ms),
      // sometimes later: kills land before, inside and between transactions.
      const delay = Math.floor(next() ** 2 * 250);
      const outcome = await runAndKill(bundle, run, delay);
      expect(outcome.signal, `run ${run} (seed ${SEED}) ended by itself: ${outcome.stderr}`).toBe("SIGKILL");
      expect(
        outcome.refusals.filter((line) => !line.includes(" 429 ")),
        `run ${run}`,
      ).toEqual([]);
      acked.branches.push(...outcome.branches);
      acked.reviews.push(...outcome.reviews);
    }
    console.log(
      `crash test (seed ${SEED}, ${services.database.dialect}): ${POINTS} kills, ` +
        `${acked.branches.length} branches and ${acked.reviews.length} reviews acknowledged`,
    );
    expect(acked.branches.length).toBeGreaterThan(0);
    expect(acked.reviews.length).toBeGreaterThan(0);

    // SQLite's own checks of the file (PostgreSQL's storage and foreign keys are the server's).
    expect(await sqliteFileHealth()).toEqual({ integrity: "ok", foreignKeyViolations: [] });
    await checkInvariants(services.database.db, acked);
  }, 600_000);
});

async function sqliteFileHealth() {
  if (services.database.dialect !== "sqlite") return { integrity: "ok", foreignKeyViolations: [] };
  const SQLite = (await import("better-sqlite3")).default;
  const file = new SQLite(sqliteFileOf(services.env), { readonly: true });
  try {
    return {
      integrity: file.pragma("integrity_check", { simple: true }),
      foreignKeyViolations: file.pragma("foreign_key_check"),
    };
  } finally {
    file.close();
  }
}

async function checkInvariants(
  db: TestServices["database"]["db"],
  acked: { branches: string[]; reviews: string[] },
) {
  // Every branch is a whole copy of the general menu, or absent.
  const branches = await db
    .selectFrom("branch")
    .select(["id", "branchUrl"])
    .where("restaurantId", "=", world.ownerId)
    .execute();
  const sectionCounts = await db
    .selectFrom("menu_section")
    .select(["branchId", sql<number>`count(*)`.as("n")])
    .where("restaurantId", "=", world.ownerId)
    .where("branchId", "is not", null)
    .groupBy("branchId")
    .execute();
  const itemCounts = await db
    .selectFrom("menu_item")
    .select(["branchId", sql<number>`count(*)`.as("n")])
    .where("restaurantId", "=", world.ownerId)
    .where("branchId", "is not", null)
    .groupBy("branchId")
    .execute();
  const branchIds = new Set(branches.map((b) => b.id));
  for (const row of [...sectionCounts, ...itemCounts]) {
    expect(branchIds.has(row.branchId!), "menu rows of a branch that does not exist").toBe(true);
  }
  const sectionsOf = new Map(sectionCounts.map((r) => [r.branchId, Number(r.n)]));
  const itemsOf = new Map(itemCounts.map((r) => [r.branchId, Number(r.n)]));
  for (const branch of branches) {
    expect(sectionsOf.get(branch.id), `sections of ${branch.branchUrl}`).toBe(SECTIONS);
    expect(itemsOf.get(branch.id), `dishes of ${branch.branchUrl}`).toBe(SECTIONS * ITEMS_PER_SECTION);
  }

  // Every acknowledged write is there.
  const urls = new Set(branches.map((b) => b.branchUrl));
  expect(acked.branches.filter((url) => !urls.has(url))).toEqual([]);
  const reviews = await db
    .selectFrom("review")
    .select(["id", "rating", "hidden", "branchId"])
    .where("restaurantId", "=", world.ownerId)
    .execute();
  const reviewIds = new Set(reviews.map((r) => r.id));
  expect(acked.reviews.filter((id) => !reviewIds.has(id))).toEqual([]);
  for (const review of reviews) expect(branchIds.has(review.branchId)).toBe(true);

  // The counts and the rating kept on the restaurant match the rows.
  const restaurant = await db
    .selectFrom("restaurant")
    .select(["restNoofBranches", "restNoofReviews", "restRating"])
    .where("id", "=", world.ownerId)
    .executeTakeFirstOrThrow();
  const visible = reviews.filter((r) => !r.hidden);
  const average = visible.reduce((sum, r) => sum + r.rating, 0) / (visible.length || 1);
  expect(restaurant.restNoofBranches).toBe(branches.length);
  expect(restaurant.restNoofReviews).toBe(visible.length);
  expect(restaurant.restRating).toBeCloseTo(Math.round(average * 100) / 100, 6);
}
