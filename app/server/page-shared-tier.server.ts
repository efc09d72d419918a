import { createHash } from "node:crypto";
import { RESP_TYPES } from "redis";
import { exactBytes } from "./exact-bytes.server.ts";
import type { CachedPage } from "./page-cache.server.ts";
import type { Redis } from "./redis.server.ts";

/**
 * ADR 0034: visitors' pages kept in Redis as well, so that with several processes a
 * page is rendered once per change, not once per process. Each process still answers
 * hits from its own memory; Redis is asked on a miss, and the process that renders a
 * page first claims it there, so the others wait for its copy instead of rendering
 * their own. Every call fails soft and fast: without Redis each process renders for
 * itself, as it does on the embedded default (no REDIS_URL).
 */
/** A page from Redis, with the time it has left when it says something true only until a moment. */
export interface SharedCopy {
  page: CachedPage;
  ttlMs?: number;
}

export interface SharedPageTier {
  get(key: string): Promise<SharedCopy | null>;
  put(key: string, page: CachedPage, ttlMs?: number): Promise<void>;
  /** True when this process should render the page (no other claimed it, or Redis is away). */
  claim(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** The copy another process is rendering, polled until it is there or `withinMs` has passed. */
  waitFor(key: string, withinMs: number): Promise<SharedCopy | null>;
}

/** How long a copy stays in Redis after its render; a changed page is under a new key anyway. */
const SHARED_TTL_MS = 10 * 60 * 1000;
/** A claim outlives any render; a process that dies rendering holds the page this long at most. */
const CLAIM_MS = 5000;
/** A Redis answer slower than this counts as none: the page is rendered here. */
const ANSWER_MS = 150;
const POLL_MS = 15;

function withinTime<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ANSWER_MS);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * A kept page as Redis holds it: a 4-byte length, its status, headers and ETag as JSON,
 * then its gzip (all a kept page holds, ADR 0034 §5).
 */
export function encodeSharedPage(page: CachedPage, until?: number): Buffer {
  const head = Buffer.from(JSON.stringify({ s: page.status, h: page.headers, e: page.etag, u: until }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, page.gzip]);
}

export function decodeSharedPage(bytes: Buffer, now: number): SharedCopy | null {
  try {
    const length = bytes.readUInt32BE(0);
    const head = JSON.parse(bytes.subarray(4, 4 + length).toString("utf8")) as {
      s: number;
      h: [string, string][];
      e: string;
      u?: number;
    };
    const gzip = exactBytes(bytes.subarray(4 + length));
    const page = { status: head.s, headers: head.h, etag: head.e, gzip };
    if (head.u === undefined) return { page };
    // Its moment has passed (Redis keeps it to the millisecond, this clock may differ): not served.
    return head.u - now < 1000 ? null : { page, ttlMs: head.u - now };
  } catch {
    return null;
  }
}

export function createSharedPageTier(redis: Redis, options: { buildId: string }): SharedPageTier {
  const binary = redis.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  // A key names content, so pages of two builds (a deploy in progress) never mix.
  const name = (kind: string, key: string) =>
    `fv:${kind}:${createHash("sha1").update(`${options.buildId}\n${key}`).digest("base64url")}`;
  const get = async (key: string) => {
    if (!redis.isReady) return null;
    const bytes = await withinTime(binary.get(name("page", key)) as Promise<Buffer | null>, null);
    return bytes ? decodeSharedPage(bytes, Date.now()) : null;
  };
  return {
    get,
    async put(key, page, ttlMs) {
      if (!redis.isReady) return;
      const px = Math.max(1000, Math.min(ttlMs ?? SHARED_TTL_MS, SHARED_TTL_MS));
      const until = ttlMs === undefined ? undefined : Date.now() + ttlMs;
      await withinTime(redis.set(name("page", key), encodeSharedPage(page, until), { PX: px }), null);
    },
    async claim(key) {
      if (!redis.isReady) return true;
      const answer = await withinTime(redis.set(name("render", key), "1", { NX: true, PX: CLAIM_MS }), "OK");
      return answer === "OK";
    },
    async release(key) {
      if (!redis.isReady) return;
      await withinTime(redis.del(name("render", key)), 0);
    },
    async waitFor(key, withinMs) {
      for (let waited = 0; waited < withinMs; waited += POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const copy = await get(key);
        if (copy) return copy;
        // The other render ended without a copy to share (not a page that is kept): render here.
        if (!redis.isReady || (await withinTime(redis.exists(name("render", key)), 0)) === 0) return null;
      }
      return null;
    },
  };
}
