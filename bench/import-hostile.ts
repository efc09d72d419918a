// npm run bench:import-hostile: the hostile workbooks of ADR 0023 against the production
// build. An owner uploads the two hostile workbooks (tests/setup/hostile-sheets.ts)
// through the import form while a probe asks /healthz every 20 ms; prints each
// request's time, the probe's longest wait, the app's resident memory (before, the
// highest seen, after) and the bytes the SQLite files grew by.
import fs from "node:fs";
import path from "node:path";
import { bloatedWorkbook, manyCellsWorkbook } from "../tests/setup/hostile-sheets.ts";
import { ensureBuild, freePort, makeDataDir, removeDataDir, startApp } from "./lib/app-server.ts";
import { signUpRestaurant } from "./lib/fixture.ts";
import type { FormClient } from "./lib/form-client.ts";
import { readRss } from "./lib/memory.ts";

const IMPORT = "/profile/restaurant/addmenu/import";

let owners = 0;
const signedUpOwner = (base: string) => signUpRestaurant(base, `Hostile Import ${++owners}`);

/** Posts the import form without following the redirect: the status and where it leads. */
async function upload(base: string, owner: FormClient, bytes: Uint8Array) {
  const body = new FormData();
  body.append("sheet", new Blob([bytes as Uint8Array<ArrayBuffer>]), "menu.xlsx");
  const from = performance.now();
  const response = await fetch(new URL(IMPORT, base), {
    method: "POST",
    body,
    redirect: "manual",
    headers: { origin: base, cookie: owner.cookieHeader(/./u) },
    signal: AbortSignal.timeout(120_000),
  });
  await response.arrayBuffer();
  return {
    ms: performance.now() - from,
    status: response.status,
    location: response.headers.get("location") ?? "",
  };
}

function databaseBytes(dataDir: string): number {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith("foodverse.db"))
    .reduce((sum, name) => sum + fs.statSync(path.join(dataDir, name)).size, 0);
}

/** Runs `work` while a probe asks /healthz back to back and samples the app's memory. */
async function measured<T>(base: string, pid: number, dataDir: string, work: () => Promise<T>) {
  const rssBefore = readRss(pid).rssBytes;
  const dbBefore = databaseBytes(dataDir);
  const done = new AbortController();
  let longestHealthz = 0;
  let highestRss = rssBefore;
  const probe = (async () => {
    while (!done.signal.aborted) {
      const from = performance.now();
      await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(120_000) }).then((r) => r.arrayBuffer());
      longestHealthz = Math.max(longestHealthz, performance.now() - from);
      highestRss = Math.max(highestRss, readRss(pid).rssBytes);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const from = performance.now();
  const result = await work();
  const ms = performance.now() - from;
  done.abort();
  await probe;
  return {
    result,
    ms,
    longestHealthz,
    rssBefore,
    highestRss: Math.max(highestRss, readRss(pid).rssBytes),
    rssAfter: readRss(pid).rssBytes,
    dbAdded: databaseBytes(dataDir) - dbBefore,
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function line(label: string, m: Awaited<ReturnType<typeof measured>>, outcome: string) {
  console.log(
    `| ${label} | ${outcome} | ${s(m.ms)} | ${s(m.longestHealthz)} | ${mb(m.rssBefore)} → ${mb(m.highestRss)} → ${mb(m.rssAfter)} | ${kb(m.dbAdded)} |`,
  );
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).join(", ");

/** Each finding on a fresh app, so that one's memory does not hide the other's. */
async function onFreshApp(run: (url: string, pid: number, dataDir: string) => Promise<void>) {
  const dataDir = makeDataDir();
  const app = await startApp({
    dataDir,
    port: await freePort(),
    env: { APPROVAL_MODE: "manual", LOG_LEVEL: "warn" },
  });
  try {
    await run(app.url, app.pid, dataDir);
  } finally {
    await app.stop();
    removeDataDir(dataDir);
  }
}

ensureBuild();
const bloated = bloatedWorkbook();
const manyCells = manyCellsWorkbook();
console.log(
  `Finding 2 workbook ${(bloated.byteLength / 1024).toFixed(0)} KB; finding 3 workbook ${(manyCells.byteLength / 1024).toFixed(0)} KB. Owners waiting for approval.\n`,
);
console.log("| request | answer | time | longest /healthz | RSS before → highest → after | database grew |");
console.log("| ------- | ------ | ---: | ---------------: | ---------------------------- | ------------: |");

await onFreshApp(async (url, pid, dataDir) => {
  const owner = await signedUpOwner(url);
  const one = await measured(url, pid, dataDir, () => upload(url, owner, bloated));
  line("finding 2: import 1,000 rows × 10 cells of 32,000 chars", one, String(one.result.status));
  const preview = one.result.location;
  if (!preview.includes(`${IMPORT}/`)) return;
  const previews = await measured(url, pid, dataDir, () =>
    Promise.all([1, 2, 3].map(() => owner.get(preview))),
  );
  line("finding 2: 3 GETs of its preview at once", previews, statuses(previews.result));
});

await onFreshApp(async (url, pid, dataDir) => {
  const owner = await signedUpOwner(url);
  const single = await measured(url, pid, dataDir, () => upload(url, owner, manyCells));
  line("finding 3: 2.4 M cells", single, String(single.result.status));
  const others = await Promise.all([1, 2, 3].map(() => signedUpOwner(url)));
  const three = await measured(url, pid, dataDir, () =>
    Promise.all(others.map((o) => upload(url, o, manyCells))),
  );
  line("finding 3: 3 owners at once", three, statuses(three.result));
  const sameThree = await measured(url, pid, dataDir, () =>
    Promise.all([1, 2, 3].map(() => upload(url, owner, manyCells))),
  );
  line("finding 3: one owner 3 at once", sameThree, statuses(sameThree.result));
});
