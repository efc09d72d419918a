import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownDeals, saveDeal } from "~/features/deals/deals.server.ts";
import { DEAL_MESSAGES } from "~/features/deals/deals.schema.ts";
import { IMPORT_MESSAGES as M } from "~/features/menu-import/menu-import.messages.ts";
import { addImportPhotos, commitImport, importScreen } from "~/features/menu-import/menu-import.server.ts";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { registerMessages, translateMessage } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { inEnglish } from "~/lib/message.ts";
import { dealRestaurant } from "../setup/deals.ts";
import { startedImport } from "../setup/menu-import.ts";
import { photoWithGps } from "../setup/images.ts";
import { tablePageAnswer } from "../setup/table-page.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 32: the importer reads deals, a row of kind "deal" or "iftar deal" with its parts
 * in one cell. A part names a dish of the owner's own menu or of the same sheet (its size
 * in brackets), or is a few words shown as written; a deal named like one of the
 * restaurant's updates it; every problem is said in the deal form's words, and nothing is
 * written while one is left.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date(0);
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

const HEADER = [
  "kind",
  "section",
  "name",
  "name_ur",
  "price",
  "sizes",
  "taste",
  "category",
  "subcategory",
  "type",
  "top_photo",
  "parts",
  "serves",
  "valid_from",
  "valid_until",
];
const dish = (name: string, price: string, sizes: string, photoName: string) => [
  "",
  "Karahi",
  name,
  "",
  price,
  sizes,
  "Spicy",
  "Curries",
  "Karahi",
  "Non-Veg",
  photoName,
  "",
  "",
  "",
  "",
];
const deal = (
  name: string,
  price: string,
  parts: string,
  more: {
    kind?: string;
    serves?: string;
    from?: string;
    until?: string;
    photo?: string;
    nameUr?: string;
  } = {},
) => [
  more.kind ?? "deal",
  "",
  name,
  more.nameUr ?? "",
  price,
  "",
  "",
  "",
  "",
  "",
  more.photo ?? "",
  parts,
  more.serves ?? "",
  more.from ?? "",
  more.until ?? "",
];

const started = (ownerId: string, rows: string[][]) => startedImport(services, ownerId, rows);

async function dealRows(restaurantId: string) {
  return services.database.db
    .selectFrom("deal")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("position")
    .execute();
}

async function partRows(dealId: string) {
  return services.database.db
    .selectFrom("deal_part")
    .select(["itemId", "sizeLabel", "quantity", "text"])
    .where("dealId", "=", dealId)
    .orderBy("position")
    .execute();
}

describe("deal rows of a menu spreadsheet", () => {
  it("add deals of the menu's dishes and the sheet's own, offered at every branch", async () => {
    const { owner, dishes, blueArea, saddar } = await dealRestaurant(services, photo);
    const rows = [
      HEADER,
      deal("Family deal", "3,200", "1 x Chicken Karahi (Full); 4 x Naan; 1.5 L drink", {
        serves: "4",
        nameUr: "فیملی ڈیل",
      }),
      // A dish the same sheet adds, named before its row, its size in another case.
      deal("Iftar platter", "1500", "1 × Mutton Karahi (half); 2x Raita; Dates and pakoras", {
        kind: "Iftar Deal",
        serves: "2",
        from: "46447",
        until: "2027-03-31",
        photo: "platter.jpg",
      }),
      dish("Mutton Karahi", "", "Half: 1500; Full: 2800", "mutton.jpg"),
    ];
    const importId = await started(owner.id, rows);
    const screen = (await importScreen(services, owner.id, importId))!;
    expect(screen.problemRows).toBe(0);
    expect(screen.plan.dishes.map((d) => d.name)).toEqual(["Mutton Karahi"]);
    expect(screen.plan.deals.map((d) => [d.line, d.name, d.action, d.parts])).toEqual([
      [
        2,
        "Family deal",
        "add",
        [
          { text: "1 × Chicken Karahi (Full)", onMenu: true },
          { text: "4 × Naan", onMenu: true },
          { text: "1.5 L drink", onMenu: false },
        ],
      ],
      [
        3,
        "Iftar platter",
        "add",
        [
          { text: "1 × Mutton Karahi (Half)", onMenu: true },
          { text: "2 × Raita", onMenu: true },
          { text: "Dates and pakoras", onMenu: false },
        ],
      ],
    ]);
    expect(screen.missing).toEqual(["mutton.jpg", "platter.jpg"]);
    await addImportPhotos(services, owner.id, importId, [
      { name: "mutton.jpg", bytes: photo },
      { name: "platter.jpg", bytes: photo },
    ]);
    expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toEqual({
      ok: true,
      added: 1,
      updated: 0,
      deals: 2,
    });

    const mutton = (await ownerMenu(services, owner.id))
      .flatMap((s) => s.items)
      .find((i) => i.name === "Mutton Karahi")!;
    const [family, iftar] = await dealRows(owner.id);
    expect(family).toMatchObject({
      name: "Family deal",
      nameUr: "فیملی ڈیل",
      price: 3200,
      serves: 4,
      iftar: 0,
      branchId: null,
    });
    expect(await partRows(family!.id)).toEqual([
      { itemId: dishes["Chicken Karahi"], sizeLabel: "Full", quantity: 1, text: "" },
      { itemId: dishes.Naan, sizeLabel: "", quantity: 4, text: "" },
      { itemId: null, sizeLabel: "", quantity: 1, text: "1.5 L drink" },
    ]);
    // Without a photo of its own, a deal shows its first dish's picture.
    const karahi = (await ownerMenu(services, owner.id))
      .flatMap((s) => s.items)
      .find((i) => i.name === "Chicken Karahi")!;
    expect(family!.picture).toBe(karahi.frontView);
    expect(iftar).toMatchObject({
      price: 1500,
      serves: 2,
      iftar: 1,
      validFrom: "2027-03-01",
      validUntil: "2027-03-31",
    });
    expect(iftar!.picture).toMatch(/^\/media\//u);
    expect(iftar!.picture).not.toBe(mutton.frontView);
    expect((await partRows(iftar!.id))[0]).toEqual({
      itemId: mutton.id,
      sizeLabel: "Half",
      quantity: 1,
      text: "",
    });

    // General deals: on both branches' table pages, with the saving against the dishes.
    clock = new Date("2026-11-23T13:00:00+05:00");
    for (const branch of [blueArea, saddar]) {
      const page = await tablePageAnswer<{ deals: { name: string; price: number; parts: string[] }[] }>(
        services,
        {
          urlName: owner.urlName,
          branch,
        },
      );
      expect(page.data.deals.map((d) => [d.name, d.price, d.parts])).toEqual([
        ["Family deal", 3200, ["1 × Chicken Karahi (Full)", "4 × Naan", "1.5 L drink"]],
      ]);
    }
  });

  it("update the deal of the same name, keeping its serving times and its picture", async () => {
    const { owner } = await dealRestaurant(services, photo);
    const first = await started(owner.id, [
      HEADER,
      deal("Lunch deal", "900", "1 x Chicken Karahi (Half); 2 x Naan", {
        nameUr: "لنچ ڈیل",
        serves: "2",
        until: "2027-01-31",
      }),
    ]);
    await commitImport(services, owner.id, first, { intent: "commit" });
    const [saved] = await dealRows(owner.id);
    expect(saved).toMatchObject({ nameUr: "لنچ ڈیل", serves: 2, validUntil: "2027-01-31" });
    // The owner gives it lunch hours in the form.
    const days = { w0mon: "on", w0tue: "on", w0wed: "on", w0thu: "on", w0fri: "on" };
    const form = await saveDeal(services, owner.id, saved!.id, {
      values: {
        name: "Lunch deal",
        nameUr: "لنچ ڈیل",
        price: "900",
        serves: "2",
        validUntil: "2027-01-31",
        w0From: "12:00",
        w0To: "15:00",
        ...days,
        partDish: [],
        partQuantity: [],
        partText: ["Karahi and naan"],
      },
      files: new Map(),
    });
    expect(form.ok).toBe(true);
    // An older sheet: no Urdu, serves or date columns. The deal keeps what it has there.
    const older = HEADER.filter((h) => !["name_ur", "serves", "valid_from", "valid_until"].includes(h));
    const row = deal("lunch  DEAL", "950", "1 x Chicken Karahi (Half); 2 x Naan; 1 x Raita");
    const again = await started(owner.id, [older, row.filter((_, i) => older.includes(HEADER[i]!))]);
    const screen = (await importScreen(services, owner.id, again))!;
    expect(screen.plan.deals.map((d) => d.action)).toEqual(["update"]);
    expect(await commitImport(services, owner.id, again, { intent: "commit" })).toMatchObject({ deals: 1 });
    const after = await dealRows(owner.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: saved!.id,
      name: "lunch  DEAL",
      price: 950,
      picture: saved!.picture,
      nameUr: "لنچ ڈیل",
      serves: 2,
      validUntil: "2027-01-31",
    });
    expect(JSON.parse(after[0]!.servedTimes)).toEqual([
      { days: ["mon", "tue", "wed", "thu", "fri"], from: "12:00", to: "15:00" },
    ]);
    expect((await ownDeals(services, owner.id, "en"))[0]!.parts).toEqual([
      "1 × Chicken Karahi (Half)",
      "2 × Naan",
      "1 × Raita",
    ]);
  });

  it("are refused in the deal form's words, in English and Urdu, with nothing written", async () => {
    const { owner } = await dealRestaurant(services, photo);
    const rows = [
      HEADER,
      deal("Big deal", "2000", "1 x Chicken Karahi (Huge)"),
      deal("Which size", "2000", "Chicken Karahi; 2 x Naan"),
      deal("Nothing in it", "2000", ""),
      deal("Free deal", "", "2 x Naan"),
      deal("Big deal", "1900", "2 x Naan"),
      deal("Old date", "500", "2 x Naan", { until: "31/03/2027" }),
      deal("Crowd", "500", "2 x Naan", { serves: "200" }),
      deal("Nine parts", "500", Array.from({ length: 9 }, (_, i) => `part ${i + 1}`).join("; ")),
      ["platter", "", "Odd row", "", "100", "", "", "", "", "", "", "", "", "", ""],
    ];
    const importId = await started(owner.id, rows);
    const screen = (await importScreen(services, owner.id, importId))!;
    const problems = Object.fromEntries(
      [...screen.plan.deals, ...screen.plan.dishes].map((d) => [
        `${d.line} ${d.name}`,
        d.problems.map(inEnglish),
      ]),
    );
    expect(problems).toEqual({
      "2 Big deal": ["Chicken Karahi has no size Huge. Write one of: Half, Full."],
      "3 Which size": ["Say which size of Chicken Karahi, in brackets: Half, Full."],
      "4 Nothing in it": [DEAL_MESSAGES.noParts],
      "5 Free deal": [DEAL_MESSAGES.priceMissing],
      "6 Big deal": ["This deal is already on row 2. Give each deal one row."],
      "7 Old date": [DEAL_MESSAGES.date],
      "8 Crowd": [DEAL_MESSAGES.serves],
      "9 Nine parts": [DEAL_MESSAGES.tooManyParts],
      "10 Odd row": [M.kindUnknown],
    });
    expect(screen.problemRows).toBe(9);
    registerMessages("ur", urduMessages);
    for (const problem of [...screen.plan.deals, ...screen.plan.dishes].flatMap((d) => d.problems)) {
      const urdu = translateMessage("ur", problem);
      expect(urdu, inEnglish(problem)).not.toBe(inEnglish(problem));
      expect(urdu).toMatch(/[\u0600-\u06ff]/u);
    }
    expect(await commitImport(services, owner.id, importId, { intent: "commit" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await dealRows(owner.id)).toEqual([]);
  });

  it("show their first dish's picture as the parts a sheet changes; '2 XL Fries' is words", async () => {
    const { owner, dishes } = await dealRestaurant(services, photo);
    const frontOf = async (id: string) =>
      (
        await services.database.db
          .selectFrom("menu_item")
          .select("frontView")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).frontView;
    const first = await started(owner.id, [HEADER, deal("Pick", "1000", "1 x Chicken Karahi (Full)")]);
    await commitImport(services, owner.id, first, { intent: "commit" });
    expect((await dealRows(owner.id))[0]!.picture).toBe(await frontOf(dishes["Chicken Karahi"]!));
    const second = await started(owner.id, [HEADER, deal("Pick", "1000", "2 x Naan; 2 XL Fries")]);
    const screen = (await importScreen(services, owner.id, second))!;
    expect(screen.plan.deals[0]!.parts).toEqual([
      { text: "2 × Naan", onMenu: true },
      { text: "2 XL Fries", onMenu: false },
    ]);
    await commitImport(services, owner.id, second, { intent: "commit" });
    expect((await dealRows(owner.id))[0]!.picture).toBe(await frontOf(dishes.Naan!));
  });

  it("name only the owner's own dishes: another restaurant's dish is words", async () => {
    const other = await dealRestaurant(services, photo);
    const { owner } = await dealRestaurant(services, photo);
    await services.database.db
      .updateTable("menu_item")
      .set({ name: "Secret Special" })
      .where("id", "=", other.dishes.Raita!)
      .execute();
    const importId = await started(owner.id, [HEADER, deal("Guess", "700", "1 x Secret Special; 2 x Naan")]);
    const screen = (await importScreen(services, owner.id, importId))!;
    expect(screen.plan.deals[0]!.parts).toEqual([
      { text: "1 × Secret Special", onMenu: false },
      { text: "2 × Naan", onMenu: true },
    ]);
    await commitImport(services, owner.id, importId, { intent: "commit" });
    const [saved] = await dealRows(owner.id);
    const parts = await partRows(saved!.id);
    expect(parts[0]).toEqual({ itemId: null, sizeLabel: "", quantity: 1, text: "Secret Special" });
    expect(parts.map((p) => p.itemId)).not.toContain(other.dishes.Raita);
    expect(await dealRows(other.owner.id)).toEqual([]);
  });
});
