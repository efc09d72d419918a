import { ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";

/**
 * What a diner narrows a branch's menu to (ADR 0024), kept in the URL so the page
 * works without scripts, can be shared, and is cached like any other page. Values
 * that are not choices are dropped, never an error. Client-safe and zod-free.
 */
export interface BranchFilters {
  type?: (typeof ITEM_TYPES)[number];
  taste?: (typeof TASTES)[number];
  /** Allergen words a dish must not mention (lower case). */
  avoid: string[];
  /** Only dishes not sold out. */
  available: boolean;
}

export const NO_FILTERS: BranchFilters = { avoid: [], available: false };

export function readBranchFilters(params: URLSearchParams): BranchFilters {
  const type = ITEM_TYPES.find((t) => t === params.get("type"));
  const taste = TASTES.find((t) => t === params.get("taste"));
  const avoid = [
    ...new Set(
      params
        .getAll("avoid")
        .map((w) => w.trim().toLowerCase())
        .filter((w) => w.length > 0 && w.length <= 40),
    ),
  ].slice(0, 10);
  return {
    ...(type ? { type } : {}),
    ...(taste ? { taste } : {}),
    avoid,
    available: params.get("available") === "1",
  };
}

export function filtersActive(f: BranchFilters): boolean {
  return Boolean(f.type || f.taste || f.avoid.length > 0 || f.available);
}

/** The query string of `f` and a page (page 1 is left out, so it matches the bare address). */
export function filterQuery(f: BranchFilters, page = 1): string {
  const query = new URLSearchParams();
  if (f.type) query.set("type", f.type);
  if (f.taste) query.set("taste", f.taste);
  for (const word of f.avoid) query.append("avoid", word);
  if (f.available) query.set("available", "1");
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
