import { stringify } from "csv-stringify/sync";
import { zipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerBranchMenu } from "~/features/branches/branches.server.ts";
import { readSheet } from "~/features/menu-import/sheet.server.ts";
import { IMPORT_MESSAGES as M } from "~/features/menu-import/menu-import.messages.ts";
import {
  addImportPhotos,
  commitImport,
  discardImport,
  importScreen,
  importTemplate,
  startImport,
} from "~/features/menu-import/menu-import.server.ts";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import { readSizes } from "~/lib/sizes.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, expectBranchesFollowGeneral, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 16, ADR 0023: a menu from a spreadsheet. The preview checks every row in the
 * product rules' words before anything is written; photos are matched by file name;
 * the import is written whole or not at all; importing again updates.
 */
let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(160, 120);
});
afterAll(() => services.close());

const HEADER = [
  "section",
  "position",
  "name",
  "price",
  "sizes",
  "taste",
  "category",
  "subcategory",
  "type",
  "top_photo",
];
const dishRow = (section: string, name: string, price: string, photoName: string, position = "") => [
  section,
  position,
  name,
  price,
  "",
  "Savory",
  "Curries",
  "Karahi",
  "Veg",
  photoName,
];
const csv = (rows: string[][]) => ({ name: "menu.csv", bytes: new TextEncoder().encode(stringify(rows)) });

/** The dishes of `count` rows over three sections, each with its own photo. */
function menuSheet(count: number, prefix = "Dish") {
  const sections = ["Karahi", "BBQ", "Drinks"];
  return [
    HEADER,
    ...Array.from({ length: count }, (_, i) =>
      dishRow(sections[i % 3]!, `${prefix} ${i + 1}`, String(200 + i * 10), `dish-${i + 1}.jpg`),
    ),
  ];
}

async function started(ownerId: string, rows: string[][]) {
  const result = await startImport(services, ownerId, csv(rows));
  if (!result.ok) throw new Error(result.message);
  return result.importId;
}

async function counts(ownerId: string) {
  const { db } = services.database;
  const [sections, items, imports] = await Promise.all([
    db
      .selectFrom("menu_section")
      .select(sql<number>`count(*)`.as("n"))
      .where("restaurantId", "=", ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("menu_item")
      .select(sql<number>`count(*)`.as("n"))
      .where("restaurantId", "=", ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("menu_import")
      .select(sql<number>`count(*)`.as("n"))
      .where("ownerId", "=", ownerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { sections: Number(sections.n), items: Number(items.n), imports: Number(imports.n) };
}

const text = (s: string) => new TextEncoder().encode(s);

describe("the template", () => {
  it("reads back as three good dishes in two new sections, as CSV and as XLSX", async () => {
    const owner = await signedUpOwner(services);
    for (const format of ["csv", "xlsx"] as const) {
      const template = (await importTemplate(services, owner.id, format))!;
      const bytes =
        typeof template.body === "string" ? new TextEncoder().encode(template.body) : template.body;
      const importId = await (async () => {
        const r = await startImport(services, owner.id, { name: `template.${format}`, bytes });
        if (!r.ok) throw new Error(`${format}: ${r.message}`);
        return r.importId;
      })();
      const screen = (await importScreen(services, owner.id, importId))!;
      expect(screen.problemRows, format).toBe(0);
      expect(screen.plan.newSections).toEqual(["Karahi", "Drinks"]);
      expect(screen.plan.dishes.map((d) => d.name)).toEqual(["Chicken Karahi", "Daal Mash", "Sweet Lassi"]);
      expect(screen.plan.dishes[0]!.input!.sizes).toEqual([
        { label: "Half kg", price: 1650 },
        { label: "Full kg", price: 3100 },
      ]);
      expect(screen.missing).toEqual(["chicken-karahi.jpg", "daal-mash.jpg", "lassi.jpg"]);
    }
  });
});

describe("a good spreadsheet", () => {
  it("puts 30 dishes with photos online in one go, on the general menu and both existing branches", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const a = await branchOf(services, owner.id, "Blue Area");
    const b = await branchOf(services, owner.id, "Saddar");
    const importId = await started(owner.id, menuSheet(30));
    const before = await counts(owner.id);
    // Photos go up one by one (as the page sends them), one not named in the sheet is left out.
    const files = Array.from({ length: 30 }, (_, i) => ({ name: `folder/Dish-${i + 1}.JPG`, bytes: photo }));
    for (const file of files)
      expect((await addImportPhotos(services, owner.id, importId, [file])).ok).toBe(true);
    expect(
      await addImportPhotos(services, owner.id, importId, [{ name: "holiday.jpg", bytes: photo }]),
    ).toEqual({
      ok: true,
      stored: [],
      ignored: ["holiday.jpg"],
    });
    expect(await counts(owner.id)).toEqual(before);
    const result = await commitImport(services, owner.id, importId, { intent: "commit" });
    expect(result).toEqual({ ok: true, added: 30, updated: 0 });
    const menu = await ownerMenu(services, owner.id);
    expect(menu.map((s) => [s.originalName, s.items.length])).toEqual([
      ["Section 1", 1],
      ["Karahi", 10],
      ["BBQ", 10],
      ["Drinks", 10],
    ]);
    const karahi = menu[1]!.items;
    expect(karahi.map((i) => i.positionInSection)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(karahi[0]).toMatchObject({ name: "Dish 1", price: 200, itemPriceRange: "0-500" });
    expect(karahi[0]!.topView).toMatch(/^\/media\//u);
    expect([karahi[0]!.frontView, karahi[0]!.sideView]).toEqual([karahi[0]!.topView, karahi[0]!.topView]);
    for (const branch of [a, b]) {
      const names = (await ownerBranchMenu(services, owner.id, branch))!.sections.flatMap((s) =>
        s.items.map((i) => i.name),
      );
      expect(names).toHaveLength(31);
    }
    await expectBranchesFollowGeneral(services, owner.id);
    expect((await counts(owner.id)).imports).toBe(0);
  });

  it("updates the dishes it names when imported again, adding none twice", async () => {
    const owner = await signedUpOwner(services);
    const first = await started(owner.id, menuSheet(6));
    for (let i = 1; i <= 6; i++)
      await addImportPhotos(services, owner.id, first, [{ name: `dish-${i}.jpg`, bytes: photo }]);
    expect(await commitImport(services, owner.id, first, { intent: "commit" })).toMatchObject({ added: 6 });
    const pictures = (await ownerMenu(services, owner.id)).flatMap((s) => s.items.map((i) => i.topView));
    // The same sheet with new prices and one size list, and no photos: the pictures stay.
    const again = menuSheet(6).map((row, i) =>
      i === 0
        ? row
        : [
            ...row.slice(0, 3),
            String(999 + i),
            i === 1 ? "Half: 500; Full: 900" : "",
            ...row.slice(5, 9),
            "",
          ],
    );
    again[1]![3] = "";
    const second = await started(owner.id, again);
    const screen = (await importScreen(services, owner.id, second))!;
    expect(screen.plan.dishes.map((d) => d.action)).toEqual(Array(6).fill("update"));
    expect(screen.missing).toEqual([]);
    expect(await commitImport(services, owner.id, second, { intent: "commit" })).toEqual({
      ok: true,
      added: 0,
      updated: 6,
    });
    const items = (await ownerMenu(services, owner.id)).flatMap((s) => s.items);
    expect(items).toHaveLength(6);
    expect(items.map((i) => i.topView)).toEqual(pictures);
    const first1 = items.find((i) => i.name === "Dish 1")!;
    expect(readSizes(first1.sizes)).toEqual([
      { label: "Half", price: 500 },
      { label: "Full", price: 900 },
    ]);
    expect(items.find((i) => i.name === "Dish 2")!.price).toBe(1001);
  });
});

describe("a spreadsheet with problems", () => {
  it("lists every bad row in the product rules' words, and writes nothing", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const section1 = "Section 1";
    const rows = [
      HEADER,
      dishRow("", "No Section", "100", "a.jpg"),
      dishRow(section1, "Zero Place", "100", "a.jpg", "0"),
      dishRow(section1, "Taken Place", "100", "a.jpg", "1"),
      dishRow(section1, "", "100", "a.jpg"),
      dishRow(section1, "Bad Price", "cheap", "a.jpg"),
      [section1, "", "Bad Taste", "100", "", "Bitter", "Curries", "Karahi", "Veg", "a.jpg"],
      [section1, "", "Bad Type", "100", "", "Spicy", "Curries", "Karahi", "Meat", "a.jpg"],
      [section1, "", "No Category", "100", "", "Spicy", "", "", "Veg", "a.jpg"],
      dishRow(section1, "No Photo", "100", ""),
      [section1, "", "Bad Sizes", "", "Half; Full: 900", "Spicy", "Curries", "Karahi", "Veg", "a.jpg"],
      dishRow(section1, "Twice", "100", "a.jpg"),
      dishRow(section1, "Twice", "120", "a.jpg"),
      dishRow("Drinks", "Good Lassi", "250", "lassi.jpg"),
    ];
    const before = await counts(owner.id);
    const importId = await started(owner.id, rows);
    const screen = (await importScreen(services, owner.id, importId))!;
    const problems = Object.fromEntries(
      screen.plan.dishes.map((d) => [d.name || `row ${d.line}`, d.problems]),
    );
    expect(problems).toEqual({
      "No Section": [MENU_MESSAGES.selectSection],
      "Zero Place": [MENU_MESSAGES.positionPositive],
      "Taken Place": [MENU_MESSAGES.positionTaken(1)],
      "row 5": ["Please enter the item name."],
      "Bad Price": ["Price must be a number."],
      "Bad Taste": ["Please choose a taste category."],
      "Bad Type": ["Please choose an item type."],
      "No Category": ["Please choose a category.", "Please choose a subcategory."],
      "No Photo": [MENU_MESSAGES.imageMissing("top")],
      "Bad Sizes": [MENU_MESSAGES.sizePriceMissing("Half")],
      Twice: [M.twice(12)],
      "Good Lassi": [],
    });
    expect(screen.problemRows).toBe(11);
    await addImportPhotos(services, owner.id, importId, [
      { name: "a.jpg", bytes: photo },
      { name: "lassi.jpg", bytes: photo },
    ]);
    expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toMatchObject({
      ok: false,
      status: 400,
      message: M.hasProblems,
    });
    expect(await counts(owner.id)).toEqual({ ...before, imports: 1 });
  });

  it("refuses a file that is no menu at once, storing nothing", async () => {
    const owner = await signedUpOwner(services);
    const refusal = async (name: string, bytes: Uint8Array) => {
      const r = await startImport(services, owner.id, { name, bytes });
      return r.ok ? "started" : r.message;
    };
    expect(await refusal("menu.csv", text("name,price\nKarahi,100\n"))).toBe(M.missingColumn("section"));
    expect(
      await refusal("menu.csv", text("section,name,taste,category,subcategory,type\nA,B,Spicy,C,D,Veg\n")),
    ).toBe(M.noPrice);
    expect(await refusal("menu.csv", text(stringify([HEADER])))).toBe(M.empty);
    expect(
      await refusal("old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])),
    ).toBe(M.oldExcel);
    expect(await refusal("menu.csv", new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x00, 0x00]))).toBe(M.notASheet);
    expect(await refusal("menu.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(M.notASheet);
    expect(await refusal("big.csv", new Uint8Array(3 * 1024 * 1024))).toBe(M.tooLarge(2));
    expect((await counts(owner.id)).imports).toBe(0);
  });

  it("refuses a workbook that would unpack to too much (a zip bomb) before reading it", async () => {
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(200_000);
    const from = performance.now();
    expect(await readSheet(bomb)).toMatchObject({ ok: false, status: 413 });
    expect(performance.now() - from).toBeLessThan(5_000);
  });

  it("reads a semicolon CSV (as Excel saves it in some countries) and names in any script", async () => {
    const owner = await signedUpOwner(services);
    const bytes = new TextEncoder().encode(
      `\uFEFFsection;name;sizes;taste;category;subcategory;type;top_photo\nKarahi;Chicken Karahi;"Half: 1650; Full: 3100";spicy;Curries;Karahi;non-veg;k.jpg\n`,
    );
    const r = await startImport(services, owner.id, { name: "menu.csv", bytes });
    if (!r.ok) throw new Error(r.message);
    const dish = (await importScreen(services, owner.id, r.importId))!.plan.dishes[0]!;
    expect(dish.problems).toEqual([]);
    expect(dish.input).toMatchObject({ itemTaste: "Spicy", itemType: "Non-Veg", price: 1650 });
  });

  it("refuses a photo that is no image with the product rules' words, and keeps waiting for it", async () => {
    const owner = await signedUpOwner(services);
    const importId = await started(owner.id, menuSheet(1));
    const result = await addImportPhotos(services, owner.id, importId, [
      { name: "dish-1.jpg", bytes: new TextEncoder().encode("not a photo at all, just text") },
    ]);
    expect(result).toMatchObject({ ok: false, message: `dish-1.jpg: ${MEDIA_MESSAGES.notImage}` });
    expect((await importScreen(services, owner.id, importId))!.missing).toEqual(["dish-1.jpg"]);
    expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toMatchObject({
      ok: false,
      message: M.waitingForPhotos(1),
    });
  });
});

describe("writing an import", () => {
  it("is all or nothing: a failure half-way leaves the menu and the import as they were", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    await branchOf(services, owner.id, "Blue Area");
    const importId = await started(owner.id, menuSheet(5));
    for (let i = 1; i <= 5; i++)
      await addImportPhotos(services, owner.id, importId, [{ name: `dish-${i}.jpg`, bytes: photo }]);
    const before = await counts(owner.id);
    const { db, dialect } = services.database;
    if (dialect === "sqlite") {
      await sql`create trigger refuse_fifth before insert on menu_item when new.name = 'Dish 5' begin select raise(abort, 'forced'); end`.execute(
        db,
      );
    } else {
      await sql`create or replace function refuse_fifth() returns trigger as $$ begin raise exception 'forced'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_fifth before insert on menu_item for each row when (new.name = 'Dish 5') execute function refuse_fifth()`.execute(
        db,
      );
    }
    try {
      expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toMatchObject({
        ok: false,
        status: 500,
        message: M.importFailed,
      });
    } finally {
      await sql`drop trigger refuse_fifth${sql.raw(dialect === "postgres" ? " on menu_item" : "")}`.execute(
        db,
      );
    }
    expect(await counts(owner.id)).toEqual(before);
    expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toMatchObject({
      ok: true,
      added: 5,
    });
  });

  it("happens once when confirmed twice at the same time", async () => {
    const owner = await signedUpOwner(services);
    const importId = await started(owner.id, menuSheet(3));
    for (let i = 1; i <= 3; i++)
      await addImportPhotos(services, owner.id, importId, [{ name: `dish-${i}.jpg`, bytes: photo }]);
    const results = await Promise.all(
      [1, 2, 3].map(() => commitImport(services, owner.id, importId, { intent: "commit" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await ownerMenu(services, owner.id)).flatMap((s) => s.items)).toHaveLength(3);
  });

  it("is no one else's: another owner cannot see, fill, write or discard it", async () => {
    const owner = await signedUpOwner(services);
    const intruder = await signedUpOwner(services);
    const importId = await started(owner.id, menuSheet(2));
    expect(await importScreen(services, intruder.id, importId)).toBeNull();
    expect(
      await addImportPhotos(services, intruder.id, importId, [{ name: "dish-1.jpg", bytes: photo }]),
    ).toMatchObject({ status: 404 });
    expect(await commitImport(services, intruder.id, importId, { intent: "commit" })).toMatchObject({
      status: 404,
    });
    expect(await discardImport(services, intruder.id, importId)).toMatchObject({ status: 404 });
    expect(await counts(owner.id)).toMatchObject({ items: 0, imports: 1 });
    expect((await importScreen(services, owner.id, importId))!.uploaded).toEqual([]);
    expect(await discardImport(services, owner.id, importId)).toEqual({ ok: true });
    expect((await counts(owner.id)).imports).toBe(0);
  });
});
