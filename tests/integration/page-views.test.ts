import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restaurantQueue } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { createLogger } from "~/server/log.server.ts";
import {
  clientOf,
  CLIENT_WINDOW_MS,
  createPageViewCounter,
  dayOf,
  viewOf,
  VIEWS_PER_CLIENT,
  type PageViewCounter,
} from "~/server/page-views.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { closeServer, listen } from "../setup/http-client.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0027: diners' views counted without tracking them: per page kind, branch, dish
 * and day, in memory at the front of the app and added to the database in batches, so
 * several processes sum and a killed process loses at most one flush interval.
 */
let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(160, 120);
});
afterAll(() => services.close());

const BROWSER =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function restaurant() {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const item = await menus.addItem(services, owner.id, {
    values: itemInput(section.id),
    files: itemViews(photo),
  });
  if (!item.ok) throw new Error(inEnglish(item.message));
  const branch = await addBranch(services, owner.id, { branchName: "Blue Area" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  const copy = await services.database.db
    .selectFrom("menu_item")
    .select("id")
    .where("generalItemId", "=", item.id)
    .executeTakeFirstOrThrow();
  return {
    id: owner.id,
    urlName: owner.urlName,
    branchUrl: branch.branchUrl,
    itemId: item.id,
    copyId: copy.id,
  };
}

/**
 * An app process as server/http-app.ts orders it: a page cache answers "?cached"
 * requests itself (telling the counter), the rest goes on past the counter to pages
 * that answer 200 (404 for "/missing", 304 to a conditional request).
 */
async function appWith(counter: PageViewCounter) {
  const app = express();
  app.use((req, res, next) => {
    if (!req.originalUrl.includes("cached")) return next();
    res.status(200).end("kept page");
    counter.served(req, 200);
  });
  app.use(counter.count);
  app.use((req, res) => {
    if (req.headers["if-none-match"]) {
      res.status(304).end();
      return;
    }
    // A table card's code answers with its redirect to the branch page (issue 33).
    if (req.path.includes("/t/")) {
      res.redirect(302, req.path.slice(0, req.path.indexOf("/t/")));
      return;
    }
    res.status(req.path.includes("missing") ? 404 : 200).send("page");
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    revisit: (path: string) =>
      fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, "if-none-match": '"v1"' } }).then(
        (r) => r.status,
      ),
    get: (path: string, agent = BROWSER) =>
      fetch(`${base}${path}`, { headers: { "user-agent": agent }, redirect: "manual" }).then((r) => r.text()),
    post: (path: string) => fetch(`${base}${path}`, { method: "POST", headers: { "user-agent": BROWSER } }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// These tests read one page many times from one address: the per-client cap has its own test.
const counterFor = (flushSeconds = 3600, now?: () => number) =>
  createPageViewCounter({
    db: services.database.db,
    log: createLogger("silent"),
    flushSeconds,
    perClient: { limit: 10_000, windowMs: CLIENT_WINDOW_MS },
    ...(now ? { now } : {}),
  });

async function countsOf(restaurantId: string) {
  const rows = await services.database.db
    .selectFrom("page_view")
    .select(["kind", "branchId", "itemId", "day", "n"])
    .where("restaurantId", "=", restaurantId)
    .orderBy("kind")
    .orderBy("branchId")
    .orderBy("itemId")
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

describe("what a request counts as", () => {
  it("reads the public pages of a restaurant, in both languages, and nothing else", () => {
    expect(viewOf("/r/savour")).toEqual({ kind: "restaurant", urlName: "savour", branchUrl: "", itemId: "" });
    expect(viewOf("/r/savour?src=qr")).toMatchObject({ kind: "scan", branchUrl: "" });
    expect(viewOf("/ur/r/savour/menu?page=2")).toMatchObject({ kind: "menu", urlName: "savour" });
    expect(viewOf("/r/savour/menu/abc")).toMatchObject({ kind: "item", itemId: "abc", branchUrl: "" });
    expect(viewOf("/r/savour/branch/f-7")).toMatchObject({ kind: "branch", branchUrl: "f-7" });
    expect(viewOf("/r/savour/branch/f-7?page=2&src=qr")).toMatchObject({ kind: "scan", branchUrl: "f-7" });
    expect(viewOf("/r/savour/branch/f-7.data")).toMatchObject({ kind: "branch" });
    expect(viewOf("/r/savour/branch/f-7/menu/abc?src=qr")).toMatchObject({ kind: "item", itemId: "abc" });
    expect(viewOf("/r/bundu%20khan")).toMatchObject({ urlName: "bundu khan" });
    // A printed table card (issue 33): a scan of its branch, in either language.
    expect(viewOf("/r/savour/branch/f-7/t/k3mp9xq2")).toEqual({
      kind: "scan",
      urlName: "savour",
      branchUrl: "f-7",
      itemId: "",
    });
    expect(viewOf("/ur/r/savour/branch/f-7/t/k3mp9xq2")).toMatchObject({ kind: "scan", branchUrl: "f-7" });
    expect(viewOf("/r/savour/branch/f-7/t/k3mp9xq2/more")).toBeNull();
    for (const other of [
      "/",
      "/menus",
      "/r/savour/branches",
      "/r/savour/branch/f-7/reviews",
      "/reviews/savour",
      "/r/%E0%A4%A",
    ]) {
      expect(viewOf(other), other).toBeNull();
    }
  });

  it("dates a view in Pakistan time, the next day from midnight there (19:00 UTC)", () => {
    expect(dayOf(Date.parse("2026-03-01T18:59:00Z") + 3 * 60_000)).toBe("2026-03-02");
    expect(dayOf(Date.parse("2026-03-01T18:59:00Z"))).toBe("2026-03-01");
    expect(dayOf(Date.parse("2026-03-01T18:59:59.999Z"))).toBe("2026-03-01");
    expect(dayOf(Date.parse("2026-03-01T19:00:00Z"))).toBe("2026-03-02");
    expect(dayOf(Date.parse("2026-03-01T19:00:59Z"))).toBe("2026-03-02");
    expect(dayOf(Date.parse("2026-03-01T18:59:30Z"))).toBe("2026-03-01");
  });
});

describe("counting", () => {
  it("counts a table card's opening (its redirect) as one scan of its branch, made-up codes under the branch's cap", async () => {
    const r = await restaurant();
    const counter = createPageViewCounter({
      db: services.database.db,
      log: createLogger("silent"),
      flushSeconds: 3600,
      perClient: { limit: 3, windowMs: CLIENT_WINDOW_MS },
      now: () => Date.parse("2026-03-05T10:00:00Z"),
    });
    const app = await appWith(counter);
    const branchPage = `/r/${r.urlName}/branch/${r.branchUrl}`;
    await app.get(`${branchPage}/t/k3mp9xq2`);
    // The phone follows the redirect: the branch page counts itself.
    await app.get(branchPage);
    // Made-up codes from one address are one page for the cap (3 here, a page in each
    // language as for every page): 5 on the Urdu address make 3.
    for (const code of ["aaaa", "bbbb", "cccc", "dddd", "eeee"]) await app.get(`/ur${branchPage}/t/${code}`);
    await counter.flush();
    const branchId = (
      await services.database.db
        .selectFrom("branch")
        .select("id")
        .where("restaurantId", "=", r.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await countsOf(r.id)).toEqual([
      { kind: "branch", branchId, itemId: "", day: "2026-03-05", n: 1 },
      { kind: "scan", branchId, itemId: "", day: "2026-03-05", n: 4 },
    ]);
    await app.close();
    await counter.close();
  });

  it("counts answered page views per kind, branch and dish, and a scan as a view too; not bots, errors or other methods", async () => {
    const r = await restaurant();
    // One second before midnight in Pakistan: every view is still the 1st's.
    const counter = counterFor(3600, () => Date.parse("2026-03-01T18:59:59Z"));
    const app = await appWith(counter);
    const branchPage = `/r/${r.urlName}/branch/${r.branchUrl}`;
    await app.get(branchPage);
    // Answered by the page cache: counted once, there.
    await app.get(`${branchPage}?cached`);
    // A reader who has the page already and opens it again (304) has viewed it.
    expect(await app.revisit(branchPage)).toBe(304);
    await app.get(`${branchPage}?src=qr`);
    await app.get(`/ur${branchPage}?src=qr`);
    await app.get(`${branchPage}/menu/${r.copyId}`);
    await app.get(`/r/${r.urlName}/menu/${r.itemId}`);
    await app.get(`/r/${r.urlName}/menu`);
    await app.get(`/r/${r.urlName}?src=qr`);
    await app.get(branchPage, GOOGLEBOT);
    await app.get(`/r/${r.urlName}/branch/missing`);
    await app.post(branchPage);
    await counter.flush();
    const branchId = (
      await services.database.db
        .selectFrom("branch")
        .select("id")
        .where("restaurantId", "=", r.id)
        .executeTakeFirstOrThrow()
    ).id;
    const day = "2026-03-01";
    expect(await countsOf(r.id)).toEqual([
      { kind: "branch", branchId, itemId: "", day, n: 5 },
      { kind: "item", branchId: "", itemId: r.itemId, day, n: 1 },
      { kind: "item", branchId, itemId: r.copyId, day, n: 1 },
      { kind: "menu", branchId: "", itemId: "", day, n: 1 },
      { kind: "restaurant", branchId: "", itemId: "", day, n: 1 },
      { kind: "scan", branchId: "", itemId: "", day, n: 1 },
      { kind: "scan", branchId, itemId: "", day, n: 2 },
    ]);
    await app.close();
    await counter.close();
  });

  it("shows the admin each restaurant's scans and views of the last 30 days", async () => {
    const r = await restaurant();
    const counter = counterFor();
    const app = await appWith(counter);
    await app.get(`/r/${r.urlName}/branch/${r.branchUrl}?src=qr`);
    await app.get(`/r/${r.urlName}/menu`);
    await counter.flush();
    // A day long gone counts no more.
    await services.database.db
      .insertInto("page_view")
      .values({ restaurantId: r.id, day: "2020-01-01", kind: "scan", n: 99 })
      .execute();
    const queue = await restaurantQueue(services, "approved", 1);
    const pages = queue.pages;
    let found = queue.restaurants.find((x) => x.id === r.id);
    for (let page = 2; !found && page <= pages; page++) {
      found = (await restaurantQueue(services, "approved", page)).restaurants.find((x) => x.id === r.id);
    }
    expect(queue.viewDays).toBe(30);
    expect(found).toMatchObject({ scans: 1, views: 2 });
    await app.close();
    await counter.close();
  });

  it("drops views of restaurants, branches and dishes that do not exist or are not where the address says", async () => {
    const r = await restaurant();
    const other = await restaurant();
    const counter = counterFor();
    const app = await appWith(counter);
    await app.get("/r/no-such-restaurant");
    await app.get(`/r/${r.urlName}/branch/no-such-branch`);
    await app.get(`/r/${r.urlName}/menu/${other.itemId}`);
    await app.get(`/r/${r.urlName}/menu/${r.copyId}`);
    await app.get(`/r/${r.urlName}/branch/${r.branchUrl}/menu/${r.itemId}`);
    await counter.flush();
    expect(await countsOf(r.id)).toEqual([]);
    expect(await countsOf(other.id)).toEqual([]);
    await app.close();
    await counter.close();
  });

  it("adds up across processes and flushes: each process adds what it counted since its last flush", async () => {
    const r = await restaurant();
    const counters = [counterFor(), counterFor()];
    const apps = await Promise.all(counters.map(appWith));
    const page = `/r/${r.urlName}`;
    await Promise.all(
      apps.map((app, i) => Promise.all(Array.from({ length: 20 + i * 5 }, () => app.get(page)))),
    );
    await Promise.all(counters.map((c) => c.flush()));
    for (let i = 0; i < 7; i++) await apps[0]!.get(page);
    // Two flushes at once write each view once.
    await Promise.all([counters[0]!.flush(), counters[0]!.flush(), counters[1]!.flush()]);
    expect((await countsOf(r.id)).map((row) => [row.kind, row.n])).toEqual([["restaurant", 20 + 25 + 7]]);
    for (const app of apps) await app.close();
    for (const counter of counters) await counter.close();
  });

  it("flushes on its timer, and once more when the process stops", async () => {
    const r = await restaurant();
    const counter = counterFor(0.2);
    const app = await appWith(counter);
    await app.get(`/r/${r.urlName}`);
    await expect.poll(async () => (await countsOf(r.id)).length, { timeout: 5000 }).toBe(1);
    await app.get(`/r/${r.urlName}`);
    await app.close();
    await counter.close();
    expect((await countsOf(r.id))[0]!.n).toBe(2);
  });

  it("keeps what it counted when a flush fails, and writes it with the next one", async () => {
    const r = await restaurant();
    let fail = true;
    const db = services.database.db;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "transaction" && fail)
          return () => ({ execute: () => Promise.reject(new Error("db away")) });
        const value = Reflect.get(target, property, receiver) as unknown;
        // Kysely's methods read private fields: they run on the real instance.
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const counter = createPageViewCounter({ db: flaky, log: createLogger("silent"), flushSeconds: 3600 });
    const app = await appWith(counter);
    await app.get(`/r/${r.urlName}`);
    await counter.flush();
    expect(await countsOf(r.id)).toEqual([]);
    fail = false;
    await app.get(`/r/${r.urlName}`);
    await counter.flush();
    expect((await countsOf(r.id))[0]!.n).toBe(2);
    await app.close();
    await counter.close();
  });
});

describe("a cap per client address (docs/threat-model.md, counters)", () => {
  it("counts 3,000 scans from one address as the cap, and 20 phones behind one address as 20", async () => {
    const r = await restaurant();
    let now = Date.parse("2026-11-26T12:00:00Z");
    const counter = createPageViewCounter({
      db: services.database.db,
      log: createLogger("silent"),
      flushSeconds: 3600,
      now: () => now,
    });
    const app = express();
    // Behind the proxy, as in production: X-Forwarded-For names the client.
    app.set("trust proxy", "loopback");
    app.use(counter.count);
    app.use((_req, res) => res.status(200).send("page"));
    const server = await listen(app);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string, client: string) =>
      fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, "x-forwarded-for": client } }).then((res) =>
        res.text(),
      );
    const branch = `/r/${r.urlName}/branch/${r.branchUrl}`;
    // The attack: one address, 3,000 scans with made-up queries beside src=qr.
    for (let batch = 0; batch < 30; batch++)
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => get(`${branch}?src=qr&z=${batch}-${i}`, "203.0.113.7")),
      );
    // A family hall on the restaurant's Wi-Fi: 20 phones open the menu, one address.
    await Promise.all(Array.from({ length: 20 }, () => get(`/r/${r.urlName}/menu`, "198.51.100.20")));
    // Another diner, another address, counts on its own.
    await get(`${branch}?src=qr`, "198.51.100.99");
    await counter.flush();
    const counted = Object.fromEntries((await countsOf(r.id)).map((row) => [row.kind, row.n]));
    expect(counted).toEqual({ scan: VIEWS_PER_CLIENT + 1, branch: VIEWS_PER_CLIENT + 1, menu: 20 });

    // A new window: the address counts again, up to the cap.
    now += CLIENT_WINDOW_MS;
    await counter.flush();
    await Promise.all(Array.from({ length: 50 }, () => get(`${branch}?src=qr`, "203.0.113.7")));
    await counter.flush();
    const later = Object.fromEntries((await countsOf(r.id)).map((row) => [row.kind, row.n]));
    expect(later.scan).toBe(2 * VIEWS_PER_CLIENT + 1);
    await closeServer(server);
    await counter.close();
  });

  it("keeps no address, and knows an IPv6 client by its /64", () => {
    expect(clientOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientOf("::ffff:203.0.113.7")).toBe("::ffff:203.0.113.7");
    expect(clientOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientOf("::1")).toBe("0:0:0:0::/64");
    expect(clientOf(undefined)).toBe("");
  });
});
