import { z } from "zod";
import { ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import { FINDER_PRICES, FINDER_RATINGS, FINDER_SHOWS, type FinderTab } from "./finder.options.ts";

// A value outside the options is ignored rather than refused: a hand-edited or
// old shared link still shows results.
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options).optional().catch(undefined);
const text = z.string().trim().max(100).optional().catch(undefined);

/**
 * Words of a search past this many are dropped (docs/threat-model.md): every word adds index
 * probes to each query of the search, and 20 random words took 0.29 s a search.
 */
export const FINDER_MAX_WORDS = 5;

// As the queries split a text into words (wordsOf in app/lib/spelling-keys.ts).
const WORD = /[\p{L}\p{N}\u064B-\u065F\u0670]+/gu;

/**
 * The first FINDER_MAX_WORDS distinct words of a search, so no text costs more than
 * they do. A text within that, each word once, is kept as typed ("chicken-karahi").
 */
export function boundedSearch(typed: string): string {
  const words = [...typed.normalize("NFKC").matchAll(WORD)].map(([word]) => word);
  const distinct = new Map<string, string>();
  for (const word of words) if (!distinct.has(word.toLowerCase())) distinct.set(word.toLowerCase(), word);
  if (distinct.size === words.length && words.length <= FINDER_MAX_WORDS) return typed;
  return [...distinct.values()].slice(0, FINDER_MAX_WORDS).join(" ");
}

const common = {
  q: text.transform((v) => (v ? boundedSearch(v) : undefined) || undefined),
  country: text.transform((v) => v || undefined),
  city: text.transform((v) => v || undefined),
  price: choice(FINDER_PRICES),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
};

export const restaurantFinderSchema = z.object({
  ...common,
  type: text.transform((v) => v || undefined),
  rating: choice(FINDER_RATINGS),
});

export const itemFinderSchema = z.object({
  ...common,
  area: text.transform((v) => v || undefined),
  taste: choice(TASTES),
  itemType: choice(ITEM_TYPES),
  show: choice(FINDER_SHOWS),
});

export type RestaurantFilters = z.infer<typeof restaurantFinderSchema>;
export type ItemFilters = z.infer<typeof itemFinderSchema>;

/**
 * The finder's state lives in the URL (?tab=items&city=…), so a search can be
 * shared and the back button works. Children are dropped without their parent
 * (product rules §4: a city needs a country, an area needs a city).
 */
export function parseFinder(params: URLSearchParams) {
  const raw = Object.fromEntries(params);
  const tab: FinderTab = raw.tab === "items" ? "items" : "restaurants";
  // `_routes` is React Router's own, on a script's `.data` request: not a search.
  const searched = [...params.keys()].some((key) => key !== "tab" && key !== "page" && key !== "_routes");
  if (tab === "items") {
    const filters = itemFinderSchema.parse(raw);
    if (!filters.country) filters.city = undefined;
    if (!filters.city) filters.area = undefined;
    return { tab, searched, filters } as const;
  }
  const filters = restaurantFinderSchema.parse(raw);
  if (!filters.country) filters.city = undefined;
  return { tab, searched, filters } as const;
}
