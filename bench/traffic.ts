// TRAFFIC: does the page cache hold when the catalog is national and a crawler walks it?
//   npm run bench:traffic                                   3 rounds, 15 s a phase, 1 process and 2
//   npm run bench:traffic -- --quick                        1 round, 4 s a phase (a smoke run)
//   npm run bench:traffic -- --rounds 3 --seconds 15 --processes 1,2 --size 10000
//        --rate 1000 --connections 50 --crawl-rate 50 --edits-per-minute 6 --reviews-per-second 10
// The 10,000-restaurant database of bench:scale (bench/generate.ts, cached in the system's
// temporary folder), copied for the run so its writes never change the cached one, served by
// the production build with the page cache on:
//   1 process: SQLite, reached directly;
//   2 processes: PostgreSQL, Redis and an S3 server behind nginx (tests/setup/cluster.ts).
// Each round has three phases on 127.0.0.1:
//   traffic  diners at a fixed offered load (--rate, autocannon, corrected for coordinated
//            omission) choosing restaurants by a Zipf law (s = 1) and then the pages diners
//            open (a branch's menu and its page numbers, the restaurant's menu and page, the
//            branch's reviews; English or Urdu); a crawler fetching every sitemap URL in
//            order at --crawl-rate a second; owners marking a dish sold out or back, a few a minute
//   readers  the same diners as fast as --connections connections go, nothing else
//   writes   the readers again, with signed-in customers posting text reviews (--reviews-per-second)
// and a bare node:http server (bench/lib/raw-server.ts) answering one recorded page, for the
// CPU a request costs on this host. How a diner was served: the app's x-page-cache header (HIT
// or STALE: without a render; MISS, or none: rendered). Renders are also counted server-side,
// from pino-http's log line of each request that got past the cache (LOG_LEVEL=info): every
// render, the crawler's and the owners' included. Prints the figures (median of the rounds,
// lowest–highest) and writes reports/bench-traffic.json.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import pg from "pg";
import { localisedPath } from "../app/lib/locale.ts";
import { diskPageStoreFile } from "../app/server/page-disk-store.server.ts";
import { seededRandom } from "../app/lib/random.ts";
import { branchPath, restaurantPath } from "../app/lib/slug.ts";
import {
  createCluster,
  pgAdmin,
  pgUrl,
  redisAnswers,
  s3Env,
  startNginx,
  NGINX,
} from "../tests/setup/cluster.ts";
import { startS3Server } from "../tests/setup/s3-server.ts";
import { BENCH_AUTH_SECRET, BENCH_EMAIL_DOMAIN, BENCH_PASSWORD } from "./generate.ts";
import {
  ensureBuild,
  freePort,
  makeDataDir,
  removeDataDir,
  REPO_ROOT,
  startApp,
  type AppServer,
} from "./lib/app-server.ts";
import { figuresTable, median, numberFlag, progress, type Figure } from "./lib/figures.ts";
import { FormClient } from "./lib/form-client.ts";
import { readCpuMs, readRss, type Rss } from "./lib/memory.ts";
import { recordResponse, startRawServer } from "./lib/raw-server.ts";
import { ensureDatabase, pgName } from "./scale.ts";

const log = progress;
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432";
// Its own database number, so the run's keys never meet a test's.
const DEFAULT_REDIS = "redis://127.0.0.1:6379/7";
const DINER_UA =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** product rules §9: 6 dishes a page on a branch's menu. */
const DISHES_A_PAGE = 6;
const GOALS = {
  withoutRender: 0.95,
  readersKept: 0.8,
  p99Ms: 50,
  rendersPerVersion: 1,
  rssBytes: 350 * 1_000_000,
};
/**
 * What diners open once they chose a restaurant. No analytics tell us yet; these follow
 * the product: most diners arrive by a table's QR code on a branch's menu and stay on its
 * first page. Urdu: the share of readers we assume choose it (ADR 0026).
 */
const MIX = { branch: 0.7, menu: 0.15, restaurant: 0.1, reviews: 0.05 };
const PAGE_NUMBER_SHARES = [0.75, 0.2, 0.05];
const URDU_SHARE = 0.15;

// ---------- options ----------

export interface TrafficOptions {
  rounds: number;
  seconds: number;
  warmup: number;
  processes: number[];
  size: number;
  rate: number;
  connections: number;
  crawlRate: number;
  editsPerMinute: number;
  reviewsPerSecond: number;
  /** The share of diners' reads whose pages are fetched once before the first round (0: none). */
  prefill: number;
  quick: boolean;
}

export const TRAFFIC_FLAGS = {
  rounds: { type: "string" },
  seconds: { type: "string" },
  warmup: { type: "string" },
  processes: { type: "string", default: "1,2" },
  size: { type: "string", default: "10000" },
  rate: { type: "string", default: "1000" },
  connections: { type: "string", default: "50" },
  "crawl-rate": { type: "string", default: "50" },
  "edits-per-minute": { type: "string", default: "6" },
  "reviews-per-second": { type: "string", default: "10" },
  prefill: { type: "string", default: "0.97" },
  quick: { type: "boolean", default: false },
} as const;

export function trafficOptions(values: Record<string, string | boolean | undefined>): TrafficOptions {
  const str = (name: string) => values[name] as string | undefined;
  const quick = values.quick === true;
  const processes = (str("processes") ?? "1,2").split(",").map(Number);
  if (processes.some((p) => p !== 1 && p !== 2)) throw new Error("--processes: 1, 2 or 1,2");
  return {
    rounds: Math.max(1, numberFlag(str("rounds"), quick ? 1 : 3, "rounds")),
    seconds: Math.max(1, numberFlag(str("seconds"), quick ? 4 : 15, "seconds")),
    warmup: numberFlag(str("warmup"), quick ? 2 : 10, "warmup"),
    processes,
    size: numberFlag(str("size"), 10_000, "size"),
    rate: numberFlag(str("rate"), 1000, "rate"),
    connections: Math.max(1, numberFlag(str("connections"), 50, "connections")),
    crawlRate: numberFlag(str("crawl-rate"), 50, "crawl-rate"),
    editsPerMinute: numberFlag(str("edits-per-minute"), 6, "edits-per-minute"),
    reviewsPerSecond: numberFlag(str("reviews-per-second"), 10, "reviews-per-second"),
    prefill: Math.min(1, numberFlag(str("prefill"), 0.97, "prefill")),
    quick,
  };
}

// ---------- the catalog and the diners' choices ----------

interface Restaurant {
  id: string;
  urlName: string;
  email: string;
  branches: { id: string; branchUrl: string; dishes: number }[];
}

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export function sqliteQuery(file: string): { query: Query; close(): void } {
  const db = new SQLite(file, { readonly: true });
  return {
    query: async <T>(sql: string, params: unknown[] = []) =>
      db.prepare(sql.replace(/\$\d+/g, "?")).all(...params) as T[],
    close: () => db.close(),
  };
}

async function pgQuery(url: string): Promise<{ query: Query; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * The dataset's QR codes name the generator's address; a process started under this
 * run's would rewrite all of them in the background (ADR 0034) while the run measures.
 * The bench moves them to `base` first, as a deployment that kept its address has them.
 */
const CODES_UNDER = (position: "instr" | "strpos") => [
  `update restaurant set "restQRcode" = $1 || substr("restQRcode", ${position}("restQRcode", '/r/'))`,
  `update branch set "branchQRcode" = $1 || substr("branchQRcode", ${position}("branchQRcode", '/r/'))`,
];

function sqliteCodesUnder(file: string, base: string) {
  const db = new SQLite(file);
  try {
    for (const statement of CODES_UNDER("instr")) db.prepare(statement.replace("$1", "?")).run(base);
  } finally {
    db.close();
  }
}

async function pgCodesUnder(url: string, base: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of CODES_UNDER("strpos")) await client.query(statement, [base]);
  } finally {
    await client.end();
  }
}

export async function readCatalog(query: Query): Promise<Restaurant[]> {
  const restaurants = await query<{ id: string; urlName: string; email: string }>(
    `select id, "urlName" as "urlName", email from restaurant where "approvalStatus" = 'approved' order by id`,
  );
  const branches = await query<{ id: string; restaurantId: string; branchUrl: string }>(
    `select id, "restaurantId" as "restaurantId", "branchUrl" as "branchUrl" from branch order by id`,
  );
  const dishes = await query<{ branchId: string; n: number | string }>(
    `select "branchId" as "branchId", count(*) as n from menu_item
     where "branchId" is not null and hidden = 0 group by "branchId"`,
  );
  const dishesOf = new Map(dishes.map((d) => [d.branchId, Number(d.n)]));
  const byId = new Map<string, Restaurant>(restaurants.map((r) => [r.id, { ...r, branches: [] }]));
  for (const b of branches) {
    byId
      .get(b.restaurantId)
      ?.branches.push({ id: b.id, branchUrl: b.branchUrl, dishes: dishesOf.get(b.id) ?? 0 });
  }
  return [...byId.values()];
}

/** Restaurants in popularity order (a seeded shuffle) and a Zipf(s) draw of a rank. */
function zipf(count: number, s: number, random: () => number) {
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let rank = 1; rank <= count; rank++) {
    total += 1 / rank ** s;
    cumulative[rank - 1] = total;
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function shuffled<T>(list: T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface Diners {
  /** Restaurants, most read first. */
  popular: Restaurant[];
  rank: () => number;
  next: () => string;
}

export function diners(catalog: Restaurant[]): Diners {
  const random = seededRandom(20261126);
  const popular = shuffled(catalog, random);
  const rank = zipf(popular.length, 1, random);
  const pageNumber = (pages: number) => {
    const roll = random();
    let page =
      roll < PAGE_NUMBER_SHARES[0]! ? 1 : roll < PAGE_NUMBER_SHARES[0]! + PAGE_NUMBER_SHARES[1]! ? 2 : 3;
    if (page === 3) page = 3 + Math.floor(random() * Math.max(1, pages - 2));
    return Math.min(page, pages);
  };
  const next = () => {
    const r = popular[rank()]!;
    const roll = random();
    const branch = r.branches[Math.floor(random() * r.branches.length)];
    let p: string;
    if (branch && roll < MIX.branch) {
      const page = pageNumber(Math.max(1, Math.ceil(branch.dishes / DISHES_A_PAGE)));
      p = `${branchPath(r.urlName, branch.branchUrl)}${page > 1 ? `?page=${page}` : ""}`;
    } else if (roll < MIX.branch + MIX.menu) p = `${restaurantPath(r.urlName)}/menu`;
    else if (roll < MIX.branch + MIX.menu + MIX.restaurant || !branch) p = restaurantPath(r.urlName);
    else p = `${branchPath(r.urlName, branch.branchUrl)}/reviews`;
    return random() < URDU_SHARE ? localisedPath(p, "ur") : p;
  };
  return { popular, rank, next };
}

/**
 * Every page diners open with the share of their reads it gets: the law `diners` draws
 * from, written out. The pages a site that has run a while has rendered already.
 */
export function dinerPages(d: Diners): { path: string; share: number }[] {
  let harmonic = 0;
  for (let rank = 1; rank <= d.popular.length; rank++) harmonic += 1 / rank;
  const shares = new Map<string, number>();
  const add = (p: string, share: number) => {
    shares.set(p, (shares.get(p) ?? 0) + share * (1 - URDU_SHARE));
    const ur = localisedPath(p, "ur");
    shares.set(ur, (shares.get(ur) ?? 0) + share * URDU_SHARE);
  };
  d.popular.forEach((r, i) => {
    const weight = 1 / (i + 1) / harmonic;
    const branches = r.branches.length;
    add(`${restaurantPath(r.urlName)}/menu`, weight * (branches ? MIX.menu : MIX.branch + MIX.menu));
    add(restaurantPath(r.urlName), weight * (branches ? MIX.restaurant : MIX.restaurant + MIX.reviews));
    for (const branch of r.branches) {
      const share = weight / branches;
      const pages = Math.max(1, Math.ceil(branch.dishes / DISHES_A_PAGE));
      const menu = branchPath(r.urlName, branch.branchUrl);
      const onPage = pageNumberShares(pages);
      onPage.forEach((p, n) => add(`${menu}${n > 0 ? `?page=${n + 1}` : ""}`, share * MIX.branch * p));
      add(`${menu}/reviews`, share * MIX.reviews);
    }
  });
  return [...shares].map(([p, share]) => ({ path: p, share })).toSorted((a, b) => b.share - a.share);
}

/** How `pageNumber` in `diners` spreads a branch menu's reads over its `pages` pages. */
function pageNumberShares(pages: number): number[] {
  const shares = Array.from({ length: pages }, () => 0);
  const [first, second, rest] = PAGE_NUMBER_SHARES as [number, number, number];
  shares[0]! += first;
  shares[Math.min(1, pages - 1)]! += second;
  const later = Math.max(1, pages - 2);
  for (let k = 0; k < later; k++) shares[Math.min(2 + k, pages - 1)]! += rest / later;
  return shares;
}

/**
 * The pages that take `coverage` of diners' reads, fetched once as diners (as fast as
 * `concurrency` requests go), so the run measures a site that has run a while, not one
 * just started. Returns how many and how long.
 */
async function prefill(base: string, d: Diners, coverage: number, concurrency: number) {
  assertLocal(base);
  const wanted: string[] = [];
  let covered = 0;
  for (const page of dinerPages(d)) {
    if (covered >= coverage) break;
    wanted.push(page.path);
    covered += page.share;
  }
  const started = Date.now();
  let next = 0;
  let rendered = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const one = (p: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${base}${p}`,
        { agent, headers: { "user-agent": DINER_UA, "accept-encoding": "gzip" } },
        (response) => {
          if (response.headers["x-page-cache"] === "MISS") rendered++;
          response.resume().on("end", resolve).on("error", reject);
        },
      );
      request.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < wanted.length) await one(wanted[next++]!);
    }),
  );
  agent.destroy();
  return { pages: wanted.length, covered, rendered, seconds: (Date.now() - started) / 1000 };
}

// ---------- what the servers say: renders from their log, CPU and memory from /proc ----------

interface Render {
  at: number;
  url: string;
  who: "diner" | "crawler" | "other";
}

/** pino-http's line of a request that got past the cache: a render unless it says it waited for one (HIT). */
function renderOf(line: string): Render | null {
  if (!line.startsWith("{") || !line.includes('"res"')) return null;
  try {
    const entry = JSON.parse(line) as {
      time?: number;
      req?: { method?: string; url?: string; headers?: Record<string, string> };
      res?: { statusCode?: number; headers?: Record<string, string | number> };
    };
    if (entry.req?.method !== "GET" || !entry.req.url || !entry.res) return null;
    const outcome = String(entry.res.headers?.["x-page-cache"] ?? "");
    if (outcome === "HIT" || outcome === "STALE") return null;
    const url = entry.req.url;
    if (url.startsWith("/assets/") || url.startsWith("/media/") || url === "/healthz" || url === "/readyz")
      return null;
    const agent = entry.req.headers?.["user-agent"] ?? "";
    const who = agent === DINER_UA ? "diner" : agent === CRAWLER_UA ? "crawler" : "other";
    return { at: entry.time ?? Date.now(), url, who };
  } catch {
    return null;
  }
}

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const pids: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (text) pids.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return pids;
}

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + safe(() => readCpuMs(pid), 0), 0);
function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

// ---------- load ----------

interface Tally {
  requests: number;
  withoutRender: number;
  outcomes: Record<string, number>;
  statuses: Record<string, number>;
}
const newTally = (): Tally => ({ requests: 0, withoutRender: 0, outcomes: {}, statuses: {} });
function tallyOne(tally: Tally, status: number, outcome: string) {
  tally.requests++;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  const key = outcome || "none";
  tally.outcomes[key] = (tally.outcomes[key] ?? 0) + 1;
  if (outcome === "HIT" || outcome === "STALE") tally.withoutRender++;
}
function headerOf(headers: Record<string, string | string[]>, name: string): string {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? (value[0] ?? "") : value;
  }
  return "";
}

function assertLocal(url: string) {
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`refusing to load ${url}: 127.0.0.1 only`);
}

/** Diners for `seconds` at a fixed rate (open loop), or as fast as `connections` go (autocannon). */
async function runDiners(
  url: string,
  d: Diners,
  seconds: number,
  load: { rate?: number; connections: number },
) {
  assertLocal(url);
  if (load.rate) {
    const loop = startOpenLoop({
      base: url,
      next: d.next,
      rate: load.rate,
      userAgent: DINER_UA,
      maxInFlight: 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const r = await loop.stop();
    return {
      tally: r.tally,
      requestsPerSecond: r.tally.requests / seconds,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      failures: r.failures + r.behind,
      notSent: r.behind,
    };
  }
  const tally = newTally();
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: seconds,
    timeout: 10,
    headers: { "user-agent": DINER_UA, "accept-encoding": "gzip" },
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: d.next() }),
        onResponse: (status, _body, _context, headers) =>
          tallyOne(tally, status, headerOf((headers ?? {}) as Record<string, string>, "x-page-cache")),
      },
    ],
  });
  return {
    tally,
    requestsPerSecond: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result["5xx"] + result["4xx"],
    notSent: 0,
  };
}

/**
 * Requests sent on a clock, `rate` a second, whatever the answers' pace (autocannon's rate
 * sends each connection's share of a second in a burst at its start). Latency is from the
 * moment a request was due to its last byte, so time spent waiting for a free socket counts.
 * Past `maxInFlight` unanswered requests it stops sending and counts what it skipped.
 */
function startOpenLoop(options: {
  base: string;
  next: () => string;
  rate: number;
  userAgent: string;
  maxInFlight: number;
}) {
  assertLocal(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.min(256, options.maxInFlight) });
  const tally = newTally();
  const latencies: number[] = [];
  let inFlight = 0;
  let behind = 0;
  let failures = 0;
  const started = performance.now();
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const fetchOne = (p: string, due: number) => {
    const done = new Promise<void>((resolve) => {
      inFlight++;
      const finish = (status: number, outcome: string) => {
        latencies.push(performance.now() - due);
        tallyOne(tally, status, outcome);
        if (status === 0 || status >= 400) failures++;
        inFlight--;
        resolve();
      };
      const request = http.get(
        `${options.base}${p}`,
        { agent, headers: { "user-agent": options.userAgent, "accept-encoding": "gzip" } },
        (response) => {
          response.resume();
          response.on("end", () =>
            finish(response.statusCode ?? 0, String(response.headers["x-page-cache"] ?? "")),
          );
          response.on("error", () => finish(0, "error"));
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("timed out")));
      request.on("error", () => finish(0, "error"));
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * options.rate);
    while (sent < due) {
      const dueAt = started + (sent * 1000) / options.rate;
      sent++;
      if (inFlight >= options.maxInFlight) {
        behind++;
        continue;
      }
      fetchOne(options.next(), dueAt);
    }
  }, 2);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      const sorted = latencies.toSorted((a, b) => a - b);
      return { tally, behind, failures, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
    },
  };
}

/** The crawler: the sitemap's URLs in order, at `rate` a second, where it left off last time. */
function startCrawler(urls: string[], state: { cursor: number }, base: string, rate: number) {
  // A crawler does not pile up requests on a slow site: it falls behind.
  return startOpenLoop({
    base,
    rate,
    userAgent: CRAWLER_UA,
    maxInFlight: 32,
    next: () => urls[state.cursor++ % urls.length]!,
  });
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Calls `act` every `intervalMs` until stopped (the last call awaited), spread from `offsetMs`. */
function every(intervalMs: number, offsetMs: number, act: () => Promise<void>) {
  let stopped = false;
  const pending: Promise<void>[] = [];
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    pending.push(act().catch(() => undefined));
    timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, offsetMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(pending);
  };
}

// ---------- one configuration ----------

interface Changes {
  /** Acknowledged writes' times by restaurant urlName, and all of them. */
  byRestaurant: Map<string, number[]>;
  all: number[];
}

interface Actors {
  base: string;
  diners: Diners;
  crawl: { urls: string[]; state: { cursor: number } };
  owners: { client: FormClient; urlName: string; branchUrl: string; itemId: string; soldOut: boolean }[];
  /** Whose edit is next: owners take turns across phases. */
  editTurn: number;
  writers: { client: FormClient; reviewed: Set<string> }[];
  changes: Changes;
  appPids: number[];
  nginxPids: () => number[];
  renders: Render[];
}

interface PhaseResult {
  phase: "traffic" | "readers" | "writes";
  seconds: number;
  diners: {
    requests: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    withoutRender: number;
    outcomes: Record<string, number>;
    statuses: Record<string, number>;
    failures: number;
    /** Open loop only: requests due while 1,000 were still unanswered, never sent. */
    notSent: number;
  };
  crawler?: {
    requests: number;
    p50Ms: number;
    p99Ms: number;
    behind: number;
    withoutRender: number;
    statuses: Record<string, number>;
  };
  edits?: { done: number; failed: number };
  reviews?: { done: number; failed: number; p50Ms: number; p99Ms: number };
  renders: {
    total: number;
    perSecond: number;
    byWho: Record<string, number>;
    pageVersions: number;
    perPageVersion: number;
    mostOfOneVersion: number;
  };
  cpu: { appMsPerRequest: number; appCores: number; nginxMsPerRequest: number | null };
}

const scopeOf = (url: string): string | null => {
  const p = url.split("?")[0]!.replace(/^\/ur(?=\/|$)/, "") || "/";
  const match = /^\/(?:r|reviews|vendorbestsellers)\/([^/]+)/.exec(p);
  return match ? decodeURIComponent(match[1]!) : null;
};

const changesUpTo = (times: number[] | undefined, at: number) => (times ?? []).filter((t) => t <= at).length;

/** Renders of one page (URL) while its content stayed the same: the writes this run made mark the versions. */
function rendersPerVersion(renders: Render[], changes: Changes) {
  const versions = new Map<string, number>();
  for (const r of renders) {
    const scope = scopeOf(r.url);
    const version =
      scope === null ? changesUpTo(changes.all, r.at) : changesUpTo(changes.byRestaurant.get(scope), r.at);
    const key = `${version}|${r.url}`;
    versions.set(key, (versions.get(key) ?? 0) + 1);
  }
  const counts = [...versions.values()];
  return {
    pageVersions: versions.size,
    perPageVersion: counts.length ? renders.length / counts.length : 0,
    mostOfOneVersion: counts.length ? Math.max(...counts) : 0,
  };
}

function noteChange(changes: Changes, urlName: string) {
  const at = Date.now();
  changes.all.push(at);
  const list = changes.byRestaurant.get(urlName) ?? [];
  list.push(at);
  changes.byRestaurant.set(urlName, list);
}

async function phase(a: Actors, name: PhaseResult["phase"], options: TrafficOptions): Promise<PhaseResult> {
  const seconds = options.seconds;
  const cpuBefore = cpuOf(a.appPids);
  const nginxBefore = cpuOf(a.nginxPids());
  const started = Date.now();
  const wall = performance.now();
  const crawler =
    name === "traffic" && options.crawlRate > 0
      ? startCrawler(a.crawl.urls, a.crawl.state, a.base, options.crawlRate)
      : null;

  const edits = { done: 0, failed: 0 };
  let stopEdits: (() => Promise<void>) | null = null;
  if (name === "traffic" && options.editsPerMinute > 0 && a.owners.length > 0) {
    stopEdits = every(60_000 / options.editsPerMinute, 1000, async () => {
      const owner = a.owners[a.editTurn++ % a.owners.length]!;
      owner.soldOut = !owner.soldOut;
      try {
        await owner.client.post(`/profile/restaurant/mybranches/${encodeURIComponent(owner.branchUrl)}`, {
          intent: "save",
          itemId: owner.itemId,
          priceOverride: "",
          ...(owner.soldOut ? { soldOut: "on" } : {}),
        });
        noteChange(a.changes, owner.urlName);
        edits.done++;
      } catch (error) {
        edits.failed++;
        log(`  an owner's edit failed: ${String(error).slice(0, 300)}`);
      }
    });
  }

  const reviews = { done: 0, failed: 0, ms: [] as number[] };
  const stopWriters: (() => Promise<void>)[] = [];
  if (name === "writes" && options.reviewsPerSecond > 0) {
    const interval = (1000 * a.writers.length) / options.reviewsPerSecond;
    for (const [w, writer] of a.writers.entries()) {
      let n = 0;
      stopWriters.push(
        every(interval, (w * interval) / a.writers.length, async () => {
          // A customer reviews a branch once a day: a popular branch this customer has not reviewed yet.
          let target: Restaurant | undefined;
          let branch: Restaurant["branches"][number] | undefined;
          for (let tries = 0; tries < 50 && !branch; tries++) {
            const r = a.diners.popular[a.diners.rank()]!;
            const b = r.branches.find((x) => !writer.reviewed.has(x.id));
            if (b) [target, branch] = [r, b];
          }
          if (!target || !branch) return;
          writer.reviewed.add(branch.id);
          const t0 = performance.now();
          try {
            const location = await writer.client.post(
              `/profile/customer/addreview/${encodeURIComponent(target.urlName)}/${encodeURIComponent(branch.branchUrl)}`,
              {
                rating: String(1 + ((w + n++) % 5)),
                review: `Traffic bench review ${w}-${n}: the karahi was good and came quickly.`,
              },
              { multipart: true },
            );
            if (!new URL(location, a.base).searchParams.has("posted"))
              throw new Error(`redirected to ${location}`);
            noteChange(a.changes, target.urlName);
            reviews.done++;
          } catch (error) {
            reviews.failed++;
            if (reviews.failed <= 3) log(`  a review failed: ${String(error).slice(0, 300)}`);
          }
          reviews.ms.push(performance.now() - t0);
        }),
      );
    }
  }

  const d = await runDiners(a.base, a.diners, seconds, {
    rate: name === "traffic" ? options.rate : undefined,
    connections: options.connections,
  });
  const crawled = await crawler?.stop();
  await stopEdits?.();
  await Promise.all(stopWriters.map((stop) => stop()));
  const elapsed = (performance.now() - wall) / 1000;
  const ended = Date.now();
  // The last lines of the log arrive through a pipe.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpuMs = cpuOf(a.appPids) - cpuBefore;
  const nginxMs = cpuOf(a.nginxPids()) - nginxBefore;
  const renders = a.renders.filter((r) => r.at >= started && r.at <= ended);
  a.renders.length = 0;
  const byWho: Record<string, number> = {};
  for (const r of renders) byWho[r.who] = (byWho[r.who] ?? 0) + 1;
  const requests =
    d.tally.requests + (crawled?.tally.requests ?? 0) + edits.done + edits.failed + reviews.ms.length;
  const reviewMs = reviews.ms.toSorted((x, y) => x - y);
  return {
    phase: name,
    seconds: elapsed,
    diners: {
      requests: d.tally.requests,
      requestsPerSecond: d.requestsPerSecond,
      p50Ms: d.p50Ms,
      p99Ms: d.p99Ms,
      withoutRender: d.tally.requests ? d.tally.withoutRender / d.tally.requests : 0,
      outcomes: d.tally.outcomes,
      statuses: d.tally.statuses,
      failures: d.failures,
      notSent: d.notSent,
    },
    crawler: crawled
      ? {
          requests: crawled.tally.requests,
          p50Ms: crawled.p50Ms,
          p99Ms: crawled.p99Ms,
          behind: crawled.behind,
          withoutRender: crawled.tally.requests ? crawled.tally.withoutRender / crawled.tally.requests : 0,
          statuses: crawled.tally.statuses,
        }
      : undefined,
    edits: stopEdits ? edits : undefined,
    reviews: stopWriters.length
      ? {
          done: reviews.done,
          failed: reviews.failed,
          p50Ms: percentile(reviewMs, 50),
          p99Ms: percentile(reviewMs, 99),
        }
      : undefined,
    renders: {
      total: renders.length,
      perSecond: renders.length / elapsed,
      byWho,
      ...rendersPerVersion(renders, a.changes),
    },
    cpu: {
      appMsPerRequest: requests ? cpuMs / requests : 0,
      appCores: cpuMs / 1000 / elapsed,
      nginxMsPerRequest: a.nginxPids().length && requests ? nginxMs / requests : null,
    },
  };
}

/** The bare node:http server answering one recorded page, as fast as `connections` go. */
async function rawBaseline(pageUrl: string, seconds: number, connections: number) {
  const recorded = await recordResponse(pageUrl, { "user-agent": DINER_UA, "accept-encoding": "gzip" });
  const raw = await startRawServer(recorded);
  try {
    const before = readCpuMs(raw.pid);
    const result = await autocannon({ url: raw.url, connections, duration: seconds, timeout: 10 });
    const cpuMs = readCpuMs(raw.pid) - before;
    return {
      requestsPerSecond: result.requests.total / seconds,
      msPerRequest: result.requests.total ? cpuMs / result.requests.total : 0,
      bytes: recorded.body.length,
    };
  } finally {
    await raw.stop();
  }
}

export interface ConfigResult {
  processes: number;
  label: string;
  database: string;
  rounds: {
    phases: PhaseResult[];
    raw: { requestsPerSecond: number; msPerRequest: number; bytes: number };
    rss: ({ pid: number } & Rss)[];
  }[];
  sitemapUrls: number;
  crawled: number;
  /** The pages fetched before the first round (a site that has run a while), or null. */
  prefilled: {
    pages: number;
    covered: number;
    rendered: number;
    seconds: number;
    fromSnapshot: boolean;
  } | null;
}

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll("&amp;", "&")));

async function sitemapUrls(base: string): Promise<string[]> {
  const text = async (p: string) => {
    const response = await fetch(`${base}${p}`, { headers: { "user-agent": CRAWLER_UA } });
    if (!response.ok) throw new Error(`GET ${p}: ${response.status}`);
    return response.text();
  };
  const urls: string[] = [];
  for (const file of locs(await text("/sitemap.xml"))) {
    for (const page of locs(await text(file.pathname))) urls.push(`${page.pathname}${page.search}`);
  }
  return urls;
}

async function signIn(base: string, email: string): Promise<FormClient> {
  const client = new FormClient(base);
  await client.post("/login", { email, password: BENCH_PASSWORD });
  return client;
}

async function prepareActors(
  base: string,
  catalog: Restaurant[],
  query: Query,
  apps: AppServer[],
  nginxPids: () => number[],
  renders: Render[],
  options: TrafficOptions,
): Promise<Actors> {
  const d = diners(catalog);
  log(`  reading the sitemap through ${base}…`);
  const urls = await sitemapUrls(base);
  log(`  ${urls.length.toLocaleString("en")} sitemap URLs; signing owners and customers in…`);
  const owners: Actors["owners"] = [];
  // Owners of popular restaurants (their diners see each edit), one branch dish each.
  for (const r of d.popular.slice(0, 40)) {
    if (owners.length >= 6) break;
    const branch = r.branches[0];
    if (!branch) continue;
    const [item] = await query<{ id: string }>(
      `select id from menu_item where "branchId" = $1 and "generalItemId" is not null and sizes = '[]' order by id limit 1`,
      [branch.id],
    );
    if (!item) continue;
    owners.push({
      client: await signIn(base, r.email),
      urlName: r.urlName,
      branchUrl: branch.branchUrl,
      itemId: item.id,
      soldOut: false,
    });
  }
  const writerCount = Math.max(1, Math.min(20, Math.ceil(options.reviewsPerSecond * 2)));
  const writers: Actors["writers"] = [];
  for (let i = 0; i < writerCount; i++) {
    writers.push({ client: await signIn(base, `customer${i}@${BENCH_EMAIL_DOMAIN}`), reviewed: new Set() });
  }
  return {
    base,
    diners: d,
    crawl: { urls, state: { cursor: 0 } },
    owners,
    editTurn: 0,
    writers,
    changes: { byRestaurant: new Map(), all: [] },
    appPids: apps.map((app) => app.pid),
    nginxPids,
    renders,
  };
}

const noPids = (): number[] => [];

/**
 * The page cache's file on disk (ADR 0034 §5) after a prefill, kept beside the cached
 * database for the next run of the same build and configuration (a prefill renders tens
 * of thousands of pages). Taken before any write, so every key in it names the copy's
 * content as the run starts; another build's keys are never read, and its files go.
 * Copied into `dataDir` now when there is one.
 */
function pagesSnapshot(datasetDir: string, processes: number, coverage: number, dataDir: string) {
  const build = createHash("sha1")
    .update(fs.readFileSync(path.join(REPO_ROOT, "build", "server", "index.js")))
    .digest("hex")
    .slice(0, 12);
  const prefix = `${path.basename(datasetDir)}-pages-`;
  const name = `${prefix}${processes}p-${coverage}-${build}`;
  const folder = path.dirname(datasetDir);
  for (const file of fs.readdirSync(folder)) {
    if (file.startsWith(prefix) && !file.includes(build)) fs.rmSync(path.join(folder, file), { force: true });
  }
  const snapshot = path.join(folder, `${name}.db`);
  const live = diskPageStoreFile(dataDir);
  const found = coverage > 0 && fs.existsSync(snapshot);
  if (found) {
    for (const suffix of ["", "-wal"]) {
      if (fs.existsSync(`${snapshot}${suffix}`)) fs.copyFileSync(`${snapshot}${suffix}`, `${live}${suffix}`);
    }
  }
  return {
    found,
    // The app holds the file open; nothing writes it between the prefill and this copy.
    save() {
      for (const suffix of ["", "-wal"]) {
        if (fs.existsSync(`${live}${suffix}`)) fs.copyFileSync(`${live}${suffix}`, `${snapshot}${suffix}`);
      }
    },
  };
}

async function runConfig(
  processes: number,
  options: TrafficOptions,
): Promise<ConfigResult | { processes: number; skipped: string }> {
  const cluster = createCluster(`traffic ${processes}p`);
  const renders: Render[] = [];
  const onStdoutLine = (line: string) => {
    const r = renderOf(line);
    if (r) renders.push(r);
  };
  const appEnv = { AUTH_SECRET: BENCH_AUTH_SECRET, LOG_LEVEL: "info", PAGE_CACHE: "on" };
  try {
    let base: string;
    let apps: AppServer[];
    let query: Query;
    let closeQuery: () => unknown;
    let database: string;
    let nginxPids = noPids;
    let pages: ReturnType<typeof pagesSnapshot>;
    if (processes === 1) {
      const { target } = await ensureDatabase("sqlite", options.size, DEFAULT_PG);
      const dataDir = makeDataDir();
      cluster.onCleanUp("the database copy", () => removeDataDir(dataDir));
      log(`  copying the ${options.size.toLocaleString("en")}-restaurant SQLite database…`);
      fs.cpSync(target.dataDir, dataDir, { recursive: true });
      const port = await freePort();
      sqliteCodesUnder(path.join(dataDir, "foodverse.db"), `http://127.0.0.1:${port}`);
      pages = pagesSnapshot(target.dataDir, processes, options.prefill, dataDir);
      const q = sqliteQuery(path.join(dataDir, "foodverse.db"));
      query = q.query;
      closeQuery = q.close;
      const started = Date.now();
      const app = await startApp({ dataDir, port, env: appEnv, onStdoutLine, readyWithinMs: 60_000 });
      log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      cluster.onCleanUp("the app", () => app.stop());
      apps = [app];
      base = app.url;
      database = "SQLite";
    } else {
      const pgBase = process.env.BENCH_PG_URL ?? DEFAULT_PG;
      const redisUrl = process.env.BENCH_REDIS_URL ?? DEFAULT_REDIS;
      if (!fs.existsSync(NGINX)) return { processes, skipped: `nginx is not installed (${NGINX})` };
      if (!(await redisAnswers(redisUrl))) return { processes, skipped: `no Redis at ${redisUrl}` };
      const { target } = await ensureDatabase("postgres", options.size, pgBase);
      fs.rmSync(target.dataDir, { recursive: true, force: true });
      const copy = `foodverse_traffic_${options.size}`;
      log(`  copying the ${options.size.toLocaleString("en")}-restaurant PostgreSQL database…`);
      await pgAdmin(pgBase, `drop database if exists ${copy} with (force)`);
      await pgAdmin(pgBase, `create database ${copy} template ${pgName(options.size)} strategy file_copy`);
      cluster.onCleanUp("the database copy", () =>
        pgAdmin(pgBase, `drop database if exists ${copy} with (force)`),
      );
      const q = await pgQuery(pgUrl(pgBase, copy));
      query = q.query;
      closeQuery = q.close;
      const s3 = await startS3Server("foodverse-traffic");
      cluster.onCleanUp("s3rver", () => s3.close());
      const nginxPort = await freePort();
      base = `http://127.0.0.1:${nginxPort}`;
      await pgCodesUnder(pgUrl(pgBase, copy), base);
      const shared = {
        ...appEnv,
        DATABASE_URL: pgUrl(pgBase, copy),
        REDIS_URL: redisUrl,
        ...s3Env(s3.settings),
        PUBLIC_URL: base,
        TRUST_PROXY: "on",
      };
      apps = [];
      // One installation's two processes on a host: one data folder, so one page file on disk (ADR 0034 §5).
      const dataDir = makeDataDir();
      cluster.onCleanUp("the data folder", () => removeDataDir(dataDir));
      pages = pagesSnapshot(target.dataDir, processes, options.prefill, dataDir);
      for (const name of ["A", "B"]) {
        const app = await startApp({ dataDir, env: shared, keepDatabaseUrl: true, onStdoutLine });
        cluster.onCleanUp(`process ${name}`, () => app.stop());
        apps.push(app);
      }
      await startNginx(
        cluster,
        nginxPort,
        apps.map((app) => app.port),
      );
      nginxPids = () =>
        childrenOf(process.pid)
          .filter((pid) => commOf(pid) === "nginx")
          .flatMap((master) => [master, ...childrenOf(master)]);
      database = "PostgreSQL + Redis + S3, behind nginx";
    }
    const label = `${processes} process${processes > 1 ? "es" : ""}, ${database}`;
    log(`${label}: on ${base}`);
    const catalog = await readCatalog(query);
    const actors = await prepareActors(base, catalog, query, apps, nginxPids, renders, options);
    await closeQuery();
    log(
      `  ${catalog.length.toLocaleString("en")} approved restaurants, ${actors.owners.length} owners, ${actors.writers.length} customers`,
    );
    let prefilled: ConfigResult["prefilled"] = null;
    if (options.prefill > 0) {
      log(
        `  the pages of ${(options.prefill * 100).toFixed(0)} % of diners' reads, once${pages.found ? " (the disk file of the last run of this build)" : ""}…`,
      );
      prefilled = { ...(await prefill(base, actors.diners, options.prefill, 4)), fromSnapshot: pages.found };
      log(
        `    ${prefilled.pages.toLocaleString("en")} pages, ${prefilled.rendered.toLocaleString("en")} rendered, in ${prefilled.seconds.toFixed(0)} s`,
      );
      // Before any write of the run: the content versions in its keys are the pristine copy's.
      if (!pages.found) pages.save();
    }
    if (options.warmup > 0) {
      log(`  warming the cache: diners at ${options.rate} a second for ${options.warmup} s…`);
      await runDiners(base, actors.diners, options.warmup, {
        rate: options.rate,
        connections: options.connections,
      });
      renders.length = 0;
    }
    const top = actors.diners.popular.find((r) => r.branches.length > 0)!;
    const topPage = `${base}${branchPath(top.urlName, top.branches[0]!.branchUrl)}`;
    const rounds: ConfigResult["rounds"] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const phases: PhaseResult[] = [];
      for (const name of ["traffic", "readers", "writes"] as const) {
        log(`  round ${round}/${options.rounds}: ${name} (${options.seconds} s)…`);
        const result = await phase(actors, name, options);
        phases.push(result);
        log(`    ${describe(result)}`);
      }
      const raw = await rawBaseline(
        topPage,
        Math.max(2, Math.round(options.seconds / 3)),
        options.connections,
      );
      log(
        `    raw node:http: ${Math.round(raw.requestsPerSecond)} req/s, ${(raw.msPerRequest * 1000).toFixed(0)} µs CPU a request`,
      );
      const rss = apps.map((app) => ({ pid: app.pid, ...readRss(app.pid) }));
      rounds.push({ phases, raw, rss });
      for (const app of apps) {
        const ended = app.ended();
        if (ended) throw new Error(`app process ${app.pid} ended (${ended}):\n${app.output()}`);
      }
    }
    return {
      processes,
      label,
      database,
      rounds,
      sitemapUrls: actors.crawl.urls.length,
      crawled: actors.crawl.state.cursor,
      prefilled,
    };
  } finally {
    await cluster.cleanUp();
  }
}

function describe(r: PhaseResult): string {
  const parts = [
    `diners ${Math.round(r.diners.requestsPerSecond)} req/s, p50 ${r.diners.p50Ms} ms, p99 ${r.diners.p99Ms} ms, ${(r.diners.withoutRender * 100).toFixed(1)} % without a render ${JSON.stringify(r.diners.outcomes)}`,
    `renders ${r.renders.perSecond.toFixed(0)}/s ${JSON.stringify(r.renders.byWho)}, ${r.renders.perPageVersion.toFixed(2)} per page version`,
    `CPU ${(r.cpu.appMsPerRequest * 1000).toFixed(0)} µs a request`,
  ];
  if (r.crawler)
    parts.push(
      `crawler ${r.crawler.requests} (behind ${r.crawler.behind}, p99 ${r.crawler.p99Ms.toFixed(0)} ms)`,
    );
  if (r.edits) parts.push(`edits ${r.edits.done} (${r.edits.failed} failed)`);
  if (r.reviews)
    parts.push(
      `reviews ${r.reviews.done} (${r.reviews.failed} failed, p99 ${r.reviews.p99Ms.toFixed(0)} ms)`,
    );
  parts.push(`statuses ${JSON.stringify(r.diners.statuses)}`);
  if (r.diners.failures) parts.push(`diner failures ${r.diners.failures} (not sent ${r.diners.notSent})`);
  return parts.join("; ");
}

// ---------- the report ----------

export interface TrafficReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAverage: number[] };
  options: TrafficOptions;
  mix: typeof MIX & { pageNumbers: number[]; urdu: number; zipfS: number };
  goals: typeof GOALS;
  configs: (ConfigResult | { processes: number; skipped: string })[];
}

interface Spread {
  median: number;
  min: number;
  max: number;
}
const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

function show(s: Spread, format: (n: number) => string) {
  return s.min === s.max ? format(s.median) : `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
}
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const us = (n: number) => `${(n * 1000).toFixed(0)} µs`;
const perSecond = (n: number) => `${Math.round(n).toLocaleString("en")}/s`;
const mb = (n: number) => `${(n / 1_000_000).toFixed(0)} MB`;
const times = (n: number) => `${n.toFixed(2)}×`;

/** The figures of a report in run.ts's shape: medians of the rounds, lowest–highest in brackets. */
export function trafficFigures(report: TrafficReport): Figure[] {
  const part = "traffic";
  const figures: Figure[] = [];
  const o = report.options;
  for (const config of report.configs) {
    if ("skipped" in config) {
      figures.push({ part, measure: `${config.processes} processes`, value: `skipped: ${config.skipped}` });
      continue;
    }
    const tag = config.processes === 1 ? "1 process" : `${config.processes} processes + nginx`;
    const of = (name: PhaseResult["phase"]) =>
      config.rounds.map((r) => r.phases.find((p) => p.phase === name)!);
    const traffic = of("traffic");
    const readers = of("readers");
    const writes = of("writes");
    const raw = config.rounds.map((r) => r.raw);
    const rawUs = spread(raw.map((r) => r.msPerRequest));
    const viaNginx = config.processes > 1;
    figures.push(
      {
        part,
        measure: `${tag}: diners served without a render, ${o.rate.toLocaleString("en")} req/s offered, crawler ${o.crawlRate}/s, ${o.editsPerMinute} edits/min (${config.database})`,
        value: show(spread(traffic.map((p) => p.diners.withoutRender)), pct),
        ratio: `renders ${show(spread(traffic.map((p) => p.renders.perSecond)), perSecond)} (diners ${show(spread(traffic.map((p) => (p.renders.byWho.diner ?? 0) / p.seconds)), perSecond)}, crawler ${show(spread(traffic.map((p) => (p.renders.byWho.crawler ?? 0) / p.seconds)), perSecond)})`,
        budget: `≥ ${pct(GOALS.withoutRender)}`,
        ok: median(traffic.map((p) => p.diners.withoutRender)) >= GOALS.withoutRender,
      },
      {
        part,
        measure: `${tag}: diners' p99 (p50) at ${o.rate.toLocaleString("en")} req/s offered, crawler and owners on`,
        value: `${show(spread(traffic.map((p) => p.diners.p99Ms)), ms)} (${show(spread(traffic.map((p) => p.diners.p50Ms)), ms)})`,
        ratio: `served ${show(spread(traffic.map((p) => p.diners.requestsPerSecond)), perSecond)}; failed or not sent ${traffic.reduce((n, p) => n + p.diners.failures, 0)}; crawler p99 ${ms(median(traffic.map((p) => p.crawler?.p99Ms ?? 0)))}`,
        budget: viaNginx ? `p99 ≤ ${GOALS.p99Ms} ms` : undefined,
        ok: viaNginx ? median(traffic.map((p) => p.diners.p99Ms)) <= GOALS.p99Ms : undefined,
      },
      {
        part,
        measure: `${tag}: renders per page version (the same URL rendered again with nothing changed, across processes)`,
        value: show(spread(traffic.map((p) => p.renders.perPageVersion)), times),
        ratio: `with reviews: ${show(spread(writes.map((p) => p.renders.perPageVersion)), times)}; most of one version ${Math.max(...traffic.concat(writes).map((p) => p.renders.mostOfOneVersion))}`,
        budget: "1.00× (once per change)",
        ok: median(traffic.map((p) => p.renders.perPageVersion)) <= GOALS.rendersPerVersion + 0.005,
      },
      {
        part,
        measure: `${tag}: server CPU a request, traffic phase (raw node:http beside it)`,
        value: show(spread(traffic.map((p) => p.cpu.appMsPerRequest)), us),
        ratio: `raw ${show(rawUs, us)}: ${times(median(traffic.map((p) => p.cpu.appMsPerRequest)) / rawUs.median)} raw${viaNginx ? `; nginx ${us(median(traffic.map((p) => p.cpu.nginxMsPerRequest ?? 0)))}` : ""}`,
      },
      {
        part,
        measure: `${tag}: readers alone, ${o.connections} connections`,
        value: show(spread(readers.map((p) => p.diners.requestsPerSecond)), perSecond),
        ratio: `${show(spread(readers.map((p) => p.cpu.appMsPerRequest)), us)} CPU a request (raw ${us(rawUs.median)}, ${Math.round(median(raw.map((r) => r.requestsPerSecond))).toLocaleString("en")}/s); p99 ${ms(median(readers.map((p) => p.diners.p99Ms)))}; ${pct(median(readers.map((p) => p.diners.withoutRender)))} without a render`,
      },
      {
        part,
        measure: `${tag}: readers with ${o.reviewsPerSecond} review posts/s, share of their throughput alone`,
        value: show(
          spread(
            config.rounds.map(
              (_, i) =>
                writes[i]!.diners.requestsPerSecond / Math.max(1, readers[i]!.diners.requestsPerSecond),
            ),
          ),
          times,
        ),
        ratio: `${show(spread(writes.map((p) => p.diners.requestsPerSecond)), perSecond)}, p99 ${ms(median(writes.map((p) => p.diners.p99Ms)))}; ${pct(median(writes.map((p) => p.diners.withoutRender)))} without a render; posts ${median(writes.map((p) => p.reviews?.done ?? 0))} a round (p99 ${ms(median(writes.map((p) => p.reviews?.p99Ms ?? 0)))}, failed ${writes.reduce((n, p) => n + (p.reviews?.failed ?? 0), 0)})`,
        budget: `≥ ${GOALS.readersKept}×`,
        ok:
          median(
            config.rounds.map(
              (_, i) =>
                writes[i]!.diners.requestsPerSecond / Math.max(1, readers[i]!.diners.requestsPerSecond),
            ),
          ) >= GOALS.readersKept,
      },
    );
    if (config.prefilled) {
      const p = config.prefilled;
      figures.push({
        part,
        measure: `${tag}: before the rounds, the pages of ${pct(o.prefill)} of diners' reads fetched once (a site that has run a while)`,
        value: `${p.pages.toLocaleString("en")} pages`,
        ratio: `${p.rendered.toLocaleString("en")} rendered in ${p.seconds.toFixed(0)} s${p.fromSnapshot ? " (the rest from the disk file of the last run of this build)" : ""}`,
      });
    }
    const last = config.rounds.at(-1)!;
    const rssEnd = spread(config.rounds.map((r) => Math.max(...r.rss.map((x) => x.rssBytes))));
    figures.push({
      part,
      measure: `${tag}: RSS per process at the end of a round (the largest process)`,
      value: show(rssEnd, mb),
      ratio: `last round ${last.rss.map((x) => `${mb(x.rssBytes)} (own ${mb(x.anonBytes)}, files ${mb(x.fileBytes)}, shared ${mb(x.shmemBytes)})`).join(", ")}; peak ${last.rss.map((x) => mb(x.peakBytes)).join(", ")}`,
      budget: `≤ ${mb(GOALS.rssBytes)}`,
      ok: Math.max(...last.rss.map((x) => x.rssBytes)) <= GOALS.rssBytes,
    });
  }
  return figures;
}

export async function runTraffic(options: TrafficOptions): Promise<TrafficReport> {
  ensureBuild();
  const configs: TrafficReport["configs"] = [];
  const loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)));
  for (const processes of options.processes) {
    try {
      configs.push(await runConfig(processes, options));
    } catch (error) {
      log(
        `${processes} process(es) failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      configs.push({ processes, skipped: `failed: ${String(error).split("\n")[0]}` });
    }
  }
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: loadAverage.concat(os.loadavg().map((n) => Number(n.toFixed(2)))),
    },
    options,
    mix: { ...MIX, pageNumbers: PAGE_NUMBER_SHARES, urdu: URDU_SHARE, zipfS: 1 },
    goals: GOALS,
    configs,
  };
}

export const TRAFFIC_REPORT = path.join(REPO_ROOT, "reports", "bench-traffic.json");

if (import.meta.main) {
  const { values } = parseArgs({ options: TRAFFIC_FLAGS });
  const options = trafficOptions(values);
  const started = Date.now();
  const report = await runTraffic(options);
  console.log(
    `\nTRAFFIC: ${options.size.toLocaleString("en")} restaurants, ${options.rounds} round(s) of ${options.seconds} s a phase; median (lowest–highest); ${report.machine.cpus} × ${report.machine.cpuModel}, load average ${report.machine.loadAverage.slice(0, 1)} at the start, ${report.machine.loadAverage[3]} at the end\n`,
  );
  console.log(figuresTable(trafficFigures(report)));
  fs.mkdirSync(path.dirname(TRAFFIC_REPORT), { recursive: true });
  fs.writeFileSync(TRAFFIC_REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nWrote ${path.relative(REPO_ROOT, TRAFFIC_REPORT)} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(report.configs.some((c) => "skipped" in c && c.skipped.startsWith("failed")) ? 1 : 0);
}
