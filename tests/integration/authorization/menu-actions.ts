import { expect } from "vitest";
import * as myBranchMenu from "~/routes/restaurant/branches/branch-menu.tsx";
import * as addBranch from "~/routes/restaurant/branches/add-branch.tsx";
import * as addItem from "~/routes/restaurant/menu/add-item.tsx";
import * as addSection from "~/routes/restaurant/menu/add-section.tsx";
import * as editItem from "~/routes/restaurant/menu/edit-item.tsx";
import * as editSection from "~/routes/restaurant/menu/edit-section.tsx";
import * as items from "~/routes/restaurant/menu/items.tsx";
import * as sections from "~/routes/restaurant/menu/sections.tsx";
import type { MutatingAction, PreparedCall } from "./action-entry.ts";
import { expectSuccess } from "./effects.ts";
import { ITEM_FIELDS, RESTAURANTS, unique, uniqueNumber, type Actor, type World } from "./world.ts";

/**
 * The owner's menu screens. Adding a section or a branch is self-scoped (it goes
 * into the signed-in restaurant's own menu); everything that names a section,
 * an item or a branch is for the owner of that target only: restaurantOwner owns
 * every target here, so anotherRestaurant must be refused and change nothing.
 */
const OWNER = ["restaurantOwner"] as const;
const ownerOnly = { scope: "owner", allowed: OWNER, method: "POST" } as const;

const actorId = (world: World, actor: Actor) => world.idOf(actor === "visitor" ? "customer" : actor);

const SECTIONS = "/profile/restaurant/addmenu/sections";
const ITEMS = "/profile/restaurant/addmenu/items";

/** A call to one of the list screens, which all post to the list's own URL. */
type Call = Omit<PreparedCall, "path">;

function sectionIntent(
  intent: "delete" | "up" | "down",
  prepare: (world: World) => Promise<Call>,
): MutatingAction {
  return {
    name: `restaurant-menu sections ${intent}`,
    module: "routes/restaurant/menu/sections",
    intent,
    ...ownerOnly,
    target: { kind: "route", action: sections.action },
    async prepare(world) {
      return { path: SECTIONS, ...(await prepare(world)) };
    },
  };
}

function itemIntent(
  intent: "delete" | "soldout" | "available" | "up" | "down",
  prepare: (world: World) => Promise<Call>,
): MutatingAction {
  return {
    name: `restaurant-menu items ${intent}`,
    module: "routes/restaurant/menu/items",
    intent,
    ...ownerOnly,
    target: { kind: "route", action: items.action },
    async prepare(world) {
      return { path: ITEMS, ...(await prepare(world)) };
    },
  };
}

/** Two sections or items next to each other, for the move buttons. */
async function twoSections(world: World) {
  return [await world.newSection(), await world.newSection()] as const;
}
async function twoItems(world: World) {
  const first = await world.newItem();
  const second = await world.newItem("restaurantOwner", first.sectionId, 2);
  return [first.id, second.id] as const;
}

const position = async (world: World, itemId: string) => (await world.item(itemId))!.positionInSection;
const number = async (world: World, sectionId: string) => (await world.section(sectionId))!.sectionNumber;

async function deleteSection(world: World): Promise<Call> {
  const sectionId = await world.newSection();
  return {
    form: { intent: "delete", sectionId },
    async effect(ctx) {
      expectSuccess(ctx, SECTIONS);
      expect(await world.section(sectionId)).toBeUndefined();
    },
  };
}

async function moveSectionUp(world: World): Promise<Call> {
  const [a, b] = await twoSections(world);
  return {
    form: { intent: "up", sectionId: b },
    async effect(ctx) {
      expectSuccess(ctx, SECTIONS);
      expect(await number(world, b)).toBeLessThan(await number(world, a));
    },
  };
}

async function moveSectionDown(world: World): Promise<Call> {
  const [a, b] = await twoSections(world);
  return {
    form: { intent: "down", sectionId: a },
    async effect(ctx) {
      expectSuccess(ctx, SECTIONS);
      expect(await number(world, a)).toBeGreaterThan(await number(world, b));
    },
  };
}

async function deleteItem(world: World): Promise<Call> {
  const { id } = await world.newItem();
  return {
    form: { intent: "delete", itemId: id },
    async effect(ctx) {
      expectSuccess(ctx, ITEMS);
      expect(await world.item(id)).toBeUndefined();
    },
  };
}

async function markSoldOut(world: World): Promise<Call> {
  const { id } = await world.newItem();
  return {
    form: { intent: "soldout", itemId: id },
    async effect(ctx) {
      expectSuccess(ctx, ITEMS);
      expect((await world.item(id))?.soldOut).toBe(1);
    },
  };
}

async function markAvailable(world: World): Promise<Call> {
  const { id } = await world.newItem();
  await world.db.updateTable("menu_item").set({ soldOut: 1 }).where("id", "=", id).execute();
  return {
    form: { intent: "available", itemId: id },
    async effect(ctx) {
      expectSuccess(ctx, ITEMS);
      expect((await world.item(id))?.soldOut).toBe(0);
    },
  };
}

async function moveItemUp(world: World): Promise<Call> {
  const [a, b] = await twoItems(world);
  return {
    form: { intent: "up", itemId: b },
    async effect(ctx) {
      expectSuccess(ctx, ITEMS);
      expect([await position(world, a), await position(world, b)]).toEqual([2, 1]);
    },
  };
}

async function moveItemDown(world: World): Promise<Call> {
  const [a, b] = await twoItems(world);
  return {
    form: { intent: "down", itemId: a },
    async effect(ctx) {
      expectSuccess(ctx, ITEMS);
      expect([await position(world, a), await position(world, b)]).toEqual([2, 1]);
    },
  };
}

export const menuActions: MutatingAction[] = [
  {
    name: "restaurant-menu add-section",
    module: "routes/restaurant/menu/add-section",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: addSection.action },
    async prepare(world, actor) {
      const originalName = unique("Section");
      return {
        path: "/profile/restaurant/addmenu/addsection",
        form: { originalName, topNote: "", bottomNote: "" },
        async effect(ctx) {
          expectSuccess(ctx, "/profile/restaurant/addmenu/addsection");
          const rows = await world.db
            .selectFrom("menu_section")
            .select("restaurantId")
            .where("originalName", "=", originalName)
            .execute();
          expect(rows.map((r) => r.restaurantId)).toEqual([actorId(world, actor)]);
        },
      };
    },
  },
  {
    name: "restaurant-menu edit-section",
    module: "routes/restaurant/menu/edit-section",
    ...ownerOnly,
    target: { kind: "route", action: editSection.action },
    async prepare(world) {
      const sectionId = await world.newSection();
      const originalName = unique("Renamed");
      return {
        path: `${SECTIONS}/edit/${sectionId}`,
        params: { sectionId },
        form: { originalName, topNote: "Serves two", bottomNote: "" },
        async effect(ctx) {
          expectSuccess(ctx, SECTIONS);
          expect((await world.section(sectionId))?.originalName).toBe(originalName);
        },
      };
    },
  },
  sectionIntent("delete", deleteSection),
  sectionIntent("up", moveSectionUp),
  sectionIntent("down", moveSectionDown),
  {
    name: "restaurant-menu add-item",
    module: "routes/restaurant/menu/add-item",
    ...ownerOnly,
    target: { kind: "route", action: addItem.action },
    async prepare(world) {
      // The section belongs to restaurantOwner: another restaurant may not add to it.
      const sectionId = await world.newSection();
      const name = unique("Dish");
      return {
        path: "/profile/restaurant/addmenu/additems",
        form: { ...ITEM_FIELDS, name, sectionId, positionInSection: "1" },
        files: { topView: [world.photo], frontView: [world.photo], sideView: [world.photo] },
        async effect(ctx) {
          expectSuccess(ctx, "/profile/restaurant/addmenu/additems");
          const rows = await world.db
            .selectFrom("menu_item")
            .select(["sectionId", "restaurantId"])
            .where("name", "=", name)
            .execute();
          expect(rows).toEqual([{ sectionId, restaurantId: world.idOf("restaurantOwner") }]);
        },
      };
    },
  },
  {
    name: "restaurant-menu edit-item",
    module: "routes/restaurant/menu/edit-item",
    ...ownerOnly,
    target: { kind: "route", action: editItem.action },
    async prepare(world) {
      const { id } = await world.newItem();
      const name = unique("Renamed dish");
      // Category and subcategory are set once, on Add Item.
      const editable = Object.fromEntries(
        Object.entries(ITEM_FIELDS).filter(([k]) => k !== "itemCat" && k !== "itemSubCat"),
      );
      return {
        path: `${ITEMS}/edit/${id}`,
        params: { id },
        form: { ...editable, name, positionInSection: "1" },
        files: {},
        async effect(ctx) {
          expectSuccess(ctx, ITEMS);
          expect((await world.item(id))?.name).toBe(name);
        },
      };
    },
  },
  itemIntent("delete", deleteItem),
  itemIntent("soldout", markSoldOut),
  itemIntent("available", markAvailable),
  itemIntent("up", moveItemUp),
  itemIntent("down", moveItemDown),
  {
    name: "restaurant-branches add-branch",
    module: "routes/restaurant/branches/add-branch",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: addBranch.action },
    async prepare(world, actor) {
      const branchName = unique("Branch");
      return {
        path: "/profile/restaurant/addbranch",
        form: { branchName, provinceLabel: "", cityLabel: "", areaLabel: "", address: "", contact: "" },
        async effect(ctx) {
          expectSuccess(ctx, "/profile/restaurant/mybranches");
          const rows = await world.db
            .selectFrom("branch")
            .select("restaurantId")
            .where("branchName", "=", branchName)
            .execute();
          expect(rows.map((r) => r.restaurantId)).toEqual([actorId(world, actor)]);
        },
      };
    },
  },
  {
    name: "restaurant-branches branch-menu",
    module: "routes/restaurant/branches/branch-menu",
    ...ownerOnly,
    target: { kind: "route", action: myBranchMenu.action },
    async prepare(world) {
      // anotherRestaurant has a branch with this URL too: the item is not in it.
      const { branchUrl, itemId } = world.ownerBranch;
      const price = String(uniqueNumber());
      return {
        path: `/profile/restaurant/mybranches/${branchUrl}`,
        params: { branchName: branchUrl },
        form: { itemId, priceOverride: price, soldOut: "on" },
        async effect(ctx) {
          expectSuccess(ctx, `/profile/restaurant/mybranches/${branchUrl}`);
          expect(await world.item(itemId)).toMatchObject({ priceOverride: Number(price), soldOut: 1 });
        },
      };
    },
  },
];
