// SCALE: does a page's server time follow the page, not the data?
//   npm run bench:scale                                  1,000 restaurants on SQLite (quick)
//   npm run bench:scale -- --sizes 1000,10000 --db sqlite,postgres
//   npm run bench:scale -- --clean                       drop the cached bench databases and stop
// For each database and size: a generated database (bench/generate.ts; kept between
// runs in the system's temporary folder, and one PostgreSQL database per size named
// foodverse_bench_{size}), the production build served in a child process on a free
// 127.0.0.1 port with the page cache off, and p50/p95 of the time the server takes to
// produce each public page (from the request reaching Express to the last byte
// handed to the socket), sequential requests after a warm-up. Prints a table with
// the growth factor between sizes and writes reports/bench-scale.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import express from "express";
import pg from "pg";
import type { Insertable } from "kysely";
import { dayInPakistan } from "../app/lib/dates.ts";
import type { DB } from "../app/server/db-schema.server.ts";
import { BENCH_PASSWORD, benchEnv, type GenerateSummary } from "./generate.ts";

type AppModule = typeof import("../server/index.ts");
export type BenchDb = "sqlite" | "postgres";

/** Bump when bench/generate.ts writes a different world, so cached databases are made again. */
const GENERATOR_VERSION = 5;
const ROOT = path.join(import.meta.dirname, "..");
const SELF = path.join(import.meta.dirname, "scale.ts");
const GENERATOR = path.join(import.meta.dirname, "generate.ts");
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432";

export interface PageResult {
  page: string;
  path: string;
  requests: number;
  serverP50: number;
  serverP95: number;
  clientP95: number;
  bytes: number;
  statuses: Record<string, number>;
}

export interface RunResult {
  db: BenchDb;
  size: number;
  /** The machine's 1-minute load average before and after the run (other work makes p95 noisy). */
  load: [number, number];
  generated: GenerateSummary | null;
  rows: { restaurants: number; menuItems: number; reviews: number };
  pages: PageResult[];
}

export interface ScaleReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  requests: number;
  warmup: number;
  runs: RunResult[];
  /** p95 of the larger size over p95 of the smaller one (and the same for p50). */
  growth: { page: string; db: BenchDb; from: number; to: number; factor: number; factorP50: number }[];
  budgetMs: number;
  postgresSettings: typeof PG_SETTINGS;
}

const BUDGET_MS = 30;
/**
 * The one PostgreSQL setting the bench databases get, as docs/performance.md
 * recommends for any Foodverse database on SSD or in memory: the default
 * random_page_cost (4, for spinning disks) makes the planner scan whole tables
 * instead of following an index to a city's branches' dishes.
 */
export const PG_SETTINGS = { random_page_cost: "1.1" } as const;
const PG_TUNING = (database: string) =>
  `alter database ${database} set random_page_cost = ${PG_SETTINGS.random_page_cost}`;

// ---------- cached databases ----------

function sqliteDir(size: number) {
  return path.join(os.tmpdir(), `foodverse-bench-${size}`);
}
export function pgName(size: number) {
  return `foodverse_bench_${size}`;
}
function pgMarker(size: number) {
  return path.join(os.tmpdir(), `foodverse-bench-pg-${size}.json`);
}
function pgUrl(base: string, database: string) {
  return `${base.replace(/\/+$/, "")}/${database}`;
}
const MARKER = "bench.json";

interface Marker {
  size: number;
  version: number;
  summary: GenerateSummary;
}

function readMarker(file: string, size: number): Marker | null {
  try {
    const marker = JSON.parse(fs.readFileSync(file, "utf8")) as Marker;
    return marker.size === size && marker.version === GENERATOR_VERSION ? marker : null;
  } catch {
    return null;
  }
}

/** Runs against the maintenance database only to create or drop foodverse_bench_* databases. */
async function pgAdmin(base: string, statement: string) {
  const client = new pg.Client({ connectionString: pgUrl(base, "postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function pgRestaurantCount(base: string, size: number): Promise<number | null> {
  const client = new pg.Client({ connectionString: pgUrl(base, pgName(size)) });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>("select count(*) as n from restaurant");
    return Number(rows[0]?.n ?? 0);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function runChild(
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
  onLine: (line: string) => void,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const results: string[] = [];
    let buffer = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith("RESULT ") || line.startsWith("SUMMARY ")) results.push(line);
        else onLine(line);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
      if (errors.length > 20_000) errors = errors.slice(-10_000);
    });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`${path.basename(args[0] ?? "")} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(results);
      else reject(new Error(`${path.basename(args[0] ?? "")} exited with ${code}:\n${errors.slice(-4000)}`));
    });
  });
}

async function generateInto(
  size: number,
  target: { dataDir: string; databaseUrl?: string },
): Promise<GenerateSummary> {
  const results = await runChild(
    [GENERATOR, "--restaurants", String(size), "--data-dir", target.dataDir, "--json"].concat(
      target.databaseUrl ? ["--database-url", target.databaseUrl] : [],
    ),
    {},
    60 * 60 * 1000,
    (line) => console.log(`    ${line}`),
  );
  const line = results.find((l) => l.startsWith("SUMMARY "));
  if (!line) throw new Error("the generator printed no summary");
  return JSON.parse(line.slice("SUMMARY ".length)) as GenerateSummary;
}

/** The database of this size, generated unless an identical one is cached. */
export async function ensureDatabase(
  db: BenchDb,
  size: number,
  pgBase: string,
): Promise<{ target: { dataDir: string; databaseUrl?: string }; generated: GenerateSummary | null }> {
  if (db === "sqlite") {
    const dir = sqliteDir(size);
    if (readMarker(path.join(dir, MARKER), size) && fs.existsSync(path.join(dir, "foodverse.db"))) {
      return { target: { dataDir: dir }, generated: null };
    }
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`  generating ${size.toLocaleString("en")} restaurants on SQLite…`);
    const summary = await generateInto(size, { dataDir: dir });
    const marker: Marker = { size, version: GENERATOR_VERSION, summary };
    fs.writeFileSync(path.join(dir, MARKER), JSON.stringify(marker));
    return { target: { dataDir: dir }, generated: summary };
  }
  const databaseUrl = pgUrl(pgBase, pgName(size));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-bench-pg-data-"));
  if (readMarker(pgMarker(size), size) && (await pgRestaurantCount(pgBase, size)) === size) {
    await pgAdmin(pgBase, PG_TUNING(pgName(size)));
    return { target: { dataDir, databaseUrl }, generated: null };
  }
  console.log(`  generating ${size.toLocaleString("en")} restaurants on PostgreSQL (${pgName(size)})…`);
  await pgAdmin(pgBase, `drop database if exists ${pgName(size)}`);
  await pgAdmin(pgBase, `create database ${pgName(size)}`);
  await pgAdmin(pgBase, PG_TUNING(pgName(size)));
  const summary = await generateInto(size, { dataDir, databaseUrl });
  const marker: Marker = { size, version: GENERATOR_VERSION, summary };
  fs.writeFileSync(pgMarker(size), JSON.stringify(marker));
  return { target: { dataDir, databaseUrl }, generated: summary };
}

export async function cleanBenchDatabases(sizes: number[], pgBase = DEFAULT_PG) {
  for (const size of sizes) {
    fs.rmSync(sqliteDir(size), { recursive: true, force: true });
    fs.rmSync(pgMarker(size), { force: true });
    await pgAdmin(pgBase, `drop database if exists ${pgName(size)}`).catch((error: unknown) =>
      console.log(`  could not drop ${pgName(size)}: ${String(error)}`),
    );
  }
}

// ---------- the measuring child: the production build, in process, on a free port ----------

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
const ms2 = (n: number) => Math.round(n * 100) / 100;
const rotate =
  <T>(list: T[], make: (value: T) => string) =>
  (i: number) =>
    make(list[i % list.length]!);

type Services = Awaited<ReturnType<AppModule["createApp"]>>["services"];
type Timed = { status: number; bytes: number; clientMs: number; serverMs: number };
type PagePlan = {
  page: string;
  path: (i: number) => string;
  headers?: (i: number) => Record<string, string>;
};

async function measureChild(requests: number, warmup: number) {
  const { createApp } = (await import("../build/server/index.js" as string)) as AppModule;
  const { app, services } = await createApp();
  const server = await timedServer(app);
  const { rows, pages } = await pagesToMeasure(services);
  const results: PageResult[] = [];
  for (const plan of pages) results.push(await measurePage(server.get, plan, requests, warmup));
  server.close();
  await services.close();
  console.log(`RESULT ${JSON.stringify({ rows, pages: results })}`);
}

/**
 * The app behind an Express layer that times each request, on a free port, with
 * one keep-alive client. Server time: from the request reaching Express to the
 * response's last byte handed to the socket.
 */
async function timedServer(app: express.Express | express.RequestHandler) {
  let lastServerMs = 0;
  const outer = express();
  outer.disable("x-powered-by");
  outer.use((_req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      lastServerMs = Number(process.hrtime.bigint() - started) / 1e6;
    });
    next();
  });
  outer.use(app);
  const server = http.createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  function get(urlPath: string, headers: Record<string, string> = {}): Promise<Timed> {
    return new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent, headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => {
          // 'finish' on the server runs before the client sees the end of the body.
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            clientMs: Number(process.hrtime.bigint() - started) / 1e6,
            serverMs: lastServerMs,
          });
        });
      });
      req.on("error", reject);
    });
  }
  return {
    get,
    close() {
      agent.destroy();
      server.close();
    },
  };
}

/** The table sizes, and restaurants, branches and items to rotate over. */
async function sampleOf(db: Services["database"]["db"]) {
  // Pages that name a restaurant rotate over a fixed sample of approved ones, so
  // the timings are not those of one restaurant's rows kept hot in a cache.
  const sample = await db
    .selectFrom("branch")
    .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
    .select(["restaurant.id", "restaurant.urlName", "branch.branchUrl"])
    .where("restaurant.approvalStatus", "=", "approved")
    .orderBy("branch.id")
    .limit(50)
    .execute();
  const items = await db
    .selectFrom("menu_item")
    .select(["id", "urlName"])
    .where(
      "restaurantId",
      "in",
      sample.map((s) => s.id),
    )
    .where("branchId", "is", null)
    .orderBy("id")
    .limit(50)
    .execute();
  const count = async (table: "restaurant" | "menu_item" | "review") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = {
    restaurants: await count("restaurant"),
    menuItems: await count("menu_item"),
    reviews: await count("review"),
  };
  return { sample, items, rows };
}

/** The table sizes, and the pages to time with the paths each request asks for. */
async function pagesToMeasure(
  services: Services,
): Promise<{ rows: Record<string, number>; pages: PagePlan[] }> {
  const { sample, items, rows } = await sampleOf(services.database.db);
  const lastListingPage = Math.max(1, Math.ceil(rows.restaurants / 24));
  const enc = encodeURIComponent;
  const pages: PagePlan[] = [
    { page: "home", path: () => "/" },
    { page: "listing p1", path: () => "/menus" },
    { page: `listing deep (p${lastListingPage})`, path: () => `/menus?page=${lastListingPage}` },
    {
      page: "finder restaurants (filters)",
      path: () => "/search?tab=restaurants&country=Pakistan&city=Islamabad&rating=3&price=Medium",
    },
    { page: "finder restaurants (name)", path: () => "/search?tab=restaurants&q=grill" },
    { page: "finder items (top rated)", path: () => "/search?tab=items" },
    {
      page: "finder items (filters)",
      path: () => "/search?tab=items&country=Pakistan&city=Islamabad&taste=Spicy",
    },
    { page: "finder items (name)", path: () => "/search?tab=items&q=karahi" },
    { page: "finder items (Roman Urdu spelling)", path: () => "/search?tab=items&q=karhai" },
    { page: "finder items (two words)", path: () => "/search?tab=items&q=chicken%20karahi" },
    {
      page: "finder items (Urdu script)",
      path: () => `/search?tab=items&q=${encodeURIComponent("چکن کڑاہی")}`,
    },
    { page: "finder items (a typo)", path: () => "/search?tab=items&q=bitryani" },
    {
      page: "branch page",
      path: rotate(sample, (s) => `/r/${enc(s.urlName)}/branch/${enc(s.branchUrl)}`),
    },
    {
      page: "branch reviews",
      path: rotate(sample, (s) => `/r/${enc(s.urlName)}/branch/${enc(s.branchUrl)}/reviews`),
    },
    { page: "recent reviews", path: () => "/reviews" },
    { page: "restaurant reviews", path: rotate(sample, (s) => `/reviews/${enc(s.urlName)}`) },
    { page: "item page", path: rotate(items, (it) => `/r/${enc(it.urlName)}/menu/${enc(it.id)}`) },
    // The same pages in Urdu (ADR 0026).
    { page: "home (Urdu)", path: () => "/ur" },
    {
      page: "branch page (Urdu)",
      path: rotate(sample, (s) => `/ur/r/${enc(s.urlName)}/branch/${enc(s.branchUrl)}`),
    },
    { page: "finder items (Urdu page)", path: () => "/ur/search?tab=items&q=karahi" },
    // ADR 0027: an owner's insights over 90 days, with a year of daily counts.
    await insightsPlan(services, sample),
  ];
  // BENCH_ONLY=finder times only the pages whose name holds the word.
  const only = process.env.BENCH_ONLY;
  return { rows, pages: only ? pages.filter((p) => p.page.includes(only)) : pages };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The insights screen of the owners of the first restaurants of the sample, signed in.
 * Those restaurants get a year of daily counts (every page kind, branch and dish) the
 * first time, kept in the bench database: the screen reads one restaurant's rows by the
 * primary key (restaurant, day), so what other restaurants hold changes only the depth
 * of that index.
 */
async function insightsPlan(services: Services, sample: { id: string }[]): Promise<PagePlan> {
  const { db } = services.database;
  const owners = [...new Set(sample.map((s) => s.id))].slice(0, 10);
  for (const [o, restaurantId] of owners.entries()) {
    const has = await db
      .selectFrom("page_view")
      .select("day")
      .where("restaurantId", "=", restaurantId)
      .limit(1)
      .execute();
    if (has.length > 0) continue;
    const [branches, items] = await Promise.all([
      db.selectFrom("branch").select("id").where("restaurantId", "=", restaurantId).execute(),
      db
        .selectFrom("menu_item")
        .select(["id", "branchId"])
        .where("restaurantId", "=", restaurantId)
        .execute(),
    ]);
    const rows: Insertable<DB["page_view"]>[] = [];
    for (let back = 0; back < 365; back++) {
      const day = dayInPakistan(Date.now() - back * DAY_MS);
      const n = (k: number) => 1 + ((back * 7 + k * 13 + o) % 40);
      // Every column in every row: a multi-row insert sets one a row leaves out to null.
      const none = { branchId: "", itemId: "" };
      rows.push(
        { restaurantId, day, kind: "restaurant", ...none, n: n(1) },
        { restaurantId, day, kind: "menu", ...none, n: n(2) },
      );
      for (const b of branches) {
        rows.push({ restaurantId, day, kind: "scan", branchId: b.id, itemId: "", n: n(3) });
        rows.push({ restaurantId, day, kind: "branch", branchId: b.id, itemId: "", n: n(4) });
      }
      for (const [i, it] of items.entries()) {
        rows.push({
          restaurantId,
          day,
          kind: "item",
          branchId: it.branchId ?? "",
          itemId: it.id,
          n: n(5 + i),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("page_view")
        .values(rows.slice(i, i + 500))
        .execute();
  }
  const cookies: string[] = [];
  for (const restaurantId of owners) {
    const { email } = await db
      .selectFrom("restaurant")
      .select("email")
      .where("id", "=", restaurantId)
      .executeTakeFirstOrThrow();
    const signedIn = await services.auth.api.signInEmail({
      body: { email, password: BENCH_PASSWORD },
      asResponse: true,
    });
    cookies.push(
      signedIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
  }
  return {
    page: "insights (owner, 90 days)",
    path: () => "/profile/restaurant/insights?days=90",
    headers: (i) => ({ cookie: cookies[i % cookies.length]! }),
  };
}

/** `warmup` untimed requests, then `requests` timed ones, one after another. */
async function measurePage(
  get: (urlPath: string, headers?: Record<string, string>) => Promise<Timed>,
  plan: PagePlan,
  requests: number,
  warmup: number,
): Promise<PageResult> {
  const { page, path: pathOf } = plan;
  const headersOf = plan.headers ?? (() => ({}));
  for (let i = 0; i < warmup; i++) await get(pathOf(i), headersOf(i));
  const serverTimes: number[] = [];
  const client: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const r = await get(pathOf(i), headersOf(i));
    serverTimes.push(r.serverMs);
    client.push(r.clientMs);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    bytes = r.bytes;
  }
  serverTimes.sort((a, b) => a - b);
  client.sort((a, b) => a - b);
  return {
    page,
    path: pathOf(0),
    requests,
    serverP50: ms2(percentile(serverTimes, 50)),
    serverP95: ms2(percentile(serverTimes, 95)),
    clientP95: ms2(percentile(client, 95)),
    bytes,
    statuses,
  };
}

// ---------- the driver ----------

export async function runScale(options: {
  sizes: number[];
  dbs: BenchDb[];
  requests?: number;
  warmup?: number;
  pgBase?: string;
  reportFile?: string | null;
}): Promise<ScaleReport> {
  const requests = options.requests ?? 200;
  const warmup = options.warmup ?? 20;
  const pgBase = options.pgBase ?? process.env.BENCH_PG_URL ?? DEFAULT_PG;
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("No build found: run npm run build first.");
  }
  const runs: RunResult[] = [];
  for (const db of options.dbs) {
    for (const size of options.sizes) {
      console.log(`${db}, ${size.toLocaleString("en")} restaurants`);
      const { target, generated } = await ensureDatabase(db, size, pgBase);
      const loadBefore = Math.round(os.loadavg()[0]! * 100) / 100;
      try {
        const out = await runChild(
          [SELF, "--measure", "--requests", String(requests), "--warmup", String(warmup)],
          benchEnv(target),
          30 * 60 * 1000,
          (line) => console.log(`    ${line}`),
        );
        const line = out.find((l) => l.startsWith("RESULT "));
        if (!line) throw new Error("the measuring child printed no result");
        const parsed = JSON.parse(line.slice("RESULT ".length)) as Pick<RunResult, "rows" | "pages">;
        const load: [number, number] = [loadBefore, Math.round(os.loadavg()[0]! * 100) / 100];
        runs.push({ db, size, load, generated, ...parsed });
        console.log(`  (load average ${load[0]} before, ${load[1]} after)`);
        for (const p of parsed.pages) {
          const bad = Object.keys(p.statuses).filter((s) => s !== "200");
          console.log(
            `  ${p.page.padEnd(32)} p50 ${p.serverP50.toFixed(1).padStart(7)} ms  p95 ${p.serverP95.toFixed(1).padStart(7)} ms${bad.length ? `  statuses ${JSON.stringify(p.statuses)}` : ""}`,
          );
        }
      } finally {
        if (target.databaseUrl) fs.rmSync(target.dataDir, { recursive: true, force: true });
      }
    }
  }

  const growth: ScaleReport["growth"] = [];
  for (const db of options.dbs) {
    const ofDb = runs.filter((r) => r.db === db).toSorted((a, b) => a.size - b.size);
    for (let i = 1; i < ofDb.length; i++) {
      const from = ofDb[i - 1]!;
      const to = ofDb[i]!;
      for (const p of to.pages) {
        const base = from.pages.find((q) => q.page.split(" (p")[0] === p.page.split(" (p")[0]);
        if (base && base.serverP95 > 0) {
          growth.push({
            page: p.page.split(" (p")[0]!,
            db,
            from: from.size,
            to: to.size,
            factor: Math.round((p.serverP95 / base.serverP95) * 100) / 100,
            factorP50: Math.round((p.serverP50 / Math.max(0.01, base.serverP50)) * 100) / 100,
          });
        }
      }
    }
  }
  const report: ScaleReport = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    requests,
    warmup,
    runs,
    growth,
    budgetMs: BUDGET_MS,
    postgresSettings: PG_SETTINGS,
  };
  printTable(report);
  if (options.reportFile !== null) {
    const file = options.reportFile ?? path.join(ROOT, "reports", "bench-scale.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, file)}`);
  }
  return report;
}

function printTable(report: ScaleReport) {
  const columns = report.runs.map((r) => ({ run: r, label: `${r.db} ${r.size / 1000}k` }));
  const pageNames = [...new Set(report.runs.flatMap((r) => r.pages.map((p) => p.page.split(" (p")[0]!)))];
  const growthColumns = [...new Set(report.growth.map((g) => `${g.db} ×${g.to / g.from}`))];
  const header = [
    "page (p95 server ms)",
    ...columns.map((c) => c.label),
    ...growthColumns.map((g) => `growth ${g}`),
  ];
  const lines = pageNames.map((name) => {
    const cells = columns.map(({ run }) => {
      const p = run.pages.find((q) => q.page.split(" (p")[0] === name);
      if (!p) return "-";
      return `${p.serverP95.toFixed(1)}${p.serverP95 > report.budgetMs ? "!" : " "} (${p.serverP50.toFixed(1)})`;
    });
    const growthCells = growthColumns.map((g) => {
      const found = report.growth.find((x) => x.page === name && `${x.db} ×${x.to / x.from}` === g);
      return found ? `${found.factor.toFixed(2)}× (${found.factorP50.toFixed(2)}×)` : "-";
    });
    return [name, ...cells, ...growthCells];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(
    `\nSCALE: server time in ms, p95 (p50); budget ${report.budgetMs} ms at p95, "!" over it; growth = larger size / smaller`,
  );
  console.log(row(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(row(l));
  for (const r of report.runs) {
    if (r.generated) {
      console.log(
        `generated ${r.db} ${r.size}: ${r.generated.totalRows.toLocaleString("en")} rows in ${r.generated.seconds} s (${r.generated.rowsPerSecond.toLocaleString("en")} rows/s)`,
      );
    }
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000" },
      db: { type: "string", default: "sqlite" },
      requests: { type: "string", default: "200" },
      warmup: { type: "string", default: "20" },
      clean: { type: "boolean", default: false },
      "generate-only": { type: "boolean", default: false },
      measure: { type: "boolean", default: false },
    },
  });
  const requests = Number(values.requests);
  const warmup = Number(values.warmup);
  if (values.measure) {
    await measureChild(requests, warmup);
    process.exit(0);
  }
  const sizes = values.sizes.split(",").map(Number);
  const dbs = values.db.split(",") as BenchDb[];
  if (
    sizes.some((s) => !Number.isInteger(s) || s < 1) ||
    dbs.some((d) => d !== "sqlite" && d !== "postgres") ||
    !(requests > 0) ||
    !(warmup >= 0)
  ) {
    console.error(
      "Usage: npm run bench:scale -- [--sizes 1000,10000] [--db sqlite,postgres] [--requests 200] [--warmup 20] [--generate-only] [--clean]",
    );
    process.exit(2);
  }
  try {
    if (values.clean) {
      await cleanBenchDatabases(sizes);
      console.log(`Removed the cached bench databases of ${sizes.join(", ")} restaurants.`);
    } else if (values["generate-only"]) {
      const pgBase = process.env.BENCH_PG_URL ?? DEFAULT_PG;
      for (const db of dbs) {
        for (const size of sizes) {
          const { target } = await ensureDatabase(db, size, pgBase);
          if (target.databaseUrl) fs.rmSync(target.dataDir, { recursive: true, force: true });
        }
      }
    } else {
      await runScale({ sizes, dbs, requests, warmup });
    }
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
