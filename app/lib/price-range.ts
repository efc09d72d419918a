import { PRICE_RANGES } from "./reference-data.ts";

export type PriceRange = (typeof PRICE_RANGES)[number];

/**
 * The price range (product rules §9) a price falls in. Each range holds its lower
 * bound and not its upper one, so a round price goes up: 500 is "500-1000" and
 * 10000 is "10000+". Undefined for what is no price (blank, negative, not a number),
 * so the form leaves the owner's choice alone while they are still typing.
 */
export function priceRangeOf(price: number): PriceRange;
export function priceRangeOf(price: number | undefined): PriceRange | undefined;
export function priceRangeOf(price: number | undefined): PriceRange | undefined {
  if (price === undefined || !Number.isFinite(price) || price < 0) return undefined;
  if (price < 500) return "0-500";
  if (price < 1000) return "500-1000";
  if (price < 2000) return "1000-2000";
  if (price < 5000) return "2000-5000";
  if (price < 10_000) return "5000-10000";
  return "10000+";
}
