// `npm run test:scale-out` (ADR 0014): two app processes from the
// production build share one PostgreSQL database, one Redis and one S3-compatible
// store (s3rver), behind nginx on 127.0.0.1. Checks that a session made on one
// process works on the other, an edit through one is seen through the other on the
// next request, a file uploaded through one is served by the other, and that
// SIGKILLing one under load loses no acknowledged write while nginx keeps serving
// from the other. Exits 1 when a check fails, 2 when nginx, PostgreSQL or Redis is
// missing. Everything it starts is stopped (by pid) and removed on any exit.
//   npm run test:scale-out [-- --seconds 20 --kill-after 7 --readers 50 --writers 10]
//   SCALE_OUT_PG_URL=postgres://postgres@127.0.0.1:5432  REDIS_URL=redis://127.0.0.1:6379
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { createClient } from "redis";
import sharp from "sharp";
import { ensureBuild, freePort, type AppServer } from "../../bench/lib/app-server.ts";
import { signUpCustomer } from "../../bench/lib/fixture.ts";
import { FormClient } from "../../bench/lib/form-client.ts";
import { startS3Server } from "../setup/s3-server.ts";
import {
  createCluster,
  NGINX,
  pgAdmin as clusterPgAdmin,
  pgUrl as clusterPgUrl,
  redisAnswers,
  s3Env,
  sleep,
  startNginx,
  startProcess as startClusterProcess,
} from "../setup/cluster.ts";
import { toSlug } from "../../app/lib/slug.ts";
import { postedToBranch } from "../setup/review-posted.ts";
import { videoKillResume } from "./video-kill-resume.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    "kill-after": { type: "string", default: "7" },
    readers: { type: "string", default: "50" },
    writers: { type: "string", default: "10" },
  },
});
const SECONDS = Number(values.seconds);
const KILL_AFTER_MS = Number(values["kill-after"]) * 1000;
const READERS = Number(values.readers);
const WRITERS = Number(values.writers);
// Failures at the instant of the kill are allowed (a request A was answering dies with it);
// from this long after it, every request must succeed.
const KILL_GRACE_MS = 1000;

const PG_BASE = process.env.SCALE_OUT_PG_URL || "postgres://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const DATABASE = "foodverse_scale_out";
const BUCKET = "foodverse-scale-out";

const RESTAURANT = {
  restName: "Scale Out Grill",
  urlName: "scaleoutgrill",
  email: "scale-owner@example.com",
  password: "scale-owner-pass-1",
};
const SECTION = "Scale Out Specials";
const ITEM = "Twin Process Karahi";

const cluster = createCluster("scale-out");
const { log, missing } = cluster;
const pgUrl = (database: string) => clusterPgUrl(PG_BASE, database);
const pgAdmin = (statement: string) => clusterPgAdmin(PG_BASE, statement);
const startProcess = (name: string, env: Record<string, string>) => startClusterProcess(cluster, name, env);
let failed = false;
const check = (ok: boolean, what: string) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

/** A small photo-like JPEG for an item picture (a different background per view). */
async function picture(view: number): Promise<Blob> {
  const jpeg = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 90 + view * 40, b: 40 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><ellipse cx="320" cy="240" rx="220" ry="180" fill="#f5f5f4"/><circle cx="300" cy="230" r="90" fill="#b45309"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
}

async function anonymousGet(url: string) {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function bytesOf(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const phase = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------
const started = performance.now();
// Kept out here so that a failure anywhere can show what the processes said.
const processes: AppServer[] = [];
if (!fs.existsSync(NGINX)) {
  missing(`nginx is not installed (${NGINX}): apt-get install -y nginx`);
}
try {
  await pgAdmin("select 1");
} catch (error) {
  missing(`no PostgreSQL server at ${PG_BASE} (set SCALE_OUT_PG_URL): ${String(error)}`);
}
if (!(await redisAnswers(REDIS_URL))) {
  missing(`no Redis at ${REDIS_URL} (set REDIS_URL)`);
}

try {
  ensureBuild();

  // A fresh database, dropped again at the end (FORCE: a killed process may leave sessions).
  await pgAdmin(`drop database if exists ${DATABASE} with (force)`);
  await pgAdmin(`create database ${DATABASE}`);
  cluster.onCleanUp("the database", () => pgAdmin(`drop database if exists ${DATABASE} with (force)`));

  const s3 = await startS3Server(BUCKET);
  cluster.onCleanUp("s3rver", () => s3.close());

  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const shared: Record<string, string> = {
    DATABASE_URL: pgUrl(DATABASE),
    REDIS_URL,
    ...s3Env(s3.settings),
    // Both must sign and check sessions with the same key.
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "on",
    // ADR 0027: page views flushed each second, so the check below need not wait long.
    PAGE_VIEWS_FLUSH_SECONDS: "1",
    // The test's one address reads the menu many times; (e) checks that processes add up.
    PAGE_VIEWS_PER_CLIENT: "1000000",
    NODE_ENV: "production",
    APPROVAL_MODE: "auto",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "off",
    // Every writer signs up through nginx from this one machine.
    SIGNUP_MAX_PER_IP: "1000000",
    // (a) slows an (account, address) pair down after three wrong passwords.
    LOGIN_MAX_FAILURES: "3",
  };
  // A migrates the empty database; B starts on a migrated one (as in a rolling start).
  const a = await startProcess("A", shared);
  processes.push(a);
  log(`process A on ${a.url} (pid ${a.pid}), migrated the database (${phase(started)})`);
  const b = await startProcess("B", shared);
  processes.push(b);
  log(`process B on ${b.url} (pid ${b.pid})`);
  const nginx = await startNginx(cluster, nginxPort, [a.port, b.port]);
  log(`nginx on ${nginx.url} in front of both; s3rver on ${s3.settings.endpoint} (${phase(started)})`);

  // ---- (a) a session made on A works on B ----
  // A browser talking to A directly (React Router refuses a form whose Origin is not the
  // request's own host); its cookies go to B on GETs aimed there by absolute URL.
  const owner = new FormClient(a.url);
  await owner.post("/signup/restaurantsignup", {
    restName: RESTAURANT.restName,
    restType: "Desi",
    hasDelivery: "yes",
    country: "Pakistan",
    about: "Two kitchens, one menu.",
    username: RESTAURANT.urlName,
    email: RESTAURANT.email,
    password: RESTAURANT.password,
  });
  const profileOnB = await owner.get(`${b.url}/profile/restaurant`);
  check(
    profileOnB.status === 200 && profileOnB.text.includes(RESTAURANT.restName),
    `(a) signed up on A, GET /profile/restaurant on B with the same cookies: ${profileOnB.status}` +
      `${profileOnB.text.includes(RESTAURANT.restName) ? `, shows "${RESTAURANT.restName}"` : ", name missing"}`,
  );
  const strangerOnB = await new FormClient(publicUrl).get(`${b.url}/profile/restaurant`);
  check(
    strangerOnB.status >= 300 && strangerOnB.status < 400,
    `(a) the same page on B without the cookies: ${strangerOnB.status} (sent to log in)`,
  );

  // ---- (a) a login slow-down earned through A holds on B, counted in Redis ----
  // Both processes see the guesser at the same address (this machine), so it is one pair.
  const guesser = new FormClient(a.url);
  for (let i = 0; i < 3; i++) {
    await guesser.post("/login", { email: RESTAURANT.email, password: "not-the-password" }).catch(() => "");
  }
  const lockedOnB = await new FormClient(b.url)
    .post("/login", { email: RESTAURANT.email, password: RESTAURANT.password })
    .then(
      () => "signed in",
      (error: unknown) => (error instanceof Error ? (/answered (\d+)/.exec(error.message)?.[1] ?? "?") : "?"),
    );
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  // rate-limiter-flexible's keys (ADR 0031); the pair's is removed so the owner can sign in below.
  const pairKeys = await redis.keys("fv:rl:login-pair:*");
  if (pairKeys.length > 0) await redis.del(pairKeys);
  await redis.close();
  const limitRows = new pg.Client({ connectionString: pgUrl(DATABASE) });
  await limitRows.connect();
  const { rowCount } = await limitRows.query("select 1 from rate_limit");
  await limitRows.end();
  check(
    lockedOnB === "429" && pairKeys.length > 0 && rowCount === 0,
    `(a) three wrong passwords through A slow the same address down on B: ${lockedOnB}; ` +
      `counted in Redis: ${pairKeys.length > 0}; rows in the database's rate_limit: ${rowCount}`,
  );

  // ---- (b) an edit through A is seen through B on the next request ----
  const menuPath = `/r/${RESTAURANT.urlName}/menu`;
  const first = await anonymousGet(`${b.url}${menuPath}`);
  const second = await anonymousGet(`${b.url}${menuPath}`);
  check(
    first.status === 200 && second.status === 200 && second.headers.get("x-page-cache") === "HIT",
    `(b) B's page cache warm for ${menuPath}: ${first.status} ${first.headers.get("x-page-cache")}, ` +
      `then ${second.status} ${second.headers.get("x-page-cache")}`,
  );
  await owner.post("/profile/restaurant/addmenu/addsection", {
    originalName: SECTION,
    topNote: "Cooked in either kitchen.",
  });
  const afterSection = await anonymousGet(`${b.url}${menuPath}`);
  check(
    afterSection.status === 200 && afterSection.text.includes(SECTION),
    `(b) section added on A; the next GET on B shows it: ${afterSection.status} ` +
      `${afterSection.headers.get("x-page-cache")}${afterSection.text.includes(SECTION) ? "" : ", section missing"}`,
  );
  const warm = await anonymousGet(`${b.url}${menuPath}`);

  // (e) ADR 0027: views counted by both processes add up in the shared database.
  const menuViews = async () => {
    const client = new pg.Client({ connectionString: pgUrl(DATABASE) });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `select coalesce(sum(n), 0) as n from page_view
         where kind = 'menu' and "restaurantId" = (select id from restaurant where "urlName" = $1)`,
        [RESTAURANT.urlName],
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  };
  await sleep(2_500);
  const viewsBefore = await menuViews();
  const browser = {
    "user-agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
  };
  for (let i = 0; i < 15; i++) await (await fetch(`${a.url}${menuPath}`, { headers: browser })).arrayBuffer();
  for (let i = 0; i < 10; i++) await (await fetch(`${b.url}${menuPath}`, { headers: browser })).arrayBuffer();
  await sleep(2_500);
  const viewsAfter = await menuViews();
  check(
    viewsAfter - viewsBefore === 25,
    `(e) menu views counted on A (15) and B (10) add up: ${viewsAfter - viewsBefore}`,
  );
  const form = await owner.get("/profile/restaurant/addmenu/additems");
  const sectionId = /<option value="([0-9a-f-]{36})"/.exec(form.text)?.[1];
  if (!sectionId) throw new Error(`no section on A's item form (${form.status})`);
  const uploadStarted = performance.now();
  await owner.post("/profile/restaurant/addmenu/additems", {
    sectionId,
    positionInSection: "1",
    name: ITEM,
    price: "950",
    itemPriceRange: "500-1000",
    itemTaste: "Spicy",
    itemCat: "Curries",
    itemSubCat: "Karahi",
    itemType: "Non-Veg",
    description: "Made on one process, served by the other.",
    foodAllergies: "",
    // Product rules §5: all three pictures are required.
    topView: await picture(0),
    frontView: await picture(1),
    sideView: await picture(2),
  });
  const uploadMs = performance.now() - uploadStarted;
  const afterItem = await anonymousGet(`${b.url}${menuPath}`);
  check(
    warm.headers.get("x-page-cache") === "HIT" && afterItem.status === 200 && afterItem.text.includes(ITEM),
    `(b) item added on A (B's page ${warm.headers.get("x-page-cache")} just before); the next GET on B ` +
      `shows it: ${afterItem.status} ${afterItem.headers.get("x-page-cache")}` +
      `${afterItem.text.includes(ITEM) ? "" : ", item missing"}`,
  );

  // ---- (c) the picture uploaded through A is served by B ----
  const mediaUrls = [
    ...new Set([...afterItem.text.matchAll(/\/media\/img\/[\w-]+\/[\w.-]+/g)].map((m) => m[0])),
  ];
  const media = mediaUrls[0];
  if (!media) {
    check(false, "(c) the item's picture is on B's menu page (no /media/img/ URL found)");
  } else {
    const viaA = await bytesOf(`${a.url}${media}`);
    const viaB = await bytesOf(`${b.url}${media}`);
    const expectedType = media.endsWith(".webp") ? "image/webp" : "image/jpeg";
    check(
      viaB.status === 200 && viaA.status === 200 && viaB.bytes.length > 0 && viaB.bytes.equals(viaA.bytes),
      `(c) ${media} (uploaded via A in ${uploadMs.toFixed(0)} ms): B ${viaB.status}, ` +
        `${viaB.bytes.length} bytes, ${viaB.bytes.equals(viaA.bytes) ? "same as" : "DIFFERENT from"} A's`,
    );
    check(viaB.type === expectedType, `(c) content type on B: ${viaB.type} (expected ${expectedType})`);
  }

  // ---- (d) SIGKILL A under load: no acknowledged write lost, nginx keeps serving ----
  // Everything from here goes through nginx, as a browser on the public URL would.
  // One branch per review a writer posts (a customer reviews a branch once a day).
  const ownerOnSite = new FormClient(publicUrl);
  await ownerOnSite.post("/login", { email: RESTAURANT.email, password: RESTAURANT.password });
  const branches: string[] = [];
  for (let n = 1; n <= SECONDS; n++) {
    const branchName = `Scale ${n}`;
    await ownerOnSite.post("/profile/restaurant/addbranch", {
      branchName,
      provinceLabel: "Punjab",
      cityLabel: "Lahore",
      areaLabel: "Gulberg",
      address: `Main Boulevard ${n}`,
      contact: "042-1234567",
    });
    branches.push(toSlug(branchName));
  }
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, (_, w) => signUpCustomer(publicUrl, 2000 + w)),
  );
  log(
    `${branches.length} branches and ${writers.length} customers made through nginx; ` +
      `${READERS} readers and ${WRITERS} writers for ${SECONDS} s, A killed after ${KILL_AFTER_MS / 1000} s ` +
      `(${phase(started)})`,
  );

  const pages = [
    "/",
    "/menus",
    `/r/${RESTAURANT.urlName}`,
    menuPath,
    `/r/${RESTAURANT.urlName}/branch/${branches[0]}`,
    `/reviews/${RESTAURANT.urlName}`,
  ];
  const loadStart = Date.now();
  let killedAt = Number.POSITIVE_INFINITY;
  // Reader failures by when they happened: before the kill, at its instant, after the grace.
  const readerFailures = { before: 0, instant: 0, after: 0 };
  const readerSamples: string[] = [];
  const countReaderFailure = (what: string) => {
    const at = Date.now();
    const slot = at < killedAt ? "before" : at < killedAt + KILL_GRACE_MS ? "instant" : "after";
    readerFailures[slot]++;
    if (readerSamples.length < 5) readerSamples.push(`${slot}: ${what}`);
  };
  // Without a callback autocannon returns its instance, which is also a promise of the
  // result (its types only say the latter): its events time each failure.
  const readers = autocannon({
    url: publicUrl,
    connections: READERS,
    duration: SECONDS,
    timeout: 10,
    requests: pages.map((p) => ({ method: "GET" as const, path: p })),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  readers.on("response", (_client, statusCode) => {
    if (statusCode < 200 || statusCode >= 300) countReaderFailure(`status ${statusCode}`);
  });
  readers.on("reqError", (error: unknown) => countReaderFailure(String(error)));

  const killer = (async () => {
    await sleep(KILL_AFTER_MS);
    killedAt = Date.now();
    process.kill(a.pid, "SIGKILL");
    log(`SIGKILL process A (pid ${a.pid}) at ${((killedAt - loadStart) / 1000).toFixed(1)} s`);
  })();

  const acknowledged: { text: string; rating: number }[] = [];
  const writeFailures = { before: 0, instant: 0, after: 0 };
  const writeSamples: string[] = [];
  const writeMs: number[] = [];
  // Every writer sends all its reviews, one a second on schedule; a slow host only makes
  // the later ones late, so the count below measures what was lost, not the host's speed.
  await Promise.all(
    writers.map(async (writer, w) => {
      for (const [n, branch] of branches.entries()) {
        const due = loadStart + n * 1000 + w * (1000 / WRITERS);
        if (due > Date.now()) await sleep(due - Date.now());
        const review = {
          rating: String(1 + ((w + n) % 5)),
          review: `Scale review w${w} b${n}: good food.`,
        };
        const sent = performance.now();
        let problem: string | null = null;
        try {
          const location = await writer.post(
            `/profile/customer/addreview/${RESTAURANT.urlName}/${branch}`,
            review,
            { multipart: true },
          );
          if (postedToBranch(location, branch)) {
            acknowledged.push({ text: review.review, rating: Number(review.rating) });
          } else {
            problem = `${branch}: redirected to ${location}`;
          }
        } catch (error) {
          problem = error instanceof Error ? error.message.split("\n")[0]! : String(error);
        }
        writeMs.push(performance.now() - sent);
        if (problem) {
          const at = Date.now();
          const slot = at < killedAt ? "before" : at < killedAt + KILL_GRACE_MS ? "instant" : "after";
          writeFailures[slot]++;
          if (writeSamples.length < 5) writeSamples.push(`${slot}: ${problem}`);
        }
      }
    }),
  );
  const read = await readers;
  await killer;

  const sorted = writeMs.toSorted((x, y) => x - y);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  log(
    `readers: ${read.requests.total} requests through nginx, ${Math.round(read.requests.average)} req/s, ` +
      `p50 ${read.latency.p50} ms, p99 ${read.latency.p99} ms, max ${read.latency.max} ms; ` +
      `non-2xx ${read.non2xx}, errors ${read.errors}, time-outs ${read.timeouts}`,
  );
  log(
    `writers: ${writeMs.length} posts, ${acknowledged.length} acknowledged, p99 ${p99.toFixed(0)} ms; ` +
      `failed before the kill ${writeFailures.before}, at its instant ${writeFailures.instant}, ` +
      `after ${writeFailures.after}`,
  );
  if (readerSamples.length) log(`reader failures seen: ${readerSamples.join(" | ")}`);
  if (writeSamples.length) log(`writer failures seen: ${writeSamples.join(" | ")}`);
  check(readerFailures.before === 0, `(d) reader failures before the kill: ${readerFailures.before}`);
  log(`     reader failures within ${KILL_GRACE_MS} ms of the kill: ${readerFailures.instant} (allowed)`);
  check(
    readerFailures.after === 0,
    `(d) reader failures from ${KILL_GRACE_MS} ms after the kill to the end: ${readerFailures.after}`,
  );
  check(writeFailures.before === 0, `(d) writer failures before the kill: ${writeFailures.before}`);
  check(
    writeFailures.after === 0,
    `(d) writer failures from ${KILL_GRACE_MS} ms after the kill to the end: ${writeFailures.after}`,
  );
  const planned = WRITERS * branches.length;
  check(
    writeMs.length === planned && acknowledged.length >= planned * 0.9,
    `(d) reviews acknowledged: ${acknowledged.length} of ${planned} sent (${writeMs.length}); ` +
      `the rest failed at the kill's instant`,
  );

  // nginx still answers, from B (A is gone).
  const aGone = await fetch(`${a.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );
  const after: string[] = [];
  let allFromB = true;
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${publicUrl}${pages[i % pages.length]}`, {
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    const upstream = response.headers.get("x-upstream") ?? "";
    after.push(String(response.status));
    if (response.status !== 200 || !upstream.endsWith(`:${b.port}`)) allFromB = false;
  }
  check(
    aGone && allFromB,
    `(d) after the load, A ${aGone ? "is gone" : "STILL ANSWERS"}; nginx answers ${after.join(" ")} from B (:${b.port})`,
  );

  // What the database kept: every acknowledged review, and counts that match the rows.
  const db = new pg.Client({ connectionString: pgUrl(DATABASE) });
  await db.connect();
  try {
    const stored = new Set(
      (
        await db.query<{ review: string }>("select review from review where review like 'Scale review %'")
      ).rows.map((r) => r.review),
    );
    const lost = acknowledged.filter((r) => !stored.has(r.text));
    check(
      lost.length === 0,
      `(d) acknowledged reviews missing from the database: ${lost.length} ` +
        `(${stored.size} stored; ${stored.size - (acknowledged.length - lost.length)} written but not acknowledged)`,
    );
    const restaurant = (
      await db.query<{ id: string; restNoofReviews: number; restRating: number }>(
        `select id, "restNoofReviews", "restRating" from restaurant where "urlName" = $1`,
        [RESTAURANT.urlName],
      )
    ).rows[0]!;
    const rows = (
      await db.query<{ n: string; average: string | null }>(
        `select count(*) as n, avg(rating) as average from review where "restaurantId" = $1 and hidden = 0`,
        [restaurant.id],
      )
    ).rows[0]!;
    check(
      restaurant.restNoofReviews === Number(rows.n),
      `(d) review count ${restaurant.restNoofReviews} = rows ${rows.n}`,
    );
    const expected = Math.round(Number(rows.average ?? 0) * 100) / 100;
    check(
      Math.abs(restaurant.restRating - expected) < 1e-9,
      `(d) rating ${restaurant.restRating} = rows ${expected}`,
    );
  } finally {
    await db.end();
  }

  // ---- (f) docs/operations.md: a video through nginx, the process receiving it killed mid-upload ----
  // A comes back on its port, as its supervisor would start it; nginx takes it back once its
  // fail_timeout (5 s) has passed. Then video-kill-resume.ts: one of the two is SIGKILLed
  // half-way through a PATCH, the upload resumes through the other, and the bucket keeps
  // the finished video once.
  const aAgain = await startClusterProcess(cluster, "A again", shared, { port: a.port });
  processes.push(aAgain);
  let aBack = "";
  for (let i = 0; i < 40 && !aBack.endsWith(`:${a.port}`); i++) {
    if (i > 0) await sleep(250);
    const response = await fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    aBack = response.headers.get("x-upstream") ?? "";
  }
  log(
    `process A started again on ${aAgain.url} (pid ${aAgain.pid}); nginx answers from ${aBack} (${phase(started)})`,
  );
  await videoKillResume({
    publicUrl,
    processes: [aAgain, b],
    databaseUrl: pgUrl(DATABASE),
    s3: s3.settings,
    restaurant: RESTAURANT.urlName,
    branch: branches[0]!,
    check,
    log,
  });

  if (failed) console.error(`[scale-out] nginx's error log:\n${nginx.errors().slice(-3000)}`);
  log(`done in ${phase(started)}`);
} catch (error) {
  failed = true;
  console.error(
    `[scale-out] FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  if (failed) {
    for (const [i, app] of processes.entries()) {
      console.error(
        `[scale-out] process ${["A", "B", "A again"][i]}'s last output:\n${app.output().slice(-3000)}`,
      );
    }
  }
  await cluster.cleanUp();
}
process.exit(failed ? 1 : 0);
