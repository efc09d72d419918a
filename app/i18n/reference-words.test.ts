// The choices the product offers from its own lists (categories and their
// subcategories, tastes, types, countries, Pakistan's provinces and cities) are shown
// to Urdu readers in Urdu, each in Urdu script; what is stored stays the English value.
// Areas (F-7, Blue Area, Saddar) are not in the list: Urdu signs write them that way too.
import { describe, expect, test } from "vitest";
import pakistan from "~/data/countries/Pakistan.json";
import itemCategories from "~/data/item-categories.json";
import { COUNTRIES, ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import { urduMessages } from "./urdu-messages.ts";

const lists: Record<string, readonly string[]> = {
  categories: Object.values(itemCategories).flatMap((groups) =>
    groups.flatMap((g) => [g.category, ...g.subcategories]),
  ),
  tastes: TASTES,
  types: ITEM_TYPES,
  countries: COUNTRIES,
  provinces: pakistan.provinces.map((p) => p.label),
  cities: pakistan.provinces.flatMap((p) => p.cities.map((c) => c.label)),
};

describe("the product's own choices in Urdu", () => {
  for (const [name, values] of Object.entries(lists)) {
    test(`every one of the ${name} has an Urdu name with no Latin letter`, () => {
      const wrong = [...new Set(values)].filter((value) => {
        const urdu = urduMessages[value];
        return !urdu || /[A-Za-z]/u.test(urdu);
      });
      expect(wrong).toEqual([]);
    });
  }
});
