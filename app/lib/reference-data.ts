import countries from "~/data/countries.json";
import itemCategories from "~/data/item-categories.json";
import restaurantTypes from "~/data/restaurant-types.json";

export interface OptionGroup {
  category: string;
  options: string[];
}

export const COUNTRIES: readonly string[] = countries;
export const RESTAURANT_TYPES: readonly OptionGroup[] = restaurantTypes;
export const ALL_RESTAURANT_TYPES: readonly string[] = restaurantTypes.flatMap((g) => g.options);

export interface ItemCategory {
  category: string;
  subcategories: string[];
}

const ITEM_CATEGORIES: Record<string, ItemCategory[]> = itemCategories;

/** product rules §3: item categories follow the restaurant's type, falling back to 'other'. */
export function itemCategoriesFor(restType: string): ItemCategory[] {
  return ITEM_CATEGORIES[itemCategoryList(restType)] ?? [];
}

/** The name of the category list a restaurant type uses: its own, or 'other'. */
export function itemCategoryList(restType: string): string {
  return Object.hasOwn(ITEM_CATEGORIES, restType) ? restType : "other";
}

/** product rules §9. */
export const PRICE_RANGES = ["0-500", "500-1000", "1000-2000", "2000-5000", "5000-10000", "10000+"] as const;
export const TASTES = ["Spicy", "Sweet", "Savory"] as const;
export const ITEM_TYPES = ["Veg", "Non-Veg", "Vegan"] as const;

export interface CountryLocations {
  country: string;
  provinces: { label: string; cities: { label: string; areas: string[] }[] }[];
}
