import countries from "~/data/countries.json";
import restaurantTypes from "~/data/restaurant-types.json";

export interface OptionGroup {
  category: string;
  options: string[];
}

export const COUNTRIES: readonly string[] = countries;
export const RESTAURANT_TYPES: readonly OptionGroup[] = restaurantTypes;
export const ALL_RESTAURANT_TYPES: readonly string[] = restaurantTypes.flatMap((g) => g.options);
