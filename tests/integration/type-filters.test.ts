import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBranchFilters } from "~/features/branches/branch-filters.ts";
import { publicBranch } from "~/features/branches/branches.server.ts";
import { parseFinder } from "~/features/discovery/finder.schema.ts";
import { findItems } from "~/features/discovery/finder.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * 'Veg' hid vegan dishes. On the demo's F-7 Markaz, Veg + hide Dairy said
 * 'No dishes match these filters' though Tandoori Roti is vegan with gluten only.
 * Vegan is a kind of veg: 'Veg' finds both, 'Vegan' and 'Non-Veg' themselves alone,
 * on the branch page (with every set of allergens to hide) and in the finder alike.
 */
let services: TestServices;
let photo: Buffer;
let world: Awaited<ReturnType<typeof restaurantWithMenu>>;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(120, 90);
  world = await restaurantWithMenu();
});
afterAll(() => services.close());

// The demo's F-7 Markaz menu, and a section with a vegan dish that has no allergens.
const MENU: [section: string, dishes: [name: string, type: string, allergens: string][]][] = [
  [
    "Karahi",
    [
      ["Chicken Karahi", "Non-Veg", ""],
      ["Mutton Karahi", "Non-Veg", ""],
      ["Chicken White Karahi", "Non-Veg", "Dairy"],
    ],
  ],
  [
    "From the Tandoor",
    [
      ["Roghni Naan", "Veg", "Gluten, Dairy, Sesame"],
      ["Garlic Naan", "Veg", "Gluten, Dairy"],
      ["Tandoori Roti", "Vegan", "Gluten"],
    ],
  ],
  [
    "Sweet and Cold",
    [
      ["Kheer", "Veg", "Dairy, Nuts"],
      ["Sweet Lassi", "Veg", "Dairy"],
      ["Doodh Patti Chai", "Veg", "Dairy"],
    ],
  ],
  [
    "Salads",
    [
      ["Fruit Chaat", "Vegan", "None"],
      ["Chicken Salad", "Non-Veg", "Nuts"],
    ],
  ],
];
const DISHES = MENU.flatMap(([, dishes]) =>
  dishes.map(([name, type, allergens]) => ({ name, type, allergens })),
);
const ALLERGENS = ["dairy", "gluten", "nuts", "sesame"];

/** What a diner asking for `type` expects, written out here rather than asked of the app. */
const KINDS: Record<string, string[]> = {
  "": ["Veg", "Vegan", "Non-Veg"],
  Veg: ["Veg", "Vegan"],
  Vegan: ["Vegan"],
  "Non-Veg": ["Non-Veg"],
};

async function restaurantWithMenu() {
  const owner = await signedUpOwner(services);
  let position = 0;
  for (const [sectionName, dishes] of MENU) {
    const section = await menus.addSection(services, owner.id, { originalName: sectionName });
    if (!section.ok) throw new Error(inEnglish(section.message));
    for (const [name, itemType, foodAllergies] of dishes) {
      const added = await menus.addItem(services, owner.id, {
        values: itemInput(section.id, {
          name,
          itemType,
          foodAllergies,
          positionInSection: String(++position),
        }),
        files: itemViews(photo),
      });
      if (!added.ok) throw new Error(inEnglish(added.message));
    }
  }
  return { owner, branch: await branchOf(services, owner.id, "F-7 Markaz") };
}

/** Every subset of the allergens, the empty one first. */
const subsets = (words: string[]): string[][] =>
  words.reduce<string[][]>((all, word) => [...all, ...all.map((s) => [...s, word])], [[]]);

/** The names of the dishes the Item Finder finds for `query`. */
async function found(query: string) {
  const { filters } = parseFinder(new URLSearchParams(`tab=items&${query}`));
  const { results } = await findItems(services, filters as never);
  return new Set(results.map((r) => r.name));
}

describe("the type filter: vegan is a kind of veg", () => {
  it("agrees with a diner on the branch page for every type × allergens to hide, every page", async () => {
    const { owner, branch } = world;
    const shown = async (query: string) => {
      const filters = readBranchFilters(new URLSearchParams(query));
      const first = (await publicBranch(services, owner.urlName, branch, 1, undefined, filters))!;
      const names = first.items.map((i) => i.name);
      for (let page = 2; page <= first.pages; page++) {
        const next = (await publicBranch(services, owner.urlName, branch, page, undefined, filters))!;
        names.push(...next.items.map((i) => i.name));
      }
      return { names, sections: first.sections.map((s) => s.name) };
    };
    const cases = Object.keys(KINDS).flatMap((type) => subsets(ALLERGENS).map((avoid) => ({ type, avoid })));
    expect(cases).toHaveLength(64);
    const wrong: string[] = [];
    for (const { type, avoid } of cases) {
      const query = new URLSearchParams([
        ...(type ? [["type", type]] : []),
        ...avoid.map((word) => ["avoid", word]),
      ]).toString();
      const expected = DISHES.filter(
        (d) => KINDS[type]!.includes(d.type) && avoid.every((w) => !d.allergens.toLowerCase().includes(w)),
      );
      const got = await shown(query);
      const want = expected.map((d) => d.name);
      const sections = MENU.filter(([, dishes]) => dishes.some(([name]) => want.includes(name))).map(
        ([s]) => s,
      );
      if (JSON.stringify(got.names) !== JSON.stringify(want))
        wrong.push(`?${query}: ${got.names.join(", ")}`);
      if (JSON.stringify(got.sections) !== JSON.stringify(sections))
        wrong.push(`?${query} tabs: ${got.sections.join(", ")}`);
    }
    expect(wrong).toEqual([]);
    // The issue's own words: Veg + hide Dairy finds the roti; Veg alone lists it with the naans.
    expect((await shown("type=Veg&avoid=dairy")).names).toEqual(["Tandoori Roti", "Fruit Chaat"]);
    expect((await shown("type=Veg")).names).toEqual([
      "Roghni Naan",
      "Garlic Naan",
      "Tandoori Roti",
      "Kheer",
      "Sweet Lassi",
      "Doodh Patti Chai",
      "Fruit Chaat",
    ]);
    expect((await shown("type=Vegan")).names).toEqual(["Tandoori Roti", "Fruit Chaat"]);
    expect((await shown("type=Non-Veg&avoid=nuts")).names).toEqual([
      "Chicken Karahi",
      "Mutton Karahi",
      "Chicken White Karahi",
    ]);
  });

  // The restaurant's 11 dishes (one branch: its copies alone are found) fit the finder's first page.
  it("agrees in the finder: 'Veg' finds the vegan dishes too, each way it can search", async () => {
    for (const [type, kinds] of Object.entries(KINDS)) {
      const want = new Set(DISHES.filter((d) => kinds.includes(d.type)).map((d) => d.name));
      expect(await found(type ? `itemType=${type}` : ""), type || "no type").toEqual(want);
    }
    // With a text too (the finder then looks names up by their index first).
    expect(await found("itemType=Veg&q=roti")).toEqual(new Set(["Tandoori Roti"]));
    expect(await found("itemType=Vegan&q=naan")).toEqual(new Set());
  });
});
