import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import { parseFinder } from "~/features/discovery/finder.schema.ts";
import { findItems, findRestaurants } from "~/features/discovery/finder.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { dishInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";
import { updateRestaurant } from "~/features/profiles/profiles.queries.server.ts";

let services: TestServices;
let photo: Buffer;

const ISLAMABAD = { provinceLabel: "Islamabad Capital Territory", cityLabel: "Islamabad" };
const RAWALPINDI = { provinceLabel: "Punjab", cityLabel: "Rawalpindi" };

interface Dish {
  name: string;
  price: number;
  taste: "Spicy" | "Sweet" | "Savory";
  type: "Veg" | "Non-Veg" | "Vegan";
}

/** A restaurant with one section of dishes and the given branches; approved unless told otherwise. */
async function restaurant(spec: {
  name: string;
  type: string;
  country?: string;
  rating?: number;
  dishes: Dish[];
  branches?: { branchName: string; provinceLabel: string; cityLabel: string; areaLabel: string }[];
  approve?: boolean;
}) {
  const owner = await signedUpOwner(services, {
    restName: spec.name,
    restType: spec.type,
    country: spec.country ?? "Pakistan",
  });
  const viewer = { userId: owner.id, urlName: owner.urlName };
  const section = await menus.addSection(services, viewer.userId, { originalName: "Menu" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  for (const [i, dish] of spec.dishes.entries()) {
    const item = await menus.addItem(services, viewer.userId, {
      values: dishInput(section.id, i, dish),
      files: itemViews(photo),
    });
    if (!item.ok) throw new Error(inEnglish(item.message));
  }
  for (const branch of spec.branches ?? []) {
    const added = await addBranch(services, viewer.userId, branch);
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
  if (spec.approve !== false)
    await decideRestaurant(services, COMMAND_LINE, viewer.urlName, { intent: "approve" });
  if (spec.rating) {
    await services.database.db
      .updateTable("restaurant")
      .set({ restRating: spec.rating, restNoofReviews: 3 })
      .where("id", "=", viewer.userId)
      .execute();
  }
  return viewer.urlName;
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  photo = await photoWithGps(64, 64);
  await restaurant({
    name: "Savour Biryani",
    type: "Desi",
    rating: 4.6,
    dishes: [
      { name: "Chicken Biryani", price: 450, taste: "Spicy", type: "Non-Veg" },
      { name: "Kheer", price: 300, taste: "Sweet", type: "Veg" },
    ],
    branches: [
      { branchName: "Blue Area", ...ISLAMABAD, areaLabel: "Blue Area" },
      { branchName: "Saddar", ...RAWALPINDI, areaLabel: "Saddar" },
    ],
  });
  await restaurant({
    name: "Chai Khana",
    type: "Cafe",
    rating: 3.2,
    dishes: [
      { name: "Doodh Patti", price: 150, taste: "Sweet", type: "Veg" },
      { name: "Club Sandwich", price: 900, taste: "Savory", type: "Non-Veg" },
    ],
    branches: [{ branchName: "F-7", ...ISLAMABAD, areaLabel: "F-7" }],
  });
  await restaurant({
    name: "Burger Lab",
    type: "Fast Food",
    rating: 2.1,
    dishes: [{ name: "Double Smash Burger", price: 2500, taste: "Savory", type: "Non-Veg" }],
  });
  await restaurant({
    name: "Pending Wok",
    type: "Chinese",
    approve: false,
    dishes: [{ name: "Chicken Chow Mein", price: 800, taste: "Savory", type: "Non-Veg" }],
    branches: [{ branchName: "E-11", ...ISLAMABAD, areaLabel: "E-11" }],
  });
  await restaurant({
    name: "Dubai Shawarma",
    type: "Fast Food",
    country: "United Arab Emirates",
    rating: 4.9,
    dishes: [{ name: "Vegan Falafel Wrap", price: 600, taste: "Savory", type: "Vegan" }],
  });
}, 60_000);
afterAll(() => services.close());

const restaurantsFor = async (query: string) =>
  (await findRestaurants(services, parseFinder(new URLSearchParams(query)).filters as never)).results.map(
    (r) => r.restName,
  );

const itemsFor = async (query: string) =>
  (
    await findItems(services, parseFinder(new URLSearchParams(`tab=items&${query}`)).filters as never)
  ).results.map((i) => `${i.name} @ ${i.branches.map((b) => b.branchName ?? i.restName).join(" + ")}`);

describe("Restaurant Locator", () => {
  it("lists every approved restaurant, best rated first, with no filter (ADR 0017)", async () => {
    expect(await restaurantsFor("")).toEqual([
      "Dubai Shawarma",
      "Savour Biryani",
      "Chai Khana",
      "Burger Lab",
    ]);
    expect(await restaurantsFor("q=Wok")).toEqual([]);
  });

  it("narrows by each filter, and by several together", async () => {
    expect(await restaurantsFor("country=Pakistan")).not.toContain("Dubai Shawarma");
    expect(await restaurantsFor("country=Pakistan&city=Rawalpindi")).toEqual(["Savour Biryani"]);
    expect(await restaurantsFor("country=Pakistan&city=Islamabad")).toEqual(["Savour Biryani", "Chai Khana"]);
    expect(await restaurantsFor("type=Fast Food")).toEqual(["Dubai Shawarma", "Burger Lab"]);
    expect(await restaurantsFor("rating=4")).toEqual(["Dubai Shawarma", "Savour Biryani"]);
    expect(await restaurantsFor("rating=3&country=Pakistan")).toEqual(["Savour Biryani", "Chai Khana"]);
    // Average prices: Savour 375 (Low), Chai 525 (Medium), Burger 2500 (High), Wok 800, Dubai 600.
    expect(await restaurantsFor("price=Low")).toEqual(["Savour Biryani"]);
    expect(await restaurantsFor("price=Medium")).toEqual(["Dubai Shawarma", "Chai Khana"]);
    expect(await restaurantsFor("price=High")).toEqual(["Burger Lab"]);
    expect(await restaurantsFor("q=BIRYANI")).toEqual(["Savour Biryani"]);
    expect(await restaurantsFor("q=100%")).toEqual([]);
  });

  it("finds a piece of a name through the name index, which follows a rename (issue 35)", async () => {
    expect(await restaurantsFor("q=avou")).toEqual(["Savour Biryani"]);
    expect(await restaurantsFor("q=bur")).toEqual(["Burger Lab"]);
    // A quote is a character to the index, never its syntax.
    expect(await restaurantsFor('q="lab')).toEqual(["Burger Lab"]);
    expect(await restaurantsFor("q=NEAR(lab* OR :burger)")).toEqual([]);
    // Two words: each found as typed (or by its key), in either order.
    expect(await restaurantsFor("q=lab burg")).toEqual(["Burger Lab"]);
    const { db } = services.database;
    const chai = await db
      .selectFrom("restaurant")
      .select("id")
      .where("restName", "=", "Chai Khana")
      .executeTakeFirstOrThrow();
    await updateRestaurant(db, chai.id, { restName: "Dhaba Chai Wala" });
    try {
      expect(await restaurantsFor("q=khana")).toEqual([]);
      expect(await restaurantsFor("q=chai wala")).toEqual(["Dhaba Chai Wala"]);
      expect(await restaurantsFor("q=wala")).toEqual(["Dhaba Chai Wala"]);
    } finally {
      await updateRestaurant(db, chai.id, { restName: "Chai Khana" });
    }
    expect(await restaurantsFor("q=khana")).toEqual(["Chai Khana"]);
  });

  it("ignores a city without a country and values outside the options", async () => {
    const parsed = parseFinder(new URLSearchParams("city=Rawalpindi&rating=9&price=Cheap"));
    expect(parsed.filters).toMatchObject({ city: undefined, rating: undefined, price: undefined });
    expect(await restaurantsFor("city=Rawalpindi&rating=9")).toHaveLength(4);
  });
});

describe("Item Finder", () => {
  it("finds dishes where they are served, approved menus only, best rated first", async () => {
    const all = await itemsFor("");
    // One card a dish, listing the branches that serve it.
    expect(all).toHaveLength(6);
    expect(all).toEqual(
      expect.arrayContaining([
        "Chicken Biryani @ Blue Area + Saddar",
        "Kheer @ Blue Area + Saddar",
        "Doodh Patti @ F-7",
        "Club Sandwich @ F-7",
        "Double Smash Burger @ Burger Lab",
        "Vegan Falafel Wrap @ Dubai Shawarma",
      ]),
    );
    // The pending restaurant's dishes never show; a restaurant without branches shows its general menu.
    expect(all.some((i) => i.includes("Chow Mein"))).toBe(false);
  });

  it("narrows by country, city, area, price, taste and type", async () => {
    expect(await itemsFor("country=United Arab Emirates")).toEqual(["Vegan Falafel Wrap @ Dubai Shawarma"]);
    // The city's branch first, then where else the dish is served.
    expect(await itemsFor("country=Pakistan&city=Rawalpindi")).toEqual(
      expect.arrayContaining(["Chicken Biryani @ Saddar + Blue Area", "Kheer @ Saddar + Blue Area"]),
    );
    expect(await itemsFor("country=Pakistan&city=Rawalpindi")).toHaveLength(2);
    expect((await itemsFor("country=Pakistan&city=Islamabad&area=F-7")).toSorted()).toEqual([
      "Club Sandwich @ F-7",
      "Doodh Patti @ F-7",
    ]);
    expect((await itemsFor("price=High")).toSorted()).toEqual(["Double Smash Burger @ Burger Lab"]);
    expect((await itemsFor("price=Medium")).toSorted()).toEqual([
      "Club Sandwich @ F-7",
      "Vegan Falafel Wrap @ Dubai Shawarma",
    ]);
    expect((await itemsFor("taste=Sweet&country=Pakistan&city=Islamabad")).toSorted()).toEqual([
      "Doodh Patti @ F-7",
      "Kheer @ Blue Area + Saddar",
    ]);
    expect(await itemsFor("itemType=Vegan")).toEqual(["Vegan Falafel Wrap @ Dubai Shawarma"]);
    expect(await itemsFor("q=chicken")).toEqual(["Chicken Biryani @ Blue Area + Saddar"]);
    expect(await itemsFor("q=nothing-like-this")).toEqual([]);
  });

  it("ranks by item rating, then by how many rated", async () => {
    const row = await services.database.db
      .selectFrom("menu_item")
      .innerJoin("branch", "branch.id", "menu_item.branchId")
      .select("menu_item.id")
      .where("menu_item.name", "=", "Kheer")
      .where("branch.branchName", "=", "Saddar")
      .executeTakeFirstOrThrow();
    await services.database.db
      .updateTable("menu_item")
      .set({ itemRating: 5, itemRatingBy: 2 })
      .where("id", "=", row.id)
      .execute();
    expect((await itemsFor(""))[0]).toBe("Kheer @ Blue Area + Saddar");
  });

  it("pages results, keeping the page within range", async () => {
    const result = await findItems(services, { page: 99 } as never);
    expect(result).toMatchObject({ page: 1, pages: 1, total: 6 });
  });
});
