import { describe, expect, it } from "vitest";
import { priceRangeOf } from "./price-range.ts";
import { PRICE_RANGES } from "./reference-data.ts";

describe("the price range of a price", () => {
  it("puts each price in the range that starts at or below it, a boundary going up", () => {
    const cases: [number, string][] = [
      [0, "0-500"],
      [499.99, "0-500"],
      [500, "500-1000"],
      [999, "500-1000"],
      [1000, "1000-2000"],
      [1800, "1000-2000"],
      [2000, "2000-5000"],
      [4999.5, "2000-5000"],
      [5000, "5000-10000"],
      [9999, "5000-10000"],
      [10_000, "10000+"],
      [250_000, "10000+"],
    ];
    expect(cases.map(([price]) => [price, priceRangeOf(price)])).toEqual(cases);
  });

  it("reaches every range of product rules §9 and no other", () => {
    const found = new Set([0, 500, 1000, 2000, 5000, 10_000].map((p) => priceRangeOf(p)));
    expect([...found]).toEqual([...PRICE_RANGES]);
  });

  it("has none for what is not a price yet", () => {
    expect([undefined, Number.NaN, -1, Number.POSITIVE_INFINITY].map((p) => priceRangeOf(p))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
