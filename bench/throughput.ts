// Server throughput (autocannon, 50 connections, 127.0.0.1) of the public pages,
// anonymous, with the page cache off (PAGE_CACHE=off) and warm, against a bare
// node:http server sending the branch page's very bytes; the server's memory
// (RSS) at rest and after the load.
//   npm run bench:throughput [-- --duration 10 --warmup 2 --connections 50 --gzip]
import { parseArgs } from "node:util";
import { measureLoad, type LoadOptions, type LoadResult } from "./lib/load.ts";
import { readCpuMs, readRss } from "./lib/memory.ts";
import { recordResponse, startRawServer } from "./lib/raw-server.ts";
import { openSession, type BenchSession } from "./lib/session.ts";
import { figuresTable, numberFlag, progress, type Figure } from "./lib/figures.ts";
import { formatMB, formatMs, formatRatio } from "./lib/table.ts";
import type { AppServer } from "./lib/app-server.ts";
import type { Fixture } from "./lib/fixture.ts";

const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

export const THROUGHPUT_PAGES = ["branch", "home", "listing", "finder", "item"] as const;
type PageName = (typeof THROUGHPUT_PAGES)[number];

const PAGE_LABELS: Record<PageName, string> = {
  branch: "branch page (50 dishes)",
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

export interface ThroughputResult {
  options: LoadOptions;
  pages: { page: PageName; path: string; bytes: number; uncached: LoadResult; cached: LoadResult }[];
  raw: LoadResult;
  /**
   * Issue 19: the branch page, cache warm, with page views counted and not (PAGE_VIEWS=off),
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

/** Leaves the session's app running with the page cache on (the default). */
export async function runThroughput(
  session: BenchSession,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const { fixture } = session;
  log("throughput with the page cache off (PAGE_CACHE=off)…");
  let app = await session.restart({ PAGE_CACHE: "off" });
  const restUncached = await atRest(app, fixture.paths.branch);
  const uncached = await loadPages(app, fixture, options, log);
  const afterUncached = readRss(app.pid);

  log("throughput with the page cache on…");
  app = await session.restart();
  const restCached = await atRest(app, fixture.paths.branch);
  const cached = await loadPages(app, fixture, options, log);
  const afterCached = readRss(app.pid);

  log(`the branch page, cache warm, page views counted and not, ${COUNTING_ROUNDS} rounds each…`);
  const counting: ThroughputResult["counting"] = { on: [], off: [] };
  for (let round = 0; round < COUNTING_ROUNDS; round++) {
    // Balanced order (off on, on off, off on, …): the machine's drift over the runs falls on both.
    for (const mode of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      app = await session.restart(mode === "off" ? { PAGE_VIEWS: "off" } : {});
      await atRest(app, fixture.paths.branch);
      const cpuBefore = readCpuMs(app.pid);
      const load = await measureLoad(`${app.url}${fixture.paths.branch}`, options);
      // The server's own CPU per request: steadier than req/s when the load generator shares the cores.
      const result = { ...load, cpuUsPerRequest: ((readCpuMs(app.pid) - cpuBefore) * 1000) / load.requests };
      log(
        `  counting ${mode}: ${Math.round(result.requestsPerSecond)} req/s, ${result.cpuUsPerRequest.toFixed(1)} µs CPU a request`,
      );
      counting[mode].push(result);
    }
  }

  log("the same branch page bytes from a bare node:http server…");
  const recorded = await recordResponse(`${app.url}${fixture.paths.branch}`, options.headers);
  const raw = await startRawServer(recorded);
  let rawResult: LoadResult;
  try {
    rawResult = await measureLoad(`${raw.url}${fixture.paths.branch}`, options);
    log(`  raw: ${Math.round(rawResult.requestsPerSecond)} req/s, p99 ${formatMs(rawResult.p99Ms)}`);
  } finally {
    await raw.stop();
  }

  const sizes = new Map<PageName, number>();
  for (const page of THROUGHPUT_PAGES) {
    const response = await recordResponse(`${app.url}${fixture.paths[page]}`, options.headers);
    sizes.set(page, response.body.length);
  }
  return {
    options,
    pages: THROUGHPUT_PAGES.map((page) => ({
      page,
      path: fixture.paths[page],
      bytes: sizes.get(page)!,
      uncached: uncached.get(page)!,
      cached: cached.get(page)!,
    })),
    raw: rawResult,
    counting,
    memory: {
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
    },
  };
}

const rps = (r: LoadResult) => `${Math.round(r.requestsPerSecond).toLocaleString("en")} req/s`;
const latency = (r: LoadResult) =>
  `p50 ${formatMs(r.p50Ms)} / p99 ${formatMs(r.p99Ms)}${r.failures ? ` (${r.failures} failed)` : ""}`;

export function throughputFigures(result: ThroughputResult): Figure[] {
  const part = "throughput";
  const c = result.options.connections;
  const figures: Figure[] = [];
  const branch = result.pages.find((p) => p.page === "branch")!;
  figures.push({
    part,
    measure: `raw node:http, same ${(branch.bytes / 1000).toFixed(1)} KB (${c} conn.)`,
    value: `${rps(result.raw)}, ${latency(result.raw)}`,
    ratio: "baseline",
  });
  for (const { page, uncached, cached } of result.pages) {
    const label = PAGE_LABELS[page];
    if (page === "branch") {
      const ru = uncached.requestsPerSecond / result.raw.requestsPerSecond;
      const rc = cached.requestsPerSecond / result.raw.requestsPerSecond;
      figures.push(
        {
          part,
          measure: `${label}, uncached`,
          value: rps(uncached),
          ratio: `${formatRatio(ru)} raw`,
          budget: "≥ 0.25× raw",
          ok: ru >= 0.25,
        },
        {
          part,
          measure: `${label}, uncached latency`,
          value: latency(uncached),
          budget: "p99 ≤ 100 ms",
          ok: uncached.p99Ms <= 100 && uncached.failures === 0,
        },
        {
          part,
          measure: `${label}, cache warm`,
          value: rps(cached),
          ratio: `${formatRatio(rc)} raw`,
          budget: "≥ 0.8× raw",
          ok: rc >= 0.8,
        },
        ...countingFigures(result.counting, label),
        {
          part,
          measure: `${label}, cache warm latency`,
          value: latency(cached),
          budget: "p99 ≤ 100 ms",
          ok: cached.p99Ms <= 100 && cached.failures === 0,
        },
      );
    } else {
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
  }
  return figures;
}

// Five rounds each: one fresh process against another moves by up to 10 % on this machine.
const COUNTING_ROUNDS = 5;

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
  gzip: { type: "boolean", default: false },
} as const;

async function main() {
  const { values } = parseArgs({ options: LOAD_FLAGS });
  const options = loadOptionsFromFlags(values);
  const session = await openSession(progress);
  try {
    const result = await runThroughput(session, options, progress);
    console.log(figuresTable([...throughputFigures(result), ...memoryFigures(result)]));
  } finally {
    await session.close();
  }
}

if (import.meta.main) await main();
