import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES as M } from "~/features/menus/menus.schema.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { storedImageCount } from "~/server/media/image-quota.server.ts";
import { imageKeys, MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import * as addItemRoute from "~/routes/restaurant/menu/add-item.tsx";
import { signedUpOwner, type SignedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { buildRequest, callRoute } from "./authorization/route-call.ts";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "~/server/context.ts";
import { inEnglish } from "~/lib/message.ts";

// Fast menu entry (docs/decisions/0020-fast-menu-entry.md). The photo limit is
// low here so that "one photo counts once" shows as a dish that is not refused.

const ADD_ITEM = "/profile/restaurant/addmenu/additems";

let services: TestServices;
const photos: Buffer[] = [];
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto", MAX_IMAGES_PER_ACCOUNT: "3" });
  for (let i = 0; i < 4; i++) photos.push(await photoWithGps(320 + i * 8, 240));
});
afterAll(() => services.close());

async function newSection(ownerId: string, name: string) {
  const result = await menus.addSection(services, ownerId, { originalName: name });
  if (!result.ok) throw new Error(inEnglish(result.message));
  return result.id;
}

const itemsOf = async (ownerId: string) => (await ownerMenu(services, ownerId)).flatMap((s) => s.items);

/** The Add Item form's loader as React Router calls it, for `search` (the query string). */
async function addItemScreen(owner: SignedUpOwner, search = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`http://localhost:3000${ADD_ITEM}${search}`, { headers: owner.cookies });
  return addItemRoute.loader({ request, context, params: {}, unstable_pattern: "" } as never);
}

function postAddItem(
  owner: SignedUpOwner,
  form: Record<string, string>,
  files: Record<string, Uint8Array[]>,
) {
  const request = buildRequest({ method: "POST", path: ADD_ITEM, cookies: owner.cookies, form, files });
  return callRoute(services, addItemRoute.action, request, {});
}

const allViews = () => ({ topView: [photos[0]!], frontView: [photos[1]!], sideView: [photos[2]!] });

describe("save and add another", () => {
  it("saves, then comes back to an empty form keeping section, category, subcategory, taste, type and price range", async () => {
    const owner = await signedUpOwner(services);
    const karahi = await newSection(owner.id, "Karahi");
    const drinks = await newSection(owner.id, "Drinks");
    await menus.addItem(services, owner.id, {
      values: itemInput(karahi, { name: "First" }),
      files: itemViews(photos[0]!),
    });

    // Before: the next position of each section, and no defaults without a query.
    const fresh = await addItemScreen(owner);
    expect(fresh.nextPosition).toEqual({ [karahi]: 2, [drinks]: 1 });
    expect(fresh.defaults).toEqual({
      sectionId: undefined,
      itemCat: undefined,
      itemSubCat: undefined,
      itemTaste: undefined,
      itemType: undefined,
      itemPriceRange: undefined,
      positionInSection: undefined,
    });

    const saved = await postAddItem(
      owner,
      {
        ...itemInput(karahi, { positionInSection: "2", name: "Mutton Karahi", itemTaste: "Savory" }),
        intent: "another",
        sameViews: "on",
      },
      { topView: [photos[0]!] },
    );
    expect(saved.status).toBe(302);
    expect(saved.toast).toMatchObject({ level: "success", message: M.itemAdded });
    expect(saved.location).toBe(
      `${ADD_ITEM}?sectionId=${karahi}&itemCat=Curries&itemSubCat=Karahi&itemTaste=Savory&itemType=Non-Veg&itemPriceRange=1000-2000`,
    );
    expect((await itemsOf(owner.id)).map((i) => [i.name, i.positionInSection])).toEqual([
      ["First", 1],
      ["Mutton Karahi", 2],
    ]);

    // The loader turns the carried values into the next form's defaults, at the next free position.
    const next = await addItemScreen(owner, saved.location!.slice(ADD_ITEM.length));
    expect(next.defaults).toEqual({
      sectionId: karahi,
      itemCat: "Curries",
      itemSubCat: "Karahi",
      itemTaste: "Savory",
      itemType: "Non-Veg",
      // The price range too (ADR 0020).
      itemPriceRange: "1000-2000",
      positionInSection: "3",
    });
    expect(next.nextPosition).toEqual({ [karahi]: 3, [drinks]: 1 });
  });

  it("keeps 'Add Item' as it was: back to the bare form", async () => {
    const owner = await signedUpOwner(services);
    const section = await newSection(owner.id, "Mains");
    const saved = await postAddItem(owner, itemInput(section, { name: "Plain" }), allViews());
    expect(saved).toMatchObject({ status: 302, location: ADD_ITEM, toast: { message: M.itemAdded } });
  });

  it("puts the next dish after the last one, and a used position is still refused with its message", async () => {
    const owner = await signedUpOwner(services);
    const section = await newSection(owner.id, "Mains");
    for (const position of ["1", "4"]) {
      const result = await menus.addItem(services, owner.id, {
        values: itemInput(section, { positionInSection: position }),
        files: itemViews(photos[0]!),
      });
      expect(result.ok).toBe(true);
    }
    expect((await addItemScreen(owner, `?sectionId=${section}`)).defaults.positionInSection).toBe("5");
    const refused = await postAddItem(
      owner,
      { ...itemInput(section, { positionInSection: "4" }), intent: "another", sameViews: "on" },
      { topView: [photos[0]!] },
    );
    expect(refused.location).toBeNull();
    expect(refused.status).toBe(409);
    expect(refused.toast?.message).toEqual(M.positionTaken(4));
  });

  it("drops carried values that are not the owner's choices", async () => {
    const owner = await signedUpOwner(services);
    const other = await signedUpOwner(services);
    const theirs = await newSection(other.id, "Theirs");
    const mine = await newSection(owner.id, "Mine");
    const search = new URLSearchParams({
      sectionId: theirs,
      itemCat: "Curries",
      itemSubCat: "Seekh Kabab",
      itemTaste: "Bitter",
      itemType: "Vegan",
      itemPriceRange: "about 700",
    });
    const screen = await addItemScreen(owner, `?${search}`);
    expect(screen.defaults).toEqual({
      sectionId: undefined,
      itemCat: "Curries",
      // Not a subcategory of Curries.
      itemSubCat: undefined,
      itemTaste: undefined,
      itemType: "Vegan",
      itemPriceRange: undefined,
      positionInSection: undefined,
    });
    expect(Object.keys(screen.nextPosition)).toEqual([mine]);
  });
});

describe("the price range", () => {
  it("is taken from the price when left empty, and the owner's choice is kept", async () => {
    const owner = await signedUpOwner(services);
    const section = await newSection(owner.id, "Mains");
    const add = (position: number, values: Record<string, string>) =>
      menus.addItem(services, owner.id, {
        values: { ...itemInput(section, { positionInSection: String(position) }), ...values },
        files: itemViews(photos[0]!),
      });
    const { itemPriceRange: _, ...withoutRange } = itemInput(section, { positionInSection: "2" });
    expect(await add(1, { price: "500", itemPriceRange: "" })).toMatchObject({ ok: true });
    expect(
      await menus.addItem(services, owner.id, {
        values: { ...withoutRange, price: "12000" },
        files: itemViews(photos[0]!),
      }),
    ).toMatchObject({ ok: true });
    expect(await add(3, { price: "1800", itemPriceRange: "2000-5000" })).toMatchObject({ ok: true });
    expect((await itemsOf(owner.id)).map((i) => [i.price, i.itemPriceRange])).toEqual([
      [500, "500-1000"],
      [12000, "10000+"],
      [1800, "2000-5000"],
    ]);

    // A value that is no range is still refused with its message.
    expect(await add(4, { itemPriceRange: "cheap" })).toMatchObject({
      ok: false,
      fieldErrors: { itemPriceRange: "Please choose a price range." },
    });
  });
});

describe("one photo for all three views", () => {
  it("stores the top view once for all three: one encode, one picture counted", async () => {
    const owner = await signedUpOwner(services);
    const section = await newSection(owner.id, "Mains");
    const add = (position: number, values: Record<string, string>, files: Map<string, Uint8Array>) =>
      menus.addItem(services, owner.id, {
        values: { ...itemInput(section, { positionInSection: String(position) }), ...values },
        files,
      });

    const one = await add(1, { sameViews: "on" }, new Map([["topView", photos[0]!]]));
    expect(one).toMatchObject({ ok: true });
    const [item] = await itemsOf(owner.id);
    expect(item!.topView).toMatch(/^\/media\/img\//);
    expect([item!.frontView, item!.sideView]).toEqual([item!.topView, item!.topView]);
    expect(await storedImageCount(services.database.db, owner.id)).toBe(1);
    for (const key of imageKeys(item!.topView)) expect(await services.storage.get(key)).not.toBeNull();

    // The same photo chosen for each view (no box ticked) is also one picture.
    expect(await add(2, {}, itemViews(photos[1]!))).toMatchObject({ ok: true });
    const second = (await itemsOf(owner.id))[1]!;
    expect(new Set([second.topView, second.frontView, second.sideView]).size).toBe(1);
    expect(await storedImageCount(services.database.db, owner.id)).toBe(2);

    // With the limit at 3, a third dish with one photo fits; three different photos would not.
    expect(await add(3, {}, itemViews(photos[2]!, photos[3]!, photos[0]!))).toMatchObject({
      ok: false,
      status: 413,
      fieldErrors: { topView: MEDIA_MESSAGES.tooManyImages(3) },
    });
    expect(await add(3, { sameViews: "on" }, new Map([["topView", photos[2]!]]))).toMatchObject({ ok: true });
    expect(await storedImageCount(services.database.db, owner.id)).toBe(3);

    // Deleting a dish deletes its picture (once).
    expect(await menus.deleteItem(services, owner.id, (await itemsOf(owner.id))[1]!.id)).toEqual({
      ok: true,
    });
    for (const key of imageKeys(second.topView)) expect(await services.storage.get(key)).toBeNull();
    expect(await storedImageCount(services.database.db, owner.id)).toBe(2);

    // A new top view leaves the shared picture to the front and side views.
    const edit = await menus.updateItemDetails(services, owner.id, one.ok ? one.id : "", {
      values: itemInput(section, { positionInSection: "1" }),
      files: new Map([["topView", photos[3]!]]),
    });
    expect(edit).toEqual({ ok: true });
    const edited = (await itemsOf(owner.id))[0]!;
    expect([edited.frontView, edited.sideView]).toEqual([item!.topView, item!.topView]);
    expect(edited.topView).not.toBe(item!.topView);
    for (const key of imageKeys(item!.topView)) expect(await services.storage.get(key)).not.toBeNull();
    expect(await storedImageCount(services.database.db, owner.id)).toBe(3);
  });

  it("still needs the three views without the box, and only the top one with it", async () => {
    const owner = await signedUpOwner(services);
    const section = await newSection(owner.id, "Mains");
    const add = (values: Record<string, string>, files: Map<string, Uint8Array>) =>
      menus.addItem(services, owner.id, { values: { ...itemInput(section), ...values }, files });
    const onlyTop = await add({}, new Map([["topView", photos[0]!]]));
    expect(onlyTop).toMatchObject({
      ok: false,
      fieldErrors: { frontView: M.imageMissing("front"), sideView: M.imageMissing("side") },
    });
    const none = await add({ sameViews: "on" }, new Map());
    expect(none).toMatchObject({ ok: false, fieldErrors: { topView: M.imageMissing("top") } });
    expect(none.ok ? {} : Object.keys(none.fieldErrors ?? {})).toEqual(["topView"]);
    // A view sent explicitly is kept even with the box ticked.
    expect(
      await add(
        { sameViews: "on" },
        new Map([
          ["topView", photos[0]!],
          ["sideView", photos[1]!],
        ]),
      ),
    ).toMatchObject({ ok: true });
    const [item] = await itemsOf(owner.id);
    expect(item!.frontView).toBe(item!.topView);
    expect(item!.sideView).not.toBe(item!.topView);
    expect(await itemsOf(owner.id)).toHaveLength(1);
  });
});
