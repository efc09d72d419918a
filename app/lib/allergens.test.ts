import { describe, expect, it } from "vitest";
import { translatorFor, registerMessages } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { allergenName, allergensOf, KNOWN_ALLERGENS, menuAllergens } from "./allergens.ts";

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

describe("allergen names in the reader's language (issue 29)", () => {
  registerMessages("ur", urduMessages);
  const urdu = translatorFor("ur");

  it("names a known allergen in Urdu whatever its case or number, and keeps an unknown word as written", () => {
    expect(allergenName("Dairy", urdu)).toBe(urduMessages.Dairy);
    expect(allergenName("dairy", urdu)).toBe(urduMessages.Dairy);
    expect(allergenName("eggs", urdu)).toBe(urduMessages.Egg);
    expect(allergenName("Peanut", urdu)).toBe(urduMessages.Peanuts);
    expect(allergenName("Kewra water", urdu)).toBe("Kewra water");
    expect(allergenName("eggs", translatorFor("en"))).toBe("eggs");
  });

  it("has an Urdu name for every allergen it knows, in Urdu script", () => {
    const missing = KNOWN_ALLERGENS.filter((name) => !/^\p{Script=Arabic}/u.test(urdu(name)));
    expect(missing).toEqual([]);
  });
});
