import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as q from "~/features/discovery/finder.queries.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { dishInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// The SCALE fixes (docs/decisions/0011-scale-indexes.md) must not change what the
// finder finds: the best-rated walk, the trigram lookup and the capped count give
// the rows of the plain queries, in the same order.

let services: TestServices;
let ownerId = "";
const itemIds = new Map<string, string>();

const DISHES = [
  { name: "Chicken Karahi", taste: "Spicy", type: "Non-Veg", price: 1200, rating: 4.5 },
  { name: "MUTTON karahi", taste: "Spicy", type: "Non-Veg", price: 2200, rating: 4.5 },
  { name: "Karahi Paneer", taste: "Savory", type: "Veg", price: 900, rating: 3 },
  { name: "100% Mango Juice", taste: "Sweet", type: "Vegan", price: 300, rating: 4.5 },
  { name: "Under_score Tea", taste: "Sweet", type: "Veg", price: 150, rating: 0 },
  { name: 'Say "Cheese" Naan', taste: "Savory", type: "Veg", price: 120, rating: 2 },
  { name: "Kheer", taste: "Sweet", type: "Veg", price: 350, rating: 5 },
  { name: "Seekh Kebab", taste: "Spicy", type: "Non-Veg", price: 800, rating: 3 },
] as const;

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  const photo = await photoWithGps(64, 64);
  const owner = await signedUpOwner(services, {
    restName: "Scale Karahi House",
    restType: "Desi",
    country: "Pakistan",
  });
  ownerId = owner.id;
  const section = await menus.addSection(services, ownerId, { originalName: "Menu" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  for (const [i, dish] of DISHES.entries()) {
    const item = await menus.addItem(services, ownerId, {
      values: dishInput(section.id, i, dish),
      files: itemViews(photo),
    });
    if (!item.ok) throw new Error(inEnglish(item.message));
    itemIds.set(dish.name, item.id);
    // Ties on purpose: the order falls through to the count, the name and the id.
    await services.database.db
      .updateTable("menu_item")
      .set({ itemRating: dish.rating, itemRatingBy: dish.rating ? 2 : 0 })
      .where("id", "=", item.id)
      .execute();
  }
  for (const branch of [
    { branchName: "Blue Area", cityLabel: "Islamabad", areaLabel: "Blue Area" },
    { branchName: "F-7", cityLabel: "Islamabad", areaLabel: "F-7" },
    { branchName: "Saddar", cityLabel: "Rawalpindi", areaLabel: "Saddar" },
  ]) {
    const provinceLabel = branch.cityLabel === "Islamabad" ? "Islamabad Capital Territory" : "Punjab";
    const added = await addBranch(services, ownerId, { ...branch, provinceLabel });
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
  await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
}, 60_000);
afterAll(() => services.close());

const QUERIES: q.ItemQuery[] = [
  {},
  { country: "Pakistan" },
  { country: "Pakistan", citySlug: "islamabad", taste: "Spicy" },
  { country: "Pakistan", citySlug: "islamabad", areaSlug: "f-7" },
  { price: "Medium", itemType: "Non-Veg" },
  { itemType: "Veg" },
  { text: "karahi", itemType: "Veg" },
  { price: "High" },
  { text: "karahi" },
  { text: "KARAHI", citySlug: "rawalpindi", country: "Pakistan" },
  { text: "100%" },
  { text: "r_s" },
  { text: "_" },
  { text: '"cheese"' },
  { text: "ka" },
  { text: "no such dish" },
];

const names = (rows: { name: string; branches: { branchName: string | null }[] }[]) =>
  rows.map((r) => `${r.name} @ ${r.branches.map((b) => b.branchName ?? "general").join(", ")}`);

/** The first two pages of every query, as the best-rated walk finds them. */
async function walkedPages() {
  const read: string[][] = [];
  for (const query of QUERIES) {
    for (const offset of [0, 5]) {
      read.push(names(await q.findItems(services.database.db, query, offset, 5, "rank")));
    }
  }
  return read;
}

/** What `read` finds with some of the finder's limits lowered, the limits put back after. */
async function withLimits<T extends object>(limits: T, lowered: Partial<T>, read: () => Promise<unknown>) {
  const kept = { ...limits };
  try {
    Object.assign(limits, lowered);
    return await read();
  } finally {
    Object.assign(limits, kept);
  }
}

describe("finder at scale", () => {
  it("walks the best rated dishes to the same rows as the filtered sort", async () => {
    const { db } = services.database;
    for (const query of QUERIES) {
      // Every query here matches fewer dishes than the cap: a search's count hands its
      // copies on (filters alone on SQLite are counted without them, and sorted in SQL).
      const { copies } = await q.foundDishes(db, query, 1001);
      expect(Boolean(copies) || !query.text, JSON.stringify(query)).toBe(true);
      for (const [offset, limit] of [
        [0, 100],
        [0, 5],
        [5, 5],
      ] as const) {
        const filtered = await q.findItems(db, query, offset, limit, "filters");
        const ranked = await q.findItems(db, query, offset, limit, "rank");
        expect(names(ranked), JSON.stringify({ query, offset })).toEqual(names(filtered));
        // Past the cap a deep page is sorted by rating alone: it must go on from the walk's pages.
        const byRating = await q.findItems(db, query, offset, limit, "filters", undefined, "rating");
        expect(names(byRating), JSON.stringify({ query, offset })).toEqual(names(ranked));
        // Paged from the count's rows (issue 35), in the order SQL sorts them.
        const paged = await q.findItems(db, query, offset, limit, "filters", copies);
        expect(names(paged), JSON.stringify({ query, offset })).toEqual(names(filtered));
      }
    }
  });

  it("past the cap, pages after the walk's go on in its order (rating alone), not the name match's", async () => {
    const { db } = services.database;
    const section = await db
      .selectFrom("menu_section")
      .select("id")
      .where("restaurantId", "=", ownerId)
      .where("branchId", "is", null)
      .executeTakeFirstOrThrow();
    // Named by the text less closely than 'Seekh Kebab' (rated 3), and rated higher.
    const roll = { name: "Seekh Kebab Roll", taste: "Spicy", type: "Non-Veg", price: 500 };
    const added = await menus.addItem(services, ownerId, {
      values: dishInput(section.id, DISHES.length, roll),
      files: itemViews(await photoWithGps(64, 64)),
    });
    if (!added.ok) throw new Error(inEnglish(added.message));
    await db
      .updateTable("menu_item")
      .set({ itemRating: 4.5, itemRatingBy: 2 })
      .where((eb) => eb.or([eb("id", "=", added.id), eb("generalItemId", "=", added.id)]))
      .execute();
    const query = { text: "seekh kebab" };
    const first = async (...args: [q.ItemStrategy, undefined?, q.PageOrder?]) =>
      (await q.findItems(db, query, 0, 10, ...args)).map((card) => card.name);
    expect(await first("filters")).toEqual(["Seekh Kebab", "Seekh Kebab Roll"]);
    expect(await first("rank")).toEqual(["Seekh Kebab Roll", "Seekh Kebab"]);
    expect(await first("filters", undefined, "rating")).toEqual(await first("rank"));
    expect((await menus.deleteItem(services, ownerId, added.id)).ok).toBe(true);
  });

  it("pages the same when the walk hands a sparse search to the sort", async () => {
    const walked = await walkedPages();
    // No walk past the page's own depth: every page that needs more is sorted.
    expect(await withLimits(q.WALK_LIMITS, { most: 0 }, walkedPages)).toEqual(walked);
  });

  it("counts the same when PostgreSQL's count reads past its cursor's limit the way it did before", async () => {
    const { db } = services.database;
    const pages = async () => {
      const read: unknown[] = [];
      for (const query of QUERIES) {
        read.push((await q.foundDishes(db, query, 1001)).dishes, (await q.foundDishes(db, query, 3)).dishes);
      }
      return [...read, ...(await walkedPages())];
    };
    const usual = await pages();
    // One copy a dish: short wherever a dish has copies at several branches (three here).
    expect(await withLimits(q.CURSOR_LIMITS, { copiesPerDish: 1 }, pages)).toEqual(usual);
  });

  it("finds a piece of a name exactly as a scan does, case and wildcards included", async () => {
    const { db } = services.database;
    const all = await q.findItems(db, {}, 0, 1000, "filters");
    const contains = (text: string) =>
      all.filter((r) => r.name.toLowerCase().includes(text.toLowerCase())).map((r) => r.id);
    // One card a dish, listing the three branches that serve it.
    expect(all).toHaveLength(DISHES.length);
    expect(all.every((r) => r.branches.length === 3)).toBe(true);
    for (const text of ["karahi", "KARAHI", "100%", "r_s", '"cheese"', "ka", "ahi p", "no such dish"]) {
      const found = await q.findItems(db, { text }, 0, 1000, "filters");
      expect(found.map((r) => r.id).toSorted(), text).toEqual(contains(text).toSorted());
    }
    // Three dishes, each a card for its three branch copies (the general menu is hidden:
    // the restaurant has branches).
    const karahi = await q.foundDishes(db, { text: "karahi" }, 1001);
    expect([karahi.dishes, karahi.copies?.length]).toEqual([3, 9]);
  });

  it("keeps the name index in step with renamed and deleted dishes", async () => {
    const { db } = services.database;
    const kebab = itemIds.get("Seekh Kebab")!;
    const updated = await menus.updateItemDetails(services, ownerId, kebab, {
      values: {
        name: "Seekh Karahi",
        price: "800",
        itemPriceRange: "500-1000",
        itemTaste: "Spicy",
        itemType: "Non-Veg",
        positionInSection: "8",
      },
      files: new Map(),
    });
    expect(updated.ok).toBe(true);
    // The general item is renamed; its branch copies keep the name they were copied with.
    await services.database.db
      .updateTable("menu_item")
      .set({ name: "Seekh Karahi" })
      .where("name", "=", "Seekh Kebab")
      .execute();
    expect((await q.foundDishes(db, { text: "seekh karahi" }, 1001)).dishes).toBe(1);
    expect((await q.foundDishes(db, { text: "kebab" }, 1001)).dishes).toBe(0);

    await services.database.db.deleteFrom("menu_item").where("name", "=", "Kheer").execute();
    expect((await q.foundDishes(db, { text: "kheer" }, 1001)).dishes).toBe(0);
  });

  it("counts no further than asked", async () => {
    const { db } = services.database;
    const everything = (await q.foundDishes(db, {}, 1_000_000)).dishes;
    expect(everything).toBe(DISHES.length - 1); // Kheer was deleted above
    // Counting dishes, not the copies of the first dishes read.
    expect((await q.foundDishes(db, {}, 5)).dishes).toBe(5);
    expect((await q.foundDishes(db, {}, 2)).dishes).toBe(2);
    expect(await q.countFoundRestaurants(db, {}, 1_000_000)).toBe(1);
    expect(await q.countFoundRestaurants(db, { text: "karahi" }, 1)).toBe(1);
  });
});
