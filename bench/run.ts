// `npm run bench`: every benchmark of docs/performance.md in one run, one table.
//   npm run bench                                 full run (10 s per load, 1 Lighthouse run per page)
//   npm run bench -- --quick                      2 s per load, 1 s warm-up (a smoke run)
//   npm run bench -- --duration 10 --warmup 2 --connections 50 --rounds 3 --runs 3 --gzip
//                                                 (--rounds: the branch page's throughput rounds; --runs: Lighthouse's)
//   npm run bench -- --skip lighthouse,scale      parts: budget, throughput, cores, lighthouse, weight, scale, traffic
//   npm run bench -- --scale-sizes 1000,10000     sizes handed to `npm run bench:scale`
//   npm run bench -- --traffic-processes 1        configurations handed to `npm run bench:traffic` (1,2)
// Builds first if there is no build (never rebuilds one). Writes reports/bench.json and,
// unless --quick, docs/performance.md's figures from it (bench/report-doc.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { coresFigures, runCores, type CoresResult } from "./cores.ts";
import { measureJsBudget, type JsBudgetResult } from "./js-budget.ts";
import { CHROMIUM, lighthouseFigures, runLighthouse, type LighthouseScores } from "./lighthouse.ts";
import {
  LOAD_FLAGS,
  loadOptionsFromFlags,
  memoryFigures,
  roundsFromFlags,
  runThroughput,
  throughputFigures,
  type ThroughputResult,
} from "./throughput.ts";
import { TRAFFIC_REPORT, trafficFigures, type TrafficReport } from "./traffic.ts";
import { runWeight, weightFigures, type WeightResult } from "./weight.ts";
import { ensureBuild, REPO_ROOT } from "./lib/app-server.ts";
import { figuresTable, numberFlag, progress, type Figure } from "./lib/figures.ts";
import { openSession } from "./lib/session.ts";
import { writeBenchDoc } from "./report-doc.ts";
import { formatKB } from "./lib/table.ts";

const PARTS = ["budget", "throughput", "cores", "lighthouse", "weight", "scale", "traffic"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    ...LOAD_FLAGS,
    runs: { type: "string" },
    quick: { type: "boolean", default: false },
    skip: { type: "string", default: "" },
    "scale-sizes": { type: "string", default: "1000" },
    "traffic-processes": { type: "string", default: "1,2" },
  },
});
const skip = new Set(values.skip.split(",").filter(Boolean));
for (const part of skip) {
  if (!PARTS.includes(part as Part))
    throw new Error(`--skip: unknown part ${part} (parts: ${PARTS.join(", ")})`);
}
const runs = (part: Part) => !skip.has(part);
const loadOptions = loadOptionsFromFlags(
  values.quick
    ? { duration: "2", warmup: "1", ...values }
    : (values as Record<string, string | boolean | undefined>),
);
const lighthouseRuns = Math.max(1, numberFlag(values.runs, 1, "runs"));
const log = progress;

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

function jsBudgetFigures(result: JsBudgetResult): Figure[] {
  const part = "js budget";
  const budget = `visitor JS ≤ ${formatKB(result.budgetBytes)}`;
  const publicRoutes = result.routes.filter((r) => r.public);
  const staticRoutes = publicRoutes.filter((r) => r.staticForVisitors);
  const figures: Figure[] = publicRoutes
    .filter((r) => !r.staticForVisitors)
    .map((r) => ({
      part,
      measure: `build: ${r.path}, anonymous visitor`,
      value: `${formatKB(r.visitorJsGzipBytes)} JS gzip`,
      budget,
      ok: !r.overBudget,
    }));
  const withoutIslands = staticRoutes.filter((r) => r.islands.length === 0);
  if (withoutIslands.length > 0) {
    figures.push({
      part,
      measure: `build: ${withoutIslands.length} read-only public routes, anonymous visitor`,
      value: "0 KB JS (no scripts sent)",
      ratio: `${formatKB(Math.max(...withoutIslands.map((r) => r.jsGzipBytes)))} at most when hydrated (a toast, a posted form)`,
      budget,
      ok: withoutIslands.every((r) => !r.overBudget),
    });
  }
  for (const r of staticRoutes.filter((route) => route.islands.length > 0)) {
    figures.push({
      part,
      measure: `build: ${r.path}, anonymous visitor (islands: ${r.islands.join(", ")})`,
      value: `${formatKB(r.visitorJsGzipBytes)} JS gzip`,
      ratio: `${formatKB(r.jsGzipBytes)} when hydrated (a toast, a posted form)`,
      budget,
      ok: !r.overBudget,
    });
  }
  return figures;
}

interface ScaleOutcome {
  command: string;
  exitCode: number | null;
  report: unknown;
  note?: string;
}

async function runScale(sizes: string): Promise<ScaleOutcome> {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const command = `npm run --silent bench:scale -- --sizes ${sizes}`;
  if (!pkg.scripts?.["bench:scale"] || !fs.existsSync(path.join(REPO_ROOT, "bench", "scale.ts"))) {
    return { command, exitCode: null, report: null, note: "skipped: no bench:scale script yet" };
  }
  const reportFile = path.join(REPO_ROOT, "reports", "bench-scale.json");
  const started = Date.now();
  log(`scale: ${command}`);
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "bench:scale", "--", "--sizes", sizes], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => resolve(code));
  });
  const fresh = fs.existsSync(reportFile) && fs.statSync(reportFile).mtimeMs >= started;
  const report = fresh ? (JSON.parse(fs.readFileSync(reportFile, "utf8")) as unknown) : null;
  return { command, exitCode, report, note: fresh ? undefined : "no fresh reports/bench-scale.json" };
}

/** Reads bench/scale.ts's report (reports/bench-scale.json) into figures, defensively. */
function scaleFigures(outcome: ScaleOutcome): Figure[] {
  const part = "scale";
  const report = outcome.report as {
    budgetMs?: number;
    runs?: { db: string; size: number; pages?: { page: string; serverP95: number }[] }[];
    growth?: { page: string; db: string; from: number; to: number; factor: number }[];
  } | null;
  if (!report?.runs) {
    return [{ part, measure: outcome.command, value: outcome.note ?? `exit code ${outcome.exitCode}` }];
  }
  const budget = report.budgetMs ?? 30;
  const figures: Figure[] = [];
  for (const run of report.runs) {
    for (const page of run.pages ?? []) {
      figures.push({
        part,
        measure: `${page.page}, p95 server time, ${run.db}, ${run.size.toLocaleString("en")} restaurants`,
        value: `${page.serverP95.toFixed(1)} ms`,
        budget: `≤ ${budget} ms`,
        ok: page.serverP95 <= budget,
      });
    }
  }
  for (const g of report.growth ?? []) {
    figures.push({
      part,
      measure: `${g.page}, growth ${g.db} ${g.from.toLocaleString("en")} → ${g.to.toLocaleString("en")}`,
      value: `${g.factor.toFixed(2)}×`,
      budget: "~1×",
    });
  }
  return figures;
}

interface TrafficOutcome {
  command: string;
  exitCode: number | null;
  report: TrafficReport | null;
  note?: string;
}

/** `npm run bench:traffic` in its own process (it starts its own servers), read back from its report. */
async function runTrafficPart(processes: string, quick: boolean): Promise<TrafficOutcome> {
  const args = ["run", "--silent", "bench:traffic", "--", "--processes", processes].concat(
    quick ? ["--quick"] : [],
  );
  const command = `npm ${args.join(" ")}`;
  const started = Date.now();
  log(`traffic: ${command}`);
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn("npm", args, { cwd: REPO_ROOT, stdio: ["ignore", "inherit", "inherit"] });
    child.on("exit", (code) => resolve(code));
  });
  const fresh = fs.existsSync(TRAFFIC_REPORT) && fs.statSync(TRAFFIC_REPORT).mtimeMs >= started;
  const report = fresh ? (JSON.parse(fs.readFileSync(TRAFFIC_REPORT, "utf8")) as TrafficReport) : null;
  return { command, exitCode, report, note: fresh ? undefined : "no fresh reports/bench-traffic.json" };
}

// Lighthouse and the weight part drive Chromium: say so now, not after the load figures' minutes.
if ((runs("lighthouse") || runs("weight")) && !fs.existsSync(CHROMIUM)) {
  console.error(
    `No Chromium at ${CHROMIUM} (Lighthouse and the page weights need it): install it ` +
      "(apt-get install -y chromium), set CHROME_PATH, or leave them out with --skip lighthouse,weight.",
  );
  process.exit(1);
}

const startedAt = new Date();
const machineAtStart = machine();
ensureBuild();

const figures: Figure[] = [];
let jsBudget: JsBudgetResult | null = null;
let throughput: ThroughputResult | null = null;
let cores: CoresResult | null = null;
let lighthouse: LighthouseScores[] | null = null;
let weight: WeightResult | null = null;
let scale: ScaleOutcome | null = null;
let traffic: TrafficOutcome | null = null;

if (runs("budget")) {
  jsBudget = measureJsBudget();
  figures.push(...jsBudgetFigures(jsBudget));
}

if (runs("throughput") || runs("cores") || runs("lighthouse") || runs("weight")) {
  const session = await openSession(log);
  try {
    if (runs("throughput")) {
      throughput = await runThroughput(session, loadOptions, values.quick ? 1 : roundsFromFlags(values), log);
      figures.push(...throughputFigures(throughput));
    } else {
      await session.restart();
    }
    if (runs("cores")) {
      log("one app process and two…");
      cores = await runCores(session, loadOptions, values.quick ? 1 : roundsFromFlags(values), log);
      figures.push(...coresFigures(cores));
    }
    if (runs("lighthouse")) {
      log("Lighthouse, mobile profile…");
      lighthouse = await runLighthouse(session.app.url, session.fixture, lighthouseRuns, log);
      figures.push(...lighthouseFigures(lighthouse));
    }
    if (runs("weight")) {
      log("page weight in Chromium (Pixel 7 profile)…");
      weight = await runWeight(session.app.url, session.fixture, log);
      figures.push(...weightFigures(weight));
    }
    if (throughput) figures.push(...memoryFigures(throughput));
  } finally {
    await session.close();
  }
}

if (runs("scale")) {
  scale = await runScale(values["scale-sizes"]);
  figures.push(...scaleFigures(scale));
}

if (runs("traffic")) {
  traffic = await runTrafficPart(values["traffic-processes"], values.quick);
  figures.push(
    ...(traffic.report
      ? trafficFigures(traffic.report)
      : [
          {
            part: "traffic",
            measure: traffic.command,
            value: traffic.note ?? `exit code ${traffic.exitCode}`,
          },
        ]),
  );
}

const machineAtEnd = machine();
const header = [
  `Foodverse benchmarks, ${startedAt.toISOString()}`,
  `machine: ${machineAtStart.cpus} × ${machineAtStart.cpuModel}, ${machineAtStart.memoryGiB} GiB, ${machineAtStart.os}, Node ${machineAtStart.node}`,
  `load average at start ${machineAtStart.loadAverage.join(" ")}, at end ${machineAtEnd.loadAverage.join(" ")} (timings are noisy when it is above 0)`,
  `load: ${loadOptions.connections} connections, ${loadOptions.warmup} s warm-up + ${loadOptions.duration} s per figure, ${
    loadOptions.headers?.["accept-encoding"] ? "gzip" : "identity"
  } encoding; Lighthouse runs per page: ${lighthouseRuns}`,
];
console.log(`\n${header.join("\n")}\n`);
console.log(figuresTable(figures));
for (const page of lighthouse ?? []) {
  if (page.consoleErrors.length === 0) continue;
  console.log(
    `\nLighthouse saw console errors on ${page.path}:\n  ${[...new Set(page.consoleErrors)].join("\n  ")}`,
  );
}

const reportFile = path.join(REPO_ROOT, "reports", "bench.json");
fs.mkdirSync(path.dirname(reportFile), { recursive: true });
fs.writeFileSync(
  reportFile,
  `${JSON.stringify(
    {
      date: startedAt.toISOString(),
      machine: { ...machineAtStart, loadAverageAtEnd: machineAtEnd.loadAverage },
      options: {
        load: loadOptions,
        lighthouseRuns,
        skipped: [...skip],
        scaleSizes: values["scale-sizes"],
        trafficProcesses: values["traffic-processes"],
      },
      figures,
      jsBudget,
      throughput,
      cores,
      lighthouse,
      weight,
      scale,
      traffic,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWrote ${path.relative(REPO_ROOT, reportFile)}`);
// A full run's figures are docs/performance.md's (ADR 0030: never edited by hand); a smoke run's are not.
if (!values.quick) {
  writeBenchDoc(reportFile);
  console.log("Rewrote docs/performance.md's figures from it (kept as docs/bench-report.json)");
}
