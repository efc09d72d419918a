import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerBranchMenu, publicBranch, setBranchItemDetails } from "~/features/branches/branches.server.ts";
import { itemFinderSchema } from "~/features/discovery/finder.schema.ts";
import { findItems } from "~/features/discovery/finder.server.ts";
import { ownItem } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { menuItemJsonLd } from "~/lib/json-ld.ts";
import { readSizes } from "~/lib/sizes.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, expectBranchesFollowGeneral, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0022: a dish may be sold in sizes, each with its price; a branch may
 * charge differently per size; menu cards, item pages, the finder and JSON-LD read
 * them. A dish without sizes behaves exactly as before.
 */
let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(320, 240);
});
afterAll(() => services.close());

const sized = (sectionId: string, sizes: [string, string][], overrides: Record<string, string> = {}) => ({
  values: {
    ...itemInput(sectionId, {
      name: `Mutton Karahi ${crypto.randomUUID().slice(0, 6)}`,
      price: "",
      itemPriceRange: "",
      positionInSection: "5",
    }),
    sizeLabel: sizes.map(([label]) => label),
    sizePrice: sizes.map(([, price]) => price),
    ...overrides,
  },
  files: itemViews(photo),
});

async function setup() {
  const owner = await ownerWithMenu(services, photo, [1]);
  const branch = await branchOf(services, owner.id, "Blue Area");
  return { owner, branch, sectionId: owner.sectionIds[0]! };
}

describe("a dish with sizes", () => {
  it("is priced from its lowest size, with the range that price falls in", async () => {
    const { owner, sectionId } = await setup();
    const added = await menus.addItem(
      services,
      owner.id,
      sized(sectionId, [
        ["Half", "1650"],
        ["Full", "3100"],
      ]),
    );
    if (!added.ok) throw new Error(JSON.stringify(added));
    const item = await ownItem(services, owner.id, added.id);
    expect(item).toMatchObject({ price: 1650, priceTo: 3100, itemPriceRange: "1000-2000" });
    expect(readSizes(item!.sizes)).toEqual([
      { label: "Half", price: 1650 },
      { label: "Full", price: 3100 },
    ]);
  });

  it("needs a name and a price for each size, each name once, at most six; blank rows are ignored", async () => {
    const { owner, sectionId } = await setup();
    const refused = async (sizes: [string, string][]) => {
      const result = await menus.addItem(services, owner.id, sized(sectionId, sizes, { price: "100" }));
      return result.ok ? "added" : result.fieldErrors?.sizes;
    };
    expect(await refused([["", "500"]])).toBe(MENU_MESSAGES.sizeNameMissing);
    expect(await refused([["Half", ""]])).toEqual(MENU_MESSAGES.sizePriceMissing("Half"));
    expect(await refused([["Half", "-5"]])).toEqual(MENU_MESSAGES.sizePriceMissing("Half"));
    expect(await refused([["Half", "0x10"]])).toEqual(MENU_MESSAGES.sizePriceMissing("Half"));
    expect(
      await refused([
        ["Half", "500"],
        ["half", "900"],
      ]),
    ).toEqual(MENU_MESSAGES.sizeTwice("half"));
    expect(
      await refused(Array.from({ length: 7 }, (_, i) => [`S${i}`, String(100 + i)] as [string, string])),
    ).toBe(MENU_MESSAGES.tooManySizes);
    expect(
      await refused([
        ["", ""],
        ["Regular", "450"],
      ]),
    ).toBe("added");
  });

  it("without sizes behaves as before: the price is required with the product rules' message", async () => {
    const { owner, sectionId } = await setup();
    const result = await menus.addItem(services, owner.id, {
      values: itemInput(sectionId, { price: "" }),
      files: itemViews(photo),
    });
    expect(result).toMatchObject({ ok: false, fieldErrors: { price: "Price must be a number." } });
    const plain = await menus.addItem(services, owner.id, {
      values: itemInput(sectionId, { price: "450", positionInSection: "7" }),
      files: itemViews(photo),
    });
    if (!plain.ok) throw new Error(inEnglish(plain.message));
    expect(await ownItem(services, owner.id, plain.id)).toMatchObject({
      price: 450,
      priceTo: null,
      sizes: "[]",
    });
  });

  it("has branch prices per size, shown on the branch's page; the finder matches the bands its prices reach", async () => {
    const { owner, branch, sectionId } = await setup();
    const name = `Chicken Handi ${owner.id.slice(0, 8)}`;
    const added = await menus.addItem(
      services,
      owner.id,
      sized(
        sectionId,
        [
          ["Half", "1650"],
          ["Full", "3100"],
        ],
        { name, positionInSection: "5" },
      ),
    );
    if (!added.ok) throw new Error(inEnglish(added.message));
    const copy = (await ownerBranchMenu(services, owner.id, branch))!.sections[0]!.items.find(
      (i) => i.generalItemId === added.id,
    )!;
    expect(
      await setBranchItemDetails(services, owner.id, branch, {
        itemId: copy.id,
        sizeOverride: ["1450", ""],
        sizeOverrideLabel: ["Half", "Full"],
      }),
    ).toEqual({ ok: true });
    const page = await publicBranch(services, owner.urlName, branch, 1);
    expect(page!.items.find((i) => i.name === name)).toMatchObject({
      price: 1450,
      sizes: [
        { label: "Half", price: 1450 },
        { label: "Full", price: 3100 },
      ],
    });
    const bandsOf = async (price: string) =>
      (await findItems(services, itemFinderSchema.parse({ tab: "items", q: name, price }))).results.length;
    // Low is under Rs. 500, Medium Rs. 500–1,999, High Rs. 2,000 and more: 1,450 to 3,100 reaches two.
    expect([await bandsOf("Low"), await bandsOf("Medium"), await bandsOf("High")]).toEqual([0, 1, 1]);
  });

  it("keeps a branch's size prices by name when the general dish changes its sizes", async () => {
    const { owner, branch, sectionId } = await setup();
    const added = await menus.addItem(
      services,
      owner.id,
      sized(
        sectionId,
        [
          ["Half", "1650"],
          ["Full", "3100"],
        ],
        { positionInSection: "5" },
      ),
    );
    if (!added.ok) throw new Error(inEnglish(added.message));
    const copyOf = async () =>
      (await ownerBranchMenu(services, owner.id, branch))!.sections[0]!.items.find(
        (i) => i.generalItemId === added.id,
      )!;
    await setBranchItemDetails(services, owner.id, branch, {
      itemId: (await copyOf()).id,
      sizeOverride: ["1500", "2900"],
      sizeOverrideLabel: ["Half", "Full"],
    });
    const general = (await ownItem(services, owner.id, added.id))!;
    const edited = await menus.updateItemDetails(services, owner.id, added.id, {
      values: {
        name: general.name,
        price: "",
        itemPriceRange: general.itemPriceRange,
        itemTaste: general.itemTaste,
        itemType: general.itemType,
        positionInSection: "5",
        sizeLabel: ["Quarter", "Half"],
        sizePrice: ["900", "1700"],
      },
      files: new Map(),
    });
    expect(edited).toEqual({ ok: true });
    const copy = await copyOf();
    expect(readSizes(copy.sizes)).toEqual([
      { label: "Quarter", price: 900 },
      { label: "Half", price: 1700, priceOverride: 1500 },
    ]);
    expect(copy).toMatchObject({ price: 900, priceOverride: 900, priceTo: 1500 });
    await expectBranchesFollowGeneral(services, owner.id);
  });

  it("offers one Offer per size in JSON-LD", () => {
    const ld = menuItemJsonLd({
      name: "Mutton Karahi",
      price: 1650,
      sizes: [
        { label: "Half", price: 1650 },
        { label: "Full", price: 3100 },
      ],
    });
    expect(ld.offers).toEqual([
      expect.objectContaining({ "@type": "Offer", name: "Half", price: 1650 }),
      expect.objectContaining({ "@type": "Offer", name: "Full", price: 3100 }),
    ]);
    expect(menuItemJsonLd({ name: "Naan", price: 40 }).offers).toMatchObject({ "@type": "Offer", price: 40 });
  });
});
