/**
 * The stored item types a diner's type choice finds. A vegan dish is a veg dish too
 * ('Veg' with 'hide Dairy' found nothing though the vegan roti has gluten
 * only), so 'Veg' finds both; 'Vegan' and 'Non-Veg' find themselves alone. Every
 * place that filters by type (branch page, finder) asks here, so they agree.
 */
export function typesFound(choice: string): readonly string[] {
  return choice === "Veg" ? ["Veg", "Vegan"] : [choice];
}
