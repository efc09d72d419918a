import { describe, expect, it } from "vitest";
import type { CachedPage } from "./page-cache.server.ts";
import { createPageStore, createSegmentedPageStore, type PageStore } from "./page-store.server.ts";

/** A kept page of `kb` kilobytes (sizes are what the stores count). */
function page(kb: number, seed: string): CachedPage {
  return {
    status: 200,
    headers: [],
    body: Buffer.alloc(kb * 1024),
    gzip: Buffer.alloc(0),
    etag: `"${seed}"`,
  };
}

const MB = 1024 * 1024;

/** Forty pages of 10 KB, each kept and read again: the pages diners read. */
function readTwice(store: PageStore) {
  const popular = Array.from({ length: 40 }, (_, i) => `v1|/r/popular-${i}`);
  for (const key of popular) {
    store.set(key, page(10, key));
    store.get(key);
  }
  return popular;
}

describe("the segmented page store (ADR 0034)", () => {
  it("keeps the pages diners read while a crawler walks ten times the store once", () => {
    const store = createSegmentedPageStore(2 * MB);
    const popular = readTwice(store);
    for (let i = 0; i < 2000; i++) {
      const key = `v1|/r/crawled-${i}`;
      store.set(key, page(10, key));
      // Diners keep reading the popular pages meanwhile, now and then.
      if (i % 100 === 0) for (const hot of popular) store.get(hot);
    }
    expect(popular.filter((key) => !store.has(key))).toEqual([]);
    expect(store.calculatedSize).toBeLessThanOrEqual(2 * MB);
  });

  it("the plain LRU it replaces loses them all to the same walk", () => {
    const store = createPageStore(2 * MB);
    const popular = readTwice(store);
    for (let i = 0; i < 2000; i++) store.set(`v1|/r/crawled-${i}`, page(10, `c${i}`));
    expect(popular.filter((key) => store.has(key))).toEqual([]);
  });

  it("puts a page rendered again after a write where its old copy was, and lets the old copy go", () => {
    const store = createSegmentedPageStore(2 * MB);
    store.set("v1|/r/a", page(10, "a1"));
    store.get("v1|/r/a");
    store.set("v2|/r/a", page(10, "a2"), { replaces: "v1|/r/a" });
    expect(store.has("v1|/r/a")).toBe(false);
    // Straight to the protected part: a walk of one-time pages does not evict it.
    for (let i = 0; i < 1000; i++) store.set(`v1|/r/crawled-${i}`, page(10, `c${i}`));
    expect(store.has("v2|/r/a")).toBe(true);
  });

  it("keeps a page read once on probation only, where a walk evicts it", () => {
    const store = createSegmentedPageStore(2 * MB);
    store.set("v1|/r/once", page(10, "once"));
    for (let i = 0; i < 1000; i++) store.set(`v1|/r/crawled-${i}`, page(10, `c${i}`));
    expect(store.has("v1|/r/once")).toBe(false);
    expect(store.get("v1|/r/once")).toBeUndefined();
  });

  it("answers a kept page the same from either part", () => {
    const store = createSegmentedPageStore(MB);
    const kept = page(4, "x");
    store.set("k", kept);
    expect(store.get("k")).toBe(kept);
    expect(store.get("k")).toBe(kept);
    expect([...store.entries()].map(([key]) => key)).toEqual(["k"]);
  });
});
