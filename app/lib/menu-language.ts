// ADR 0026: owners may name sections and dishes in Urdu beside the SPEC's English
// fields. A public page shows the reader's language and falls back to the other;
// `alternateName` keeps the other language's name for JSON-LD.
import type { Locale } from "./locale.ts";

type Row = Record<string, unknown>;

export type InLanguage<T> = T extends readonly (infer U)[]
  ? InLanguage<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T]: InLanguage<T[K]> } & (T extends { nameUr: string } | { sectionNameUr: string }
          ? { alternateName?: string }
          : unknown)
      : T;

function swapped(row: Row, english: string, urduKey: string, locale: Locale): Row {
  const urdu = row[urduKey];
  const current = row[english];
  if (typeof urdu !== "string" || typeof current !== "string" || !urdu.trim()) return row;
  return locale === "ur"
    ? { ...row, [english]: urdu, alternateName: row.alternateName ?? current }
    : { ...row, alternateName: row.alternateName ?? urdu };
}

function walk(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, locale));
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  let row: Row = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, locale)]));
  if ("nameUr" in row) row = swapped(row, "name", "nameUr", locale);
  if ("descriptionUr" in row && locale === "ur") {
    const urdu = row.descriptionUr;
    if (typeof urdu === "string" && urdu.trim()) row = { ...row, description: urdu };
  }
  if ("sectionNameUr" in row) {
    row = swapped(row, "originalName" in row ? "originalName" : "sectionName", "sectionNameUr", locale);
  }
  return row;
}

/** `data` (a loader's answer) with every dish's and section's texts in `locale` where the owner gave them. */
export function inLanguage<T>(data: T, locale: Locale): InLanguage<T> {
  return walk(data, locale) as InLanguage<T>;
}
