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
