import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { inEnglish } from "~/lib/message.ts";
import { branchPath } from "~/lib/slug.ts";
import { createVersionMemo } from "~/server/content-version-memo.server.ts";
import { clientIpAndNonce } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createPageCache, type Render } from "~/server/page-cache-middleware.server.ts";
import { contentVersionKey, scopeName, type PageScope } from "~/server/page-cache.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

// ADR 0047: on SQLite a cache hit's content versions are remembered while the database's
// change stamp holds. These tests hold the memo to the database's every change: this
// process's writes at once, another process's (or a command's) from the next turn on.

let services: TestServices;
/** Another process of the same installation: its own connection to the same file. */
let other: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  other = await createTestServices({ APPROVAL_MODE: "auto" }, { sameDataAs: services });
});
afterAll(async () => {
  await other.close();
  await services.close();
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function restaurant(restName?: string, branchName = "Main") {
  const { id, urlName } = await signedUpOwner(services, restName ? { restName } : {});
  const section = await menus.addSection(services, id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branch = await addBranch(services, id, { branchName });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  return { id, urlName, branchUrl: branch.branchUrl };
}

describe("a version memo", () => {
  it("reads once while the stamp holds, and again once it moves", async () => {
    let stamp = 1;
    let reads = 0;
    const remembered = createVersionMemo(() => stamp);
    const read = async () => `v${++reads}`;
    expect(await remembered("a", read)).toBe("v1");
    expect(await remembered("a", read)).toBe("v1");
    expect(await remembered("b", read)).toBe("v2");
    stamp = 2;
    expect(await remembered("a", read)).toBe("v3");
    expect(await remembered("b", read)).toBe("v4");
    expect(reads).toBe(4);
  });

  it("keeps no answer read while the stamp moved: it may be older than the new stamp", async () => {
    let stamp = 1;
    let reads = 0;
    const remembered = createVersionMemo(() => stamp);
    const read = async () => {
      reads++;
      const answer = `v${reads}`;
      stamp++; // a write lands while the answer travels
      return answer;
    };
    expect(await remembered("a", read)).toBe("v1");
    expect(await remembered("a", read)).toBe("v2");
    expect(reads).toBe(2);
  });

  it("lets no slower lookup overwrite the answer a later one read after a write", async () => {
    let stamp = 1;
    let reads = 0;
    const remembered = createVersionMemo(() => stamp);
    const slow = Promise.withResolvers<string>();
    // A reads before the write, and its answer arrives after B's.
    const a = remembered("a", () => (reads++, slow.promise));
    stamp = 2;
    expect(await remembered("a", async () => (reads++, "new"))).toBe("new");
    slow.resolve("old");
    expect(await a).toBe("old");
    expect(await remembered("a", async () => (reads++, "read again"))).toBe("new");
    expect(reads).toBe(2);
  });

  it("stays bounded under a flood of made-up scopes", async () => {
    let reads = 0;
    const remembered = createVersionMemo(() => 1, 100);
    for (let i = 0; i < 1000; i++) await remembered(`made-up-${i}`, async () => `v${++reads}`);
    // The first scope was dropped with the rest when the bound was reached: read again.
    await remembered("made-up-0", async () => `v${++reads}`);
    expect(reads).toBe(1001);
  });
});

const sqlite = !process.env.TEST_DATABASE_URL;

describe.runIf(sqlite)("SQLite's change stamp", () => {
  it("holds while nothing is written, across turns", async () => {
    const stamp = services.database.changeStamp!;
    await restaurant();
    const before = stamp();
    await services.database.db.selectFrom("restaurant").select("id").execute();
    await nextTurn();
    expect(stamp()).toBe(before);
  });

  it("moves at once with this process's writes, rolled back ones included", async () => {
    const a = await restaurant();
    const stamp = services.database.changeStamp!;
    const before = stamp();
    await menus.addSection(services, a.id, { originalName: "Drinks" });
    const afterWrite = stamp();
    expect(afterWrite).not.toBe(before);
    await expect(
      services.database.db.transaction().execute(async (trx) => {
        await trx.updateTable("restaurant").set({ about: "changed" }).where("id", "=", a.id).execute();
        throw new Error("forced");
      }),
    ).rejects.toThrow("forced");
    expect(stamp()).not.toBe(afterWrite);
  });

  it("tells the database's health, as a query would: a hit may run no other", async () => {
    const { health } = services.database;
    const stamp = services.database.changeStamp!;
    await nextTurn();
    expect(health.failed(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(health.down).toBe(true);
    stamp();
    expect(health.down).toBe(false);
  });

  it("moves by the next turn with another process's commit", async () => {
    const a = await restaurant();
    const stamp = services.database.changeStamp!;
    await nextTurn();
    const before = stamp();
    await menus.addSection(other, a.id, { originalName: "Drinks" });
    await nextTurn();
    expect(stamp()).not.toBe(before);
  });
});

describe.runIf(!sqlite)("PostgreSQL's change stamp", () => {
  it("does not exist: every lookup reads the versions", () => {
    expect(services.database.changeStamp).toBeNull();
  });
});

describe.runIf(sqlite)("remembered content versions", () => {
  it("answer as the database does after every kind of write, reading it once between writes", async () => {
    const a = await restaurant();
    const scope: PageScope = { kind: "restaurant", urlName: a.urlName, reviews: { branchUrl: a.branchUrl } };
    let reads = 0;
    const remembered = createVersionMemo(services.database.changeStamp!);
    const keyOf = () =>
      remembered(scopeName(scope), () => {
        reads++;
        return contentVersionKey(services.database.db, scope);
      });
    const truth = () => contentVersionKey(services.database.db, scope);

    const first = await keyOf();
    for (let i = 0; i < 50; i++) expect(await keyOf()).toBe(first);
    expect(reads).toBe(1);

    await menus.addSection(services, a.id, { originalName: "Desserts" });
    const afterOwn = await keyOf();
    expect(afterOwn).not.toBe(first);
    expect(afterOwn).toBe(await truth());

    await menus.addSection(other, a.id, { originalName: "Drinks" });
    await nextTurn();
    const afterOther = await keyOf();
    expect(afterOther).not.toBe(afterOwn);
    expect(afterOther).toBe(await truth());

    // A write in SQL straight to the versions table (a migration's, a repair's) counts too.
    await sql`update content_version set version = version + 1
              where scope = (select 'r:' || id from restaurant where "urlName" = ${a.urlName})`.execute(
      other.database.db,
    );
    await nextTurn();
    expect(await keyOf()).toBe(await truth());
    expect(await keyOf()).not.toBe(afterOther);
  });
});

describe.runIf(sqlite)("the page cache over HTTP, with versions remembered", () => {
  let server: http.Server;
  let base: string;
  const rendered: string[] = [];

  const render: Render = async (request) => {
    const path = new URL(request.url).pathname;
    rendered.push(path);
    const urlName = decodeURIComponent(/^\/r\/([^/]+)/.exec(path)?.[1] ?? "");
    const sections = await services.database.db
      .selectFrom("menu_section")
      .innerJoin("restaurant", "restaurant.id", "menu_section.restaurantId")
      .select("menu_section.originalName")
      .where("restaurant.urlName", "=", urlName)
      .where("menu_section.branchId", "is", null)
      .orderBy("menu_section.originalName")
      .execute();
    const body = `<html><body><p>${sections.map((s) => s.originalName).join(", ")}</p></body></html>`;
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  };

  beforeAll(async () => {
    const pageCache = createPageCache({
      db: services.database.db,
      changeStamp: services.database.changeStamp,
      maxBytes: 1024 * 1024,
      log: createLogger("silent"),
      render,
      origin: "http://localhost:3000",
      clientDir: null,
    });
    const app = express();
    app.get("/{*any}", pageCache.serveHit);
    app.use(clientIpAndNonce);
    app.get("/{*any}", pageCache.renderAndStore);
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const branchPage = async (r: { urlName: string; branchUrl: string }) => {
    const response = await fetch(`${base}${branchPath(r.urlName, r.branchUrl)}`);
    return { cache: response.headers.get("x-page-cache"), body: await response.text() };
  };

  it("sends a menu changed by another process, not the copy it kept", async () => {
    const a = await restaurant();
    const path = `/r/${a.urlName}/menu`;
    const get = async () => {
      const response = await fetch(`${base}${path}`);
      return { cache: response.headers.get("x-page-cache"), body: await response.text() };
    };
    expect(await get()).toMatchObject({ cache: "MISS" });
    expect(await get()).toEqual({ cache: "HIT", body: expect.stringContaining("<p>Mains</p>") });

    await menus.addSection(other, a.id, { originalName: "Drinks" });
    await nextTurn();
    const after = await get();
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("<p>Drinks, Mains</p>");
    expect(await get()).toMatchObject({ cache: "HIT", body: expect.stringContaining("Drinks, Mains") });
  });

  it("keeps two branch pages apart whose names join alike (a `|` in a restaurant's name)", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await restaurant(`${tag}|r`, "s");
    const b = await restaurant(tag, "r|s");
    expect([a.urlName, a.branchUrl, b.urlName, b.branchUrl]).toEqual([`${tag}|r`, "s", tag, "r|s"]);
    expect((await branchPage(a)).cache).toBe("MISS");
    expect((await branchPage(b)).cache).toBe("MISS");
    await menus.addSection(services, b.id, { originalName: "Drinks" });
    // `a` read first after the write: its versions must not stand for `b`'s.
    expect((await branchPage(a)).cache).toBe("HIT");
    const after = await branchPage(b);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("<p>Drinks, Mains</p>");
  });
});
