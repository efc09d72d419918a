/**
 * Allergens as an owner types them ("Nuts, Dairy", "gluten and egg", "None"): the
 * words, in their own case, without the ones that mean "nothing" (so a dish whose
 * owner wrote 'None' or '-' gets no warning badge).
 */
const NOTHING = new Set([
  "",
  "none",
  "nil",
  "no",
  "n/a",
  "na",
  "-",
  "nothing",
  "none listed",
  "no allergens",
]);

export function allergensOf(text: string | null | undefined): string[] {
  if (!text || NOTHING.has(text.trim().toLowerCase())) return [];
  const words = text
    .split(/[,;/\n]|\band\b|&/iu)
    .map((word) => word.trim().replace(/\.$/u, ""))
    .filter((word) => word && !NOTHING.has(word.toLowerCase()));
  const seen = new Set<string>();
  return words.filter((word) => !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
}

/**
 * Every allergen a menu mentions, once each, capitalised and sorted: the list reads the
 * same whichever dish happened to name an allergen first ("nuts" on one, "Nuts" on another).
 */
export function menuAllergens(texts: readonly string[]): string[] {
  const names = allergensOf(texts.join(", ")).map(
    (word) => word.charAt(0).toLocaleUpperCase() + word.slice(1),
  );
  return [...new Set(names)].toSorted((a, b) => a.localeCompare(b));
}

/**
 * The allergens the product knows by name, as their English catalog keys (an
 * Urdu reader saw 'Gluten, Dairy'). An owner's word that is one of these, in any case or
 * number, is shown in the reader's language; any other word stays as the owner wrote it.
 */
export const KNOWN_ALLERGENS = [
  "Gluten",
  "Wheat",
  "Dairy",
  "Milk",
  "Egg",
  "Nuts",
  "Tree nuts",
  "Peanuts",
  "Soy",
  "Sesame",
  "Fish",
  "Shellfish",
  "Mustard",
  "Celery",
  "Sulphites",
] as const;

const KNOWN_BY_WORD = new Map<string, string>(
  KNOWN_ALLERGENS.flatMap((name) => {
    const word = name.toLowerCase();
    const other = word.endsWith("s") ? word.slice(0, -1) : `${word}s`;
    return [
      [word, name],
      [other, name],
    ];
  }),
);

/** An owner's allergen word in the reader's language when the product knows it; else as written. */
export function allergenName(word: string, t: (english: string) => string): string {
  const known = KNOWN_BY_WORD.get(word.trim().toLowerCase());
  const translated = known ? t(known) : known;
  // In English the owner's own spelling stays ("eggs", not "Egg").
  return translated && translated !== known ? translated : word;
}
