// FUZZ: 10,000 hostile requests per route family, none of them a 5xx, a leak or a half write.
//   npm run bench:fuzz                                   10,000 cases per family on SQLite
//   npm run bench:fuzz -- --cases 500                    fewer (a quick look)
//   npm run bench:fuzz -- --families menu,review --seed 42
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:fuzz   on PostgreSQL
// Runs the fuzz of tests/integration/fuzz.test.ts (the same cases and checks CI runs
// 20 of per action) through Vitest, one process per family so each starts from a fresh
// database: the family's cases are spread over its actions, failures are counted
// instead of stopping the run. Prints per family the cases, refusals, acceptances,
// failures and time, with the first failing cases; writes reports/bench-fuzz.json.
// Exits 1 when any case failed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { FAMILIES, type Family } from "../tests/integration/fuzz/families.ts";
import type { FamilyStats } from "../tests/integration/fuzz/stats.ts";
import { formatMs, markdownTable } from "./lib/table.ts";

const ROOT = path.join(import.meta.dirname, "..");
const REPORT = path.join(ROOT, "reports", "bench-fuzz.json");

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "10000" },
    families: { type: "string", default: FAMILIES.join(",") },
    seed: { type: "string", default: "909" },
  },
});
const cases = Number(values.cases);
const families = values.families.split(",").map((f) => f.trim()) as Family[];
const unknown = families.filter((f) => !FAMILIES.includes(f));
if (!Number.isInteger(cases) || cases < 1 || unknown.length > 0) {
  console.error(`usage: bench/fuzz.ts [--cases N] [--families ${FAMILIES.join(",")}] [--seed N]`);
  process.exit(2);
}

interface FamilyResult extends FamilyStats {
  family: Family;
  wallMs: number;
  exitCode: number | null;
}

/** One Vitest process for one family; its counts come back through FUZZ_STATS_FILE. */
function runFamily(family: Family): Promise<FamilyResult> {
  const statsFile = path.join(os.tmpdir(), `foodverse-fuzz-${process.pid}-${family.replace(" ", "-")}.json`);
  const started = performance.now();
  const child = spawn("npx", ["vitest", "run", "tests/integration/fuzz.test.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      FUZZ_FAMILIES: family,
      FUZZ_FAMILY_CASES: String(cases),
      FUZZ_KEEP_GOING: "1",
      FUZZ_SEED: values.seed,
      FUZZ_STATS_FILE: statsFile,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on("close", (exitCode) => {
      const wallMs = performance.now() - started;
      const empty = { cases: 0, refusals: 0, acceptances: 0, failures: 0, ms: 0, examples: [] };
      let stats: FamilyStats = empty;
      try {
        stats =
          (JSON.parse(fs.readFileSync(statsFile, "utf8")) as Record<string, FamilyStats>)[family] ?? empty;
        fs.rmSync(statsFile);
      } catch {
        // No stats: the run broke before its first case (printed below).
      }
      if (stats.cases === 0) console.error(output.slice(-4000));
      resolve({ family, ...stats, wallMs, exitCode });
    }),
  );
}

const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite";
console.log(`Fuzzing ${cases} cases per family on ${database} (seed ${values.seed})…`);
const results: FamilyResult[] = [];
for (const family of families) {
  const result = await runFamily(family);
  results.push(result);
  console.log(`  ${family}: ${result.cases} cases, ${result.failures} failures, ${formatMs(result.wallMs)}`);
}

console.log(
  `\n${markdownTable(
    ["family", "cases", "refusals", "acceptances", "failures", "time", "per case"],
    results.map((r) => [
      r.family,
      String(r.cases),
      String(r.refusals),
      String(r.acceptances),
      String(r.failures),
      formatMs(r.wallMs),
      r.cases > 0 ? `${(r.ms / r.cases).toFixed(1)} ms` : "-",
    ]),
  )}`,
);
for (const failed of results.filter((r) => r.examples.length > 0)) {
  console.log(`\n${failed.family}: first failing cases\n${failed.examples.join("\n")}`);
}
fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.writeFileSync(REPORT, JSON.stringify({ database, cases, seed: values.seed, results }, null, 2));

const broken = results.filter((r) => r.failures > 0 || r.exitCode !== 0 || r.cases === 0);
process.exit(broken.length > 0 ? 1 : 0);
