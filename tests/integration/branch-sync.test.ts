import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkBranchCopies } from "../../db/migrations/0009-branch-links-and-sizes.ts";
import {
  bringBranchInLine,
  ownBranchDifferences,
  ownerBranchMenu,
  publicBranch,
  setBranchItemDetails,
  setShownAtBranch,
  withOwnBranch,
} from "~/features/branches/branches.server.ts";
import { findItems } from "~/features/discovery/finder.server.ts";
import { itemFinderSchema } from "~/features/discovery/finder.schema.ts";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, expectBranchesFollowGeneral, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * ADR 0021: branches follow the general menu. Every change to the general
 * menu reaches every branch in the same transaction; what a branch owns (its
 * prices, sold-out marks, hidden dishes, its own dishes) survives; 'bring in line'
 * keeps or drops those as asked; existing copies are linked by the migration.
 */
let services: TestServices;
let photo: Buffer;
let otherPhoto: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(320, 240);
  otherPhoto = await photoWithGps(200, 300);
});
afterAll(() => services.close());

/** An owner with the default menu (3 sections, 4 + 3 + 3 dishes) and two branches. */
async function world() {
  const owner = await ownerWithMenu(services, photo);
  const a = await branchOf(services, owner.id, "Blue Area");
  const b = await branchOf(services, owner.id, "Saddar");
  const general = await ownerMenu(services, owner.id);
  const dish = (name: string) => general.flatMap((s) => s.items).find((i) => i.name === name)!;
  return { owner, a, b, general, dish };
}

async function branchDishes(ownerId: string, branchUrl: string) {
  const menu = await ownerBranchMenu(services, ownerId, branchUrl);
  return menu!.sections.flatMap((s) => s.items.map((i) => ({ ...i, section: s.originalName })));
}

/** The dish names a diner sees on a branch's page, across all its pages. */
async function publicNames(urlName: string, branchUrl: string) {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const found = await publicBranch(services, urlName, branchUrl, page);
    names.push(...found!.items.map((i) => i.name));
    if (page >= found!.pages) return names;
  }
}

const editForm = (item: { [k: string]: unknown }, changes: Record<string, string>) => ({
  values: {
    name: String(item.name),
    price: String(item.price),
    itemPriceRange: String(item.itemPriceRange),
    itemTaste: String(item.itemTaste),
    itemType: String(item.itemType),
    positionInSection: String(item.positionInSection),
    description: String(item.description ?? ""),
    ...changes,
  },
  files: new Map<string, Uint8Array>(),
});

describe("an edit of the general menu reaches every branch", () => {
  it("name, description, price, pictures and place of a dish, in both branches", async () => {
    const { owner, a, b, dish } = await world();
    const item = dish("Dish 1.2");
    const result = await menus.updateItemDetails(services, owner.id, item.id, {
      ...editForm(item, {
        name: "Chicken Karahi",
        description: "Slow cooked",
        price: "1650",
        positionInSection: "9",
      }),
      files: new Map([["frontView", otherPhoto]]),
    });
    expect(result).toEqual({ ok: true });
    for (const branch of [a, b]) {
      const copy = (await branchDishes(owner.id, branch)).find((i) => i.generalItemId === item.id)!;
      expect(copy).toMatchObject({
        name: "Chicken Karahi",
        description: "Slow cooked",
        price: 1650,
        positionInSection: 9,
        topView: item.topView,
      });
      expect(copy.frontView).not.toBe(item.frontView);
    }
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("a section's name, notes and order; a dish moved within its section", async () => {
    const { owner, a, general, dish } = await world();
    const [first, second] = general;
    expect(
      await menus.updateSectionDetails(services, owner.id, first!.id, {
        originalName: "Karahi",
        topNote: "Served with naan",
        bottomNote: "",
      }),
    ).toEqual({ ok: true });
    expect(await menus.moveSection(services, owner.id, second!.id, -1)).toEqual({ ok: true });
    expect(await menus.moveItem(services, owner.id, dish("Dish 1.2").id, 1)).toEqual({ ok: true });
    const menu = await ownerBranchMenu(services, owner.id, a);
    expect(menu!.sections.map((s) => [s.sectionNumber, s.originalName, s.topNote])).toEqual([
      [1, "Section 2", "Note 2"],
      [2, "Karahi", "Served with naan"],
      [3, "Section 3", "Note 3"],
    ]);
    expect(menu!.sections[1]!.items.map((i) => i.name)).toEqual([
      "Dish 1.1",
      "Dish 1.3",
      "Dish 1.2",
      "Dish 1.4",
    ]);
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("keeps each branch's price and sold-out mark when the general price changes", async () => {
    const { owner, a, b, dish } = await world();
    const item = dish("Dish 2.1");
    const copyIn = async (branch: string) =>
      (await branchDishes(owner.id, branch)).find((i) => i.generalItemId === item.id)!;
    const inA = await copyIn(a);
    expect(
      await setBranchItemDetails(services, owner.id, a, {
        itemId: inA.id,
        priceOverride: "120",
        soldOut: "on",
      }),
    ).toEqual({ ok: true });
    await menus.updateItemDetails(services, owner.id, item.id, editForm(item, { price: "150" }));
    expect(await copyIn(a)).toMatchObject({ price: 120, generalPrice: 150, priceOverride: 120, soldOut: 1 });
    expect(await copyIn(b)).toMatchObject({ price: 150, priceOverride: null, soldOut: 0 });
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("adds a new section and dish to every branch by default, or to the branches chosen", async () => {
    const { owner, a, b } = await world();
    const everywhere = await menus.addSection(services, owner.id, { originalName: "Drinks" });
    const onlyA = await menus.addSection(services, owner.id, {
      originalName: "Breakfast",
      branchChoice: "chosen",
      toBranches: [await branchIdOf(owner.id, a)],
    });
    if (!everywhere.ok || !onlyA.ok) throw new Error("section");
    const lassi = await menus.addItem(services, owner.id, {
      values: itemInput(everywhere.id, { name: "Lassi", price: "250" }),
      files: itemViews(photo),
    });
    const chai = await menus.addItem(services, owner.id, {
      values: itemInput(everywhere.id, {
        name: "Doodh Patti",
        price: "120",
        positionInSection: "2",
        branchChoice: "chosen",
        toBranches: [await branchIdOf(owner.id, b)] as unknown as string,
      }),
      files: itemViews(photo),
    });
    const paratha = await menus.addItem(services, owner.id, {
      values: itemInput(onlyA.id, { name: "Paratha", price: "90" }),
      files: itemViews(photo),
    });
    expect([lassi.ok, chai.ok, paratha.ok]).toEqual([true, true, true]);
    expect(await publicNames(owner.urlName, a)).toEqual(expect.arrayContaining(["Lassi", "Paratha"]));
    expect(await publicNames(owner.urlName, a)).not.toContain("Doodh Patti");
    expect(await publicNames(owner.urlName, b)).toEqual(expect.arrayContaining(["Lassi", "Doodh Patti"]));
    expect(await publicNames(owner.urlName, b)).not.toContain("Paratha");
    // What a branch did not get is there, hidden: its owner sees it and can show it.
    const inB = await ownBranchDifferences(services, owner.id, b);
    expect(inB!.differences.notShown.map((n) => [n.kind, n.name])).toEqual([["section", "Breakfast"]]);
    const inA = await ownBranchDifferences(services, owner.id, a);
    expect(inA!.differences.notShown.map((n) => [n.kind, n.name])).toEqual([["dish", "Doodh Patti"]]);
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("deletes a dish and a whole section from every branch, with a dish a branch added to it", async () => {
    const { owner, a, b, general, dish } = await world();
    const own = await withOwnBranch(services, owner.id, a, async (branchId) => {
      const menu = await ownerBranchMenu(services, owner.id, a);
      const section = menu!.sections.find((s) => s.originalName === "Section 3")!;
      return menus.addItem(
        services,
        owner.id,
        {
          values: itemInput(section.id, { name: "Branch Special", positionInSection: "7" }),
          files: itemViews(otherPhoto),
        },
        branchId,
      );
    });
    expect(own.ok).toBe(true);
    const ownPicture = (await branchDishes(owner.id, a)).find((i) => i.name === "Branch Special")!.topView;
    expect(await menus.deleteItem(services, owner.id, dish("Dish 1.1").id)).toEqual({ ok: true });
    expect(await menus.deleteSection(services, owner.id, general[2]!.id)).toEqual({ ok: true });
    for (const branch of [a, b]) {
      const names = (await branchDishes(owner.id, branch)).map((i) => i.name);
      expect(names).not.toContain("Dish 1.1");
      expect(names.filter((n) => n.startsWith("Dish 3."))).toEqual([]);
      expect(names).not.toContain("Branch Special");
    }
    for (const key of imageKeys(ownPicture)) expect(await services.storage.get(key)).toBeNull();
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("is one transaction: a failure while a branch follows leaves the general menu and every branch as they were", async () => {
    const { owner, a, dish } = await world();
    const item = dish("Dish 1.3");
    const before = await branchDishes(owner.id, a);
    const { db, dialect } = services.database;
    if (dialect === "sqlite") {
      await sql`create trigger refuse_copy_update before update on menu_item when new."branchId" is not null and new.name = 'Doomed' begin select raise(abort, 'forced'); end`.execute(
        db,
      );
    } else {
      await sql`create or replace function refuse_copy_update() returns trigger as $$ begin raise exception 'forced'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_copy_update before update on menu_item for each row when (new."branchId" is not null and new.name = 'Doomed') execute function refuse_copy_update()`.execute(
        db,
      );
    }
    try {
      const result = await menus.updateItemDetails(
        services,
        owner.id,
        item.id,
        editForm(item, { name: "Doomed" }),
      );
      expect(result).toMatchObject({ ok: false, status: 500 });
    } finally {
      await sql`drop trigger refuse_copy_update${sql.raw(dialect === "postgres" ? " on menu_item" : "")}`.execute(
        db,
      );
    }
    expect((await ownerMenu(services, owner.id)).flatMap((s) => s.items).map((i) => i.name)).toContain(
      "Dish 1.3",
    );
    expect(await branchDishes(owner.id, a)).toEqual(before);
  });
});

async function branchIdOf(ownerId: string, branchUrl: string) {
  return (await ownerBranchMenu(services, ownerId, branchUrl))!.branch.id;
}

describe("what a branch owns", () => {
  it("hides a dish or a whole section there only: off its page and the finder, on the general menu", async () => {
    const { owner, a, b, general, dish } = await world();
    // A name only this test's dish has, to find it with the finder.
    const unique = `Hidden Karahi ${owner.id.slice(0, 8)}`;
    await menus.updateItemDetails(
      services,
      owner.id,
      dish("Dish 1.2").id,
      editForm(dish("Dish 1.2"), { name: unique }),
    );
    const copy = (await branchDishes(owner.id, a)).find((i) => i.name === unique)!;
    expect(await setShownAtBranch(services, owner.id, a, { kind: "dish", id: copy.id }, false)).toEqual({
      ok: true,
    });
    const section = (await ownerBranchMenu(services, owner.id, a))!.sections.find(
      (s) => s.generalSectionId === general[1]!.id,
    )!;
    expect(await setShownAtBranch(services, owner.id, a, { kind: "section", id: section.id }, false)).toEqual(
      {
        ok: true,
      },
    );
    const shownA = await publicNames(owner.urlName, a);
    expect(shownA).not.toContain(unique);
    expect(shownA.filter((n) => n.startsWith("Dish 2."))).toEqual([]);
    expect(await publicNames(owner.urlName, b)).toEqual(expect.arrayContaining([unique, "Dish 2.1"]));
    expect((await publicBranch(services, owner.urlName, a, 1))!.pages).toBe(1);
    const found = await findItems(services, itemFinderSchema.parse({ tab: "items", q: unique }));
    expect(found.results.map((r) => r.branches.map((branch) => branch.branchUrl))).toEqual([[b]]);
    // Every test's restaurant has a 'Dish 2.1': this one's are looked for on every page.
    const section2 = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const onPage = await findItems(services, itemFinderSchema.parse({ tab: "items", q: "Dish 2.1", page }));
      section2.push(...onPage.results);
      pages = onPage.pages;
    }
    expect(
      section2
        .filter((r) => r.urlName === owner.urlName)
        .map((r) => r.branches.map((branch) => branch.branchUrl)),
    ).toEqual([[b]]);
    // A general edit does not bring a hidden dish back.
    await menus.updateItemDetails(
      services,
      owner.id,
      dish("Dish 1.2").id,
      editForm(dish("Dish 1.2"), { name: unique, price: "999" }),
    );
    expect(await publicNames(owner.urlName, a)).not.toContain(unique);
    expect(await setShownAtBranch(services, owner.id, a, { kind: "dish", id: copy.id }, true)).toEqual({
      ok: true,
    });
    expect(await publicNames(owner.urlName, a)).toContain(unique);
  });

  it("keeps a dish of its own in its place, moving it aside when a general dish takes that position", async () => {
    const { owner, a, general } = await world();
    const section = (await ownerBranchMenu(services, owner.id, a))!.sections.find(
      (s) => s.generalSectionId === general[1]!.id,
    )!;
    const own = await withOwnBranch(services, owner.id, a, (id) =>
      menus.addItem(
        services,
        owner.id,
        {
          values: itemInput(section.id, { name: "Seekh Special", positionInSection: "4" }),
          files: itemViews(photo),
        },
        id,
      ),
    );
    expect(own.ok).toBe(true);
    // Section 2 has dishes at 1, 2, 3; the general menu now adds one at 4.
    const added = await menus.addItem(services, owner.id, {
      values: itemInput(general[1]!.id, { name: "Dish 2.4", positionInSection: "4" }),
      files: itemViews(photo),
    });
    expect(added.ok).toBe(true);
    const dishes = (await ownerBranchMenu(services, owner.id, a))!.sections.find(
      (s) => s.id === section.id,
    )!.items;
    expect(dishes.map((i) => [i.positionInSection, i.name])).toEqual([
      [1, "Dish 2.1"],
      [2, "Dish 2.2"],
      [3, "Dish 2.3"],
      [4, "Dish 2.4"],
      [5, "Seekh Special"],
    ]);
    expect(await publicNames(owner.urlName, a)).toContain("Seekh Special");
    const otherBranch = await branchOf(services, owner.id, "Gulberg");
    expect(await publicNames(owner.urlName, otherBranch)).not.toContain("Seekh Special");
    // A copy cannot be edited or deleted as the branch's own dish.
    const copy = dishes.find((i) => i.name === "Dish 2.1")!;
    expect(
      await withOwnBranch(services, owner.id, a, (id) => menus.deleteItem(services, owner.id, copy.id, id)),
    ).toMatchObject({ ok: false, status: 404 });
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("is another owner's to change never: prices, hiding, bringing in line and own dishes are refused", async () => {
    const { owner, a } = await world();
    const intruder = await signedUpOwner(services);
    const copy = (await branchDishes(owner.id, a))[0]!;
    const before = await branchDishes(owner.id, a);
    expect(
      await setBranchItemDetails(services, intruder.id, a, { itemId: copy.id, priceOverride: "1" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await setShownAtBranch(services, intruder.id, a, { kind: "dish", id: copy.id }, false),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await bringBranchInLine(services, intruder.id, a, { intent: "bring-in-line", dropBranchOnly: "on" }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await ownBranchDifferences(services, intruder.id, a)).toBeNull();
    expect(await branchDishes(owner.id, a)).toEqual(before);
  });
});

describe("bringing a branch in line with the general menu", () => {
  it("mends copies out of step and keeps or drops what the branch owns, as asked", async () => {
    const { owner, a, dish } = await world();
    const { db } = services.database;
    const copies = await branchDishes(owner.id, a);
    const copyOf = (name: string) => copies.find((i) => i.name === name)!;
    // Out of step, as a database from before the links could be: a copy says something else.
    await db
      .updateTable("menu_item")
      .set({ description: "old text" })
      .where("id", "=", copyOf("Dish 1.1").id)
      .execute();
    await setBranchItemDetails(services, owner.id, a, {
      itemId: copyOf("Dish 1.2").id,
      priceOverride: "55",
      soldOut: "on",
    });
    await setShownAtBranch(services, owner.id, a, { kind: "dish", id: copyOf("Dish 1.3").id }, false);
    const section = (await ownerBranchMenu(services, owner.id, a))!.sections[0]!;
    await withOwnBranch(services, owner.id, a, (id) =>
      menus.addItem(
        services,
        owner.id,
        {
          values: itemInput(section.id, { name: "Only Here", positionInSection: "8" }),
          files: itemViews(otherPhoto),
        },
        id,
      ),
    );
    const before = await ownBranchDifferences(services, owner.id, a);
    expect(before!.differences.outOfStep).toEqual([
      { id: copyOf("Dish 1.1").id, name: "Dish 1.1", what: ["description"] },
    ]);
    expect(before!.differences.ownPrices.map((p) => [p.name, p.generalPrice, p.branchPrice])).toEqual([
      ["Dish 1.2", 200, 55],
    ]);
    expect(before!.differences.soldOut.map((p) => p.name)).toEqual(["Dish 1.2"]);
    expect(before!.differences.notShown.map((p) => p.name)).toEqual(["Dish 1.3"]);
    expect(before!.differences.ownDishes.map((p) => p.name)).toEqual(["Only Here"]);

    // Keep everything: only the stale copy changes.
    expect(await bringBranchInLine(services, owner.id, a, { intent: "bring-in-line" })).toEqual({ ok: true });
    const kept = await ownBranchDifferences(services, owner.id, a);
    expect(kept!.differences.outOfStep).toEqual([]);
    expect(kept!.differences.ownPrices).toHaveLength(1);
    expect(kept!.differences.ownDishes).toHaveLength(1);
    expect(dish("Dish 1.1").description).toBe(
      (await branchDishes(owner.id, a)).find((i) => i.name === "Dish 1.1")!.description,
    );

    // Drop everything: the branch is the general menu again, and the own dish's pictures are gone.
    const ownPicture = (await branchDishes(owner.id, a)).find((i) => i.name === "Only Here")!.topView;
    // Without the button's intent (a broken form), nothing happens.
    expect(await bringBranchInLine(services, owner.id, a, { dropBranchOnly: "on" })).toMatchObject({
      ok: false,
      status: 400,
    });
    const dropAll = {
      intent: "bring-in-line",
      dropPrices: "on",
      dropSoldOut: "on",
      dropHidden: "on",
      dropBranchOnly: "on",
    };
    expect(await bringBranchInLine(services, owner.id, a, dropAll)).toEqual({ ok: true });
    const dropped = await ownBranchDifferences(services, owner.id, a);
    expect(dropped!.inLine).toBe(true);
    for (const key of imageKeys(ownPicture)) expect(await services.storage.get(key)).toBeNull();
    expect(await publicNames(owner.urlName, a)).toContain("Dish 1.3");
  });
});

describe("the migration links the copies made before branches followed the general menu", () => {
  it("by section and dish name; gives a branch hidden copies of what it lacks; keeps the rest as its own", async () => {
    const { owner, a, dish } = await world();
    const { db } = services.database;
    const shownBefore = await publicNames(owner.urlName, a);
    const id = await branchIdOf(owner.id, a);
    // As an old database holds them: copies without links, one renamed by the owner long ago,
    // one lost, and a general dish added after the branch was made (so the branch never got it).
    await db.updateTable("menu_item").set({ generalItemId: null }).where("branchId", "=", id).execute();
    await db.updateTable("menu_section").set({ generalSectionId: null }).where("branchId", "=", id).execute();
    const copies = await branchDishes(owner.id, a);
    await db
      .updateTable("menu_item")
      .set({ name: "Dish 1.4 (Branch)" })
      .where("id", "=", copies.find((i) => i.name === "Dish 1.4")!.id)
      .execute();
    await db
      .deleteFrom("menu_item")
      .where("id", "=", copies.find((i) => i.name === "Dish 3.3")!.id)
      .execute();
    const shownOld = await publicNames(owner.urlName, a);

    await linkBranchCopies(db);

    const linked = await branchDishes(owner.id, a);
    const link = (name: string) => linked.find((i) => i.name === name)?.generalItemId;
    expect(link("Dish 1.1")).toBe(dish("Dish 1.1").id);
    expect(link("Dish 2.3")).toBe(dish("Dish 2.3").id);
    expect(link("Dish 1.4 (Branch)")).toBeNull();
    // The lost one and the unmatched one come back as hidden copies: the page is unchanged.
    expect(await publicNames(owner.urlName, a)).toEqual(shownOld);
    expect(shownOld).not.toEqual(shownBefore);
    const d = await ownBranchDifferences(services, owner.id, a);
    expect(d!.differences.notShown.map((n) => n.name).toSorted()).toEqual(["Dish 1.4", "Dish 3.3"]);
    expect(d!.differences.ownDishes.map((n) => n.name)).toEqual(["Dish 1.4 (Branch)"]);
    // From now on the branch follows: a general edit reaches the linked copies.
    await menus.updateItemDetails(
      services,
      owner.id,
      dish("Dish 1.1").id,
      editForm(dish("Dish 1.1"), { name: "Renamed" }),
    );
    expect((await branchDishes(owner.id, a)).map((i) => i.name)).toContain("Renamed");
    await expectBranchesFollowGeneral(services, owner.id);
  });
});
