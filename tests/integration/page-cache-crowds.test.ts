import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpAndNonce, securityHeaders } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import {
  createPageCache,
  STALE_WHILE_RENDERING_MS,
  type Render,
} from "~/server/page-cache-middleware.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { closeServer, listen, rawGet } from "../setup/http-client.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * The page cache under a crowd and during an outage: concurrent misses of one page wait
 * for a single render (a review posted sends every reader into a miss at once), and while
 * the database is away (docs/operations.md) visitors get the page kept under the last version read.
 */
let services: TestServices;
let server: http.Server;
let renders = 0;
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
let databaseDown = false;
let broken = false;
let edition = "first";
let clock = 0;
/** Answers onHit was told of: hits only (a miss's view is counted by the middleware after serveHit). */
let hitsTold = 0;

// A render that waits at the gate, so that the test can hold a crowd behind it.
const render: Render = async (request) => {
  renders++;
  await gate;
  return new Response(`<html><body><p>${new URL(request.url).pathname} ${edition}</p></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  // The version lookup fails as it does when the database is away (this file's own database).
  const { db } = services.database;
  const executeQuery = db.executeQuery.bind(db);
  db.executeQuery = ((query: Parameters<typeof executeQuery>[0]) =>
    broken
      ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
      : executeQuery(query)) as typeof db.executeQuery;
  const pageCache = createPageCache({
    db,
    maxBytes: 1024 * 1024,
    log: createLogger("silent"),
    render,
    origin: "http://localhost:3000",
    clientDir: null,
    databaseDown: () => databaseDown,
    now: () => clock,
    onHit: () => hitsTold++,
  });
  const app = express();
  // server/http-app.ts's order: hits first, then the nonce and headers, then render and store.
  app.use((req, res, next) => void pageCache.serveHit(req, res, next));
  app.use(clientIpAndNonce);
  app.use(securityHeaders("http://localhost:3000"));
  app.get("/{*any}", pageCache.renderAndStore);
  app.use((_req, res) => res.status(503).end());
  server = await listen(app);
});
afterAll(async () => {
  await closeServer(server);
  await services.close();
});

describe("a crowd missing one page", () => {
  it("waits for one render, and every reader gets the page", async () => {
    const { urlName } = await signedUpOwner(services);
    const path = `/r/${urlName}`;
    renders = 0;
    gate = new Promise((resolve) => (release = resolve));
    const crowd = Array.from({ length: 20 }, () => rawGet(server, path));
    await expect.poll(() => renders).toBe(1);
    release();
    const answers = await Promise.all(crowd);
    expect(renders).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers["x-page-cache"] === "MISS")).toHaveLength(1);
  });
});

/** A visitor's page kept, then its content changed; the next render is held at the gate. */
async function keptThenChanged() {
  const owner = await signedUpOwner(services);
  const path = `/r/${owner.urlName}`;
  gate = Promise.resolve();
  edition = "first";
  expect((await rawGet(server, path)).body).toContain("first");
  edition = "second";
  const section = await menus.addSection(services, owner.id, { originalName: "Drinks" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  renders = 0;
  gate = new Promise((resolve) => (release = resolve));
  return path;
}

describe("a crowd missing a page just changed (ADR 0034)", () => {
  it("renders it once for the first reader; those arriving meanwhile get the previous copy at once", async () => {
    const path = await keptThenChanged();
    const first = rawGet(server, path);
    await expect.poll(() => renders).toBe(1);
    // The render is held: nobody arriving now waits for it.
    const told = hitsTold;
    const crowd = await Promise.all(Array.from({ length: 10 }, () => rawGet(server, path)));
    expect(hitsTold).toBe(told);
    expect(crowd.map((a) => `${a.status} ${a.headers["x-page-cache"]}`)).toEqual(Array(10).fill("200 STALE"));
    expect(crowd.every((a) => a.body.includes("first"))).toBe(true);
    release();
    const answer = await first;
    expect([answer.headers["x-page-cache"], answer.body.includes("second")]).toEqual(["MISS", true]);
    expect(renders).toBe(1);
    const after = await rawGet(server, path);
    expect([after.headers["x-page-cache"], after.body.includes("second")]).toEqual(["HIT", true]);
  });

  it("makes them wait for the new page once its content changed longer ago than the bound", async () => {
    const path = await keptThenChanged();
    const first = rawGet(server, path);
    await expect.poll(() => renders).toBe(1);
    clock += STALE_WHILE_RENDERING_MS + 1;
    const crowd = Array.from({ length: 5 }, () => rawGet(server, path));
    release();
    const answers = await Promise.all([first, ...crowd]);
    expect(renders).toBe(1);
    expect(answers.every((a) => a.status === 200 && a.body.includes("second"))).toBe(true);
    expect(answers.filter((a) => a.headers["x-page-cache"] === "STALE")).toHaveLength(0);
  });

  it("never sends a signed-in reader the previous copy", async () => {
    const path = await keptThenChanged();
    const first = rawGet(server, path);
    await expect.poll(() => renders).toBe(1);
    const signedIn = rawGet(server, path, { cookie: "better-auth.session_token=abc.def" });
    release();
    const answer = await signedIn;
    // Past the cache to the app (here a bare 503), never the copy kept for visitors.
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    expect(answer.body).not.toContain("first");
    await first;
  });
});

describe("a kept page while the database is away", () => {
  it("is served to visitors as it last was, and only during the outage", async () => {
    const { urlName } = await signedUpOwner(services);
    const path = `/r/${urlName}/menu`;
    gate = Promise.resolve();
    expect((await rawGet(server, path)).headers["x-page-cache"]).toBe("MISS");
    broken = true;
    try {
      // The lookup fails but no outage is known: nothing kept is trusted (rendered, here 503).
      expect((await rawGet(server, path)).status).toBe(503);
      databaseDown = true;
      const stale = await rawGet(server, path);
      expect(stale.status).toBe(200);
      expect(stale.headers["x-page-cache"]).toBe("STALE");
      // A page never kept has nothing to serve.
      expect((await rawGet(server, `/r/${urlName}/reviews`)).status).toBe(503);
      // A signed-in reader's page is never served stale.
      const signedIn = await rawGet(server, path, { cookie: "better-auth.session_token=abc.def" });
      expect(signedIn.headers["x-page-cache"]).not.toBe("STALE");
    } finally {
      broken = false;
      databaseDown = false;
    }
    expect((await rawGet(server, path)).headers["x-page-cache"]).toBe("HIT");
  });
});
