import { expect } from "vitest";
import * as myBranchMenu from "~/routes/restaurant/branches/branch-menu.tsx";
import * as addOwnItem from "~/routes/restaurant/branches/add-own-item.tsx";
import * as compareBranch from "~/routes/restaurant/branches/compare.tsx";
import * as branchHours from "~/routes/restaurant/branches/hours.tsx";
import * as editOwnItem from "~/routes/restaurant/branches/edit-own-item.tsx";
import * as addBranch from "~/routes/restaurant/branches/add-branch.tsx";
import * as addItem from "~/routes/restaurant/menu/add-item.tsx";
import * as addSection from "~/routes/restaurant/menu/add-section.tsx";
import * as editItem from "~/routes/restaurant/menu/edit-item.tsx";
import * as editSection from "~/routes/restaurant/menu/edit-section.tsx";
import * as items from "~/routes/restaurant/menu/items.tsx";
import * as importMenu from "~/routes/restaurant/menu/import.tsx";
import * as importPhotos from "~/routes/restaurant/menu/import-photos.ts";
import * as importPreview from "~/routes/restaurant/menu/import-preview.tsx";
import * as sections from "~/routes/restaurant/menu/sections.tsx";
import * as servedTimes from "~/routes/restaurant/menu/served-times.tsx";
import * as specialHours from "~/routes/restaurant/branches/special-hours.tsx";
import * as tablesPage from "~/routes/restaurant/branches/tables.tsx";
import { addTables } from "~/features/tables/tables.server.ts";
import { addSchedule } from "~/features/branches/special-hours.server.ts";
import * as dealForm from "~/routes/restaurant/deals/deal-form.tsx";
import * as dealsList from "~/routes/restaurant/deals/deals.tsx";
import * as branchDealsRoute from "~/routes/restaurant/branches/branch-deals.tsx";
import { ITEM_FIELDS, itemInput } from "../../setup/factories.ts";
import type { MutatingAction, PreparedCall } from "./action-entry.ts";
import { expectSuccess } from "./effects.ts";
import { RESTAURANTS, unique, uniqueNumber, type Actor, type World } from "./world.ts";

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

/** restaurantOwner's branch called "main"; anotherRestaurant has one of that name too. */
const MAIN = "/profile/restaurant/mybranches/main";

/** A table of restaurantOwner's "main" branch given a new code, or removed (issue 33). */
function tableEntry(intent: "change" | "remove"): MutatingAction {
  return {
    name: `restaurant-branches tables ${intent}`,
    module: "routes/restaurant/branches/tables",
    intent,
    ...ownerOnly,
    target: { kind: "route", action: tablesPage.action },
    async prepare(world) {
      const ownerId = world.idOf("restaurantOwner");
      const label = unique("Table");
      expect(await addTables(world.services, ownerId, "main", { tables: label })).toMatchObject({ ok: true });
      const before = await world.db
        .selectFrom("branch_table")
        .select(["id", "code"])
        .where("label", "=", label)
        .executeTakeFirstOrThrow();
      return {
        path: `${MAIN}/tables`,
        params: { branchName: "main" },
        form: { intent, tableId: before.id },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/tables`);
          const after = await world.db
            .selectFrom("branch_table")
            .select("code")
            .where("id", "=", before.id)
            .executeTakeFirst();
          if (intent === "remove") expect(after).toBeUndefined();
          else expect(after?.code).not.toBe(before.code);
        },
      };
    },
  };
}

function branchIntent(
  intent: "save" | "hide" | "show" | "hide-section" | "show-section" | "delete",
  prepare: (world: World) => Promise<Call>,
): MutatingAction {
  return {
    name: `restaurant-branches branch-menu ${intent}`,
    module: "routes/restaurant/branches/branch-menu",
    intent,
    ...ownerOnly,
    target: { kind: "route", action: myBranchMenu.action },
    async prepare(world) {
      const call = await prepare(world);
      return { path: MAIN, params: { branchName: "main" }, ...call, form: { ...call.form, intent } };
    },
  };
}

/**
 * When a section or dish is served (ADR 0043), on the general menu or at the "main"
 * branch: one module at four addresses, each for the owner of the row alone.
 */
function servedTimesEntry(kind: "section" | "item", atBranch: boolean): MutatingAction {
  return {
    name: `restaurant-menu served-times ${atBranch ? "branch " : ""}${kind}`,
    module: "routes/restaurant/menu/served-times",
    ...ownerOnly,
    target: { kind: "route", action: servedTimes.action },
    async prepare(world) {
      let id: string;
      if (kind === "item") id = atBranch ? (await world.newBranchCopy()).id : (await world.newItem()).id;
      else {
        const general = await world.newSection();
        id = atBranch ? (await world.newBranchCopy()).sectionId : general;
      }
      const table = kind === "section" ? "menu_section" : "menu_item";
      const param: Record<string, string> = kind === "section" ? { sectionId: id } : { itemId: id };
      const path = atBranch
        ? `${MAIN}/${kind === "section" ? "sections" : "menu"}/${id}/times`
        : `${kind === "section" ? SECTIONS : ITEMS}/${id}/times`;
      return {
        path,
        params: atBranch ? { branchName: "main", ...param } : param,
        form: { follow: "own", w0From: "07:00", w0To: "11:30", w0mon: "on", w0sat: "on" },
        async effect(ctx) {
          expectSuccess(ctx, atBranch ? MAIN : kind === "section" ? SECTIONS : ITEMS);
          const row = await world.db
            .selectFrom(table)
            .select("servedTimes")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          expect(JSON.parse(row.servedTimes)).toEqual([{ days: ["mon", "sat"], from: "07:00", to: "11:30" }]);
        },
      };
    },
  };
}

const DEALS = "/profile/restaurant/addmenu/deals";

/** Deals (ADR 0044): added by the owner for themselves; changed, deleted and set at a branch by their owner alone. */
function dealEntries(): MutatingAction[] {
  return [
    {
      name: "restaurant-deals deal-form new",
      module: "routes/restaurant/deals/deal-form",
      method: "POST",
      scope: "self",
      allowed: RESTAURANTS,
      target: { kind: "route", action: dealForm.action },
      async prepare(world, actor) {
        const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
        const { id: itemId } = await world.newItem(owner);
        const name = unique("Family deal");
        return {
          path: `${DEALS}/new`,
          params: {},
          form: { name, price: "900", serves: "3", partDish: itemId, partQuantity: "2", partText: "" },
          async effect(ctx) {
            expectSuccess(ctx, DEALS);
            const row = await world.db
              .selectFrom("deal")
              .select(["restaurantId", "price"])
              .where("name", "=", name)
              .executeTakeFirstOrThrow();
            expect(row).toEqual({ restaurantId: world.idOf(owner), price: 900 });
          },
        };
      },
    },
    {
      name: "restaurant-deals deal-form edit",
      module: "routes/restaurant/deals/deal-form",
      ...ownerOnly,
      target: { kind: "route", action: dealForm.action },
      async prepare(world) {
        const { id, itemId } = await world.newDeal();
        const name = unique("Renamed deal");
        return {
          path: `${DEALS}/${id}`,
          params: { dealId: id },
          form: { name, price: "750", serves: "2", partDish: itemId, partQuantity: "1", partText: "" },
          async effect(ctx) {
            expectSuccess(ctx, DEALS);
            expect(await world.deal(id)).toMatchObject({ name, price: 750 });
          },
        };
      },
    },
    {
      name: "restaurant-deals deals delete",
      module: "routes/restaurant/deals/deals",
      intent: "delete",
      ...ownerOnly,
      target: { kind: "route", action: dealsList.action },
      async prepare(world) {
        const { id } = await world.newDeal();
        return {
          path: DEALS,
          form: { intent: "delete", dealId: id },
          async effect(ctx) {
            expectSuccess(ctx, DEALS);
            expect(await world.deal(id)).toBeUndefined();
          },
        };
      },
    },
    {
      name: "restaurant-branches branch-deals save",
      module: "routes/restaurant/branches/branch-deals",
      intent: "save",
      ...ownerOnly,
      target: { kind: "route", action: branchDealsRoute.action },
      async prepare(world) {
        const { id } = await world.newDeal();
        return {
          path: `${MAIN}/deals`,
          params: { branchName: "main" },
          form: { intent: "save", dealId: id, priceOverride: "450" },
          async effect(ctx) {
            expectSuccess(ctx, `${MAIN}/deals`);
            const row = await world.db
              .selectFrom("deal_branch")
              .select(["priceOverride", "hidden"])
              .where("dealId", "=", id)
              .executeTakeFirstOrThrow();
            expect(row).toEqual({ priceOverride: 450, hidden: 1 });
          },
        };
      },
    },
  ];
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

async function saveBranchPrice(world: World): Promise<Call> {
  // anotherRestaurant has a branch with this URL too: the item is not in it.
  const { itemId } = world.ownerBranch;
  const price = String(uniqueNumber());
  return {
    form: { itemId, priceOverride: price, soldOut: "on" },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect(await world.item(itemId)).toMatchObject({ priceOverride: Number(price), soldOut: 1 });
    },
  };
}

async function hideAtBranch(world: World): Promise<Call> {
  const copy = await world.newBranchCopy();
  return {
    form: { itemId: copy.id },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect((await world.item(copy.id))?.hidden).toBe(1);
      expect((await world.item(copy.generalId))?.hidden).toBe(0);
    },
  };
}

async function showAtBranch(world: World): Promise<Call> {
  const copy = await world.newBranchCopy();
  await world.db.updateTable("menu_item").set({ hidden: 1 }).where("id", "=", copy.id).execute();
  return {
    form: { itemId: copy.id },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect((await world.item(copy.id))?.hidden).toBe(0);
    },
  };
}

async function hideSectionAtBranch(world: World): Promise<Call> {
  const { sectionId } = await world.newBranchCopy();
  return {
    form: { sectionId },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect((await world.section(sectionId))?.hidden).toBe(1);
    },
  };
}

async function showSectionAtBranch(world: World): Promise<Call> {
  const { sectionId } = await world.newBranchCopy();
  await world.db.updateTable("menu_section").set({ hidden: 1 }).where("id", "=", sectionId).execute();
  return {
    form: { sectionId },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect((await world.section(sectionId))?.hidden).toBe(0);
    },
  };
}

async function deleteOwnDish(world: World): Promise<Call> {
  const own = await world.newOwnDish();
  return {
    form: { itemId: own.id },
    async effect(ctx) {
      expectSuccess(ctx, MAIN);
      expect(await world.item(own.id)).toBeUndefined();
    },
  };
}

/** Add a dish to one branch only, saved plainly or with 'Save and add another'. */
function addOwnItemEntry(kind: "add" | "another"): MutatingAction {
  return {
    name: "restaurant-branches add-own-item",
    module: "routes/restaurant/branches/add-own-item",
    ...(kind === "another" ? { intent: "another" } : {}),
    ...ownerOnly,
    target: { kind: "route", action: addOwnItem.action },
    async prepare(world) {
      // A section of restaurantOwner's "main" branch: anotherRestaurant's "main" has no such section.
      const { sectionId } = await world.newBranchCopy();
      const name = unique("Branch dish");
      return {
        path: `${MAIN}/additem`,
        params: { branchName: "main" },
        form: {
          ...itemInput(sectionId, { name, positionInSection: "5" }),
          ...(kind === "another" ? { intent: "another" } : {}),
        },
        files: { topView: [world.photo], frontView: [world.photo], sideView: [world.photo] },
        async effect(ctx) {
          expectSuccess(ctx, kind === "another" ? `${MAIN}/additem` : MAIN);
          const rows = await world.db
            .selectFrom("menu_item")
            .select(["sectionId", "branchId", "generalItemId"])
            .where("name", "=", name)
            .execute();
          expect(rows).toEqual([{ sectionId, branchId: await world.mainBranchId(), generalItemId: null }]);
        },
      };
    },
  };
}

/** The import's rows, photos and screen belong to restaurantOwner; anotherRestaurant gets a 404. */
function importIntent(intent: "commit" | "discard"): MutatingAction {
  return {
    name: `restaurant-menu import-preview ${intent}`,
    module: "routes/restaurant/menu/import-preview",
    intent,
    ...ownerOnly,
    target: { kind: "route", action: importPreview.action },
    async prepare(world) {
      const { importId, dish } = await world.newImport("restaurantOwner", true);
      return {
        path: `/profile/restaurant/addmenu/import/${importId}`,
        params: { importId },
        form: { intent },
        async effect(ctx) {
          expectSuccess(ctx, intent === "commit" ? ITEMS : "/profile/restaurant/addmenu/import");
          const imports = await world.db
            .selectFrom("menu_import")
            .select("id")
            .where("id", "=", importId)
            .execute();
          expect(imports).toEqual([]);
          const dishes = await world.db
            .selectFrom("menu_item")
            .select("restaurantId")
            .where("name", "=", dish)
            .where("branchId", "is", null)
            .execute();
          expect(dishes.map((d) => d.restaurantId)).toEqual(
            intent === "commit" ? [world.idOf("restaurantOwner")] : [],
          );
        },
      };
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
            .select(["restaurantId", "branchId"])
            .where("originalName", "=", originalName)
            .execute();
          const owner = actorId(world, actor);
          expect(rows.filter((r) => r.branchId === null).map((r) => r.restaurantId)).toEqual([owner]);
          // And a copy in each of the owner's branches (ADR 0021).
          expect(rows.filter((r) => r.branchId !== null).map((r) => r.restaurantId)).toEqual(
            Array((await world.branchIdsOf(owner)).length).fill(owner),
          );
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
  ...dealEntries(),
  servedTimesEntry("section", false),
  servedTimesEntry("item", false),
  servedTimesEntry("section", true),
  servedTimesEntry("item", true),
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
        form: itemInput(sectionId, { name }),
        files: { topView: [world.photo], frontView: [world.photo], sideView: [world.photo] },
        async effect(ctx) {
          expectSuccess(ctx, "/profile/restaurant/addmenu/additems");
          const rows = await world.db
            .selectFrom("menu_item")
            .select(["sectionId", "restaurantId", "generalItemId"])
            .where("name", "=", name)
            .execute();
          const general = rows.filter((r) => r.generalItemId === null);
          expect(general).toEqual([
            { sectionId, restaurantId: world.idOf("restaurantOwner"), generalItemId: null },
          ]);
          expect(rows.length - 1).toBe((await world.branchIdsOf(world.idOf("restaurantOwner"))).length);
        },
      };
    },
  },
  {
    // 'Save and add another': the same write, then back to an empty form that keeps some values.
    name: "restaurant-menu add-item",
    module: "routes/restaurant/menu/add-item",
    intent: "another",
    ...ownerOnly,
    target: { kind: "route", action: addItem.action },
    async prepare(world) {
      const sectionId = await world.newSection();
      const name = unique("Dish");
      return {
        path: "/profile/restaurant/addmenu/additems",
        form: { ...itemInput(sectionId, { name }), intent: "another", sameViews: "on" },
        files: { topView: [world.photo] },
        async effect(ctx) {
          expectSuccess(ctx, new RegExp(`^/profile/restaurant/addmenu/additems\\?sectionId=${sectionId}&`));
          const rows = await world.db
            .selectFrom("menu_item")
            .select(["sectionId", "restaurantId", "topView", "sideView"])
            .where("name", "=", name)
            .where("branchId", "is", null)
            .execute();
          expect(rows).toEqual([
            {
              sectionId,
              restaurantId: world.idOf("restaurantOwner"),
              topView: rows[0]!.topView,
              sideView: rows[0]!.topView,
            },
          ]);
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
    name: "restaurant-menu import",
    module: "routes/restaurant/menu/import",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: importMenu.action },
    async prepare(world, actor) {
      const name = unique("Sheet dish");
      const sheet = `section,name,price,taste,category,subcategory,type,top_photo\nMains,${name},450,Spicy,Curries,Karahi,Veg,dish.jpg\n`;
      return {
        path: "/profile/restaurant/addmenu/import",
        form: {},
        files: { sheet: [new TextEncoder().encode(sheet)] },
        async effect(ctx) {
          expectSuccess(ctx, /^\/profile\/restaurant\/addmenu\/import\/[\w-]+$/u);
          const imports = await world.db
            .selectFrom("menu_import")
            .select(["ownerId", "rows"])
            .where("ownerId", "=", actorId(world, actor))
            .execute();
          expect(imports.some((i) => i.rows.includes(name))).toBe(true);
        },
      };
    },
  },
  importIntent("commit"),
  importIntent("discard"),
  {
    name: "restaurant-menu import-photos",
    module: "routes/restaurant/menu/import-photos",
    ...ownerOnly,
    target: { kind: "route", action: importPhotos.action },
    async prepare(world) {
      const { importId } = await world.newImport();
      return {
        path: `/profile/restaurant/addmenu/import/${importId}/photos`,
        params: { importId },
        form: {},
        files: { photos: [world.photo] },
        async effect(ctx) {
          expectSuccess(ctx, `/profile/restaurant/addmenu/import/${importId}`);
          const photos = await world.db
            .selectFrom("menu_import_photo")
            .select("fileName")
            .where("importId", "=", importId)
            .execute();
          expect(photos).toHaveLength(1);
        },
      };
    },
  },
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
  branchIntent("save", saveBranchPrice),
  branchIntent("hide", hideAtBranch),
  branchIntent("show", showAtBranch),
  branchIntent("hide-section", hideSectionAtBranch),
  branchIntent("show-section", showSectionAtBranch),
  branchIntent("delete", deleteOwnDish),
  {
    // Each restaurant brings its own branch called "main" in line: the URL names no one else's.
    name: "restaurant-branches compare bring-in-line",
    module: "routes/restaurant/branches/compare",
    intent: "bring-in-line",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: compareBranch.action },
    async prepare(world, actor) {
      const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
      const copy = await world.newBranchCopy(owner);
      // Out of step, as a copy from before branches followed the general menu can be.
      await world.db
        .updateTable("menu_item")
        .set({ description: "stale" })
        .where("id", "=", copy.id)
        .execute();
      return {
        path: `${MAIN}/compare`,
        params: { branchName: "main" },
        form: { intent: "bring-in-line" },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/compare`);
          expect((await world.item(copy.id))?.description).toBe(
            (await world.item(copy.generalId))?.description,
          );
        },
      };
    },
  },
  {
    // Each restaurant sets the hours of its own branch called "main".
    name: "restaurant-branches hours",
    module: "routes/restaurant/branches/hours",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: branchHours.action },
    async prepare(world, actor) {
      const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
      const note = unique("Ramadan: 7 pm to 3 am");
      return {
        path: `${MAIN}/hours`,
        params: { branchName: "main" },
        form: { monOpens0: "12:00", monCloses0: "23:30", friOpens0: "14:00", friCloses0: "01:00", note },
        async effect(ctx) {
          expectSuccess(ctx, MAIN);
          const branch = await world.db
            .selectFrom("branch")
            .select("openingHours")
            .where("id", "=", await world.mainBranchId(owner))
            .executeTakeFirstOrThrow();
          expect(JSON.parse(branch.openingHours)).toMatchObject({
            days: { mon: [["12:00", "23:30"]] },
            note,
          });
        },
      };
    },
  },
  {
    // Each restaurant adds Ramadan hours to its own branch called "main".
    name: "restaurant-branches special-hours add",
    module: "routes/restaurant/branches/special-hours",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: specialHours.action },
    async prepare(world, actor) {
      const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
      // A year of its own per call, so no two calls' days overlap.
      const year = 2100 + uniqueNumber();
      return {
        path: `${MAIN}/special-hours`,
        params: { branchName: "main" },
        form: {
          intent: "add",
          kind: "ramadan",
          validFrom: `${year}-02-08`,
          validUntil: `${year}-03-09`,
          r0From: "18:00",
          r0To: "02:00",
        },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/special-hours`);
          const row = await world.db
            .selectFrom("branch_schedule")
            .select(["kind", "hours"])
            .where("branchId", "=", await world.mainBranchId(owner))
            .where("validFrom", "=", `${year}-02-08`)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ kind: "ramadan", hours: JSON.stringify([{ from: "18:00", to: "02:00" }]) });
        },
      };
    },
  },
  {
    name: "restaurant-branches special-hours delete",
    module: "routes/restaurant/branches/special-hours",
    intent: "delete",
    ...ownerOnly,
    target: { kind: "route", action: specialHours.action },
    async prepare(world) {
      const year = 2100 + uniqueNumber();
      const added = await addSchedule(world.services, world.idOf("restaurantOwner"), "main", {
        kind: "eid",
        validFrom: `${year}-03-10`,
        validUntil: `${year}-03-10`,
        closed: "on",
      });
      expect(added).toEqual({ ok: true });
      const row = await world.db
        .selectFrom("branch_schedule")
        .select("id")
        .where("validFrom", "=", `${year}-03-10`)
        .executeTakeFirstOrThrow();
      return {
        path: `${MAIN}/special-hours`,
        params: { branchName: "main" },
        form: { intent: "delete", scheduleId: row.id },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/special-hours`);
          expect(
            await world.db
              .selectFrom("branch_schedule")
              .select("id")
              .where("id", "=", row.id)
              .executeTakeFirst(),
          ).toBeUndefined();
        },
      };
    },
  },
  {
    // Each restaurant adds a table to its own branch called "main" (issue 33).
    name: "restaurant-branches tables add",
    module: "routes/restaurant/branches/tables",
    intent: "add",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: tablesPage.action },
    async prepare(world, actor) {
      const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
      const label = unique("Table");
      return {
        path: `${MAIN}/tables`,
        params: { branchName: "main" },
        form: { intent: "add", tables: label },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/tables`);
          const row = await world.db
            .selectFrom("branch_table")
            .select(["label", "restaurantId"])
            .where("branchId", "=", await world.mainBranchId(owner))
            .where("label", "=", label)
            .executeTakeFirstOrThrow();
          expect(row.restaurantId).toBe(world.idOf(owner));
        },
      };
    },
  },
  tableEntry("change"),
  tableEntry("remove"),
  {
    // Each restaurant gives every table of its own "main" branch a new code.
    name: "restaurant-branches tables change-all",
    module: "routes/restaurant/branches/tables",
    intent: "change-all",
    method: "POST",
    scope: "self",
    allowed: RESTAURANTS,
    target: { kind: "route", action: tablesPage.action },
    async prepare(world, actor) {
      const owner = actor === "anotherRestaurant" ? "anotherRestaurant" : "restaurantOwner";
      const label = unique("Table");
      expect(await addTables(world.services, world.idOf(owner), "main", { tables: label })).toMatchObject({
        ok: true,
      });
      const before = await world.db
        .selectFrom("branch_table")
        .select(["id", "code"])
        .where("label", "=", label)
        .executeTakeFirstOrThrow();
      return {
        path: `${MAIN}/tables`,
        params: { branchName: "main" },
        form: { intent: "change-all" },
        async effect(ctx) {
          expectSuccess(ctx, `${MAIN}/tables`);
          const after = await world.db
            .selectFrom("branch_table")
            .select("code")
            .where("id", "=", before.id)
            .executeTakeFirstOrThrow();
          expect(after.code).not.toBe(before.code);
        },
      };
    },
  },
  addOwnItemEntry("add"),
  addOwnItemEntry("another"),
  {
    name: "restaurant-branches edit-own-item",
    module: "routes/restaurant/branches/edit-own-item",
    ...ownerOnly,
    target: { kind: "route", action: editOwnItem.action },
    async prepare(world) {
      const own = await world.newOwnDish();
      const name = unique("Renamed branch dish");
      const editable = Object.fromEntries(
        Object.entries(ITEM_FIELDS).filter(([k]) => k !== "itemCat" && k !== "itemSubCat"),
      );
      return {
        path: `${MAIN}/items/edit/${own.id}`,
        params: { branchName: "main", id: own.id },
        form: { ...editable, name, positionInSection: "2" },
        files: {},
        async effect(ctx) {
          expectSuccess(ctx, MAIN);
          expect((await world.item(own.id))?.name).toBe(name);
        },
      };
    },
  },
];
