import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerMenu, publicMenu, publicItem } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES as M } from "~/features/menus/menus.schema.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { notAnImage, photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(400, 300);
});
afterAll(() => services.close());

const newOwner = () => signedUpOwner(services);
const newCustomerId = async () => (await signedUpCustomer(services)).id;
const views = () => itemViews(photo);

async function newSection(ownerId: string, name = "Mains") {
  const result = await menus.addSection(services, ownerId, { originalName: name });
  if (!result.ok) throw new Error(inEnglish(result.message));
  return result.id;
}

async function itemId(ownerId: string, section: string, extra: Record<string, string> = {}) {
  const result = await menus.addItem(services, ownerId, {
    values: itemInput(section, extra),
    files: views(),
  });
  if (!result.ok) throw new Error(`${result.message} ${JSON.stringify(result.fieldErrors)}`);
  return result.id;
}

describe("sections", () => {
  it("numbers sections count + 1, keeps the typed name and a slug, and renumbers after a delete", async () => {
    const owner = await newOwner();
    const a = await newSection(owner.id, "Desi  Specials");
    const b = await newSection(owner.id, "BBQ");
    let menu = await ownerMenu(services, owner.id);
    expect(menu.map((s) => [s.originalName, s.sectionName, s.sectionNumber])).toEqual([
      ["Desi  Specials", "desispecials", 1],
      ["BBQ", "bbq", 2],
    ]);
    expect(await menus.deleteSection(services, owner.id, a)).toEqual({ ok: true });
    await newSection(owner.id, "Drinks");
    menu = await ownerMenu(services, owner.id);
    expect(menu.map((s) => [s.id === b ? "BBQ" : s.originalName, s.sectionNumber])).toEqual([
      ["BBQ", 1],
      ["Drinks", 2],
    ]);
  });

  it("uses the messages of product rules §5 for a missing or blank name", async () => {
    const owner = await newOwner();
    expect(await menus.addSection(services, owner.id, { originalName: "  " })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { originalName: M.sectionNameMissing },
    });
    const id = await newSection(owner.id);
    expect(await menus.updateSectionDetails(services, owner.id, id, { originalName: "" })).toMatchObject({
      ok: false,
      fieldErrors: { originalName: M.sectionNameEmpty },
    });
    expect(
      await menus.updateSectionDetails(services, owner.id, id, {
        originalName: "Karahi Corner",
        topNote: "Serves 2",
      }),
    ).toEqual({ ok: true });
    expect((await ownerMenu(services, owner.id))[0]).toMatchObject({
      originalName: "Karahi Corner",
      sectionName: "karahicorner",
      topNote: "Serves 2",
    });
  });

  it("deletes a section with its items and their images", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    await itemId(owner.id, section);
    const [item] = (await ownerMenu(services, owner.id))[0]!.items;
    expect(await menus.deleteSection(services, owner.id, section)).toEqual({ ok: true });
    expect(await ownerMenu(services, owner.id)).toEqual([]);
    const left = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("sectionId", "=", section)
      .execute();
    expect(left).toEqual([]);
    for (const key of imageKeys(item!.topView)) expect(await services.storage.get(key)).toBeNull();
  });

  it("leaves everything as it was when the delete fails midway", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    await itemId(owner.id, section);
    const { db, dialect } = services.database;
    // A trigger that refuses the section row, after the items were already deleted in the transaction.
    if (dialect === "sqlite") {
      await sql`create trigger refuse_section_delete before delete on menu_section begin select raise(abort, 'forced'); end`.execute(
        db,
      );
    } else {
      await sql`create or replace function refuse_delete() returns trigger as $$ begin raise exception 'forced'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_section_delete before delete on menu_section for each row execute function refuse_delete()`.execute(
        db,
      );
    }
    try {
      expect(await menus.deleteSection(services, owner.id, section)).toMatchObject({
        ok: false,
        message: M.sectionDeleteFailed,
      });
    } finally {
      await sql`drop trigger refuse_section_delete${sql.raw(dialect === "postgres" ? " on menu_section" : "")}`.execute(
        db,
      );
    }
    const menu = await ownerMenu(services, owner.id);
    expect(menu).toHaveLength(1);
    expect(menu[0]!.items).toHaveLength(1);
  });

  it("moves a section up and down", async () => {
    const owner = await newOwner();
    await newSection(owner.id, "A");
    const b = await newSection(owner.id, "B");
    await menus.moveSection(services, owner.id, b, -1);
    expect((await ownerMenu(services, owner.id)).map((s) => s.originalName)).toEqual(["B", "A"]);
  });
});

describe("items", () => {
  it("adds an item with three images and shows it in position order", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    await itemId(owner.id, section, { positionInSection: "2", name: "Second" });
    await itemId(owner.id, section, {
      positionInSection: "1",
      name: "First",
      nameExtra: "Half",
      foodAllergies: "Nuts",
    });
    const items = (await ownerMenu(services, owner.id))[0]!.items;
    expect(items.map((i) => [i.positionInSection, i.name])).toEqual([
      [1, "First"],
      [2, "Second"],
    ]);
    expect(items[0]).toMatchObject({
      price: 1800,
      itemRating: 0,
      itemRatingBy: 0,
      foodAllergies: "Nuts",
      nameExtra: "Half",
    });
    expect(items[0]!.topView).toMatch(/^\/media\/img\//);
  });

  it("applies every add-item rule with its message", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    await itemId(owner.id, section);
    const add = (values: Record<string, string>, files = views()) =>
      menus.addItem(services, owner.id, { values, files });

    expect(await add(itemInput(""))).toMatchObject({
      ok: false,
      fieldErrors: { sectionId: M.selectSection },
    });
    expect(await add(itemInput(section, { positionInSection: "0" }))).toMatchObject({
      ok: false,
      fieldErrors: { positionInSection: M.positionPositive },
    });
    expect(await add(itemInput(section))).toMatchObject({
      ok: false,
      status: 409,
      message: M.positionTaken(1),
    });
    expect(await add(itemInput(section, { positionInSection: "3", price: "abc" }))).toMatchObject({
      ok: false,
      status: 400,
    });
    const noSide = views();
    noSide.delete("sideView");
    expect(await add(itemInput(section, { positionInSection: "3" }), noSide)).toMatchObject({
      ok: false,
      fieldErrors: { sideView: M.imageMissing("side") },
    });
    const fake = views();
    fake.set("frontView", notAnImage);
    expect(await add(itemInput(section, { positionInSection: "3" }), fake)).toMatchObject({
      ok: false,
      status: 415,
    });
    // An empty price range is taken from the price (ADR 0020); one that is no range is refused.
    for (const field of ["name", "itemTaste", "itemCat", "itemSubCat", "itemType"]) {
      const result = await add(itemInput(section, { positionInSection: "4", [field]: "" }));
      expect(result.ok, field).toBe(false);
    }
    expect(
      await add(itemInput(section, { positionInSection: "4", itemPriceRange: "100-200" })),
    ).toMatchObject({
      ok: false,
      fieldErrors: { itemPriceRange: "Please choose a price range." },
    });
    expect((await ownerMenu(services, owner.id))[0]!.items).toHaveLength(1);
  });

  it("edits an item, replacing only the new images and deleting the old ones", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    // Three different photos: one photo sent for all three views is one shared picture (ADR 0020).
    const added = await menus.addItem(services, owner.id, {
      values: itemInput(section),
      files: itemViews(photo, await photoWithGps(410, 300), await photoWithGps(420, 300)),
    });
    if (!added.ok) throw new Error(inEnglish(added.message));
    const { id } = added;
    const before = (await ownerMenu(services, owner.id))[0]!.items[0]!;
    const edit = {
      ...itemInput(section),
      name: "Mutton Karahi",
      price: "2600",
      itemPriceRange: "2000-5000",
    };
    const result = await menus.updateItemDetails(services, owner.id, id, {
      values: edit,
      files: new Map([["frontView", await photoWithGps(500, 500)]]),
    });
    expect(result).toEqual({ ok: true });
    const after = (await ownerMenu(services, owner.id))[0]!.items[0]!;
    expect(after).toMatchObject({
      name: "Mutton Karahi",
      price: 2600,
      topView: before.topView,
      sideView: before.sideView,
    });
    expect(after.frontView).not.toBe(before.frontView);
    for (const key of imageKeys(before.frontView)) expect(await services.storage.get(key)).toBeNull();
  });

  it("moves items, marks them sold out and deletes them", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    const first = await itemId(owner.id, section, { positionInSection: "1", name: "One" });
    await itemId(owner.id, section, { positionInSection: "5", name: "Two" });
    await menus.moveItem(services, owner.id, first, 1);
    let items = (await ownerMenu(services, owner.id))[0]!.items;
    expect(items.map((i) => [i.name, i.positionInSection])).toEqual([
      ["Two", 1],
      ["One", 5],
    ]);
    await menus.setSoldOut(services, owner.id, first, true);
    items = (await ownerMenu(services, owner.id))[0]!.items;
    expect(items.find((i) => i.id === first)!.soldOut).toBe(1);
    expect(await menus.deleteItem(services, owner.id, first)).toEqual({ ok: true });
    expect((await ownerMenu(services, owner.id))[0]!.items.map((i) => i.name)).toEqual(["Two"]);
  });
});

describe("another restaurant, by guessed ids", () => {
  it("is refused for every action and changes nothing", async () => {
    const owner = await newOwner();
    const intruder = await newOwner();
    const section = await newSection(owner.id);
    const item = await itemId(owner.id, section);
    const before = JSON.stringify(await ownerMenu(services, owner.id));

    expect(
      await menus.updateSectionDetails(services, intruder.id, section, { originalName: "Hacked" }),
    ).toMatchObject({ status: 404 });
    expect(await menus.deleteSection(services, intruder.id, section)).toMatchObject({ status: 404 });
    expect(await menus.moveSection(services, intruder.id, section, 1)).toMatchObject({ status: 404 });
    expect(
      await menus.addItem(services, intruder.id, {
        values: itemInput(section, { positionInSection: "9" }),
        files: views(),
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { sectionId: M.selectSection },
    });
    expect(
      await menus.updateItemDetails(services, intruder.id, item, {
        values: itemInput(section),
        files: new Map(),
      }),
    ).toMatchObject({ status: 404 });
    expect(await menus.deleteItem(services, intruder.id, item)).toMatchObject({ status: 404 });
    expect(await menus.setSoldOut(services, intruder.id, item, true)).toMatchObject({ status: 404 });
    expect(await menus.moveItem(services, intruder.id, item, 1)).toMatchObject({ status: 404 });

    expect(JSON.stringify(await ownerMenu(services, owner.id))).toBe(before);
  });
});

describe("public menu, approval and ratings", () => {
  it("pages 4 sections at a time", async () => {
    const owner = await newOwner();
    for (const name of ["A", "B", "C", "D", "E", "F"]) await newSection(owner.id, name);
    const first = await publicMenu(services, owner.urlName, 1);
    expect(first).toMatchObject({ visibility: "public", page: 1, pages: 2 });
    expect(first!.sections.map((s) => s.originalName)).toEqual(["A", "B", "C", "D"]);
    const second = await publicMenu(services, owner.urlName, 99);
    expect(second).toMatchObject({ page: 2 });
    expect(second!.sections.map((s) => s.originalName)).toEqual(["E", "F"]);
  });

  it("hides an unapproved menu from everyone but its owner", async () => {
    const manual = await createTestServices({ APPROVAL_MODE: "manual" });
    try {
      const viewer = await signedUpOwner(manual);
      await menus.addSection(manual, viewer.id, { originalName: "Secret" });
      const visitor = await publicMenu(manual, viewer.urlName, 1);
      expect(visitor).toMatchObject({ visibility: "awaiting-approval", sections: [] });
      const owner = await publicMenu(manual, viewer.urlName, 1, viewer.id);
      expect(owner).toMatchObject({ visibility: "owner-preview" });
      expect(owner!.sections).toHaveLength(1);
    } finally {
      await manual.close();
    }
  });

  it("keeps the item rating an exact average with one changeable rating per customer", async () => {
    const owner = await newOwner();
    const section = await newSection(owner.id);
    const item = await itemId(owner.id, section);
    const [c1, c2] = [await newCustomerId(), await newCustomerId()];
    await menus.rateItem(services, c1, owner.urlName, item, { rating: "5" });
    await menus.rateItem(services, c2, owner.urlName, item, { rating: "2" });
    await menus.rateItem(services, c1, owner.urlName, item, { rating: "4" });
    const detail = await publicItem(services, owner.urlName, item, c1);
    expect(detail!.item).toMatchObject({ itemRating: 3, itemRatingBy: 2 });
    expect(detail!.myRating).toBe(4);
    expect(await menus.rateItem(services, c1, owner.urlName, item, { rating: "6" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await menus.rateItem(services, c1, "not-this-restaurant", item, { rating: "3" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
