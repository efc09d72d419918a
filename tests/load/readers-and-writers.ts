// `npm run test:load` (ADR 0014, in CI after the browser tests): the production build
// on 127.0.0.1 with 200 readers of public pages (autocannon) and 20 customers posting
// reviews, one a second each, for 60 s. Passes when no request failed, every review
// the server acknowledged is in the database, and the restaurant's review count and
// rating match its rows. Exits 1 otherwise. Bounded: 127.0.0.1 only, fixed duration.
//   npm run test:load [-- --seconds 60 --readers 200 --writers 20]
import { parseArgs } from "node:util";
import path from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { FormClient } from "../../bench/lib/form-client.ts";
import { signUpCustomer } from "../../bench/lib/fixture.ts";
import { openSession } from "../../bench/lib/session.ts";
import { toSlug } from "../../app/lib/slug.ts";
import { postedToBranch } from "../setup/review-posted.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    readers: { type: "string", default: "200" },
    writers: { type: "string", default: "20" },
  },
});
const SECONDS = Number(values.seconds);
const READERS = Number(values.readers);
const WRITERS = Number(values.writers);
const OWNER = { email: "bench-owner@example.com", password: "bench-owner-pass-1" };

const log = (line: string) => console.log(`[load] ${line}`);
const session = await openSession(log, { captureStdout: true });
let failed = false;
const check = (ok: boolean, what: string) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

try {
  const { app, fixture } = session;
  // One branch per review a writer posts (a customer reviews a branch once a day).
  const owner = new FormClient(app.url);
  await owner.post("/login", OWNER);
  const branches: string[] = [];
  for (let b = 1; b <= SECONDS; b++) {
    await owner.post("/profile/restaurant/addbranch", {
      branchName: `Load ${b}`,
      provinceLabel: "Punjab",
      cityLabel: "Lahore",
      areaLabel: "Gulberg",
      address: `Main Boulevard ${b}`,
      contact: "042-1234567",
    });
    branches.push(toSlug(`Load ${b}`));
  }
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, (_, w) => signUpCustomer(app.url, 1000 + w)),
  );
  log(`${branches.length} branches and ${writers.length} writers ready; loading for ${SECONDS} s…`);

  const pages = [
    fixture.paths.branch,
    fixture.paths.menu,
    fixture.paths.item,
    fixture.paths.home,
    fixture.paths.listing,
    `/r/${fixture.urlName}/branch/${fixture.branchUrl}/reviews`,
    `/reviews/${fixture.urlName}`,
    `/r/${fixture.urlName}/branch/${toSlug("Load 1")}`,
  ];
  // ADR 0027: each page answered, by path, to check the page views counted against.
  const answered = new Map<string, number>();
  const {
    promise: readers,
    resolve: readersDone,
    reject: readersFailed,
  } = Promise.withResolvers<autocannon.Result>();
  const reading = autocannon(
    {
      url: app.url,
      connections: READERS,
      duration: SECONDS,
      timeout: 10,
      // A phone's browser: the counter leaves bots out.
      headers: {
        "user-agent":
          "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      },
      requests: pages.map((p) => ({
        method: "GET" as const,
        path: p,
        onResponse: (status: number) => {
          if (status === 200) answered.set(p, (answered.get(p) ?? 0) + 1);
        },
      })),
    },
    (error, result) => (error ? readersFailed(error) : readersDone(result)),
  );

  // To tell a failure's cause: the slowest answer to each page, and when each error came.
  const startedAt = performance.now();
  const slowest = new Map<string, number>();
  // The slowest answers, with when each came: a burst at the start and a stall later differ.
  const slowAnswers: { at: number; ms: number; path: string }[] = [];
  reading.on("response", (client, _status, _bytes, ms) => {
    const p = (client as unknown as { requestIterator: { currentRequest: { path: string } } }).requestIterator
      .currentRequest.path;
    if (ms > (slowest.get(p) ?? 0)) slowest.set(p, ms);
    if (ms > 1000) slowAnswers.push({ at: (performance.now() - startedAt) / 1000, ms, path: p });
  });
  const errorsAt: string[] = [];
  reading.on("reqError", (error) => {
    errorsAt.push(`${((performance.now() - startedAt) / 1000).toFixed(1)} s ${error.message}`);
  });

  const acknowledged: { text: string; rating: number }[] = [];
  const writeErrors: string[] = [];
  const writeMs: number[] = [];
  // Every writer sends all its reviews, one a second on schedule; a slow host only makes the
  // later ones late (the readers' end does not cut them off), so the count measures loss.
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    writers.map(async (writer, w) => {
      for (const [b, branch] of branches.entries()) {
        const due = deadline - (SECONDS - b) * 1000 + w * (1000 / WRITERS);
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const review = { rating: String(1 + ((w + b) % 5)), review: `Load review w${w} b${b}: good food.` };
        const started = performance.now();
        try {
          const location = await writer.post(
            `/profile/customer/addreview/${fixture.urlName}/${branch}`,
            review,
            { multipart: true },
          );
          if (postedToBranch(location, branch)) {
            acknowledged.push({ text: review.review, rating: Number(review.rating) });
          } else {
            writeErrors.push(`${branch}: redirected to ${location}`);
          }
        } catch (error) {
          writeErrors.push(error instanceof Error ? error.message.split("\n")[0]! : String(error));
        }
        writeMs.push(performance.now() - started);
      }
    }),
  );
  const read = await readers;
  await session.app.stop();

  const sorted = writeMs.toSorted((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  log(
    `readers: ${read.requests.total} requests, ${Math.round(read.requests.average)} req/s, ` +
      `p50 ${read.latency.p50} ms, p99 ${read.latency.p99} ms`,
  );
  log(`writers: ${writeMs.length} posts, p99 ${p99.toFixed(0)} ms`);
  log(`slowest answers: ${[...slowest].map(([p, ms]) => `${p} ${Math.round(ms)} ms`).join(", ")}`);
  if (slowAnswers.length)
    log(
      `${slowAnswers.length} answers over 1 s; the slowest: ${slowAnswers
        .toSorted((a, b) => b.ms - a.ms)
        .slice(0, 12)
        .map((a) => `${a.path} ${Math.round(a.ms)} ms at ${a.at.toFixed(1)} s`)
        .join(", ")}`,
    );
  if (errorsAt.length) log(`reader errors at: ${errorsAt.slice(0, 40).join("; ")}`);
  check(
    read.errors === 0 && read.timeouts === 0,
    `reader connection errors ${read.errors}, time-outs ${read.timeouts}`,
  );
  // What the server said while readers waited (warnings and errors: LOG_LEVEL=warn), to tell why.
  if (read.errors > 0 || read.timeouts > 0)
    log(`the app's last output:\n${session.app.output() || "(none)"}`);
  check(read.non2xx === 0, `reader answers other than 2xx: ${read.non2xx}`);
  check(
    writeErrors.length === 0,
    `writer errors: ${writeErrors.length}${writeErrors.length ? ` (${writeErrors.slice(0, 3).join("; ")})` : ""}`,
  );
  const planned = WRITERS * branches.length;
  check(
    writeMs.length === planned && acknowledged.length === planned,
    `reviews acknowledged: ${acknowledged.length} of ${planned} sent (${writeMs.length})`,
  );

  // After the server stopped: what did it keep?
  const db = new SQLite(path.join(app.dataDir, "foodverse.db"), { readonly: true });
  try {
    const stored = new Set(
      db.prepare("select review from review where review like 'Load review %'").pluck().all() as string[],
    );
    const lost = acknowledged.filter((r) => !stored.has(r.text));
    check(lost.length === 0, `acknowledged reviews missing from the database: ${lost.length}`);
    const restaurant = db
      .prepare("select id, restNoofReviews, restRating from restaurant where urlName = ?")
      .get(fixture.urlName) as { id: string; restNoofReviews: number; restRating: number };
    const rows = db
      .prepare(
        "select count(*) as n, avg(rating) as average from review where restaurantId = ? and hidden = 0",
      )
      .get(restaurant.id) as { n: number; average: number };
    check(
      restaurant.restNoofReviews === rows.n,
      `review count ${restaurant.restNoofReviews} = rows ${rows.n}`,
    );
    const expected = Math.round(rows.average * 100) / 100;
    check(
      Math.abs(restaurant.restRating - expected) < 1e-9,
      `rating ${restaurant.restRating} = rows ${expected}`,
    );
    check(db.pragma("integrity_check", { simple: true }) === "ok", "SQLite integrity check");

    // ADR 0027: every view answered is counted, the cached ones too (the server flushes as it stops).
    const counted = new Map(
      (
        db
          .prepare("select kind, sum(n) as n from page_view where restaurantId = ? group by kind")
          .all(restaurant.id) as { kind: string; n: number }[]
      ).map((r) => [r.kind, r.n]),
    );
    const sent = (page: string) => answered.get(page) ?? 0;
    const views = {
      branch: sent(fixture.paths.branch) + sent(`/r/${fixture.urlName}/branch/${toSlug("Load 1")}`),
      menu: sent(fixture.paths.menu),
      item: sent(fixture.paths.item),
    };
    // None lost (the server flushed as it stopped). The server may count a few more than the
    // readers saw: answers to the requests in flight when they stopped (one a connection at
    // most) and the fixture's own visits while it was made (a page of the branch per 6 dishes).
    const extra = READERS + 20;
    for (const [kind, n] of Object.entries(views)) {
      const c = counted.get(kind) ?? 0;
      check(
        c >= n && c <= n + extra,
        `${kind} page views counted ${c}, answered ${n} (+ at most ${extra} unseen)`,
      );
    }
  } finally {
    db.close();
  }
} finally {
  await session.close();
}
process.exit(failed ? 1 : 0);
