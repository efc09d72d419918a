// Client-safe and zod-free: the finder form needs these, the validator stays on the server.

/** product rules §9's finder options (types come from the reference data, which holds the four of product rules §9). */
export const FINDER_RATINGS = ["1", "2", "3", "4", "5"] as const;
export const FINDER_PRICES = ["Low", "Medium", "High"] as const;
export type FinderPrice = (typeof FINDER_PRICES)[number];

/**
 * Rs. bands for the Low / Medium / High of product rules §9: a dish's price, or a restaurant's
 * average price (restPriceavg). Upper bounds are exclusive.
 */
export const PRICE_BANDS: Record<FinderPrice, { min: number; max: number | null; label: string }> = {
  Low: { min: 0, max: 500, label: "Low (under Rs. 500)" },
  Medium: { min: 500, max: 2000, label: "Medium (Rs. 500 to 1,999)" },
  High: { min: 2000, max: null, label: "High (Rs. 2,000 and more)" },
};

export const FINDER_PAGE_SIZE = 12;

/** Item Finder's 'Show': dishes (no value), deals, or iftar deals (issue 32, ADR 0044). */
export const FINDER_SHOWS = ["deals", "iftar"] as const;

export type FinderTab = "restaurants" | "items";
