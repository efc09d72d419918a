// TABLE SCAN (issue 33, ADR 0046): does a printed table card keep the branch page in the
// page cache? A diner who scans the branch's own QR code (`?src=qr`, as before) is
// compared, in the same run, with one who scans a table card (`/t/{code}`: a 302 with a
// table pass, then the branch page sent with that cookie):
//   npm run bench:table-scan                      3 rounds of 1,500 diners a way, 20 at once
//   npm run bench:table-scan -- --diners 300 --rounds 1     (a smoke run)
// Each diner is a new phone (no cookies but the pass). How the branch page was served: the
// app's x-page-cache header (HIT or STALE: kept; anything else: rendered). Prints the share
// of kept answers each way, diners a second each way and their ratio (one run, one host).
import { parseArgs } from "node:util";
import { figuresTable, median, numberFlag, progress, type Figure } from "./lib/figures.ts";
import { FormClient } from "./lib/form-client.ts";
import { openSession } from "./lib/session.ts";
import { ensureBuild } from "./lib/app-server.ts";

const { values: flags } = parseArgs({
  options: {
    diners: { type: "string" },
    rounds: { type: "string" },
    concurrency: { type: "string" },
  },
});
const DINERS = numberFlag(flags.diners, 1500, "diners");
const ROUNDS = numberFlag(flags.rounds, 3, "rounds");
const CONCURRENCY = numberFlag(flags.concurrency, 20, "concurrency");

const kept = (response: Response) => ["HIT", "STALE"].includes(response.headers.get("x-page-cache") ?? "");

/** One diner's visit each way: whether the branch page came from the cache. */
async function byQr(base: string, branch: string): Promise<boolean> {
  const response = await fetch(`${base}${branch}?src=qr`, {
    headers: { accept: "text/html" },
    redirect: "manual",
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`?src=qr answered ${response.status}`);
  return kept(response);
}

async function byTableCard(base: string, card: string): Promise<boolean> {
  const scan = await fetch(`${base}${card}`, { headers: { accept: "text/html" }, redirect: "manual" });
  await scan.arrayBuffer();
  const location = scan.headers.get("location");
  const pass = scan.headers.getSetCookie()[0]?.split(";")[0];
  if (scan.status !== 302 || !location || !pass)
    throw new Error(`the card answered ${scan.status} without a pass`);
  const page = await fetch(new URL(location, base), { headers: { accept: "text/html", cookie: pass } });
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`the branch page answered ${page.status}`);
  return kept(page);
}

/** `count` visits, `CONCURRENCY` at once: the share kept and visits a second. */
async function run(count: number, visit: (i: number) => Promise<boolean>) {
  let next = 0;
  let hits = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        if (await visit(i)) hits++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { share: hits / count, perSecond: count / seconds };
}

ensureBuild();
const session = await openSession(progress);
try {
  const { fixture } = session;
  // Passes for every diner of the run (the per-address cap is for the public, not this host).
  const app = await session.restart({ TABLE_PASSES_PER_IP: "100000000" });
  const owner = new FormClient(app.url);
  await owner.post("/login", { email: "bench-owner@example.com", password: "bench-owner-pass-1" });
  const tables = `/profile/restaurant/mybranches/${fixture.branchUrl}/tables`;
  await owner.post(tables, { intent: "add", tables: "1-20" });
  // Each code is in the page twice (its text and the data React hydrates from).
  const codes = new Set(
    [...(await owner.get(tables)).text.matchAll(/\/t\/([a-z0-9]{8})/gu)].map((m) => m[1]!),
  );
  const cards = [...codes].map((code) => `${fixture.paths.branch}/t/${code}`);
  if (cards.length !== 20) throw new Error(`expected 20 table cards, found ${cards.length}`);
  const branch = fixture.paths.branch;
  // Warm: the branch page kept once.
  await byQr(app.url, branch);
  const qr: { share: number; perSecond: number }[] = [];
  const card: { share: number; perSecond: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    progress(`round ${round} of ${ROUNDS}: ${DINERS} diners by the branch QR, ${DINERS} by table cards`);
    qr.push(await run(DINERS, () => byQr(app.url, branch)));
    card.push(await run(DINERS, (i) => byTableCard(app.url, cards[i % cards.length]!)));
  }
  const qrShare = median(qr.map((r) => r.share));
  const cardShare = median(card.map((r) => r.share));
  const qrRate = median(qr.map((r) => r.perSecond));
  const cardRate = median(card.map((r) => r.perSecond));
  const part = "table card";
  const figures: Figure[] = [
    {
      part,
      measure: "branch page kept, diners by a table card (after its 302)",
      value: `${(cardShare * 100).toFixed(1)} %`,
      ratio: `${(qrShare * 100).toFixed(1)} % by the branch QR (?src=qr)`,
      budget: "no lower",
      ok: cardShare >= qrShare - 0.01,
    },
    {
      part,
      measure: "diners a second (a card: two requests each)",
      value: cardRate.toFixed(0),
      ratio: `${(cardRate / qrRate).toFixed(2)} × the branch QR's ${qrRate.toFixed(0)}`,
    },
  ];
  console.log(figuresTable(figures));
  if (cardShare < qrShare - 0.01) {
    process.exitCode = 1;
    console.error("A table card's diners are kept less often than the branch QR's.");
  }
} finally {
  await session.close();
}
