import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshot } from "./authorization/db-snapshot.ts";
import { World } from "./authorization/world.ts";
import { PROFILE } from "./fuzz/entry-fuzzer.ts";
import { MUTATING_ACTIONS } from "./authorization/mutating-actions.ts";
import { FAMILIES, familyOf, labelOf, type Family } from "./fuzz/families.ts";
import { fuzzEntry, placeSentinel, type FuzzRun } from "./fuzz/run-entry.ts";
import { Snapshots } from "./fuzz/snapshots.ts";
import { FuzzStats } from "./fuzz/stats.ts";
import { createTestServices } from "../setup/test-services.ts";

/**
 * Property-based fuzzing (ADR 0014): every entry of the one list of mutating
 * actions gets its valid request spoiled (fields replaced, removed, repeated or
 * added with hostile values, hostile route params, broken bodies and files,
 * hostile headers), sent as an actor allowed to use it. Whatever comes back: no
 * error and no 5xx, nothing internal in the answer, a refusal in words, and the
 * database and stored files unchanged (refused) or holding one whole write.
 *
 * FUZZ_RUNS cases per entry (default 20); FUZZ_FAMILY_CASES instead spreads that
 * many over each family's entries (bench/fuzz.ts); FUZZ_FAMILIES=menu,review
 * runs some families only; FUZZ_SEED replays a run; FUZZ_KEEP_GOING=1 counts
 * failures instead of stopping at the first; FUZZ_STATS_FILE gets the counts;
 * FUZZ_LOG=accepted (or refused) prints those cases; FUZZ_PROFILE=1 the time spent.
 */
const env = process.env;
const RUNS = Number(env.FUZZ_RUNS ?? 20);
const FAMILY_CASES = env.FUZZ_FAMILY_CASES ? Number(env.FUZZ_FAMILY_CASES) : null;
const ONLY = env.FUZZ_FAMILIES?.split(",").map((f) => f.trim());
const SEED = Number(env.FUZZ_SEED ?? 909);

const run = {
  stats: new FuzzStats(),
  keepGoing: env.FUZZ_KEEP_GOING === "1",
  runSeed: SEED,
  log: env.FUZZ_LOG,
} as FuzzRun;

beforeAll(async () => {
  run.services = await createTestServices({
    APPROVAL_MODE: "manual",
    // A fuzzed password is a failed attempt: the account must not slow down mid-run.
    LOGIN_MAX_FAILURES: "1000000",
    LOGIN_IP_MAX_FAILURES: "1000000",
    LOGIN_ACCOUNT_MAX_FAILURES: "1000000",
    // The customer starts an upload per tus case (its earlier ones cancelled, so the
    // limit on open uploads still holds and the quota entry meets it).
    MAX_VIDEO_UPLOADS_PER_HOUR: "1000000",
    MAX_VIDEO_BYTES_PER_DAY: String(Number.MAX_SAFE_INTEGER),
    // 10,000 cases of a family (bench:fuzz) add hundreds of dishes: the world's own setup must still fit.
    MAX_IMAGES_PER_ACCOUNT: "1000000",
    // Every case of a sign-up or reset request counts toward the per-address limits.
    SIGNUP_MAX_PER_EMAIL: "1000000",
    RESET_MAIL_MAX_PER_EMAIL: "1000000",
  });
  run.world = await World.create(run.services, { reviewBranches: 10 });
  placeSentinel(run.services, run.world.idOf("customer"));
}, 120_000);

afterAll(async () => {
  if (env.FUZZ_STATS_FILE) run.stats.write(env.FUZZ_STATS_FILE);
  if (env.FUZZ_PROFILE && run.services) {
    const started = performance.now();
    const rows = [...(await snapshot(run.services))].map(([table, list]) => `${table} ${list.length}`);
    const ms = Object.fromEntries([...PROFILE].map(([k, v]) => [k, Math.round(v)]));
    console.log({ ms, fullSnapshots: Snapshots.full, lastSnapshotMs: performance.now() - started, rows });
  }
  await run.services?.close();
});

/**
 * What grows restaurantOwner's general menu runs last: the menu family, and in
 * the review family the dish ratings (each call adds a dish to rate). Every
 * branch made after it (a review needs a fresh branch) copies the whole menu,
 * and the tables every snapshot reads would grow with each copy.
 */
const RUN_ORDER: Family[] = [...FAMILIES.filter((f) => f !== "menu"), "menu"];
const GROWS_MENU = new Set(["public menu-item rate"]);

for (const family of RUN_ORDER) {
  if (ONLY && !ONLY.includes(family)) continue;
  const entries = MUTATING_ACTIONS.filter((e) => familyOf(e) === family).toSorted(
    (a, b) => Number(GROWS_MENU.has(labelOf(a))) - Number(GROWS_MENU.has(labelOf(b))),
  );
  const runs = FAMILY_CASES === null ? RUNS : Math.ceil(FAMILY_CASES / entries.length);
  describe(`fuzz: ${family}`, () => {
    for (const entry of entries) {
      // Each entry its own stream of cases, replayable alone: the run's seed and the entry's place in the list.
      const seed = SEED + MUTATING_ACTIONS.indexOf(entry) * 7919;
      it(
        `${labelOf(entry)} (${runs} cases)`,
        async () => {
          const failures = await fuzzEntry(run, family, entry, runs, seed);
          expect(failures.slice(0, 5), `${failures.length} of ${runs} cases failed`).toEqual([]);
        },
        60_000 + runs * 3_000,
      );
    }
  });
}
