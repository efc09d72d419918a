import jsQR from "jsqr";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANCH_MESSAGES as B } from "~/features/branches/branches.schema.ts";
import {
  addBranch,
  ownerBranchMenu,
  publicBranch,
  setBranchItemDetails,
} from "~/features/branches/branches.server.ts";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { ownerWithMenu as sharedOwnerWithMenu } from "../setup/menus.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(320, 240);
});
afterAll(() => services.close());

async function ownerWithMenu(sections = 3, itemsPerSection = [4, 3, 3]) {
  return sharedOwnerWithMenu(services, photo, itemsPerSection.slice(0, sections));
}

/** A menu without its ids and the links of a branch's copies to the general rows they follow. */
const strip = (sections: Awaited<ReturnType<typeof ownerMenu>>) =>
  sections.map(({ id: _id, generalSectionId: _g, items, ...section }) => ({
    ...section,
    items: items.map(
      ({ id: _itemId, sectionId: _sectionId, generalItemId: _generalItemId, ...item }) => item,
    ),
  }));

const branchCount = async (id: string) =>
  (
    await services.database.db
      .selectFrom("restaurant")
      .select("restNoofBranches")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).restNoofBranches;

describe("adding a branch", () => {
  it("copies 3 sections and 10 items with their pictures into an identical branch menu", async () => {
    const owner = await ownerWithMenu();
    const result = await addBranch(services, owner.id, {
      branchName: "F-7 Markaz",
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "F-7",
      address: "Jinnah Super",
      contact: "051-1234567",
    });
    expect(result).toEqual({ ok: true, branchUrl: "f-7markaz" });
    const branch = await ownerBranchMenu(services, owner.id, "f-7markaz");
    expect(branch!.branch).toMatchObject({
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "F-7",
    });
    const row = await services.database.db
      .selectFrom("branch")
      .selectAll()
      .where("id", "=", branch!.branch.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ province: "islamabadcapitalterritory", city: "islamabad", area: "f-7" });
    const general = await ownerMenu(services, owner.id);
    const copy = branch!.sections.map((s) => ({
      ...s,
      items: s.items.map(({ generalPrice: _g, ...item }: Record<string, unknown>) => item),
    })) as typeof general;
    expect(strip(copy)).toEqual(strip(general));
    expect(general.flatMap((s) => s.items)).toHaveLength(10);
    expect(await branchCount(owner.id)).toBe(1);

    // Each copy names the dish it follows, and shares its pictures (stored once).
    expect(branch!.sections.flatMap((s) => s.items).map((i) => i.generalItemId)).toEqual(
      general.flatMap((s) => s.items).map((i) => i.id),
    );
    // Deleting the general dish removes it from the branch too (ADR 0021), and then its pictures.
    const generalItem = general[0]!.items[0]!;
    await menus.deleteItem(services, owner.id, generalItem.id);
    const after = await ownerBranchMenu(services, owner.id, "f-7markaz");
    expect(after!.sections.flatMap((s) => s.items).map((i) => i.name)).not.toContain(generalItem.name);
    for (const key of imageKeys(generalItem.topView)) expect(await services.storage.get(key)).toBeNull();
  });

  it("leaves no branch and no partial copy when the copy fails midway", async () => {
    const owner = await ownerWithMenu();
    const { db, dialect } = services.database;
    if (dialect === "sqlite") {
      await sql`create trigger refuse_branch_items before insert on menu_item when new."branchId" is not null begin select raise(abort, 'forced'); end`.execute(
        db,
      );
    } else {
      await sql`create or replace function refuse_branch_item() returns trigger as $$ begin raise exception 'forced'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_branch_items before insert on menu_item for each row when (new."branchId" is not null) execute function refuse_branch_item()`.execute(
        db,
      );
    }
    try {
      expect(await addBranch(services, owner.id, { branchName: "Doomed" })).toMatchObject({
        ok: false,
        status: 500,
        message: B.addFailed,
      });
    } finally {
      await sql`drop trigger refuse_branch_items${sql.raw(dialect === "postgres" ? " on menu_item" : "")}`.execute(
        db,
      );
    }
    const branches = await db
      .selectFrom("branch")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .execute();
    const copies = await db
      .selectFrom("menu_section")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .where("branchId", "is not", null)
      .execute();
    expect(branches).toEqual([]);
    expect(copies).toEqual([]);
    expect(await branchCount(owner.id)).toBe(0);
  });

  it("refuses a taken name (any case, any spaces), an empty general menu and an unknown place", async () => {
    const owner = await ownerWithMenu(1, [1]);
    expect((await addBranch(services, owner.id, { branchName: "Blue Area" })).ok).toBe(true);
    expect(await addBranch(services, owner.id, { branchName: "  blue   AREA " })).toMatchObject({
      ok: false,
      status: 409,
      message: B.nameTaken,
    });
    expect(await addBranch(services, owner.id, { branchName: "" })).toMatchObject({
      ok: false,
      fieldErrors: { branchName: B.nameMissing },
    });
    expect(
      await addBranch(services, owner.id, { branchName: "Nowhere", provinceLabel: "Atlantis" }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await addBranch(services, owner.id, {
        branchName: "Wrong City",
        provinceLabel: "Sindh",
        cityLabel: "Islamabad",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { cityLabel: B.badLocation },
    });
    const empty = await ownerWithMenu(0, []);
    expect(await addBranch(services, empty.id, { branchName: "First" })).toMatchObject({
      ok: false,
      message: B.noSections,
    });
    expect(await branchCount(owner.id)).toBe(1);
  });

  it("makes a QR code that decodes to exactly the branch's public URL", async () => {
    const owner = await ownerWithMenu(1, [1]);
    await addBranch(services, owner.id, { branchName: "Saddar" });
    const branch = (await ownerBranchMenu(services, owner.id, "saddar"))!.branch;
    expect(branch.branchQRcode).toBe(`http://localhost:3000/r/${owner.urlName}/branch/saddar`);
    const png = Buffer.from(branch.branchQRimg.replace(/^data:image\/png;base64,/, ""), "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(branch.branchQRcode);
  });
});

describe("branch menus", () => {
  it("pages the public branch menu 6 items at a time with the branch's own prices", async () => {
    const owner = await ownerWithMenu();
    await addBranch(services, owner.id, { branchName: "Gulberg" });
    const first = await publicBranch(services, owner.urlName, "gulberg", 1);
    expect(first).toMatchObject({ page: 1, pages: 2, visibility: "public" });
    expect(first!.items.map((i) => i.name)).toEqual([
      "Dish 1.1",
      "Dish 1.2",
      "Dish 1.3",
      "Dish 1.4",
      "Dish 2.1",
      "Dish 2.2",
    ]);
    const itemId = first!.items[0]!.id;
    expect(
      await setBranchItemDetails(services, owner.id, "gulberg", {
        itemId,
        priceOverride: "150",
        soldOut: "on",
      }),
    ).toEqual({ ok: true });
    const again = await publicBranch(services, owner.urlName, "gulberg", 1);
    // Marked sold out, and shown after the dishes its section serves now (ADR 0024).
    expect(again!.items.find((i) => i.id === itemId)).toMatchObject({ price: 150, soldOut: 1 });
    expect(again!.items.slice(0, 4).map((i) => i.name)).toEqual([
      "Dish 1.2",
      "Dish 1.3",
      "Dish 1.4",
      "Dish 1.1",
    ]);
    expect((await ownerMenu(services, owner.id))[0]!.items[0]).toMatchObject({ price: 100, soldOut: 0 });
    const last = await publicBranch(services, owner.urlName, "gulberg", 9);
    expect(last!.items.map((i) => i.name)).toEqual(["Dish 2.3", "Dish 3.1", "Dish 3.2", "Dish 3.3"]);
  });

  it("lets only the owner change a branch item", async () => {
    const owner = await ownerWithMenu(1, [1]);
    await addBranch(services, owner.id, { branchName: "Cantt" });
    const intruder = await ownerWithMenu(1, [1]);
    await addBranch(services, intruder.id, { branchName: "Cantt" });
    const item = (await publicBranch(services, owner.urlName, "cantt", 1))!.items[0]!;
    expect(
      await setBranchItemDetails(services, intruder.id, "cantt", { itemId: item.id, priceOverride: "1" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await addBranch(services, intruder.id, { branchName: "Second" })).toMatchObject({ ok: true });
    expect((await publicBranch(services, owner.urlName, "cantt", 1))!.items[0]).toMatchObject({
      price: item.price,
      soldOut: 0,
    });
  });
});
