import { stringify } from "csv-stringify/sync";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import { findItems } from "~/features/discovery/finder.server.ts";
import { addImportPhotos, commitImport, startImport } from "~/features/menu-import/menu-import.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { servicesContext } from "~/server/context.ts";
import * as branchPage from "~/routes/public/branch.tsx";
import * as menuPage from "~/routes/public/menu.tsx";
import * as itemPage from "~/routes/public/menu-item.tsx";
import { signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { loaderData } from "../setup/loader-data.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0026: a section and a dish may have an Urdu name (and a dish an Urdu description)
 * beside the SPEC's English fields. Branches follow them, the finder finds them, import
 * reads them, and public pages show the reader's language with the other as fallback.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto", PUBLIC_URL: ORIGIN });
  photo = await photoWithGps(160, 120);
});
afterAll(() => services.close());

function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

const load = <L extends (args: never) => unknown>(loader: L, path: string, params: Record<string, string>) =>
  loaderData(loader, { request: new Request(`${ORIGIN}${path}`), params, context: context() });

async function restaurantWithUrduMenu() {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, {
    originalName: "Karahi",
    sectionNameUr: "کڑاہی",
  });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const urdu = await menus.addItem(services, owner.id, {
    values: itemInput(section.id, {
      name: "Chicken Karahi",
      nameUr: "چکن کڑاہی",
      description: "Tomatoes and green chillies.",
      descriptionUr: "ٹماٹر اور ہری مرچیں۔",
    }),
    files: itemViews(photo),
  });
  if (!urdu.ok) throw new Error(inEnglish(urdu.message));
  const english = await menus.addItem(services, owner.id, {
    values: itemInput(section.id, {
      name: "Daal Mash",
      positionInSection: "2",
      description: "Slow-cooked lentils.",
    }),
    files: itemViews(photo),
  });
  if (!english.ok) throw new Error(inEnglish(english.message));
  const branch = await addBranch(services, owner.id, { branchName: "Blue Area" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  return {
    owner,
    sectionId: section.id,
    urduId: urdu.id,
    englishId: english.id,
    branchUrl: branch.branchUrl,
  };
}

describe("Urdu names of sections and dishes", () => {
  it("are kept beside the English ones, and the branches' copies follow edits", async () => {
    const { owner, sectionId, urduId } = await restaurantWithUrduMenu();
    const { db } = services.database;
    const copies = () =>
      db
        .selectFrom("menu_item")
        .select(["name", "nameUr", "descriptionUr", "branchId"])
        .where("restaurantId", "=", owner.id)
        .where("name", "=", "Chicken Karahi")
        .execute();
    const before = await copies();
    expect(before).toHaveLength(2);
    for (const row of before)
      expect(row).toMatchObject({ nameUr: "چکن کڑاہی", descriptionUr: "ٹماٹر اور ہری مرچیں۔" });

    const edited = await menus.updateItemDetails(services, owner.id, urduId, {
      values: itemInput(sectionId, { name: "Chicken Karahi", nameUr: "چکن کڑاھی" }),
      files: new Map(),
    });
    expect(edited.ok).toBe(true);
    for (const row of await copies()) expect(row.nameUr).toBe("چکن کڑاھی");
    const sections = await db
      .selectFrom("menu_section")
      .select("sectionNameUr")
      .where("restaurantId", "=", owner.id)
      .execute();
    expect(sections.map((s) => s.sectionNameUr)).toEqual(["کڑاہی", "کڑاہی"]);
  });

  it("refuse an Urdu name longer than the English field allows, and nothing is written", async () => {
    const { owner, sectionId } = await restaurantWithUrduMenu();
    const result = await menus.addItem(services, owner.id, {
      values: itemInput(sectionId, { name: "Long", positionInSection: "3", nameUr: "ک".repeat(121) }),
      files: itemViews(photo),
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? null : inEnglish(result.fieldErrors?.nameUr ?? "")).toBe(
      "Use at most 120 characters.",
    );
    const rows = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .where("name", "=", "Long")
      .execute();
    expect(rows).toEqual([]);
  });

  it("find the dish in the finder by its Urdu name, in Urdu script", async () => {
    const { owner } = await restaurantWithUrduMenu();
    // A name no other test's dish has, found by its Urdu spelling alone.
    const section = await menus.addSection(services, owner.id, { originalName: "Sweets" });
    if (!section.ok) throw new Error(inEnglish(section.message));
    const added = await menus.addItem(services, owner.id, {
      values: itemInput(section.id, { name: "Gulab Jamun Special", nameUr: "گلاب جامن" }),
      files: itemViews(photo),
    });
    expect(added.ok).toBe(true);
    for (const q of ["گلاب جامن", "gulab jaman"]) {
      const found = await findItems(services, { q, country: undefined, city: undefined, area: undefined });
      expect(
        found.results.map((i) => [i.urlName, i.name]),
        q,
      ).toContainEqual([owner.urlName, "Gulab Jamun Special"]);
    }
  });

  it("find dishes by the words of their descriptions too, after every dish whose name matches", async () => {
    const owner = await signedUpOwner(services);
    const section = await menus.addSection(services, owner.id, { originalName: "Rice" });
    if (!section.ok) throw new Error(inEnglish(section.message));
    const dish = (position: string, fields: Record<string, string>) =>
      menus.addItem(services, owner.id, {
        values: itemInput(section.id, { positionInSection: position, ...fields }),
        files: itemViews(photo),
      });
    expect(
      (await dish("1", { name: "House Pulao", description: "Rice cooked with zafrani saffron." })).ok,
    ).toBe(true);
    expect((await dish("2", { name: "Zafrani Kheer", description: "Milk and rice." })).ok).toBe(true);
    expect((await dish("3", { name: "Plain Rice", descriptionUr: "زعفرانی خوشبو والے چاول" })).ok).toBe(true);
    const search = async (q: string) =>
      (await findItems(services, { q, country: undefined, city: undefined, area: undefined })).results
        .filter((r) => r.urlName === owner.urlName)
        .map((r) => r.name);
    // The name first, then the descriptions, however the word is spelled or written.
    expect(await search("zafrani")).toEqual(["Zafrani Kheer", "House Pulao", "Plain Rice"]);
    expect(await search("zafraani")).toEqual(["Zafrani Kheer", "House Pulao", "Plain Rice"]);
    expect(await search("zafrani saffron")).toEqual(["House Pulao"]);
    // An edited description is found by its new words only.
    const [pulao] = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .where("name", "=", "House Pulao")
      .execute();
    const edited = await menus.updateItemDetails(services, owner.id, pulao!.id, {
      values: itemInput(section.id, { name: "House Pulao", description: "Rice with peas." }),
      files: new Map(),
    });
    expect(edited.ok).toBe(true);
    expect(await search("zafrani")).toEqual(["Zafrani Kheer", "Plain Rice"]);
  });

  it("show on Urdu pages, with the English name where there is no Urdu one, and English pages stay English", async () => {
    const { owner, urduId, englishId, branchUrl } = await restaurantWithUrduMenu();
    const base = `/r/${owner.urlName}`;
    const urduMenu = await load(menuPage.loader, `/ur${base}/menu`, { restaurantName: owner.urlName });
    const section = urduMenu.sections[0]!;
    expect(section.originalName).toBe("کڑاہی");
    expect(section.items.map((i) => [i.name, i.description])).toEqual([
      ["چکن کڑاہی", "ٹماٹر اور ہری مرچیں۔"],
      ["Daal Mash", "Slow-cooked lentils."],
    ]);
    const englishMenu = await load(menuPage.loader, `${base}/menu`, { restaurantName: owner.urlName });
    expect(englishMenu.sections[0]!.items.map((i) => i.name)).toEqual(["Chicken Karahi", "Daal Mash"]);

    const branch = await load(branchPage.loader, `/ur${base}/branch/${branchUrl}`, {
      restaurantName: owner.urlName,
      branchName: branchUrl,
    });
    expect(branch.items.map((i) => [i.name, i.sectionName])).toEqual([
      ["چکن کڑاہی", "کڑاہی"],
      ["Daal Mash", "کڑاہی"],
    ]);
    expect(branch.sections.map((s) => s.name)).toEqual(["کڑاہی"]);

    const item = await load(itemPage.loader, `/ur${base}/menu/${urduId}`, {
      restaurantName: owner.urlName,
      itemId: urduId,
    });
    expect(item.item).toMatchObject({ name: "چکن کڑاہی", alternateName: "Chicken Karahi" });
    const plain = await load(itemPage.loader, `/ur${base}/menu/${englishId}`, {
      restaurantName: owner.urlName,
      itemId: englishId,
    });
    expect(plain.item?.name).toBe("Daal Mash");
  });

  it("go into JSON-LD in both languages", async () => {
    const { owner } = await restaurantWithUrduMenu();
    for (const [prefix, name, alternateName] of [
      ["/ur", "چکن کڑاہی", "Chicken Karahi"],
      ["", "Chicken Karahi", "چکن کڑاہی"],
    ] as const) {
      const data = await load(menuPage.loader, `${prefix}/r/${owner.urlName}/menu`, {
        restaurantName: owner.urlName,
      });
      const meta = menuPage.meta({
        data,
        loaderData: data,
        matches: [{ id: "root", loaderData: { origin: ORIGIN, locale: prefix ? "ur" : "en" } }],
        params: {},
      } as never);
      const script = meta?.find((m) => "script:ld+json" in m);
      const jsonLd = script?.["script:ld+json" as keyof typeof script] as unknown as {
        hasMenuSection: {
          name: string;
          alternateName?: string;
          hasMenuItem: { name: string; alternateName?: string }[];
        }[];
      };
      expect(jsonLd.hasMenuSection[0]!.hasMenuItem[0]).toMatchObject({ name, alternateName });
      expect(jsonLd.hasMenuSection[0]!.hasMenuItem[1]!.alternateName).toBeUndefined();
      const canonical = meta?.find((m) => "rel" in m && m.rel === "canonical") as { href: string };
      expect(canonical.href).toBe(`${ORIGIN}${prefix}/r/${owner.urlName}/menu`);
    }
  });
});

const HEADER = [
  "section",
  "section_ur",
  "name",
  "name_ur",
  "description_ur",
  "price",
  "taste",
  "category",
  "subcategory",
  "type",
  "top_photo",
];
const row = (name: string, urdu: string, description: string) => [
  "Karahi",
  "کڑاہی",
  name,
  urdu,
  description,
  "900",
  "Savory",
  "Curries",
  "Karahi",
  "Veg",
  "dish.jpg",
];
const sheet = (rows: string[][]) => ({
  name: "menu.csv",
  bytes: new TextEncoder().encode(stringify(rows)),
});

async function importRows(ownerId: string, rows: string[][]) {
  const started = await startImport(services, ownerId, sheet(rows));
  if (!started.ok) throw new Error(inEnglish(started.message));
  await addImportPhotos(services, ownerId, started.importId, [{ name: "dish.jpg", bytes: photo }]);
  return commitImport(services, ownerId, started.importId, { intent: "commit" });
}

describe("menu import", () => {
  it("reads the Urdu columns, and a sheet without them keeps the Urdu already there", async () => {
    const owner = await signedUpOwner(services);
    const { db } = services.database;
    expect(await importRows(owner.id, [HEADER, row("Daal Mash", "دال ماش", "ماش کی دال")])).toMatchObject({
      ok: true,
      added: 1,
    });
    const read = () =>
      db
        .selectFrom("menu_item")
        .innerJoin("menu_section", "menu_section.id", "menu_item.sectionId")
        .select([
          "menu_item.name",
          "menu_item.nameUr",
          "menu_item.descriptionUr",
          "menu_section.sectionNameUr",
        ])
        .where("menu_item.restaurantId", "=", owner.id)
        .execute();
    expect(await read()).toEqual([
      { name: "Daal Mash", nameUr: "دال ماش", descriptionUr: "ماش کی دال", sectionNameUr: "کڑاہی" },
    ]);
    const englishOnly = [
      HEADER.filter((h) => !h.endsWith("_ur")),
      ["Karahi", "Daal Mash", "950", "Savory", "Curries", "Karahi", "Veg", ""],
    ];
    expect(await importRows(owner.id, englishOnly)).toMatchObject({ ok: true, updated: 1 });
    expect(await read()).toEqual([
      { name: "Daal Mash", nameUr: "دال ماش", descriptionUr: "ماش کی دال", sectionNameUr: "کڑاہی" },
    ]);
  });
});
