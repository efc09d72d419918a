import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch, setBranchItemDetails } from "~/features/branches/branches.server.ts";
import * as q from "~/features/discovery/finder.queries.server.ts";
import { parseFinder } from "~/features/discovery/finder.schema.ts";
import { findItems } from "~/features/discovery/finder.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { dishInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// The Item Finder showed a card per branch ('karahi' gave 9 cards for 3
// dishes). A dish is one card listing the branches that serve it and match the search.

let services: TestServices;

const BRANCHES = [
  { branchName: "Saddar", provinceLabel: "Punjab", cityLabel: "Rawalpindi", areaLabel: "Saddar" },
  {
    branchName: "F-7",
    provinceLabel: "Islamabad Capital Territory",
    cityLabel: "Islamabad",
    areaLabel: "F-7",
  },
  {
    branchName: "Blue Area",
    provinceLabel: "Islamabad Capital Territory",
    cityLabel: "Islamabad",
    areaLabel: "Blue Area",
  },
];

/** An approved restaurant with one section of dishes and the given branches; the copies' ids by branch and dish. */
async function restaurant(
  name: string,
  dishes: { name: string; price: number; taste: string; type: string }[],
  branches: typeof BRANCHES,
) {
  const photo = await photoWithGps(64, 64);
  const owner = await signedUpOwner(services, { restName: name, restType: "Desi", country: "Pakistan" });
  const section = await menus.addSection(services, owner.id, { originalName: "Menu" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  for (const [i, dish] of dishes.entries()) {
    const item = await menus.addItem(services, owner.id, {
      values: dishInput(section.id, i, dish),
      files: itemViews(photo),
    });
    if (!item.ok) throw new Error(inEnglish(item.message));
  }
  for (const branch of branches) {
    const added = await addBranch(services, owner.id, branch);
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
  await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
  const copy = async (branchName: string, dishName: string) =>
    (
      await services.database.db
        .selectFrom("menu_item")
        .innerJoin("branch", "branch.id", "menu_item.branchId")
        .select("menu_item.id")
        .where("menu_item.restaurantId", "=", owner.id)
        .where("branch.branchName", "=", branchName)
        .where("menu_item.name", "=", dishName)
        .executeTakeFirstOrThrow()
    ).id;
  return { owner, copy };
}

const PAGED_DISHES = Array.from({ length: 15 }, (_, i) => ({
  name: `Paratha Roll ${String(i + 1).padStart(2, "0")}`,
  price: 300 + i,
  taste: "Savory",
  type: "Non-Veg",
}));

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  const karahi = await restaurant(
    "Karahi Corner",
    [
      { name: "Chicken Karahi", price: 1200, taste: "Spicy", type: "Non-Veg" },
      { name: "Doodh Patti", price: 600, taste: "Sweet", type: "Veg" },
    ],
    BRANCHES,
  );
  // Saddar sells the karahi for less, and its tea in the Low band where the others' is Medium.
  for (const [dish, price] of [
    ["Chicken Karahi", "1100"],
    ["Doodh Patti", "450"],
  ] as const) {
    const set = await setBranchItemDetails(services, karahi.owner.id, "saddar", {
      itemId: await karahi.copy("Saddar", dish),
      priceOverride: price,
    });
    if (!set.ok) throw new Error(inEnglish(set.message));
  }
  // 15 dishes at two branches each: 30 copies, 15 cards.
  await restaurant("Roll Point", PAGED_DISHES, BRANCHES.slice(1));
}, 60_000);
afterAll(() => services.close());

const search = (query: string) =>
  findItems(services, parseFinder(new URLSearchParams(`tab=items&${query}`)).filters as never);

/** Each card as 'Dish: Branch (price), …'. */
const cards = async (query: string) =>
  (await search(query)).results.map(
    (card) => `${card.name}: ${card.branches.map((b) => `${b.branchName} (${b.price})`).join(", ")}`,
  );

describe("Item Finder cards (issue 29)", () => {
  it("shows a dish served by 3 branches in 2 cities once, listing them, the diner's city first", async () => {
    const found = await search("q=karahi");
    expect(found).toMatchObject({ total: 1, pages: 1 });
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      name: "Chicken Karahi",
      price: 1200,
      restName: "Karahi Corner",
    });
    // No city known: by city, then branch name; each branch with its own price.
    expect(await cards("q=karahi")).toEqual(["Chicken Karahi: Blue Area (1200), F-7 (1200), Saddar (1100)"]);
    // The city the diner chose first (its area before it), then where else it is served.
    expect(await cards("q=karahi&country=Pakistan&city=Rawalpindi")).toEqual([
      "Chicken Karahi: Saddar (1100), Blue Area (1200), F-7 (1200)",
    ]);
    expect(await cards("q=karahi&country=Pakistan&city=Islamabad&area=F-7")).toEqual([
      "Chicken Karahi: F-7 (1200), Blue Area (1200), Saddar (1100)",
    ]);
    // The card's price is its first branch's: the diner's.
    expect((await search("q=karahi&country=Pakistan&city=Rawalpindi")).results[0]?.price).toBe(1100);
    // The Urdu spelling finds the same one card.
    expect(await cards("q=karhai")).toHaveLength(1);
  });

  it("lists only the branches a filter matches, and no dish none of them matches", async () => {
    expect(await cards("q=doodh&price=Low")).toEqual(["Doodh Patti: Saddar (450)"]);
    expect(await cards("q=doodh&price=Medium")).toEqual(["Doodh Patti: Blue Area (600), F-7 (600)"]);
    expect((await search("q=doodh&price=Low")).total).toBe(1);
    expect(await cards("q=doodh&price=High")).toEqual([]);
    // A city where no branch matches the price finds nothing, though the dish is served there.
    expect(await cards("q=doodh&price=Low&country=Pakistan&city=Islamabad")).toEqual([]);
  });

  it("counts and pages dishes, not branches", async () => {
    const first = await search("q=paratha roll");
    expect(first).toMatchObject({ total: 15, pages: 2, page: 1, more: false });
    expect(first.results).toHaveLength(12);
    const second = await search("q=paratha roll&page=2");
    expect(second.results).toHaveLength(3);
    const names = [...first.results, ...second.results].map((card) => card.name);
    expect(names.toSorted()).toEqual(PAGED_DISHES.map((d) => d.name));
    expect(first.results.every((card) => card.branches.length === 2)).toBe(true);
    // Everything: 2 + 15 dishes, whichever way a page is found.
    expect(await search("")).toMatchObject({ total: 17, pages: 2 });
    const { db } = services.database;
    for (const [offset, limit] of [
      [0, 12],
      [12, 12],
      [5, 3],
    ] as const) {
      const ranked = await q.findItems(db, {}, offset, limit, "rank");
      const sorted = await q.findItems(db, {}, offset, limit, "filters");
      expect(ranked.map((card) => card.id)).toEqual(sorted.map((card) => card.id));
      expect(new Set(ranked.map((card) => card.name)).size).toBe(ranked.length);
    }
  });
});
