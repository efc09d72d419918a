// Server throughput (autocannon, 50 connections, 127.0.0.1) of the public pages, with
// the page cache off (PAGE_CACHE=off) and warm, against a bare node:http server sending
// the branch page's very bytes; the server's memory (RSS) at rest and after the load.
// The branch page's figures (raw, visitor and signed-in reader from the cache, uncached)
// are taken in rounds, alternating, and reported as medians with their spread; the
// machine's load is read while the benchmark idles, and a busy run is flagged (ADR 0030).
//   npm run bench:throughput [-- --duration 10 --warmup 2 --connections 50 --rounds 3 --gzip]
import { parseArgs } from "node:util";
import { measureLoad, type LoadOptions, type LoadResult } from "./lib/load.ts";
import { BUSY_THRESHOLD, isBusy, quietReading, type QuietReading } from "./lib/machine.ts";
import { readCpuMs, readRss } from "./lib/memory.ts";
import { recordResponse, startRawServer } from "./lib/raw-server.ts";
import { openSession, type BenchSession } from "./lib/session.ts";
import { figuresTable, median, numberFlag, progress, type Figure } from "./lib/figures.ts";
import { formatMB, formatMs, formatRatio } from "./lib/table.ts";
import type { AppServer } from "./lib/app-server.ts";
import type { Fixture } from "./lib/fixture.ts";

const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

export const THROUGHPUT_PAGES = ["home", "listing", "finder", "item"] as const;
type PageName = (typeof THROUGHPUT_PAGES)[number];

const BRANCH_LABEL = "branch page (50 dishes)";
// A page with no loader and three lines of text: the header, footer and the document path alone.
const FLOOR_PATH = "/coming-soon";
const PAGE_LABELS: Record<PageName, string> = {
  home: "home /",
  listing: "listing /menus",
  finder: "finder (dish search)",
  item: "item page",
};

export interface MemoryReading {
  /** After start and one request. */
  restBytes: number;
  afterLoadBytes: number;
  peakBytes: number;
}

/** One load of the branch page and the server's CPU time per request during it. */
export type CountingRun = LoadResult & { cpuUsPerRequest: number };

/** One round of the branch page's figures, measured one after the other in this order or its reverse. */
export interface BranchRound {
  raw: LoadResult;
  /** Cache warm, an anonymous visitor. */
  visitor: LoadResult;
  /** Cache warm, a signed-in customer (ADR 0028). */
  signedIn: LoadResult;
  /** PAGE_CACHE=off, an anonymous visitor. */
  uncached: LoadResult;
  /** PAGE_CACHE=off, the smallest page (FLOOR_PATH): what any uncached page costs at least. */
  floor: LoadResult;
  /** The machine while the benchmark idled, before the round. */
  quiet: QuietReading;
}

export interface ThroughputResult {
  options: LoadOptions & { rounds: number };
  branch: { path: string; bytes: number; rounds: BranchRound[] };
  /** The other public pages, one load each uncached and cache warm. */
  pages: { page: PageName; path: string; bytes: number; uncached: LoadResult; cached: LoadResult }[];
  /** The machine before the run and between its parts; a reading above BUSY_THRESHOLD flags the run. */
  quiet: QuietReading[];
  busy: boolean;
  /**
   * ADR 0027: the branch page, cache warm, with page views counted and not (PAGE_VIEWS=off),
   * measured alternately in fresh processes, COUNTING_ROUNDS times each.
   */
  counting: { on: CountingRun[]; off: CountingRun[] };
  memory: { uncached: MemoryReading; cached: MemoryReading };
}

async function atRest(app: AppServer, path: string): Promise<number> {
  const response = await fetch(`${app.url}${path}`);
  await response.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return readRss(app.pid).rssBytes;
}

async function loadPages(
  app: AppServer,
  fixture: Fixture,
  options: LoadOptions,
  log: (line: string) => void,
) {
  const results = new Map<PageName, LoadResult>();
  for (const page of THROUGHPUT_PAGES) {
    const url = `${app.url}${fixture.paths[page]}`;
    const check = await fetch(url, { headers: options.headers });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${fixture.paths[page]} answered ${check.status}`);
    const result = await measureLoad(url, options);
    log(`  ${page}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${formatMs(result.p99Ms)}`);
    results.set(page, result);
  }
  return results;
}

/** The signed-in reader's headers, after checking the app answers them from the cache, signed in. */
async function signedInHeaders(app: AppServer, fixture: Fixture, options: LoadOptions) {
  const headers = { ...options.headers, cookie: fixture.readerCookie };
  const url = `${app.url}${fixture.paths.branch}`;
  for (let i = 0; i < 2; i++) await (await fetch(url, { headers })).arrayBuffer();
  const check = await fetch(url, { headers });
  const text = await check.text();
  if (check.headers.get("x-page-cache") !== "HIT" || !text.includes("Sign out")) {
    throw new Error(
      `the signed-in branch page is not a signed-in cache hit (${check.status}, ${check.headers.get("x-page-cache")})`,
    );
  }
  return headers;
}

/** Leaves the session's app running with the page cache on (the default). */
export async function runThroughput(
  session: BenchSession,
  options: LoadOptions,
  rounds: number,
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const { fixture } = session;
  const branchPath = fixture.paths.branch;
  const quiet: QuietReading[] = [await quietReading(3_000)];
  const noteQuiet = (reading: QuietReading) => {
    quiet.push(reading);
    const share = `${Math.round(reading.busy * 100)} % of the cores busy while idle`;
    log(reading.busy > BUSY_THRESHOLD ? `  BUSY MACHINE: ${share}` : `  machine: ${share}`);
  };
  noteQuiet(quiet.pop()!);

  log("recording the branch page for the raw node:http baseline…");
  let app = await session.restart();
  await atRest(app, branchPath);
  const recorded = await recordResponse(`${app.url}${branchPath}`, options.headers);
  const raw = await startRawServer(recorded);
  const branchRounds: BranchRound[] = [];
  let memory: ThroughputResult["memory"] | undefined;
  try {
    for (let round = 0; round < rounds; round++) {
      log(`the branch page, round ${round + 1} of ${rounds}…`);
      const reading = await quietReading();
      noteQuiet(reading);
      app = await session.restart({ PAGE_CACHE: "off" });
      const restUncached = await atRest(app, branchPath);
      const uncached = await measureLoad(`${app.url}${branchPath}`, options);
      const afterUncached = readRss(app.pid);
      log(`  uncached: ${rps(uncached)}, p99 ${formatMs(uncached.p99Ms)}`);
      const floor = await measureLoad(`${app.url}${FLOOR_PATH}`, options);
      log(`  ${FLOOR_PATH} uncached: ${rps(floor)}, p99 ${formatMs(floor.p99Ms)}`);

      app = await session.restart();
      const restCached = await atRest(app, branchPath);
      const signedIn = await signedInHeaders(app, fixture, options);
      const measured: Partial<Record<"raw" | "visitor" | "signedIn", LoadResult>> = {};
      // Alternating order (raw first, then last): the machine's drift falls on both sides.
      const order =
        round % 2 === 0
          ? (["raw", "visitor", "signedIn"] as const)
          : (["signedIn", "visitor", "raw"] as const);
      for (const which of order) {
        const url = which === "raw" ? `${raw.url}${branchPath}` : `${app.url}${branchPath}`;
        const result = await measureLoad(
          url,
          which === "signedIn" ? { ...options, headers: signedIn } : options,
        );
        if (which !== "raw" && result.failures > 0) log(`  ${which}: ${result.failures} failed`);
        log(`  ${which}: ${rps(result)}, p99 ${formatMs(result.p99Ms)}`);
        measured[which] = result;
      }
      const afterCached = readRss(app.pid);
      memory ??= {
        uncached: {
          restBytes: restUncached,
          afterLoadBytes: afterUncached.rssBytes,
          peakBytes: afterUncached.peakBytes,
        },
        cached: {
          restBytes: restCached,
          afterLoadBytes: afterCached.rssBytes,
          peakBytes: afterCached.peakBytes,
        },
      };
      branchRounds.push({
        raw: measured.raw!,
        visitor: measured.visitor!,
        signedIn: measured.signedIn!,
        uncached,
        floor,
        quiet: reading,
      });
    }
  } finally {
    await raw.stop();
  }

  log("the other public pages with the page cache off (PAGE_CACHE=off)…");
  noteQuiet(await quietReading());
  app = await session.restart({ PAGE_CACHE: "off" });
  await atRest(app, branchPath);
  const uncached = await loadPages(app, fixture, options, log);
  log("…and with the page cache on…");
  app = await session.restart();
  await atRest(app, branchPath);
  const cached = await loadPages(app, fixture, options, log);

  log(`the branch page, cache warm, page views counted and not, ${COUNTING_ROUNDS} rounds each…`);
  noteQuiet(await quietReading());
  const counting: ThroughputResult["counting"] = { on: [], off: [] };
  for (let round = 0; round < COUNTING_ROUNDS; round++) {
    // Balanced order (off on, on off, off on, …): the machine's drift over the runs falls on both.
    for (const mode of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      app = await session.restart(mode === "off" ? { PAGE_VIEWS: "off" } : {});
      await atRest(app, branchPath);
      const cpuBefore = readCpuMs(app.pid);
      const load = await measureLoad(`${app.url}${branchPath}`, options);
      // The server's own CPU per request: steadier than req/s when the load generator shares the cores.
      const result = { ...load, cpuUsPerRequest: ((readCpuMs(app.pid) - cpuBefore) * 1000) / load.requests };
      log(
        `  counting ${mode}: ${Math.round(result.requestsPerSecond)} req/s, ${result.cpuUsPerRequest.toFixed(1)} µs CPU a request`,
      );
      counting[mode].push(result);
    }
  }

  const sizes = new Map<PageName, number>();
  for (const page of THROUGHPUT_PAGES) {
    const response = await recordResponse(`${app.url}${fixture.paths[page]}`, options.headers);
    sizes.set(page, response.body.length);
  }
  return {
    options: { ...options, rounds },
    branch: { path: branchPath, bytes: recorded.body.length, rounds: branchRounds },
    pages: THROUGHPUT_PAGES.map((page) => ({
      page,
      path: fixture.paths[page],
      bytes: sizes.get(page)!,
      uncached: uncached.get(page)!,
      cached: cached.get(page)!,
    })),
    quiet,
    busy: isBusy(quiet),
    counting,
    memory: memory!,
  };
}

const rps = (r: LoadResult) => `${Math.round(r.requestsPerSecond).toLocaleString("en")} req/s`;
const latency = (r: LoadResult) =>
  `p50 ${formatMs(r.p50Ms)} / p99 ${formatMs(r.p99Ms)}${r.failures ? ` (${r.failures} failed)` : ""}`;

/** "12,345 req/s (11,900–12,800)": the median of the rounds and their spread. */
function medianOf(results: LoadResult[]) {
  const rates = results.map((r) => r.requestsPerSecond);
  const mid = median(rates);
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  const spread =
    results.length > 1
      ? ` (${Math.round(low).toLocaleString("en")}–${Math.round(high).toLocaleString("en")}, ±${(((high - low) / 2 / mid) * 100).toFixed(0)} %)`
      : "";
  return { rate: mid, text: `${Math.round(mid).toLocaleString("en")} req/s${spread}` };
}

export function throughputFigures(result: ThroughputResult): Figure[] {
  const part = "throughput";
  const c = result.options.connections;
  const { rounds } = result.branch;
  const n = rounds.length;
  const figures: Figure[] = [];
  const busy = result.busy ? " — BUSY MACHINE, not comparable" : "";
  const raw = medianOf(rounds.map((r) => r.raw));
  figures.push({
    part,
    measure: `raw node:http, same ${(result.branch.bytes / 1000).toFixed(1)} KB (${c} conn., median of ${n})${busy}`,
    value: raw.text,
    ratio: "baseline",
  });
  // Each round's ratio to the raw server measured beside it, then their median.
  const ratioOf = (pick: (r: BranchRound) => LoadResult) =>
    median(rounds.map((r) => pick(r).requestsPerSecond / r.raw.requestsPerSecond));
  const p99Of = (pick: (r: BranchRound) => LoadResult) => median(rounds.map((r) => pick(r).p99Ms));
  const failures = (pick: (r: BranchRound) => LoadResult) =>
    rounds.reduce((sum, r) => sum + pick(r).failures, 0);
  const rows: { label: string; pick: (r: BranchRound) => LoadResult; budget: number; budgetText: string }[] =
    [
      { label: "cache warm, visitor", pick: (r) => r.visitor, budget: 0.8, budgetText: "≥ 0.8× raw" },
      {
        label: "cache warm, signed-in reader",
        pick: (r) => r.signedIn,
        budget: 0.8,
        budgetText: "≥ 0.8× raw",
      },
      {
        label: "uncached",
        pick: (r) => r.uncached,
        budget: 0.1,
        budgetText: "≥ 0.1× raw (issue 20; DESIGN: 0.25×; out of reach, ADR 0030)",
      },
    ];
  for (const { label, pick, budget, budgetText } of rows) {
    const ratio = ratioOf(pick);
    const p99 = p99Of(pick);
    figures.push(
      {
        part,
        measure: `${BRANCH_LABEL}, ${label} (median of ${n})${busy}`,
        value: medianOf(rounds.map(pick)).text,
        ratio: `${formatRatio(ratio)} raw`,
        budget: budgetText,
        ok: ratio >= budget,
      },
      {
        part,
        measure: `${BRANCH_LABEL}, ${label}, latency (median of ${n})`,
        value: `p50 ${formatMs(median(rounds.map((r) => pick(r).p50Ms)))} / p99 ${formatMs(p99)}${failures(pick) ? ` (${failures(pick)} failed)` : ""}`,
        budget: "p99 ≤ 100 ms",
        ok: p99 <= 100 && failures(pick) === 0,
      },
    );
  }
  // Why the uncached goal is out of reach: no uncached page is faster than the smallest one.
  const floorRatio = ratioOf((r) => r.floor);
  figures.push({
    part,
    measure: `smallest page ${FLOOR_PATH}, uncached: the floor of any uncached page (median of ${n})${busy}`,
    value: `${medianOf(rounds.map((r) => r.floor)).text}, p99 ${formatMs(p99Of((r) => r.floor))}`,
    ratio: `${formatRatio(floorRatio)} raw; the branch page ${formatRatio(median(rounds.map((r) => r.uncached.requestsPerSecond / r.floor.requestsPerSecond)))} of it`,
  });
  figures.push(...countingFigures(result.counting, BRANCH_LABEL));
  for (const { page, uncached, cached } of result.pages) {
    const label = PAGE_LABELS[page];
    const speedup = cached.requestsPerSecond / uncached.requestsPerSecond;
    figures.push(
      { part, measure: `${label}, uncached`, value: `${rps(uncached)}, ${latency(uncached)}` },
      {
        part,
        measure: `${label}, cache warm`,
        value: `${rps(cached)}, ${latency(cached)}`,
        ratio: `${formatRatio(speedup)} uncached`,
      },
    );
  }
  const worst = Math.max(...result.quiet.map((q) => q.busy));
  figures.push({
    part: "machine",
    measure: `cores busy with other work while the benchmark idled (${result.quiet.length} readings)`,
    value: `${Math.round(worst * 100)} % at most`,
    budget: `≤ ${Math.round(BUSY_THRESHOLD * 100)} %`,
    ok: !result.busy,
  });
  return figures;
}

// Five rounds each: one fresh process against another moves by up to 10 % on this machine.
const COUNTING_ROUNDS = 5;

/** Counted against not, each the median of its rounds (fresh processes, alternating). */
const allRates = (list: CountingRun[]) =>
  list.map((r) => Math.round(r.requestsPerSecond).toLocaleString("en")).join(", ");

function countingFigures(counting: ThroughputResult["counting"], label: string): Figure[] {
  const on = median(counting.on.map((r) => r.requestsPerSecond));
  const off = median(counting.off.map((r) => r.requestsPerSecond));
  const cpuOn = median(counting.on.map((r) => r.cpuUsPerRequest));
  const cpuOff = median(counting.off.map((r) => r.cpuUsPerRequest));
  const rounds = counting.on.length;
  return [
    {
      part: "throughput",
      measure: `${label}, cache warm, page views counted / not (medians of ${rounds})`,
      value: `${Math.round(on).toLocaleString("en")} / ${Math.round(off).toLocaleString("en")} req/s (on: ${allRates(counting.on)}; off: ${allRates(counting.off)})`,
      ratio: formatRatio(on / off),
      budget: "≥ 0.95×",
      ok: on >= 0.95 * off,
    },
    {
      part: "throughput",
      measure: `${label}, cache warm, server CPU a request, counted / not (medians of ${rounds})`,
      value: `${cpuOn.toFixed(1)} / ${cpuOff.toFixed(1)} µs`,
      ratio: formatRatio(cpuOn / cpuOff),
      budget: "≤ 1.05×",
      ok: cpuOn <= 1.05 * cpuOff,
    },
  ];
}

export function memoryFigures(result: ThroughputResult): Figure[] {
  const part = "memory";
  const { uncached, cached } = result.memory;
  return [
    { part, measure: "server RSS at rest (start + 1 request)", value: formatMB(cached.restBytes) },
    {
      part,
      measure: "server RSS after the load, cache off",
      value: formatMB(uncached.afterLoadBytes),
      ratio: `${formatRatio(uncached.afterLoadBytes / uncached.restBytes)} rest; peak ${formatMB(uncached.peakBytes)}`,
    },
    {
      part,
      measure: "server RSS after the load, cache on",
      value: formatMB(cached.afterLoadBytes),
      ratio: `${formatRatio(cached.afterLoadBytes / cached.restBytes)} rest; peak ${formatMB(cached.peakBytes)}`,
    },
  ];
}

export function loadOptionsFromFlags(values: Record<string, string | boolean | undefined>): LoadOptions {
  const str = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  return {
    duration: numberFlag(str("duration"), 10, "duration"),
    warmup: numberFlag(str("warmup"), 2, "warmup"),
    connections: numberFlag(str("connections"), 50, "connections"),
    // A phone's browser, as diners use: page views are counted for it (ADR 0027), not for bots.
    headers: { "user-agent": BROWSER_USER_AGENT, ...(values.gzip ? { "accept-encoding": "gzip" } : {}) },
  };
}

export const LOAD_FLAGS = {
  duration: { type: "string" },
  warmup: { type: "string" },
  connections: { type: "string" },
  rounds: { type: "string" },
  gzip: { type: "boolean", default: false },
} as const;

/** The branch page's rounds (--rounds, 3 by default). */
export const roundsFromFlags = (values: { rounds?: string }) =>
  Math.max(1, Math.round(numberFlag(values.rounds, 3, "rounds")));

async function main() {
  const { values } = parseArgs({ options: LOAD_FLAGS });
  const options = loadOptionsFromFlags(values);
  const session = await openSession(progress);
  try {
    const result = await runThroughput(session, options, roundsFromFlags(values), progress);
    console.log(figuresTable([...throughputFigures(result), ...memoryFigures(result)]));
  } finally {
    await session.close();
  }
}

if (import.meta.main) await main();
