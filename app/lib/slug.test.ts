import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { restaurantPath, toSlug } from "./slug.ts";
import { truncateWords } from "./words.ts";

describe("toSlug", () => {
  it("lowercases and removes whitespace (product rules §3)", () => {
    expect(toSlug("Bundu Khan")).toBe("bundukhan");
    expect(toSlug("  BUNDU\tKHAN \n")).toBe("bundukhan");
    expect(toSlug("Café  Aylanto")).toBe("caféaylanto");
  });

  it("gives one slug for composed and decomposed forms of a name", () => {
    expect(toSlug("Cafe\u0301")).toBe(toSlug("Café"));
  });

  it("keeps non-Latin names readable", () => {
    expect(toSlug("لاہور کڑاہی")).toBe("لاہورکڑاہی");
  });

  it("is idempotent and never contains whitespace", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = toSlug(name);
        expect(toSlug(slug)).toBe(slug);
        expect(/\s/u.test(slug)).toBe(false);
      }),
    );
  });

  it("builds a path that survives any script", () => {
    expect(restaurantPath("لاہور")).toBe(`/r/${encodeURIComponent("لاہور")}`);
  });
});

describe("truncateWords", () => {
  it("keeps 30 words and says it cut", () => {
    const text = Array.from({ length: 31 }, (_, i) => `w${i}`).join(" ");
    const out = truncateWords(text);
    expect(out.truncated).toBe(true);
    expect(out.text.split(" ")).toHaveLength(30);
  });
  it("leaves short texts alone", () => {
    expect(truncateWords("one two")).toEqual({ text: "one two", truncated: false });
  });
});
