// ADR 0030: how throughput grows from one app process to two on this machine, for the branch
// page cache warm (as a visitor) and rendered on every request (PAGE_CACHE=off): from one
// process (50 connections) and from two processes on the same data (25 connections each, at
// the same time, added up), in alternating rounds. The load generator runs on the same cores:
// a cache hit costs it about what it costs the app, so there a second process finds no free
// core; a rendered page costs the app some fifty times more, so there the second core is the
// app's. The figures say what a second process buys here, not what a second machine would.
//   npm run bench:cores [-- --duration 10 --warmup 2 --rounds 3]
import os from "node:os";
import { parseArgs } from "node:util";
import { startApp, type AppServer } from "./lib/app-server.ts";
import { figuresTable, median, progress, type Figure } from "./lib/figures.ts";
import { measureLoad, type LoadOptions, type LoadResult } from "./lib/load.ts";
import { readCpuMs } from "./lib/memory.ts";
import { openSession, type BenchSession } from "./lib/session.ts";
import { formatRatio } from "./lib/table.ts";
import { LOAD_FLAGS, loadOptionsFromFlags, roundsFromFlags } from "./throughput.ts";

interface CoresLoad {
  requestsPerSecond: number;
  perProcess: number[];
  /** The app processes' CPU a request. */
  cpuUsPerRequest: number;
  /** Cores the app processes and the load generator (this process) kept busy. */
  appCores: number;
  generatorCores: number;
}

export interface CoresRound {
  one: CoresLoad;
  two: CoresLoad;
  /** The same page with the page cache off: every request rendered. */
  renderedOne: CoresLoad;
  renderedTwo: CoresLoad;
}

export interface CoresResult {
  cores: number;
  rounds: CoresRound[];
}

async function warm(app: AppServer, path: string, options: LoadOptions) {
  for (let i = 0; i < 2; i++)
    await (await fetch(`${app.url}${path}`, { headers: options.headers })).arrayBuffer();
}

/** Loads `apps` at once, the connections shared out, and adds up what they answered. */
async function loadTogether(apps: AppServer[], path: string, options: LoadOptions): Promise<CoresLoad> {
  const connections = Math.max(1, Math.round(options.connections / apps.length));
  // Warm-up first, on its own: only the measured seconds are read.
  if (options.warmup > 0) {
    await Promise.all(
      apps.map((app) =>
        measureLoad(`${app.url}${path}`, { ...options, connections, duration: options.warmup, warmup: 0 }),
      ),
    );
  }
  const started = performance.now();
  const generatorBefore = process.cpuUsage();
  const cpuBefore = apps.map((app) => readCpuMs(app.pid));
  const results: LoadResult[] = await Promise.all(
    apps.map((app) => measureLoad(`${app.url}${path}`, { ...options, connections, warmup: 0 })),
  );
  const cpuMs = apps.reduce((sum, app, i) => sum + readCpuMs(app.pid) - cpuBefore[i]!, 0);
  const generator = process.cpuUsage(generatorBefore);
  const elapsedMs = performance.now() - started;
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const failures = results.reduce((sum, r) => sum + r.failures, 0);
  if (failures > 0) throw new Error(`${failures} requests failed with ${apps.length} processes`);
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    perProcess: results.map((r) => r.requestsPerSecond),
    cpuUsPerRequest: (cpuMs * 1000) / requests,
    appCores: cpuMs / elapsedMs,
    generatorCores: (generator.user + generator.system) / 1000 / elapsedMs,
  };
}

/** One process against two, alternating, `rounds` times; the loads of each kept as `one` and `two`. */
async function oneAgainstTwo(
  [first, second]: [AppServer, AppServer],
  path: string,
  options: LoadOptions,
  rounds: number,
  log: (line: string) => void,
  label: string,
): Promise<{ one: CoresLoad; two: CoresLoad }[]> {
  await warm(first, path, options);
  await warm(second, path, options);
  const measured: { one: CoresLoad; two: CoresLoad }[] = [];
  for (let round = 0; round < rounds; round++) {
    log(`${label}: one process and two, round ${round + 1} of ${rounds}…`);
    const loads: Partial<{ one: CoresLoad; two: CoresLoad }> = {};
    for (const which of round % 2 === 0 ? (["one", "two"] as const) : (["two", "one"] as const)) {
      loads[which] = await loadTogether(which === "one" ? [first] : [first, second], path, options);
    }
    const { one, two } = loads as { one: CoresLoad; two: CoresLoad };
    log(
      `  one: ${Math.round(one.requestsPerSecond)} req/s; two: ${Math.round(two.requestsPerSecond)} req/s (${two.perProcess.map(Math.round).join(" + ")})`,
    );
    measured.push({ one, two });
  }
  return measured;
}

/** Starts a second process on the first one's data (with these env vars), and stops it after `measure`. */
async function withSecond<T>(
  first: AppServer,
  env: Record<string, string>,
  measure: (second: AppServer) => Promise<T>,
) {
  const second = await startApp({ dataDir: first.dataDir, env });
  try {
    return await measure(second);
  } finally {
    await second.stop();
  }
}

/** Leaves the session's app running (one process, the page cache on). */
export async function runCores(
  session: BenchSession,
  options: LoadOptions,
  rounds: number,
  log: (line: string) => void,
): Promise<CoresResult> {
  const path = session.fixture.paths.branch;
  const uncached = { PAGE_CACHE: "off" };
  const renderedFirst = await session.restart(uncached);
  const rendered = await withSecond(renderedFirst, uncached, (second) =>
    oneAgainstTwo([renderedFirst, second], path, options, rounds, log, "rendered"),
  );
  const first = await session.restart();
  const cached = await withSecond(first, {}, (second) =>
    oneAgainstTwo([first, second], path, options, rounds, log, "cache warm"),
  );
  return {
    cores: os.cpus().length,
    rounds: cached.map(({ one, two }, i) => ({
      one,
      two,
      renderedOne: rendered[i]!.one,
      renderedTwo: rendered[i]!.two,
    })),
  };
}

const rate = (value: number) => `${Math.round(value).toLocaleString("en")} req/s`;

export function coresFigures(result: CoresResult): Figure[] {
  const part = "cores";
  const n = result.rounds.length;
  const of = (load: (r: CoresRound) => number) => median(result.rounds.map(load));
  const busy = (load: (r: CoresRound) => CoresLoad) =>
    `app ${of((r) => load(r).appCores).toFixed(2)} + load generator ${of((r) => load(r).generatorCores).toFixed(2)} cores busy`;
  const pair = (
    page: string,
    one: (r: CoresRound) => CoresLoad,
    two: (r: CoresRound) => CoresLoad,
  ): Figure[] => {
    const cpu = of((r) => one(r).cpuUsPerRequest);
    return [
      {
        part,
        measure: `branch page, ${page}, one process (median of ${n}; ${result.cores} cores shared with the load generator)`,
        value: rate(of((r) => one(r).requestsPerSecond)),
        ratio: `${cpu < 1000 ? `${cpu.toFixed(1)} µs` : `${(cpu / 1000).toFixed(2)} ms`} of server CPU a request; ${busy(one)}`,
      },
      {
        part,
        measure: `branch page, ${page}, two processes on the same data (median of ${n})`,
        value: rate(of((r) => two(r).requestsPerSecond)),
        ratio: `${formatRatio(of((r) => two(r).requestsPerSecond / one(r).requestsPerSecond))} one process; ${busy(two)}`,
      },
      {
        part,
        measure: `branch page, ${page}: expected per core given to the app (1 s of CPU ÷ server CPU a request)`,
        value: rate(1e6 / cpu),
      },
    ];
  };
  return [
    ...pair(
      "cache warm",
      (r) => r.one,
      (r) => r.two,
    ),
    ...pair(
      "rendered every time (page cache off)",
      (r) => r.renderedOne,
      (r) => r.renderedTwo,
    ),
  ];
}

async function main() {
  const { values } = parseArgs({ options: LOAD_FLAGS });
  const options = loadOptionsFromFlags(values);
  const session = await openSession(progress);
  try {
    const result = await runCores(session, options, roundsFromFlags(values), progress);
    console.log(figuresTable(coresFigures(result)));
  } finally {
    await session.close();
  }
}

if (import.meta.main) await main();
