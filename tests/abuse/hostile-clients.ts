// npm run test:abuse (after npm run build): security round 3's attacks, run against the
// production build on 127.0.0.1 while a probe thread measures /healthz and a cached page
// and reads the server's RSS (docs/threat-model.md). Bounded: a few thousand requests,
// about a minute. Passes when every attack is refused or absorbed as designed and the
// server stays responsive: /healthz p99 ≤ 200 ms and RSS ≤ +300 MB during the attacks,
// and no byte of a column the importer does not know is stored.
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import {
  freePort,
  makeDataDir,
  removeDataDir,
  startApp,
  type AppServer,
} from "../../bench/lib/app-server.ts";
import { FormClient } from "../../bench/lib/form-client.ts";
import { readRss } from "../../bench/lib/memory.ts";
import { formatMB, formatMs, markdownTable } from "../../bench/lib/table.ts";
import { bloatedWorkbook, manyCellsWorkbook } from "../setup/hostile-sheets.ts";
import { percentile, startProbe, type Sample } from "./probe.ts";

const HEALTHZ_P99_MS = 200;
const RSS_GROWTH_BYTES = 300 * 1024 * 1024;
const SCANS_PER_CLIENT = 20;
const BROWSER =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

const failures: string[] = [];
const rows: string[][] = [];
function check(ok: boolean, what: string, figure = "") {
  rows.push([ok ? "ok" : "FAILED", what, figure]);
  if (!ok) failures.push(what);
  console.log(`${ok ? "ok    " : "FAILED"} ${what}${figure ? ` (${figure})` : ""}`);
}

/** `count` calls of `send`, `parallel` at a time. */
async function flood<T>(count: number, parallel: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await send(i);
      }
    }),
  );
  return results;
}

/** A GET with headers exactly as given (fetch refuses to set Host). */
function rawGet(app: AppServer, target: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: app.port, path: target, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
      })
      .on("error", reject);
  });
}

const get = (app: AppServer, target: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${target}`, { headers: { "user-agent": BROWSER, ...headers }, redirect: "manual" });

async function waitFor(condition: () => boolean, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return condition();
}

async function signUpOwner(app: AppServer, n: number, ip: string): Promise<FormClient> {
  const owner = new FormClient(app.url);
  const answer = await owner.request("/signup/restaurantsignup", {
    method: "POST",
    headers: { "x-forwarded-for": ip },
    body: new URLSearchParams({
      restName: `Abuse Test ${n}`,
      restType: "Desi",
      hasDelivery: "yes",
      country: "Pakistan",
      about: "A restaurant the abuse test makes.",
      username: `abusetest${n}`,
      email: `abuse-owner-${n}@example.com`,
      password: "abuse-owner-pass-1",
    }),
  });
  if (answer.status !== 302) throw new Error(`owner sign-up ${n}: ${answer.status}`);
  return owner;
}

/** What every attack works on: the app, its database (read-only), the two restaurants. */
interface Target {
  server: AppServer;
  db: Database.Database;
  owner: FormClient;
  victim: string;
  attacker: string;
  branch: string;
  bloated: Uint8Array;
  manyCells: Uint8Array;
}

const scans = (db: Database.Database, urlName: string, kind: string) =>
  Number(
    (
      db
        .prepare(
          "select coalesce(sum(n), 0) as n from page_view where kind = ? and restaurantId = (select id from restaurant where urlName = ?)",
        )
        .get(kind, urlName) as { n: number }
    ).n,
  );

/** Search words no page has: each query a cache miss (a fixed sequence, so runs compare). */
let wordSeed = 7;
function randomWords(): string {
  return Array.from({ length: 20 }, () => {
    wordSeed = (wordSeed * 48271) % 2147483647;
    return wordSeed.toString(36).slice(0, 6);
  }).join(" ");
}

function uploadSheet(owner: FormClient, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("sheet", new Blob([Buffer.from(bytes)]), name);
  const from = performance.now();
  return owner
    .request("/profile/restaurant/addmenu/import", { method: "POST", body: form })
    .then(async (r) => ({
      status: r.status,
      ms: performance.now() - from,
      location: r.headers.get("location"),
      text: await r.text(),
    }));
}

function logIn(server: AppServer, email: string, password: string, ip: string) {
  return fetch(`${server.url}/login`, {
    method: "POST",
    headers: { origin: server.url, "x-forwarded-for": ip },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });
}

/** Host header names another page */
async function lyingHost({ server, victim, attacker }: Target): Promise<void> {
  const attack = await rawGet(server, `/r/${victim}`, { host: `127.0.0.1:${server.port}/r/${attacker}?` });
  const visitor = await get(server, `/r/${victim}`);
  const page = await visitor.text();
  check(
    attack.status === 400 && page.includes("Abuse Test 1") && !page.includes("Abuse Test 2"),
    "finding 1: a Host holding a path is refused; the page stays its own",
    `${attack.status}, then ${visitor.headers.get("x-page-cache")}`,
  );
}

/** Open redirect through the language switch */
async function openRedirect({ server }: Target): Promise<void> {
  const answers = await Promise.all(
    ["/ur//evil.example?lang=en", "/ur/\\evil.example?lang=en", "//evil.example?lang=ur"].map((target) =>
      rawGet(server, target, { accept: "text/html" }),
    ),
  );
  const locations = answers.map((a) => a.location ?? "");
  check(
    locations.every((l) => new URL(l, server.url).origin === new URL(server.url).origin),
    "finding 4: the language switch redirects only within the site",
    locations.join(" "),
  );
}

/** 3,000 scans from one address */
async function scanFlood({ server, db, victim, branch }: Target): Promise<void> {
  const from = performance.now();
  await flood(3000, 50, (i) =>
    get(server, `${branch}?src=qr&z=${i}`, { "x-forwarded-for": "203.0.113.7" }).then((r) => r.arrayBuffer()),
  );
  const seconds = (performance.now() - from) / 1000;
  // A family hall on the restaurant's Wi-Fi: 20 phones open the menu from one address.
  await flood(20, 20, () =>
    get(server, `/r/${victim}/menu`, { "x-forwarded-for": "198.51.100.20" }).then((r) => r.arrayBuffer()),
  );
  await waitFor(() => scans(db, victim, "menu") >= 20 && scans(db, victim, "scan") >= SCANS_PER_CLIENT, 15);
  // One more flush interval: anything still in memory is written.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  check(
    scans(db, victim, "scan") === SCANS_PER_CLIENT && scans(db, victim, "menu") === 20,
    "finding 6: 3,000 scans from one address count as the cap; 20 phones behind one address count as 20",
    `scans ${scans(db, victim, "scan")} (cap ${SCANS_PER_CLIENT}) in ${seconds.toFixed(1)} s; menu views ${scans(db, victim, "menu")}`,
  );
}

/** 1,500 made-up queries on a branch page */
async function queryFlood({ server, branch }: Target): Promise<void> {
  const from = performance.now();
  const answers = await flood(1500, 20, (i) =>
    get(server, `${branch}?z=${i}&pad=${"p".repeat(300)}`).then(async (r) => {
      await r.arrayBuffer();
      return r.headers.get("x-page-cache");
    }),
  );
  const hits = answers.filter((a) => a === "HIT").length;
  const menus = await get(server, "/menus");
  await menus.arrayBuffer();
  check(
    hits >= 1499 && menus.headers.get("x-page-cache") === "HIT",
    "finding 7: unknown query parameters leave the cache as it was",
    `${hits} of 1,500 hits in ${((performance.now() - from) / 1000).toFixed(1)} s; /menus ${menus.headers.get("x-page-cache")}`,
  );
}

/** Hostile spreadsheets (findings 2 and 3) */
async function hostileSheets({ db, owner, bloated, manyCells }: Target): Promise<void> {
  const importsBefore = db.prepare("select count(*) as n from menu_import").get() as { n: number };
  const bloatedAnswers = await Promise.all(
    [1, 2, 3].map((n) => uploadSheet(owner, bloated, `bloated-${n}.xlsx`)),
  );
  const cellAnswers = await Promise.all(
    [1, 2, 3].map((n) => uploadSheet(owner, manyCells, `cells-${n}.xlsx`)),
  );
  // The preview of an accepted import, three at once.
  const previews = bloatedAnswers.flatMap((a) => (a.status === 302 && a.location ? [a.location] : []));
  const previewFrom = performance.now();
  await Promise.all(previews.flatMap((p) => [p, p, p]).map((p) => owner.get(p)));
  const previewMs = performance.now() - previewFrom;
  const stored = db
    .prepare("select coalesce(sum(length(rows)), 0) as bytes, count(*) as n from menu_import")
    .get() as { bytes: number; n: number };
  // The 10 cells a row has past the header point to one 32,000-character string of "x".
  const unknown = db
    .prepare("select count(*) as n from menu_import where rows like '%xxxxxxxxxxxxxxxx%'")
    .get() as { n: number };
  const kept = stored.n - importsBefore.n;
  check(
    unknown.n === 0 && stored.bytes <= kept * 150 * 1024,
    "findings 2 and 3: no column the importer does not know is stored",
    `${kept} import kept, ${stored.bytes.toLocaleString("en")} bytes of rows (was 614 MB)`,
  );
  check(
    cellAnswers.every((a) => a.status === 413 || a.status === 400 || a.status === 429),
    "finding 3: a 2.4 M-cell workbook is refused",
    cellAnswers.map((a) => `${a.status} in ${formatMs(a.ms)}`).join(", "),
  );
  check(
    bloatedAnswers.every((a) => a.status < 500) && cellAnswers.every((a) => a.status < 500),
    "findings 2 and 3: hostile imports get clear answers, never a 5xx",
    `bloated: ${bloatedAnswers.map((a) => `${a.status} in ${formatMs(a.ms)}`).join(", ")}; previews ${formatMs(previewMs)}`,
  );
}

/** Costly searches, 4 clients at 5 a second */
async function costlySearches({ server }: Target): Promise<void> {
  const statuses: number[] = [];
  await Promise.all(
    [1, 2, 3, 4].map(async (client) => {
      for (let i = 0; i < 25; i++) {
        const answer = await get(server, `/search?tab=items&q=${encodeURIComponent(randomWords())}`, {
          "x-forwarded-for": `192.0.2.${client}`,
        });
        await answer.arrayBuffer();
        statuses.push(answer.status);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
  // One address searching as fast as it can: limited, and the others above were not.
  const greedy = await flood(90, 3, async () => {
    const answer = await get(server, `/search?tab=items&q=${encodeURIComponent(randomWords())}`, {
      "x-forwarded-for": "192.0.2.99",
    });
    await answer.arrayBuffer();
    return answer.status;
  });
  check(
    statuses.every((s) => s === 200) &&
      greedy.every((s) => s === 200 || s === 429) &&
      greedy.some((s) => s === 429),
    "finding 8: searches of 20 random words are answered; one address past the limit gets 429",
    `4 clients at 5 a second: ${statuses.filter((s) => s === 200).length} of ${statuses.length} answered; ` +
      `one address, 90 at once: ${greedy.filter((s) => s === 429).length} limited`,
  );
}

/** A stranger guesses an owner's password */
async function passwordGuessing({ server }: Target): Promise<void> {
  for (let i = 0; i < 40; i++)
    await logIn(server, "abuse-owner-2@example.com", `wrong-guess-${i}`, "203.0.113.66");
  const stranger = await logIn(server, "abuse-owner-2@example.com", "abuse-owner-pass-1", "203.0.113.66");
  const realOwner = await logIn(server, "abuse-owner-2@example.com", "abuse-owner-pass-1", "198.51.100.2");
  check(
    realOwner === 302 && stranger !== 302,
    "finding 9: 40 wrong passwords lock the stranger's address, not the owner",
    `stranger with the right password ${stranger}, owner from their phone ${realOwner}`,
  );
}

/** A restaurant's guests sign up on its Wi-Fi */
async function guestsSignUp({ server }: Target): Promise<void> {
  // Two at a time: a hall's guests, not a burst (each sign-up's password hash takes 32 MB for a moment).
  const statuses = await flood(25, 2, async (n) => {
    const answer = await fetch(`${server.url}/signup/customersignup`, {
      method: "POST",
      headers: { origin: server.url, "x-forwarded-for": "198.51.100.77" },
      body: new URLSearchParams({
        firstName: "Guest",
        lastName: `Number${n}`,
        gender: "Female",
        about: "Dinner with family.",
        username: `wifiguest${n}`,
        email: `wifi-guest-${n}@example.com`,
        password: "wifi-guest-pass-1",
      }),
      redirect: "manual",
    });
    await answer.arrayBuffer();
    return answer.status;
  });
  check(
    statuses.every((s) => s === 302),
    "finding 10: 25 diners behind one address all sign up",
    `${statuses.filter((s) => s === 302).length} of 25`,
  );
}

const dataDir = makeDataDir();
let app: AppServer | undefined;
const started = Date.now();
try {
  // The hostile files are made before the probe starts: it measures the server, not this process.
  const bloated = bloatedWorkbook();
  const manyCells = manyCellsWorkbook();
  app = await startApp({
    dataDir,
    port: await freePort(),
    env: {
      // Every client of this test is 127.0.0.1: X-Forwarded-For names the one it plays.
      TRUST_PROXY: "on",
      PAGE_VIEWS_FLUSH_SECONDS: "1",
      PAGE_VIEWS_PER_CLIENT: String(SCANS_PER_CLIENT),
      // The product's defaults (app/server/env.server.ts), which the benches raise.
      SIGNUP_MAX_PER_IP: "200",
      RESET_MAIL_MAX_PER_IP: "200",
      SEARCH_MAX_PER_IP: "60",
    },
  });
  const server = app;
  const db = new Database(path.join(dataDir, "foodverse.db"), { readonly: true, fileMustExist: true });

  const owner = await signUpOwner(server, 1, "198.51.100.1");
  const other = await signUpOwner(server, 2, "198.51.100.2");
  for (const client of [owner, other]) {
    await client.post("/profile/restaurant/addmenu/addsection", { originalName: "Karahi" });
    await client.post("/profile/restaurant/addbranch", { branchName: "Blue Area" });
  }
  const [victim, attacker] = ["abusetest1", "abusetest2"];
  const branch = `/r/${victim}/branch/bluearea`;
  for (const page of ["/menus", branch, `/r/${victim}`]) await get(server, page);

  const world: Target = { server, db, owner, victim, attacker, branch, bloated, manyCells };
  const baselineRss = readRss(server.pid).rssBytes;
  const probe = startProbe(server.url, server.pid, "/menus");
  const phases: { name: string; from: number; to: number }[] = [];
  for (const [name, attack] of [
    ["Host header names another page", lyingHost],
    ["open redirect through the language switch", openRedirect],
    ["3,000 scans from one address", scanFlood],
    ["1,500 made-up queries on a branch page", queryFlood],
    ["hostile spreadsheets (findings 2 and 3)", hostileSheets],
    ["costly searches, 4 clients at 5 a second", costlySearches],
    ["a stranger guesses an owner's password", passwordGuessing],
    ["a restaurant's guests sign up on its Wi-Fi", guestsSignUp],
  ] as const) {
    const from = Date.now();
    await attack(world);
    phases.push({ name, from, to: Date.now() });
  }

  const samples: Sample[] = await probe.stop();
  const during = (s: Sample) => phases.some((p) => s.at >= p.from && s.at <= p.to);
  const healthz = samples.filter((s) => s.target === "healthz" && during(s));
  const page = samples.filter((s) => s.target !== "healthz" && during(s));
  const p99 = percentile(
    healthz.map((s) => s.ms),
    99,
  );
  const peakRss = Math.max(...samples.map((s) => s.rss));
  check(
    healthz.length > 0 && healthz.every((s) => s.ok) && p99 <= HEALTHZ_P99_MS,
    `/healthz answers within ${HEALTHZ_P99_MS} ms (p99) during the attacks`,
    `p99 ${formatMs(p99)}, max ${formatMs(Math.max(...healthz.map((s) => s.ms)))}, ${healthz.length} probes`,
  );
  check(
    peakRss - baselineRss <= RSS_GROWTH_BYTES,
    "the server's RSS grows by at most 300 MB",
    `${formatMB(baselineRss)} → peak ${formatMB(peakRss)}`,
  );
  console.log("\nPer attack (probe every 25 ms from its own thread):");
  console.log(
    markdownTable(
      ["attack", "seconds", "/healthz p99", "cached page p99", "peak RSS"],
      phases.map((p) => {
        const inPhase = samples.filter((s) => s.at >= p.from && s.at <= p.to);
        const ms = (target: (s: Sample) => boolean) =>
          formatMs(
            percentile(
              inPhase.filter(target).map((s) => s.ms),
              99,
            ),
          );
        return [
          p.name,
          ((p.to - p.from) / 1000).toFixed(1),
          ms((s) => s.target === "healthz"),
          ms((s) => s.target !== "healthz"),
          formatMB(Math.max(0, ...inPhase.map((s) => s.rss))),
        ];
      }),
    ),
  );
  console.log(
    `\ncached page p99 over all attacks: ${formatMs(
      percentile(
        page.map((s) => s.ms),
        99,
      ),
    )}`,
  );
  db.close();
} finally {
  await app?.stop();
  removeDataDir(dataDir);
}
console.log(`\n${markdownTable(["", "check", "figure"], rows)}`);
console.log(`\nabuse test: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${rows.length - failures.length} passed, ${failures.length} failed`);
if (failures.length > 0) process.exit(1);
