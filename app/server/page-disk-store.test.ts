import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cachedPage, pageBody } from "./page-cache.server.ts";
import { openDiskPageStore, type DiskPageStore } from "./page-disk-store.server.ts";

const opened: DiskPageStore[] = [];
const dirs: string[] = [];

function fileIn(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fv-page-disk-"));
  dirs.push(dir);
  return path.join(dir, "page-cache.db");
}

function open(file: string, options: Partial<Parameters<typeof openDiskPageStore>[1]> = {}) {
  const store = openDiskPageStore(file, { maxBytes: 64 * 1024 * 1024, buildId: "build-1", ...options });
  opened.push(store);
  return store;
}

const page = (text: string) =>
  cachedPage(Buffer.from(`<html><body>${text}</body></html>`), [["content-type", "text/html"]]);

/** A page that gzips to several kilobytes, each different. */
const incompressible = (i: number) =>
  page(
    `${i} ${Buffer.from(Array.from({ length: 6000 }, (_, j) => (i * 31 + j * 7) % 256)).toString("base64")}`,
  );

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the page cache's disk store (ADR 0034 §5)", () => {
  it("gives back a page as it was kept: headers, ETag and gzip", () => {
    const store = open(fileIn());
    const kept = page("karahi");
    store.put("r:1:3|customers:0||/r/a", kept);
    const copy = store.get("r:1:3|customers:0||/r/a")!;
    expect(pageBody(copy.page).toString()).toContain("karahi");
    expect([copy.page.headers, copy.page.etag, copy.ttlMs]).toEqual([kept.headers, kept.etag, undefined]);
    expect(store.get("r:1:4|customers:0||/r/a")).toBeNull();
  });

  it("is shared by the processes of a host: one writes, another reads", () => {
    const file = fileIn();
    const a = open(file);
    const b = open(file);
    a.put("k", page("from a"));
    expect(pageBody(b.get("k")!.page).toString()).toContain("from a");
  });

  it("never answers for another build's pages", () => {
    const file = fileIn();
    open(file).put("k", page("old build"));
    expect(open(file, { buildId: "build-2" }).get("k")).toBeNull();
  });

  it("stops serving a page at the moment it stops being true", () => {
    let now = 1_000_000;
    const store = open(fileIn(), { now: () => now });
    store.put("open-now", page("open"), { ttlMs: 60_000 });
    expect(store.get("open-now")?.ttlMs).toBe(60_000);
    now += 59_500;
    expect(store.get("open-now")).toBeNull();
  });

  it("drops the copy a new version replaces", () => {
    const store = open(fileIn());
    store.put("v1|/r/a", page("before"));
    store.put("v2|/r/a", page("after"), { replaces: "v1|/r/a" });
    expect(store.get("v1|/r/a")).toBeNull();
    expect(pageBody(store.get("v2|/r/a")!.page).toString()).toContain("after");
  });

  it("keeps within its bound: the pages written longest ago leave first", () => {
    const store = open(fileIn(), { maxBytes: 512 * 1024 });
    for (let i = 0; i < 1024; i++) store.put(`p${i}`, incompressible(i));
    expect(store.bytes()).toBeLessThan(1.25 * 512 * 1024);
    expect(store.get("p0")).toBeNull();
    expect(store.get("p1023")).not.toBeNull();
  });

  it("starts empty when its file is damaged", () => {
    const file = fileIn();
    fs.writeFileSync(file, "not a database at all, ".repeat(400));
    const store = open(file);
    expect(store.get("k")).toBeNull();
    store.put("k", page("fresh"));
    expect(store.get("k")).not.toBeNull();
  });
});
