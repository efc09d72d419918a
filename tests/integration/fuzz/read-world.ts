import { addBranch } from "~/features/branches/branches.server.ts";
import { addTables, ownTables } from "~/features/tables/tables.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { signedUpOwner } from "../../setup/accounts.ts";
import { itemInput, itemViews } from "../../setup/factories.ts";
import { unique, type Actor, type World } from "../authorization/world.ts";

/** Who reads: the world's visitor, customer and approved owner, and the owner of the restaurant awaiting approval. */
export const READERS = ["visitor", "customer", "restaurantOwner", "pendingOwner"] as const;
export type Reader = (typeof READERS)[number];

/** What a branch's filters (type, taste, sold out, allergens) are judged on. */
export interface ShownDish {
  id: string;
  itemType: string;
  itemTaste: string;
  soldOut: number;
  foodAllergies: string;
}

/**
 * What the public reads point at, made once through the real use cases: restaurantOwner's
 * approved restaurant gets two pages of sections, eight dishes (two sold out at "main"),
 * a second branch in Islamabad's Blue Area and two reviews; a restaurant awaiting approval
 * gets a section, a dish and a branch, whose texts no one but its owner may read.
 */
export interface ReadTargets {
  approved: {
    urlName: string;
    restName: string;
    /** A general dish and its copy in "main" (the ids the menu and branch pages name). */
    itemId: string;
    mainCopyId: string;
    branches: string[];
    dishNames: string[];
  };
  other: { urlName: string; itemId: string };
  pending: {
    urlName: string;
    restName: string;
    itemId: string;
    branchUrl: string;
    /** Texts of its menu and branch: only its owner's answers may hold them. */
    secrets: string[];
    cookies: Headers;
  };
  reviewIds: string[];
  /** Codes of printed table cards (issue 33): the approved restaurant's "main" and the pending one's. */
  tableCodes: string[];
  /** The dishes each branch shows, by "urlName/branchUrl": the oracle of the branch filters. */
  dishesAt: Map<string, ShownDish[]>;
  /** Dishes of each restaurant's general menu (the ids its menu pages name), by urlName. */
  generalItems: Map<string, string[]>;
  /** General-menu sections per restaurant urlName: the oracle of the menu's pages. */
  sectionsOf: Map<string, number>;
  /** Public restaurants in the database (a PostgreSQL run shares it): the listings' oracle. */
  publicRestaurants: number;
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`setup failed: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

const DISHES = [
  { itemType: "Veg", itemTaste: "Spicy", foodAllergies: "Contains nuts" },
  { itemType: "Non-Veg", itemTaste: "Savory", foodAllergies: "dairy, gluten" },
  { itemType: "Vegan", itemTaste: "Sweet", foodAllergies: "" },
  { itemType: "Non-Veg", itemTaste: "Spicy", foodAllergies: "Peanuts and egg" },
  { itemType: "Veg", itemTaste: "Sweet", foodAllergies: "MILK 100%_pure" },
  { itemType: "Non-Veg", itemTaste: "Savory", foodAllergies: "soy" },
  { itemType: "Vegan", itemTaste: "Spicy", foodAllergies: "sesame, nuts" },
];

export async function makeReadTargets(world: World): Promise<ReadTargets> {
  const s = world.services;
  const db = world.db;
  const ownerId = world.idOf("restaurantOwner");
  const urlName = world.urlOf("restaurantOwner");

  const sectionId = await world.newSection();
  const dishNames: string[] = [];
  for (const [i, dish] of DISHES.entries()) {
    const name = unique("Fuzz dish");
    const values = itemInput(sectionId, { ...dish, name, positionInSection: String(i + 1) });
    ok(await menus.addItem(s, ownerId, { values, files: itemViews(world.photo) }));
    dishNames.push(name);
  }
  // Five sections in all: two pages of the menu (four a page).
  for (let i = 0; i < 3; i++) await world.newSection();
  const mainId = await world.mainBranchId();
  await db
    .updateTable("menu_item")
    .set({ soldOut: 1 })
    .where("branchId", "=", mainId)
    .where("name", "in", dishNames.slice(0, 2))
    .execute();
  const blueArea = ok(
    await addBranch(s, ownerId, {
      branchName: "Blue Area",
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "Blue Area",
    }),
  ).branchUrl;
  const reviewIds: string[] = [];
  for (const author of ["customer", "anotherCustomer"] as const) {
    const values = { rating: "4", review: unique("Fuzz review") };
    const target = { urlName, branchUrl: "main" };
    reviewIds.push(ok(await postReview(s, world.idOf(author), target, { values, photos: [] })).id);
  }

  const pending = await signedUpOwner(s);
  const pendingSection = unique("Pending section");
  const pendingDish = unique("Pending dish");
  const pendingAddress = unique("Pending street");
  const pendingSectionId = ok(await menus.addSection(s, pending.id, { originalName: pendingSection })).id;
  const pendingValues = itemInput(pendingSectionId, { name: pendingDish });
  const pendingItem = ok(
    await menus.addItem(s, pending.id, { values: pendingValues, files: itemViews(world.photo) }),
  );
  const pendingBranch = ok(await addBranch(s, pending.id, { branchName: "main", address: pendingAddress }));
  ok(await addTables(s, ownerId, "main", { tables: "1-2" }));
  ok(await addTables(s, pending.id, pendingBranch.branchUrl, { tables: "1" }));
  const tableCodes = [
    ...(await ownTables(s, ownerId, "main"))!.tables,
    ...(await ownTables(s, pending.id, pendingBranch.branchUrl))!.tables,
  ].map((table) => table.url.split("/t/")[1]!);

  const item = await db
    .selectFrom("menu_item")
    .select(["id", "generalItemId"])
    .where("branchId", "=", mainId)
    .where("name", "=", dishNames[2]!)
    .executeTakeFirstOrThrow();
  const otherItem = await db
    .selectFrom("menu_item")
    .select("id")
    .where("restaurantId", "=", world.idOf("anotherRestaurant"))
    .executeTakeFirstOrThrow();

  const targets: ReadTargets = {
    approved: {
      urlName,
      restName: String(world.account("restaurantOwner").input.restName),
      itemId: item.generalItemId!,
      mainCopyId: item.id,
      branches: ["main", blueArea],
      dishNames,
    },
    other: { urlName: world.urlOf("anotherRestaurant"), itemId: otherItem.id },
    pending: {
      urlName: pending.urlName,
      restName: pending.restName,
      itemId: pendingItem.id,
      branchUrl: pendingBranch.branchUrl,
      secrets: [pendingSection, pendingDish, pendingAddress],
      cookies: pending.cookies,
    },
    reviewIds,
    tableCodes,
    dishesAt: new Map(),
    generalItems: new Map(),
    sectionsOf: new Map(),
    publicRestaurants: 0,
  };
  await readOracles(world, targets);
  return targets;
}

/** Counts made with plain queries, apart from the app's: what each page must add up to. */
async function readOracles(world: World, t: ReadTargets) {
  const db = world.db;
  const branches = await db
    .selectFrom("branch")
    .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
    .select(["branch.id", "branch.branchUrl", "restaurant.urlName"])
    .where("restaurant.urlName", "in", [t.approved.urlName, t.other.urlName, t.pending.urlName])
    .execute();
  for (const branch of branches) {
    const dishes = await db
      .selectFrom("menu_item")
      .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
      .select([
        "menu_item.id",
        "menu_item.itemType",
        "menu_item.itemTaste",
        "menu_item.soldOut",
        "menu_item.foodAllergies",
      ])
      .where("menu_item.branchId", "=", branch.id)
      .where("menu_item.hidden", "=", 0)
      .where("menu_section.hidden", "=", 0)
      .execute();
    t.dishesAt.set(`${branch.urlName}/${branch.branchUrl}`, dishes);
  }
  const general = await db
    .selectFrom("menu_item")
    .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
    .select(["restaurant.urlName", "menu_item.id"])
    .where("menu_item.branchId", "is", null)
    .execute();
  for (const { urlName, id } of general)
    t.generalItems.set(urlName, [...(t.generalItems.get(urlName) ?? []), id]);
  const sections = await db
    .selectFrom("menu_section")
    .innerJoin("restaurant", "restaurant.id", "menu_section.restaurantId")
    .select(["restaurant.urlName", (eb) => eb.fn.countAll<number>().as("n")])
    .where("menu_section.branchId", "is", null)
    .groupBy("restaurant.urlName")
    .execute();
  for (const row of sections) t.sectionsOf.set(row.urlName, Number(row.n));
  const listed = await db
    .selectFrom("restaurant")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approvalStatus", "=", "approved")
    .executeTakeFirstOrThrow();
  t.publicRestaurants = Number(listed.n);
}

/** A reader's session cookies (null for a visitor). */
export function cookiesOf(world: World, targets: ReadTargets, reader: Reader): Headers | null {
  return reader === "pendingOwner" ? targets.pending.cookies : world.cookiesOf(reader satisfies Actor);
}
