import { describe, expect, it } from "vitest";
import { cachedPage } from "./page-cache.server.ts";
import { plainBody } from "./page-cache-send.server.ts";

describe("a kept page sent to a client without gzip", () => {
  it("is its plain bytes, unzipped once and then reused", () => {
    const body = Buffer.from("<main>karahi</main>".repeat(100));
    const page = cachedPage(body, []);
    expect(page.body).toBeUndefined();
    const first = plainBody(page);
    expect(first.equals(body)).toBe(true);
    // The same buffer: the second reader without gzip cost a lookup, not an unzip.
    expect(plainBody(page)).toBe(first);
    expect(plainBody(cachedPage(Buffer.from(body), []))).toBe(first);
  });

  it("gives each page its own bytes", () => {
    const a = cachedPage(Buffer.from("<p>a</p>"), []);
    const b = cachedPage(Buffer.from("<p>b</p>"), []);
    expect(plainBody(a).toString()).toBe("<p>a</p>");
    expect(plainBody(b).toString()).toBe("<p>b</p>");
  });
});
