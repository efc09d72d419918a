// `npm run test:chaos` (docs/operations.md): two app processes from the production build behind
// nginx (the documented config) on PostgreSQL, Redis and an S3 server, each reached
// through a TCP proxy the test can cut, as a restart or a network fault would. Under
// load (readers and review writers through nginx) it takes each dependency away in
// turn and SIGKILLs a process, and checks: no process ends, no acknowledged review is
// lost, readers see a kept page or the app's 503 with Retry-After (never a 500 or
// nginx's 502), and service is back within 2 s of the dependency. It prints the time
// each took to recover. Exits 1 when a check fails, 2 when something it needs is missing.
//   npm run test:chaos [-- --outage 5 --readers 16 --writers 8]
//   SCALE_OUT_PG_URL=postgres://postgres@127.0.0.1:5432  REDIS_URL=redis://127.0.0.1:6379
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { createClient } from "redis";
import { ensureBuild, freePort, type AppServer } from "../../bench/lib/app-server.ts";
import { createFixture, signUpCustomer } from "../../bench/lib/fixture.ts";
import { FormClient } from "../../bench/lib/form-client.ts";
import { toSlug } from "../../app/lib/slug.ts";
import {
  createCluster,
  NGINX,
  pgAdmin,
  pgUrl,
  redisAnswers,
  s3Env,
  sleep,
  startNginx,
  startProcess,
} from "../setup/cluster.ts";
import { postedToBranch } from "../setup/review-posted.ts";
import { startS3Server } from "../setup/s3-server.ts";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy.ts";

const { values } = parseArgs({
  options: {
    outage: { type: "string", default: "5" },
    readers: { type: "string", default: "16" },
    writers: { type: "string", default: "8" },
  },
});
const OUTAGE_MS = Number(values.outage) * 1000;
const READERS = Number(values.readers);
const WRITERS = Number(values.writers);
/** docs/operations.md: "service resumes within 2 s of the database returning". */
const RECOVERY_BUDGET_MS = 2000;
/** Steady load before and after each outage. */
const CALM_MS = 3000;

const PG_BASE = process.env.SCALE_OUT_PG_URL || "postgres://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const DATABASE = "foodverse_chaos";
/** A Redis database of its own, emptied first: limits counted by an earlier run must not refuse this one's sign-ups. */
const REDIS_DB = 7;
const BUCKET = "foodverse-chaos";

const cluster = createCluster("chaos");
const { log } = cluster;
let failed = false;
const check = (ok: boolean, what: string) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A proxy in front of host:port of `url`, cleaned up with the cluster. */
async function proxyFor(url: string, what: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(url);
  const proxy = await startTcpProxy({ host: hostname || "127.0.0.1", port: Number(port) });
  cluster.onCleanUp(`${what}'s proxy`, () => proxy.close());
  return proxy;
}

function through(url: string, proxy: TcpProxy): string {
  const moved = new URL(url);
  moved.hostname = "127.0.0.1";
  moved.port = String(proxy.port);
  return moved.toString().replace(/\/$/, "");
}

// ---- what every request saw, by phase ----
interface Outcome {
  at: number;
  status: number;
  retryAfter: boolean;
  what: string;
}
const reads: Outcome[] = [];
const writes: (Outcome & { acknowledged: boolean })[] = [];
let phase = "warm-up";
const phaseOf = new Map<Outcome, string>();

/** How long after `since` until `ready()` holds, polled every 50 ms (null past 20 s). */
const recovery = async (since: number, ready: () => Promise<boolean>): Promise<number | null> => {
  while (Date.now() - since < 20_000) {
    if (await ready().catch(() => false)) return Date.now() - since;
    await sleep(50);
  }
  return null;
};
const readyz = async (app: AppServer) =>
  (await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.json())) as {
    database: string;
    redis: string;
  };
if (!fs.existsSync(NGINX)) cluster.missing(`nginx is not installed (${NGINX}): apt-get install -y nginx`);
try {
  await pgAdmin(PG_BASE, "select 1");
} catch (error) {
  cluster.missing(`no PostgreSQL server at ${PG_BASE} (set SCALE_OUT_PG_URL): ${String(error)}`);
}
if (!(await redisAnswers(REDIS_URL))) cluster.missing(`no Redis at ${REDIS_URL} (set REDIS_URL)`);

const processes: AppServer[] = [];
const started = performance.now();
try {
  ensureBuild();
  await pgAdmin(PG_BASE, `drop database if exists ${DATABASE} with (force)`);
  await pgAdmin(PG_BASE, `create database ${DATABASE}`);
  cluster.onCleanUp("the database", () =>
    pgAdmin(PG_BASE, `drop database if exists ${DATABASE} with (force)`),
  );
  const redis = createClient({ url: REDIS_URL, database: REDIS_DB });
  await redis.connect();
  await redis.flushDb();
  await redis.close();
  const s3 = await startS3Server(BUCKET);
  cluster.onCleanUp("the S3 server", () => s3.close());

  const pgProxy = await proxyFor(PG_BASE, "PostgreSQL");
  const redisProxy = await proxyFor(REDIS_URL, "Redis");
  const s3Proxy = await proxyFor(s3.settings.endpoint, "S3");
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: pgUrl(through(PG_BASE, pgProxy), DATABASE),
    REDIS_URL: `${through(REDIS_URL, redisProxy)}/${REDIS_DB}`,
    ...s3Env(s3.settings, through(s3.settings.endpoint, s3Proxy)),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "on",
    NODE_ENV: "production",
    APPROVAL_MODE: "auto",
    // The outage and recovery lines are warnings: kept, to show when a check fails.
    LOG_LEVEL: "warn",
  };
  const a = await startProcess(cluster, "A", env);
  const b = await startProcess(cluster, "B", env);
  processes.push(a, b);
  const nginx = await startNginx(cluster, nginxPort, [a.port, b.port]);
  log(`A :${a.port}, B :${b.port}, nginx ${nginx.url}; PostgreSQL, Redis and S3 each behind a proxy`);

  // ---- the restaurant, its branches, and writers ----
  const fixture = await createFixture(publicUrl);
  const owner = new FormClient(publicUrl);
  await owner.post("/login", { email: "bench-owner@example.com", password: "bench-owner-pass-1" });
  const branches: string[] = [];
  for (let n = 1; n <= 60; n++) {
    await owner.post("/profile/restaurant/addbranch", {
      branchName: `Chaos ${n}`,
      provinceLabel: "Punjab",
      cityLabel: "Lahore",
      areaLabel: "Gulberg",
      address: `Main Boulevard ${n}`,
      contact: "042-1234567",
    });
    branches.push(toSlug(`Chaos ${n}`));
  }
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, (_, w) => signUpCustomer(publicUrl, 3000 + w)),
  );
  const menu = await fetch(`${publicUrl}${fixture.paths.menu}`).then((r) => r.text());
  const picture = /\/media\/img\/[0-9a-f]+\/\d+\.webp/.exec(menu)?.[0];
  if (!picture) throw new Error("no picture on the menu page");
  const pages = [
    fixture.paths.home,
    fixture.paths.listing,
    fixture.paths.restaurant,
    fixture.paths.menu,
    fixture.paths.branch,
    fixture.paths.item,
    `/ur${fixture.paths.menu}`,
  ];
  // Warm every page in both processes' caches (nginx alternates between them).
  for (let i = 0; i < 4; i++)
    for (const page of pages) await fetch(`${publicUrl}${page}`).then((r) => r.text());
  log(
    `fixture, ${branches.length} branches and ${WRITERS} writers made (${seconds(performance.now() - started)})`,
  );

  // ---- the load: readers of pages and a picture, writers of reviews ----
  const load = { running: true };
  const record = (list: Outcome[], outcome: Outcome) => {
    list.push(outcome);
    phaseOf.set(outcome, phase);
  };
  const readerLoops = Array.from({ length: READERS }, async (_, r) => {
    for (let i = r; load.running; i++) {
      const path = i % 8 === 7 ? picture : pages[i % pages.length]!;
      let status = 0;
      let retryAfter = false;
      try {
        const response = await fetch(`${publicUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
        retryAfter = response.headers.has("retry-after");
      } catch {
        status = 0;
      }
      record(reads, { at: Date.now(), status, retryAfter, what: path });
      await sleep(20);
    }
  });
  // A diner whose post got no answer sends it again, as nginx's and the app's pages say is
  // safe: the same form (its token, ADR 0032) until it is acknowledged. Each review text must
  // then be stored exactly once.
  const resent = { posts: 0, reviews: 0 };
  const writerLoops = writers.map(async (writer, w) => {
    for (let n = 0; load.running && n < branches.length; n++) {
      const branch = branches[n]!;
      const path = `/profile/customer/addreview/${fixture.urlName}/${branch}`;
      const text = `Chaos review w${w} b${n}: the karahi was good.`;
      let token: string | undefined;
      for (let attempt = 0; attempt < 20 && !(attempt > 0 && !load.running); attempt++) {
        if (attempt === 1) resent.reviews++;
        if (attempt > 0) resent.posts++;
        let status = 303;
        let acknowledged = false;
        try {
          if (!token) {
            const form = await writer.get(path);
            token = /name="submission" value="([^"]+)"/.exec(form.text)?.[1];
            if (!token) throw new Error(`GET ${path} answered ${form.status}`);
          }
          const location = await writer.post(
            path,
            { rating: String(1 + ((w + n) % 5)), review: text, submission: token },
            { multipart: true },
          );
          acknowledged = postedToBranch(location, branch);
        } catch (error) {
          status = Number(/answered (\d+)/.exec(String(error))?.[1] ?? 0);
        }
        const outcome = { at: Date.now(), status, retryAfter: status === 503, what: text, acknowledged };
        writes.push(outcome);
        phaseOf.set(outcome, phase);
        await sleep(1000);
        if (acknowledged) break;
      }
    }
  });

  /** A page that needs the database (a signed-in reader's, never kept) answers 200 through nginx. */
  const probeWriter = writers[0]!;
  const databaseServes = async () =>
    (await probeWriter.get("/profile/customer")).status === 200 &&
    (await readyz(a)).database === "up" &&
    (await readyz(b)).database === "up";
  const recoveries: Record<string, number | null> = {};

  const outage = async (
    name: string,
    cut: () => Promise<void>,
    restore: () => Promise<void>,
    back: () => Promise<boolean>,
    awayMs = OUTAGE_MS,
  ) => {
    phase = `${name}: before`;
    await sleep(CALM_MS);
    phase = `${name}: during`;
    log(awayMs ? `${name}: away for ${seconds(awayMs)}` : name);
    await cut();
    await sleep(awayMs);
    await restore();
    const restored = Date.now();
    phase = `${name}: recovering`;
    recoveries[name] = await recovery(restored, back);
    log(
      `${name}: back; service resumed ${recoveries[name] === null ? "NEVER" : `after ${seconds(recoveries[name]!)}`}`,
    );
    phase = `${name}: after`;
    await sleep(CALM_MS);
  };

  const loadStart = Date.now();
  await outage(
    "PostgreSQL restart",
    () => pgProxy.down(),
    () => pgProxy.up(),
    databaseServes,
  );
  await outage(
    "PostgreSQL connections terminated",
    async () => {
      // pg_terminate_backend of every connection to the app's database (57P01), as a failover does.
      const admin = new pg.Client({ connectionString: pgUrl(PG_BASE, "postgres") });
      await admin.connect();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
        DATABASE,
      ]);
      await admin.end();
    },
    async () => {},
    databaseServes,
    0,
  );
  await outage(
    "Redis restart",
    () => redisProxy.down(),
    () => redisProxy.up(),
    async () => {
      const [x, y] = await Promise.all([readyz(a), readyz(b)]);
      return x.redis === "up" && y.redis === "up";
    },
  );
  await outage(
    "S3 restart",
    () => s3Proxy.down(),
    () => s3Proxy.up(),
    async () => {
      const response = await fetch(`${publicUrl}${picture}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return response.status === 200;
    },
  );

  // A process killed under load, and started again by its supervisor (here: the test).
  phase = "process killed: before";
  await sleep(CALM_MS);
  phase = "process killed: during";
  process.kill(a.pid, "SIGKILL");
  const killedAt = Date.now();
  log(`SIGKILL A (pid ${a.pid}); started again at once, as a supervisor would`);
  const a2 = await startProcess(cluster, "A again", env, { port: a.port });
  processes.push(a2);
  recoveries["process killed (to ready again)"] = Date.now() - killedAt;
  phase = "process killed: after";
  await sleep(CALM_MS);
  load.running = false;
  await Promise.all([...readerLoops, ...writerLoops]);
  log(
    `load: ${reads.length} reads and ${writes.length} review posts in ${seconds(Date.now() - loadStart)} ` +
      `(${READERS} readers, ${WRITERS} writers)`,
  );

  // ---- checks ----
  const ended = [b, a2].filter((app) => app.ended() !== null).map((app) => app.ended());
  check(
    ended.length === 0 && a.ended() === "SIGKILL",
    `crashes: ${ended.length} (A ended by the test's SIGKILL only)`,
  );

  const byPhase = new Map<string, Map<string, number>>();
  for (const outcome of [...reads, ...writes]) {
    const key = phaseOf.get(outcome)!;
    const counts = byPhase.get(key) ?? new Map<string, number>();
    const label = `${reads.includes(outcome) ? "read" : "write"} ${outcome.status}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
    byPhase.set(key, counts);
  }
  for (const [key, counts] of byPhase)
    log(`  ${key}: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(", ")}`);

  // What a reader may see: a page (200), or the app's 503 with Retry-After while the
  // database is away or the picture's store is; never a 500, nginx's 502/504 or no answer.
  const badReads = reads.filter((r) => {
    if (r.status === 200) return false;
    const during = /during|recovering/.test(phaseOf.get(r)!);
    return !(during && r.status === 503 && r.retryAfter);
  });
  check(
    badReads.length === 0,
    `reads that got neither a page nor a 503 with Retry-After during an outage: ${badReads.length}` +
      (badReads.length
        ? ` (${badReads
            .slice(0, 5)
            .map((r) => `${phaseOf.get(r)} ${r.status} ${r.what}`)
            .join("; ")})`
        : ""),
  );
  const pagesDuringDatabase = reads.filter(
    (r) => phaseOf.get(r) === "PostgreSQL restart: during" && r.what !== picture,
  );
  const keptServed = pagesDuringDatabase.filter((r) => r.status === 200).length;
  log(
    `     while PostgreSQL was away, ${keptServed} of ${pagesDuringDatabase.length} page reads were kept pages (200)`,
  );
  const badWrites = writes.filter((w) => {
    if (w.acknowledged) return false;
    const during = /PostgreSQL.*(during|recovering)|process killed: during/.test(phaseOf.get(w)!);
    return !(during && (w.status === 503 || w.status === 502 || w.status === 0));
  });
  check(
    badWrites.length === 0,
    `review posts refused outside a database outage or the kill: ${badWrites.length}` +
      (badWrites.length
        ? ` (${badWrites
            .slice(0, 5)
            .map((w) => `${phaseOf.get(w)} ${w.status}`)
            .join("; ")})`
        : ""),
  );

  const db = new pg.Client({ connectionString: pgUrl(PG_BASE, DATABASE) });
  await db.connect();
  try {
    const stored = new Set(
      (
        await db.query<{ review: string }>("select review from review where review like 'Chaos review %'")
      ).rows.map((row) => row.review),
    );
    const acknowledged = writes.filter((w) => w.acknowledged);
    const lost = acknowledged.filter((w) => !stored.has(w.what));
    check(
      lost.length === 0 && acknowledged.length > 0,
      `acknowledged reviews lost: ${lost.length} of ${acknowledged.length} (${stored.size} stored)`,
    );
    const twice = (
      await db.query<{ review: string }>(
        "select review from review where review like 'Chaos review %' group by review having count(*) > 1",
      )
    ).rows;
    check(
      twice.length === 0,
      `reviews stored twice: ${twice.length} (${resent.reviews} reviews sent again after no answer or a 503, ` +
        `${resent.posts} posts resent)`,
    );
  } finally {
    await db.end();
  }
  for (const [name, ms] of Object.entries(recoveries)) {
    const budget = name.startsWith("process") ? 60_000 : RECOVERY_BUDGET_MS;
    check(
      ms !== null && ms <= budget,
      `${name}: recovered in ${ms === null ? "never" : seconds(ms)} (≤ ${seconds(budget)})`,
    );
  }
  if (failed) console.error(`[chaos] nginx's error log:\n${nginx.errors().slice(-2000)}`);
  log(`done in ${seconds(performance.now() - started)}`);
} catch (error) {
  failed = true;
  console.error(`[chaos] FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  if (failed) {
    for (const app of processes)
      console.error(`[chaos] process :${app.port}'s last output:\n${app.output().slice(-3000)}`);
  }
  await cluster.cleanUp();
}
process.exit(failed ? 1 : 0);
