/**
 * Sizes of a dish (ADR 0022): Half / Full, Quarter / Half / Full kg, Regular / Large…,
 * each with its own price, stored as JSON on the dish row. A branch's copy keeps the
 * general prices and may override each one. A dish without sizes has '[]' and its
 * one price, exactly as before.
 */
export interface DishSize {
  label: string;
  price: number;
  /** On a branch's copy: what this branch charges instead (absent: the general price). */
  priceOverride?: number | null;
}

export const MAX_SIZES = 6;
export const MAX_SIZE_LABEL = 40;

const isPrice = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** The sizes stored on a row; anything unreadable counts as none. */
export function readSizes(json: string | null | undefined): DishSize[] {
  if (!json || json === "[]") return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return [];
      const { label, price, priceOverride } = entry as Record<string, unknown>;
      if (typeof label !== "string" || !isPrice(price)) return [];
      return [{ label, price, ...(isPrice(priceOverride) ? { priceOverride } : {}) }];
    });
  } catch {
    return [];
  }
}

export function writeSizes(sizes: readonly DishSize[]): string {
  return JSON.stringify(
    sizes.map(({ label, price, priceOverride }) =>
      isPrice(priceOverride) ? { label, price, priceOverride } : { label, price },
    ),
  );
}

/** What a diner pays for each size. */
export function sizePrices(sizes: readonly DishSize[]): { label: string; price: number }[] {
  return sizes.map((s) => ({ label: s.label, price: s.priceOverride ?? s.price }));
}

/**
 * The price columns of a dish row. Without sizes: as given. With sizes: `price` is
 * the lowest general price (what the owner pages and the average price use),
 * `priceOverride` the lowest price this branch charges when it overrides any size,
 * and `priceTo` the highest price a diner pays (the finder matches a price band
 * when the dish's prices reach into it).
 */
export function priceColumns(
  base: { price: number; priceOverride: number | null },
  sizes: readonly DishSize[],
): { price: number; priceOverride: number | null; priceTo: number | null } {
  if (sizes.length === 0) return { price: base.price, priceOverride: base.priceOverride, priceTo: null };
  const paid = sizePrices(sizes).map((s) => s.price);
  const overridden = sizes.some((s) => s.priceOverride !== undefined && s.priceOverride !== null);
  return {
    price: Math.min(...sizes.map((s) => s.price)),
    priceOverride: overridden ? Math.min(...paid) : null,
    priceTo: Math.max(...paid),
  };
}

/**
 * A branch copy's sizes after its general dish changed: the general labels and
 * prices, with this branch's override kept for each size whose label is still
 * there (when overrides are kept at all).
 */
export function followGeneralSizes(
  general: readonly DishSize[],
  branch: readonly DishSize[],
  keepOverrides: boolean,
): DishSize[] {
  const overrides = new Map(
    keepOverrides ? branch.map((s) => [s.label.toLowerCase(), s.priceOverride] as const) : [],
  );
  return general.map(({ label, price }) => {
    const priceOverride = overrides.get(label.toLowerCase());
    return isPrice(priceOverride) ? { label, price, priceOverride } : { label, price };
  });
}

/** "Half $1,650 · Full $3,100", with the page's own price format (and its words for sizes). */
export function sizesText(
  sizes: readonly DishSize[],
  format: (price: number) => string,
  name: (label: string) => string = (label) => label,
): string {
  return sizePrices(sizes)
    .map((s) => `${name(s.label)} ${format(s.price)}`)
    .join(" · ");
}

/** Spreadsheet form, "Half: 1650; Full: 3100" (the importer reads it, the template shows it). */
export function sizesCell(sizes: readonly DishSize[]): string {
  return sizes.map((s) => `${s.label}: ${s.price}`).join("; ");
}
