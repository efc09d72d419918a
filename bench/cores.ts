// Issue 20: how throughput grows from one app process to two on this machine: the branch
// page, cache warm, as a visitor, from one process (50 connections) and from two processes
// on the same data (25 connections each, at the same time, added up), in alternating
// rounds. The load generator runs on the same cores, so the figure says what a second
// process buys here, not what a second machine would.
//   npm run bench:cores [-- --duration 10 --warmup 2 --rounds 3]
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

/** Leaves the session's app running (one process, the page cache on). */
export async function runCores(
  session: BenchSession,
  options: LoadOptions,
  rounds: number,
  log: (line: string) => void,
): Promise<CoresResult> {
  const path = session.fixture.paths.branch;
  const first = await session.restart();
  // The second process: the same data and settings on another port.
  const second = await startApp({ dataDir: first.dataDir });
  const result: CoresResult = { cores: (await import("node:os")).cpus().length, rounds: [] };
  try {
    await warm(first, path, options);
    await warm(second, path, options);
    for (let round = 0; round < rounds; round++) {
      log(`one process and two, round ${round + 1} of ${rounds}…`);
      const measured: Partial<CoresRound> = {};
      for (const which of round % 2 === 0 ? (["one", "two"] as const) : (["two", "one"] as const)) {
        if (which === "one") measured.one = await loadTogether([first], path, options);
        else measured.two = await loadTogether([first, second], path, options);
      }
      log(
        `  one: ${Math.round(measured.one!.requestsPerSecond)} req/s; two: ${Math.round(measured.two!.requestsPerSecond)} req/s (${measured.two!.perProcess.map(Math.round).join(" + ")})`,
      );
      result.rounds.push(measured as CoresRound);
    }
  } finally {
    await second.stop();
  }
  return result;
}

const rate = (value: number) => `${Math.round(value).toLocaleString("en")} req/s`;

export function coresFigures(result: CoresResult): Figure[] {
  const part = "cores";
  const n = result.rounds.length;
  const one = median(result.rounds.map((r) => r.one.requestsPerSecond));
  const two = median(result.rounds.map((r) => r.two.requestsPerSecond));
  const growth = median(result.rounds.map((r) => r.two.requestsPerSecond / r.one.requestsPerSecond));
  const cpuOne = median(result.rounds.map((r) => r.one.cpuUsPerRequest));
  const cores = (load: (r: CoresRound) => CoresLoad) =>
    `app ${median(result.rounds.map((r) => load(r).appCores)).toFixed(2)} + load generator ${median(result.rounds.map((r) => load(r).generatorCores)).toFixed(2)} cores busy`;
  return [
    {
      part,
      measure: `branch page, cache warm, one process (median of ${n}; ${result.cores} cores shared with the load generator)`,
      value: rate(one),
      ratio: `${cpuOne.toFixed(1)} µs of server CPU a request; ${cores((r) => r.one)}`,
    },
    {
      part,
      measure: `branch page, cache warm, two processes on the same data (median of ${n})`,
      value: rate(two),
      ratio: `${formatRatio(growth)} one process; ${cores((r) => r.two)}`,
    },
    {
      part,
      measure: "expected per core given to the app (1 s of CPU ÷ server CPU a request)",
      value: rate(1e6 / cpuOne),
    },
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
