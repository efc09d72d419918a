import { randomUUID } from "node:crypto";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as menus from "~/features/menus/menus.server.ts";
import { createLogger } from "~/server/log.server.ts";
import type { Render } from "~/server/page-cache-middleware.server.ts";
import {
  createSharedPageTier,
  decodeSharedPage,
  encodeSharedPage,
  type SharedPageTier,
} from "~/server/page-shared-tier.server.ts";
import { cachedPage, pageBody } from "~/server/page-cache.server.ts";
import { openRedis, redisReady, type Redis } from "~/server/redis.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { closeServer, rawGet } from "../setup/http-client.ts";
import { pageCacheProcess } from "../setup/page-cache-process.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0034: with several processes on one Redis, a visitor's page is rendered once per
 * change across all of them, not once per process; without Redis (or with Redis away)
 * each process renders for itself. Runs where Redis is (TEST_REDIS_URL; `npm run
 * test:pg` sets it, as CI does); the Redis-away cases run everywhere.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

let services: TestServices;
let renders = 0;
let edition = "first";
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const opened: Redis[] = [];
const servers: http.Server[] = [];

const render: Render = async (request) => {
  renders++;
  await gate;
  const url = new URL(request.url);
  return new Response(`<html><body><p>${url.pathname}${url.search} ${edition}</p></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

/** One app process: its own page cache in memory, sharing `shared` with the others. */
async function processWith(shared: SharedPageTier | null) {
  const server = await pageCacheProcess({
    db: services.database.db,
    maxBytes: 1024 * 1024,
    log: createLogger("silent"),
    render,
    shared,
  });
  servers.push(server);
  return server;
}

/** A tier that counts what it is asked to keep. */
function counting(tier: SharedPageTier) {
  const puts: string[] = [];
  return {
    puts,
    tier: { ...tier, put: (key, page, ttl) => (puts.push(key), tier.put(key, page, ttl)) } as SharedPageTier,
  };
}

async function connected(url: string) {
  const redis = openRedis(url, createLogger("silent"));
  opened.push(redis);
  await redisReady(redis, 5000);
  return redis;
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
});
afterAll(async () => {
  for (const server of servers) await closeServer(server);
  for (const redis of opened) await redis.close().catch(() => {});
  await services.close();
});

describe.skipIf(!REDIS_URL)("two processes sharing pages through Redis", () => {
  let a: http.Server;
  let b: http.Server;
  let puts: string[];

  beforeAll(async () => {
    // A build of its own: no other run's pages in this Redis are ever read.
    const buildId = randomUUID();
    const sharedA = counting(createSharedPageTier(await connected(REDIS_URL!), { buildId }));
    puts = sharedA.puts;
    a = await processWith(sharedA.tier);
    b = await processWith(createSharedPageTier(await connected(REDIS_URL!), { buildId }));
  });

  it("render a page once: the second process is sent the first one's copy", async () => {
    const { urlName } = await signedUpOwner(services);
    gate = Promise.resolve();
    renders = 0;
    const first = await rawGet(a, `/r/${urlName}`);
    const second = await rawGet(b, `/r/${urlName}`);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["MISS", "HIT"]);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(renders).toBe(1);
    expect((await rawGet(b, `/r/${urlName}`)).headers["x-page-cache"]).toBe("HIT");
    expect(renders).toBe(1);
  });

  it("render a page just changed once, for crowds on both; those arriving meanwhile get the previous copy", async () => {
    const owner = await signedUpOwner(services);
    const path = `/r/${owner.urlName}/menu`;
    gate = Promise.resolve();
    edition = "first";
    await rawGet(a, path);
    await rawGet(b, path);
    edition = "second";
    const section = await menus.addSection(services, owner.id, { originalName: "Drinks" });
    if (!section.ok) throw new Error(inEnglish(section.message));
    renders = 0;
    gate = new Promise((resolve) => (release = resolve));
    const leader = rawGet(a, path);
    await expect.poll(() => renders).toBe(1);
    const crowd = await Promise.all([...Array.from({ length: 5 }, () => rawGet(b, path)), rawGet(a, path)]);
    expect(crowd.map((answer) => answer.headers["x-page-cache"])).toEqual(Array(6).fill("STALE"));
    expect(crowd.every((answer) => answer.body.includes("first"))).toBe(true);
    release();
    expect((await leader).body).toContain("second");
    const after = await rawGet(b, path);
    expect([after.headers["x-page-cache"], after.body.includes("second")]).toEqual(["HIT", true]);
    expect(renders).toBe(1);
  });

  it("make the other process wait for the copy being rendered when it has none of the page", async () => {
    const { urlName } = await signedUpOwner(services);
    const path = `/r/${urlName}/branches`;
    renders = 0;
    gate = new Promise((resolve) => (release = resolve));
    const leader = rawGet(a, path);
    await expect.poll(() => renders).toBe(1);
    const waiting = rawGet(b, path);
    release();
    const [first, second] = await Promise.all([leader, waiting]);
    expect(second.body).toBe(first.body);
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(renders).toBe(1);
  });

  it("never keep a filtered page in Redis (made-up filters would fill it)", async () => {
    const { urlName } = await signedUpOwner(services);
    gate = Promise.resolve();
    const before = puts.length;
    await rawGet(a, `/r/${urlName}/branch/main?type=Veg&avoid=${randomUUID()}`);
    expect(puts.length).toBe(before);
    await rawGet(a, `/r/${urlName}/branch/main?page=2`);
    expect(puts.length).toBe(before + 1);
  });

  it("keep two builds' pages apart", async () => {
    const { urlName } = await signedUpOwner(services);
    gate = Promise.resolve();
    renders = 0;
    const other = await processWith(
      createSharedPageTier(await connected(REDIS_URL!), { buildId: randomUUID() }),
    );
    await rawGet(a, `/r/${urlName}/reviews`);
    expect((await rawGet(other, `/r/${urlName}/reviews`)).headers["x-page-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });
});

describe("pages shared through a Redis that is away", () => {
  it("are rendered by each process for itself, promptly and whole", async () => {
    // Nothing listens on port 9 of this machine: the client never connects.
    const away = openRedis("redis://127.0.0.1:9", createLogger("silent"));
    opened.push(away);
    const tier = createSharedPageTier(away, { buildId: "b" });
    const [a, b] = [await processWith(tier), await processWith(tier)];
    const { urlName } = await signedUpOwner(services);
    gate = Promise.resolve();
    renders = 0;
    const answers = [await rawGet(a, `/r/${urlName}`), await rawGet(b, `/r/${urlName}`)];
    expect(answers.map((answer) => [answer.status, answer.headers["x-page-cache"]])).toEqual([
      [200, "MISS"],
      [200, "MISS"],
    ]);
    expect(renders).toBe(2);
    expect((await rawGet(b, `/r/${urlName}`)).headers["x-page-cache"]).toBe("HIT");
  });
});

describe("a page as Redis keeps it", () => {
  const page = cachedPage(Buffer.from("<p>menu</p>".repeat(50)), [["content-type", "text/html"]]);

  it("comes back as it went: headers, ETag and its gzip", () => {
    const copy = decodeSharedPage(encodeSharedPage(page), 0)!;
    expect(pageBody(copy.page).equals(pageBody(page))).toBe(true);
    expect(copy.page.gzip.equals(page.gzip)).toBe(true);
    expect([copy.page.status, copy.page.headers, copy.page.etag, copy.ttlMs]).toEqual([
      200,
      page.headers,
      page.etag,
      undefined,
    ]);
  });

  it("keeps the moment a page stops being true, and is not served after it", () => {
    const bytes = encodeSharedPage(page, 10_000);
    expect(decodeSharedPage(bytes, 4_000)?.ttlMs).toBe(6_000);
    expect(decodeSharedPage(bytes, 9_500)).toBeNull();
  });

  it("is refused when it is not one", () => {
    expect(decodeSharedPage(Buffer.from("garbage"), 0)).toBeNull();
  });
});
