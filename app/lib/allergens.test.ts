import { describe, expect, it } from "vitest";
import { allergensOf, menuAllergens } from "./allergens.ts";

describe("allergens as owners type them", () => {
  it("are the words, once each, without those that mean none", () => {
    expect(allergensOf("Nuts, Dairy")).toEqual(["Nuts", "Dairy"]);
    expect(allergensOf("gluten and egg; nuts/ Nuts.")).toEqual(["gluten", "egg", "nuts"]);
    expect(["None", "none", "-", "N/A", "", "  ", "Nil"].map((t) => allergensOf(t))).toEqual(
      Array.from({ length: 7 }, () => []),
    );
    expect(allergensOf(null)).toEqual([]);
  });

  it("of a whole menu read the same whichever dish named one first", () => {
    expect(menuAllergens(["nuts, dairy", "Gluten", "Dairy and Nuts", "None"])).toEqual([
      "Dairy",
      "Gluten",
      "Nuts",
    ]);
    expect(menuAllergens(["Dairy and Nuts", "nuts, dairy", "Gluten"])).toEqual(["Dairy", "Gluten", "Nuts"]);
    expect(menuAllergens([])).toEqual([]);
  });
});
