import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_RESTAURANTS } from "~/features/demo/demo-data.ts";
import { findItems, findRestaurants } from "~/features/discovery/finder.server.ts";
import { itemFinderSchema, restaurantFinderSchema } from "~/features/discovery/finder.schema.ts";
import { leadWordOf } from "~/features/discovery/finder.queries.server.ts";
import { updateRestaurant } from "~/features/profiles/profiles.queries.server.ts";
import { insertItem, updateItem } from "~/features/menus/menus.queries.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { SPELLING_QUERIES } from "../search/spelling-queries.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0025: the finder finds a dish however a diner spells it. The demo world's dishes,
 * and the test set of queries (tests/search/spelling-queries.ts): the intended dish must
 * be on the first page of results for at least 95 % of them.
 */
let services: TestServices;
let sectionId: string;
let restaurantId: string;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  const owner = await signedUpOwner(services);
  restaurantId = owner.id;
  const section = await menus.addSection(services, owner.id, { originalName: "Everything" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  sectionId = section.id;
  const names = [
    ...new Set(DEMO_RESTAURANTS.flatMap((r) => r.menu.flatMap((s) => s.dishes.map((d) => d.name)))),
  ];
  await services.database.db.transaction().execute(async (tx) => {
    for (const [i, name] of names.entries()) await insertItem(tx, dishRow(name, i + 1));
  });
});
afterAll(() => services.close());

function dishRow(name: string, position: number) {
  return {
    id: randomUUID(),
    sectionId,
    restaurantId,
    urlName: name.toLowerCase().replaceAll(/\W+/gu, "-"),
    name,
    nameExtra: "",
    price: 500,
    itemPriceRange: "Medium",
    itemTaste: "Savory",
    itemCat: "Curries",
    itemSubCat: "Karahi",
    itemType: "Non-Veg",
    positionInSection: position,
    description: "",
    descriptionExtra: "",
    foodAllergies: "",
    topView: "",
    frontView: "",
    sideView: "",
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, position)).toISOString(),
    branchId: null,
    priceOverride: null,
  };
}

const search = async (q: string) =>
  (await findItems(services, itemFinderSchema.parse({ tab: "items", q }))).results.map((r) => r.name);

describe("search that forgives spelling", () => {
  it(`finds the intended dish on the first page for 95 % of ${SPELLING_QUERIES.length} queries`, async () => {
    const missed: string[] = [];
    for (const [query, dish] of SPELLING_QUERIES) {
      if (!(await search(query)).includes(dish)) missed.push(`${query} → ${dish}`);
    }
    const recall = 1 - missed.length / SPELLING_QUERIES.length;
    console.log(
      `spelling recall: ${(recall * 100).toFixed(1)} % of ${SPELLING_QUERIES.length} queries; missed: ${missed.join(", ") || "none"}`,
    );
    expect(SPELLING_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("lists the name itself first, then the text as typed, then other spellings; typos only when nothing else", async () => {
    for (const [i, name] of ["Bityani Rice", "Briyani Special", "Biryani"].entries())
      await insertItem(services.database.db, dishRow(name, 200 + i));
    expect(await search("biryani")).toEqual([
      "Biryani",
      "Chicken Biryani",
      "Sindhi Mutton Biryani",
      "Vegetable Biryani",
      "Briyani Special",
    ]);
    // One typo is forgiven only when nothing matches without: 'Corn' is not a biryani.
    expect(await search("bitryani")).toEqual(expect.arrayContaining(["Bityani Rice", "Chicken Biryani"]));
  });

  it("keeps the keys with the name: a renamed dish is found by its new name only", async () => {
    const id = randomUUID();
    await insertItem(services.database.db, { ...dishRow("Bhindi Masala", 500), id });
    expect(await search("bindi")).toContain("Bhindi Masala");
    await updateItem(services.database.db, id, { name: "Paya" });
    expect(await search("bindi")).not.toContain("Bhindi Masala");
    expect(await search("paaye")).toContain("Paya");
  });

  it("finds restaurants however their names are spelled, and keeps the keys with the name", async () => {
    const names = ["Margalla Karahi House", "Savour Foods", "Hot Spot Cafe"];
    const owners = [];
    for (const restName of names) owners.push(await signedUpOwner(services, { restName }));
    const restaurants = async (q: string) =>
      (await findRestaurants(services, restaurantFinderSchema.parse({ tab: "restaurants", q }))).results.map(
        (r) => r.restName,
      );
    expect(await restaurants("margala karahi")).toEqual(["Margalla Karahi House"]);
    expect(await restaurants("مارگلہ")).toEqual(["Margalla Karahi House"]);
    expect(await restaurants("savor food")).toEqual(["Savour Foods"]);
    expect(await restaurants("hotspot")).toEqual(["Hot Spot Cafe"]);
    // One typo, forgiven only when nothing else matches.
    expect(await restaurants("margalka")).toEqual(["Margalla Karahi House"]);
    await updateRestaurant(services.database.db, owners[1]!.id, { restName: "Kolachi" });
    expect(await restaurants("savor food")).toEqual([]);
    expect(await restaurants("kolachee")).toEqual(["Kolachi"]);
  });

  it("leads a search forgiving typos with the word fewest dishes are near (issue 27)", async () => {
    const { db } = services.database;
    // 'chks' names no dish, but is one typo from the key of every chicken dish; 'zqxw' is near none.
    expect(await leadWordOf(db, "chks zqxw")).toBe(0);
    expect(await leadWordOf(db, "chks zqxw", true)).toBe(1);
    expect(await search("chks zqxw")).toEqual([]);
  });
});
