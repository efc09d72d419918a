import countries from "~/data/countries.json";
import itemCategories from "~/data/item-categories.json";
import restaurantTypes from "~/data/restaurant-types.json";
import type { CountryLocations } from "~/lib/reference-data.ts";

// Server-only, so the browser never downloads every country's locations.
const LOCATION_FILES = import.meta.glob<CountryLocations>("../data/countries/*.json", {
  eager: true,
  import: "default",
});

/** product rules §3: provinces → cities → areas of a country; a country without a file has none. */
export function locationsOf(country: string): CountryLocations {
  return LOCATION_FILES[`../data/countries/${country}.json`] ?? { country, provinces: [] };
}

/** Every city of every country that has a file. */
export function everyCity(): string[] {
  return Object.values(LOCATION_FILES).flatMap((l) =>
    l.provinces.flatMap((p) => p.cities.map((c) => c.label)),
  );
}

/** The files product rules §7 fetches as static GETs, by their path under /data. */
export function referenceFile(path: string): unknown {
  if (path === "restaurant-types.json") return restaurantTypes;
  if (path === "countries.json") return countries;
  if (path === "item-categories.json") return itemCategories;
  const match = /^countries\/([^/]+)\.json$/.exec(path);
  return match ? (LOCATION_FILES[`../data/countries/${match[1]}.json`] ?? null) : null;
}
