import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cachedPage } from "./page-cache.server.ts";
import { splicedPage } from "./spliced-page.server.ts";

// A page of about 12 KB once gzipped, as a branch's menu is.
const body = Buffer.from(`<html><body>${randomBytes(9000).toString("base64")}{slot}<p>end</p></body></html>`);

describe("pages kept in memory hold their own bytes only (ADR 0034 §5)", () => {
  it("a visitor's page: its gzip, not the 64 KB block zlib wrote it in", () => {
    const { gzip } = cachedPage(body, []);
    expect(gzip.length).toBeGreaterThan(8000);
    expect(gzip.buffer.byteLength).toBe(gzip.length);
  });

  it("a signed-in variant's pieces", () => {
    for (const piece of splicedPage(body, "{slot}").deflated.filter((p) => p.length > 4096)) {
      expect(piece.buffer.byteLength).toBe(piece.length);
    }
  });
});
