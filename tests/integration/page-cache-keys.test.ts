import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpAndNonce, securityHeaders } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createPageCache, type Render } from "~/server/page-cache-middleware.server.ts";
import { pageQuery } from "~/server/page-cache.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { closeServer, listen, rawGet } from "../setup/http-client.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * docs/threat-model.md, "page cache": a kept page's key holds only what the page
 * reads. 1,500 branch-page requests with made-up `?z=N&pad=…` once flushed the whole
 * cache (every diner's page a miss again, RSS +115 MB); and filters, which are as many
 * as anyone cares to make up, have their own share so a flood of them evicts no page
 * diners read.
 */
let services: TestServices;
let server: http.Server;
let pageCache: ReturnType<typeof createPageCache>;
const rendered: string[] = [];
let urlName: string;

// About 4 KB of page that differs by what it was rendered for.
const render: Render = async (request) => {
  const url = new URL(request.url);
  rendered.push(`${url.pathname}${url.search}`);
  const filler = "x".repeat(4000);
  return new Response(`<html><body><p>${url.pathname}${url.search}</p><p>${filler}</p></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

async function get(path: string) {
  const answer = await rawGet(server, path, { "accept-encoding": "identity" });
  return { ...answer, cache: answer.headers["x-page-cache"] };
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  urlName = (await signedUpOwner(services)).urlName;
  pageCache = createPageCache({
    db: services.database.db,
    // Room for about 40 plain pages and 12 filtered ones (a page keeps its text and its gzip).
    maxBytes: 256 * 1024,
    log: createLogger("silent"),
    render,
    origin: "http://localhost:3000",
    clientDir: null,
  });
  const app = express();
  app.get("/{*any}", (req, res, next) => void pageCache.serveHit(req, res, next));
  app.use(clientIpAndNonce);
  app.use(securityHeaders("http://localhost:3000"));
  app.get("/{*any}", pageCache.renderAndStore);
  server = await listen(app);
});
afterAll(async () => {
  await closeServer(server);
  await services.close();
});

describe("what a kept page's key holds", () => {
  it("keeps only the parameters each page reads, in one order", () => {
    expect(pageQuery("/r/x/branch/f-7", "?z=1&pad=aaaa")).toEqual({ query: "", filtered: false });
    expect(pageQuery("/r/x/branch/f-7", "?src=qr")).toEqual({ query: "", filtered: false });
    expect(pageQuery("/r/x/branch/f-7", "?page=2&utm_source=wa")).toEqual({
      query: "?page=2",
      filtered: false,
    });
    expect(pageQuery("/ur/r/x/branch/f-7", "?type=Veg&page=2&avoid=nuts&avoid=dairy")).toEqual({
      query: "?avoid=nuts&avoid=dairy&page=2&type=Veg",
      filtered: true,
    });
    expect(pageQuery("/r/x/branch/f-7", "?page=02")).toEqual({ query: "?page=02", filtered: true });
    expect(pageQuery("/r/x", "?page=2")).toEqual({ query: "", filtered: false });
    expect(pageQuery("/r/x/menu", "?page=3&section=x")).toEqual({ query: "?page=3", filtered: false });
    expect(pageQuery("/search", "?q=karahi&tab=items&junk=1")).toEqual({
      query: "?q=karahi&tab=items",
      filtered: true,
    });
    expect(pageQuery("/reviews/x", "?review=abc&page=4")).toEqual({ query: "?review=abc", filtered: true });
    // React Router's data request keeps its `_routes`; it alone is no filter.
    expect(pageQuery("/r/x/branch/f-7.data", "?_routes=routes%2Fpublic%2Fbranch&z=1")).toEqual({
      query: "?_routes=routes%2Fpublic%2Fbranch",
      filtered: false,
    });
    expect(pageQuery("/r/x/branch/f-7", "?_routes=x")).toEqual({ query: "", filtered: false });
  });

  it("answers 1,500 made-up queries from one kept page, rendered once for its real address", async () => {
    const page = `/r/${urlName}/branch/main`;
    rendered.length = 0;
    const answers = [];
    for (let n = 0; n < 1500; n++) answers.push(await get(`${page}?z=${n}&pad=${"p".repeat(200)}`));
    expect(rendered).toEqual([page]);
    expect(answers.filter((a) => a.cache === "HIT")).toHaveLength(1499);
    // The junk reached no render: the page never shows it.
    expect(answers.every((a) => !a.body.includes("pad="))).toBe(true);
    expect(pageCache.kept().filter(([key]) => key.includes(page))).toHaveLength(1);
  });

  it("lets a flood of made-up filters evict no page diners read", async () => {
    const plain = [
      `/r/${urlName}`,
      `/r/${urlName}/menu`,
      `/r/${urlName}/branch/main`,
      `/r/${urlName}/branches`,
    ];
    for (let n = 2; n <= 9; n++) plain.push(`/r/${urlName}/branch/main?page=${n}`);
    for (const path of plain) await get(path);
    for (const path of plain) expect([path, (await get(path)).cache]).toEqual([path, "HIT"]);
    for (let n = 0; n < 400; n++) {
      await get(`/r/${urlName}/branch/main?type=Veg&avoid=${n}-${"w".repeat(30)}`);
      await get(`/search?q=word${n}+${"q".repeat(60)}`);
    }
    for (const path of plain) expect([path, (await get(path)).cache]).toEqual([path, "HIT"]);
    // The filtered share still works for the filters diners repeat.
    const filter = `/r/${urlName}/branch/main?type=Veg&avoid=dairy`;
    await get(filter);
    expect((await get(filter)).cache).toBe("HIT");
  });
});
