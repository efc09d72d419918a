import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBranch, setBranchItemDetails } from "~/features/branches/branches.server.ts";
import { DEAL_MESSAGES as M, PART_FIELDS } from "~/features/deals/deals.schema.ts";
import { branchDeals, deleteDeal, ownDeals, saveDeal, setBranchDeal } from "~/features/deals/deals.server.ts";
import { SERVED_TIMES_MESSAGES } from "~/features/menus/served-times-form.ts";
import { inEnglish, type Message } from "~/lib/message.ts";
import { DAYS } from "~/lib/opening-hours.ts";
import * as restaurantRoute from "~/routes/public/restaurant.tsx";
import * as searchRoute from "~/routes/public/search.tsx";
import { servicesContext } from "~/server/context.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { newPageTemplate, pageTemplateContext } from "~/server/page-variant.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { dealRestaurant } from "../setup/deals.ts";
import { tablePageAnswer } from "../setup/table-page.ts";
import { storedImageCount } from "~/server/media/image-quota.server.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 32, ADR 0044: deals and combos. Parts are dishes of the owner's own menu (a size
 * of one) or a few words; the table page leads with the deals on at the moment, at the
 * branch's price, with the saving against the branch's own dish prices; branches charge
 * their own price, leave a deal out, or have deals of their own; bad input writes nothing.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date(0);
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

/** A moment in Karachi (UTC+5): 2026-11-23 is a Monday. */
const karachi = (day: number, time: string) =>
  new Date(`2026-11-${String(23 + day).padStart(2, "0")}T${time}:00+05:00`);

const restaurant = () => dealRestaurant(services, photo);

/** The deal form's values: parts as [dish choice, quantity, words]. */
function dealForm(fields: Record<string, string>, parts: [string, string, string][]) {
  return {
    values: {
      name: "Family deal",
      price: "2500",
      serves: "4",
      ...fields,
      [PART_FIELDS.dish]: parts.map(([dish]) => dish),
      [PART_FIELDS.quantity]: parts.map(([, quantity]) => quantity),
      [PART_FIELDS.text]: parts.map(([, , words]) => words),
    },
    files: new Map<string, Uint8Array>(),
  };
}

async function tablePage(urlName: string, branch: string, at: Date) {
  clock = at;
  const answer = await tablePageAnswer<{
    deals: { name: string; price: number; saving: number | null; parts: string[]; until: Message | null }[];
  }>(services, { urlName, branch });
  return {
    deals: answer.data.deals.map((d) => ({ ...d, until: d.until && inEnglish(d.until) })),
    freshUntil: answer.freshUntil,
    jsonLd: answer.jsonLd,
  };
}

const dealCount = async (ownerId: string) =>
  Number(
    (
      await services.database.db
        .selectFrom("deal")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("restaurantId", "=", ownerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a deal's form", () => {
  it("refuses what makes no deal, in words, and writes nothing", async () => {
    const { owner, dishes } = await restaurant();
    const other = await restaurant();
    const refused = async (form: ReturnType<typeof dealForm>, field: string, message: Message) => {
      const result = await saveDeal(services, owner.id, null, form);
      expect(result, field).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    };
    const naan: [string, string, string] = [dishes.Naan!, "2", ""];
    await refused(dealForm({}, []), PART_FIELDS.dish, M.noParts);
    await refused(dealForm({}, [["", "1", ""]]), PART_FIELDS.dish, M.noParts);
    await refused(dealForm({ name: " " }, [naan]), "name", M.nameMissing);
    await refused(dealForm({ price: "0" }, [naan]), "price", M.priceMissing);
    await refused(dealForm({ price: "Rs 500" }, [naan]), "price", M.priceMissing);
    await refused(dealForm({ serves: "0" }, [naan]), "serves", M.serves);
    await refused(dealForm({}, [[dishes.Naan!, "21", ""]]), PART_FIELDS.quantity, M.quantity);
    // A dish of another restaurant, a size the dish has not, a sized dish without its size.
    await refused(dealForm({}, [[other.dishes.Naan!, "1", ""]]), PART_FIELDS.dish, M.partUnknown);
    await refused(
      dealForm({}, [[`${dishes["Chicken Karahi"]}|Quarter`, "1", ""]]),
      PART_FIELDS.dish,
      M.partUnknown,
    );
    await refused(dealForm({}, [[dishes["Chicken Karahi"]!, "1", ""]]), PART_FIELDS.dish, M.partUnknown);
    // A branch copy is not a dish of the general menu.
    const copy = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("generalItemId", "=", dishes.Naan!)
      .executeTakeFirstOrThrow();
    await refused(dealForm({}, [[copy.id, "1", ""]]), PART_FIELDS.dish, M.partUnknown);
    await refused(
      dealForm({ validFrom: "2027-03-10", validUntil: "2027-03-01" }, [naan]),
      "validUntil",
      M.datesReversed,
    );
    await refused(dealForm({ validFrom: "2027-02-30" }, [naan]), "validFrom", M.date);
    await refused(
      dealForm({ w0From: "12:00", w0To: "15:00", w0mon: "on", w1From: "14:00", w1To: "16:00", w1mon: "on" }, [
        naan,
      ]),
      "w1From",
      SERVED_TIMES_MESSAGES.overlap("mon"),
    );
    // Another restaurant's branch.
    await refused(dealForm({ branch: "nowhere" }, [naan]), "branch", M.branchUnknown);
    expect(await dealCount(owner.id)).toBe(0);
  });
});

describe("deals on the table page", () => {
  it("lead the first page with their parts, the price and what a diner saves at that branch", async () => {
    const { owner, dishes, blueArea, saddar } = await restaurant();
    const family = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Family deal", price: "2500", serves: "4" }, [
        [`${dishes["Chicken Karahi"]}|Full`, "1", ""],
        [dishes.Naan!, "4", ""],
        [dishes.Raita!, "2", ""],
      ]),
    );
    expect(family).toMatchObject({ ok: true });
    // Words make the saving unknowable: none is shown.
    expect(
      await saveDeal(
        services,
        owner.id,
        null,
        dealForm({ name: "Student deal", price: "700", serves: "1" }, [
          [`${dishes["Chicken Karahi"]}|Half`, "1", ""],
          ["", "1", "1.5 L drink"],
        ]),
      ),
    ).toMatchObject({ ok: true });
    const page = await tablePage(owner.urlName, blueArea, karachi(0, "13:00"));
    expect(page.deals).toEqual([
      {
        ...page.deals[0],
        name: "Family deal",
        price: 2500,
        // 1,800 + 4 × 50 + 2 × 100 = 2,200: the deal costs more, so there is no saving to show.
        saving: null,
        parts: ["1 × Chicken Karahi (Full)", "4 × Naan", "2 × Raita"],
        until: null,
      },
      {
        ...page.deals[1],
        name: "Student deal",
        price: 700,
        saving: null,
        parts: ["1 × Chicken Karahi (Half)", "1.5 L drink"],
      },
    ]);
    // Saddar charges 2,600 for the Full karahi: 2,600 + 200 + 200 = 3,000, so the deal saves 500 there.
    const copy = await services.database.db
      .selectFrom("menu_item")
      .innerJoin("branch", "branch.id", "menu_item.branchId")
      .select("menu_item.id")
      .where("menu_item.generalItemId", "=", dishes["Chicken Karahi"]!)
      .where("branch.branchUrl", "=", saddar)
      .where("branch.restaurantId", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(
      await setBranchItemDetails(services, owner.id, saddar, {
        itemId: copy.id,
        sizeOverride: ["1000", "2600"],
        sizeOverrideLabel: ["Half", "Full"],
      }),
    ).toEqual({ ok: true });
    expect((await tablePage(owner.urlName, saddar, karachi(0, "13:00"))).deals[0]).toMatchObject({
      name: "Family deal",
      saving: 500,
    });
    expect(page.jsonLd).toContain('"name":"Deals"');
    expect(page.jsonLd).toContain('"name":"Family deal"');
  });

  it("a branch charges its own price, leaves a deal out, or has one of its own", async () => {
    const { owner, dishes, blueArea, saddar } = await restaurant();
    const naan: [string, string, string] = [dishes.Naan!, "10", ""];
    const general = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Naan stack", price: "400" }, [naan]),
    );
    const own = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Saddar special", branch: saddar, price: "450" }, [naan]),
    );
    if (!general.ok || !own.ok) throw new Error("setup");
    const names = async (branch: string) =>
      (await tablePage(owner.urlName, branch, karachi(0, "13:00"))).deals.map(
        (d) => `${d.name} ${d.price} ${d.saving}`,
      );
    expect(await names(blueArea)).toEqual(["Naan stack 400 100"]);
    expect(await names(saddar)).toEqual(["Naan stack 400 100", "Saddar special 450 50"]);
    expect(
      await setBranchDeal(services, owner.id, blueArea, {
        dealId: general.id,
        priceOverride: "350",
        offered: "on",
      }),
    ).toEqual({ ok: true });
    expect(
      await setBranchDeal(services, owner.id, saddar, { dealId: general.id, priceOverride: "" }),
    ).toEqual({ ok: true });
    expect(await names(blueArea)).toEqual(["Naan stack 350 150"]);
    expect(await names(saddar)).toEqual(["Saddar special 450 50"]);
    expect(await branchDeals(services, owner.id, saddar, "en")).toMatchObject({
      deals: [
        { name: "Naan stack", offered: false, own: false },
        { name: "Saddar special", own: true },
      ],
    });
    // A branch's own deal has no branch price to set; a price must be a price.
    expect(
      await setBranchDeal(services, owner.id, blueArea, { dealId: own.id, offered: "on" }),
    ).toMatchObject({ status: 404 });
    expect(
      await setBranchDeal(services, owner.id, blueArea, {
        dealId: general.id,
        priceOverride: "cheap",
        offered: "on",
      }),
    ).toMatchObject({ status: 400 });
    expect(await names(blueArea)).toEqual(["Naan stack 350 150"]);
  });

  it("is on only in its hours and dates, in the branch's time zone; the page is kept until the next change", async () => {
    const { owner, dishes, blueArea } = await restaurant();
    const naan: [string, string, string] = [dishes.Naan!, "2", ""];
    const everyDay = Object.fromEntries(DAYS.map((d) => [`w0${d}`, "on"]));
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Lunch deal", price: "80", w0From: "12:00", w0To: "15:00", ...everyDay }, [naan]),
    );
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Iftar deal", price: "90", validFrom: "2027-02-18", validUntil: "2027-03-19" }, [
        naan,
      ]),
    );
    const morning = await tablePage(owner.urlName, blueArea, karachi(0, "11:00"));
    expect(morning.deals).toEqual([]);
    // The page changes when lunch starts, and when it ends.
    expect(morning.freshUntil).toBe(karachi(0, "12:00").toISOString());
    const lunch = await tablePage(owner.urlName, blueArea, karachi(0, "12:30"));
    expect(lunch.deals.map((d) => [d.name, d.until])).toEqual([["Lunch deal", "Until 3:00 pm"]]);
    expect(lunch.freshUntil).toBe(karachi(0, "15:00").toISOString());
    // The Ramadan deal is on from its first day to the end of its last, in Karachi.
    const ramadan = await tablePage(owner.urlName, blueArea, new Date("2027-02-18T00:30:00+05:00"));
    expect(ramadan.deals.map((d) => d.name)).toEqual(["Iftar deal"]);
    expect(ramadan.jsonLd).toContain('"validFrom":"2027-02-18","validThrough":"2027-03-19"');
    expect((await tablePage(owner.urlName, blueArea, new Date("2027-02-17T23:30:00+05:00"))).freshUntil).toBe(
      new Date("2027-02-18T00:00:00+05:00").toISOString(),
    );
    expect(
      (await tablePage(owner.urlName, blueArea, new Date("2027-03-19T23:59:00+05:00"))).deals.map(
        (d) => d.name,
      ),
    ).toEqual(["Iftar deal"]);
    expect((await tablePage(owner.urlName, blueArea, new Date("2027-03-20T00:00:00+05:00"))).deals).toEqual(
      [],
    );
  });
});

describe("deals on the restaurant page", () => {
  it("lists the general deals still to come or on, with when they are offered, until midnight", async () => {
    const { owner, dishes, saddar } = await restaurant();
    const naan: [string, string, string] = [dishes.Naan!, "10", ""];
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Naan stack", price: "400", w0From: "12:00", w0To: "15:00", w0fri: "on" }, [naan]),
    );
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Saddar special", branch: saddar, price: "450" }, [naan]),
    );
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Old offer", price: "300", validUntil: "2026-11-01" }, [naan]),
    );
    await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Iftar deal", price: "300", validFrom: "2027-02-08", validUntil: "2027-03-09" }, [
        naan,
      ]),
    );
    clock = karachi(0, "10:00");
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(pageTemplateContext, newPageTemplate());
    const answer = (await restaurantRoute.loader({
      request: new Request(`http://localhost:3000/r/${owner.urlName}`),
      params: { restaurantName: owner.urlName },
      context,
    } as never)) as unknown as {
      data: { deals: { name: string; windows: string; validFrom: string }[] };
      init?: ResponseInit;
    };
    expect(answer.data.deals.map((d) => [d.name, d.windows, d.validFrom])).toEqual([
      ["Naan stack", "Friday: 12:00 pm – 3:00 pm", ""],
      ["Iftar deal", "", "2027-02-08"],
    ]);
    expect(new Headers(answer.init?.headers).get(FRESH_UNTIL_HEADER)).toBe(
      String(karachi(1, "00:00").getTime()),
    );
  });
});

/** A branch's place: a city of a province, no area. */
const place = (city: string, province: string) => ({
  provinceLabel: province,
  cityLabel: city,
  areaLabel: "",
});

describe("deals in the finder", () => {
  it("finds public deals by name and by the city of a branch offering them, iftar deals alone if asked", async () => {
    const islamabad = await restaurant();
    const inCity = await addBranch(services, islamabad.owner.id, {
      branchName: "F-7",
      ...place("Islamabad", "Islamabad Capital Territory"),
    });
    const lahore = await restaurant();
    await addBranch(services, lahore.owner.id, { branchName: "Gulberg", ...place("Lahore", "Punjab") });
    if (!inCity.ok) throw new Error("setup");
    const naan = (d: typeof islamabad): [string, string, string] => [d.dishes.Naan!, "4", ""];
    const word = crypto.randomUUID().slice(0, 6);
    const add = (d: typeof islamabad, fields: Record<string, string>) =>
      saveDeal(services, d.owner.id, null, dealForm(fields, [naan(d)]));
    await add(islamabad, { name: `Family ${word}`, price: "900" });
    await add(islamabad, { name: `Iftar platter ${word}`, price: "800", iftar: "on" });
    const hidden = await add(islamabad, { name: `Hidden iftar ${word}`, price: "700", iftar: "on" });
    if (!hidden.ok) throw new Error("setup");
    // Not offered at the Islamabad branch: not found there.
    await setBranchDeal(services, islamabad.owner.id, inCity.branchUrl, { dealId: hidden.id, offered: "" });
    await add(islamabad, {
      name: `Expired iftar ${word}`,
      price: "600",
      iftar: "on",
      validUntil: "2026-01-01",
    });
    await add(lahore, { name: `Iftar box ${word}`, price: "500", iftar: "on" });
    // A restaurant taken back to 'pending' shows no deal anywhere.
    const pending = await restaurant();
    await add(pending, { name: `Pending iftar ${word}`, price: "400", iftar: "on" });
    await services.database.db
      .updateTable("restaurant")
      .set({ approvalStatus: "pending" })
      .where("id", "=", pending.owner.id)
      .execute();
    clock = karachi(0, "10:00");
    const search = async (query: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(pageTemplateContext, newPageTemplate());
      const answer = (await searchRoute.loader({
        request: new Request(`http://localhost:3000/search?tab=items&${query}`),
        params: {},
        context,
      } as never)) as { deals?: { name: string; restaurant: { urlName: string } }[]; total: number };
      return (answer.deals ?? [])
        .map((d) => d.name)
        .filter((n) => n.endsWith(word))
        .toSorted();
    };
    expect(await search(`show=deals&q=family+${word}`)).toEqual([`Family ${word}`]);
    expect(await search(`show=iftar&country=Pakistan&city=Islamabad&q=${word}`)).toEqual([
      `Iftar platter ${word}`,
    ]);
    expect(await search(`show=iftar&country=Pakistan&city=Lahore&q=${word}`)).toEqual([`Iftar box ${word}`]);
    expect(await search(`show=iftar&q=${word}`)).toEqual([
      `Hidden iftar ${word}`,
      `Iftar box ${word}`,
      `Iftar platter ${word}`,
    ]);
    // A wildcard typed is a plain character.
    expect(await search(`show=deals&q=%25${word}`)).toEqual([]);
  });
});

describe("deals belong to their restaurant", () => {
  it("another owner can neither change nor delete one, nor set it at a branch; nothing changes", async () => {
    const { owner, dishes, blueArea } = await restaurant();
    const other = await restaurant();
    const deal = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Naan stack", price: "400" }, [[dishes.Naan!, "10", ""]]),
    );
    if (!deal.ok) throw new Error("setup");
    const form = dealForm({ name: "Stolen", price: "1" }, [[other.dishes.Naan!, "1", ""]]);
    expect(await saveDeal(services, other.owner.id, deal.id, form)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteDeal(services, other.owner.id, deal.id)).toMatchObject({ ok: false, status: 404 });
    expect(
      await setBranchDeal(services, other.owner.id, other.blueArea, {
        dealId: deal.id,
        priceOverride: "1",
        offered: "",
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await setBranchDeal(services, other.owner.id, blueArea, { dealId: deal.id, offered: "" }),
    ).toMatchObject({
      ok: false,
    });
    expect(await ownDeals(services, owner.id, "en")).toMatchObject([{ name: "Naan stack", price: 400 }]);
    expect((await tablePage(owner.urlName, blueArea, karachi(0, "13:00"))).deals.map((d) => d.price)).toEqual(
      [400],
    );
    // Its owner deletes it: gone from the page.
    expect(await deleteDeal(services, owner.id, deal.id)).toEqual({ ok: true });
    expect((await tablePage(owner.urlName, blueArea, karachi(0, "13:00"))).deals).toEqual([]);
  });

  it("its own picture is stored, counted among the owner's photos, and removed with it", async () => {
    const { owner, dishes } = await restaurant();
    const before = await storedImageCount(services.database.db, owner.id);
    const form = dealForm({ name: "Pictured deal" }, [[dishes.Naan!, "2", ""]]);
    form.files.set("picture", await photoWithGps(200, 150));
    const deal = await saveDeal(services, owner.id, null, form);
    if (!deal.ok) throw new Error(inEnglish(deal.message));
    const [row] = await ownDeals(services, owner.id, "en");
    expect(row!.picture).toMatch(/^\/media\/img\//u);
    expect(await storedImageCount(services.database.db, owner.id)).toBe(before + 1);
    const keys = imageKeys(row!.picture);
    expect(await services.storage.get(keys[0]!)).not.toBeNull();
    expect(await deleteDeal(services, owner.id, deal.id)).toEqual({ ok: true });
    expect(await services.storage.get(keys[0]!)).toBeNull();
    expect(await storedImageCount(services.database.db, owner.id)).toBe(before);
    // Without a picture of its own, a deal shows its first dish's, which stays with the dish.
    const plain = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Plain deal" }, [[dishes.Naan!, "2", ""]]),
    );
    if (!plain.ok) throw new Error("setup");
    const [shown] = await ownDeals(services, owner.id, "en");
    const naan = await services.database.db
      .selectFrom("menu_item")
      .select("frontView")
      .where("id", "=", dishes.Naan!)
      .executeTakeFirstOrThrow();
    expect(shown!.picture).toBe(naan.frontView);
    await deleteDeal(services, owner.id, plain.id);
    expect(await services.storage.get(imageKeys(naan.frontView)[0]!)).not.toBeNull();
    // The dish deleted, the deal still showing its picture keeps the file.
    const kept = await saveDeal(
      services,
      owner.id,
      null,
      dealForm({ name: "Kept" }, [[dishes.Naan!, "2", ""]]),
    );
    if (!kept.ok) throw new Error("setup");
    expect(await menus.deleteItem(services, owner.id, dishes.Naan!)).toMatchObject({ ok: true });
    expect((await ownDeals(services, owner.id, "en"))[0]!.picture).toBe(naan.frontView);
    expect(await services.storage.get(imageKeys(naan.frontView)[0]!)).not.toBeNull();
  });

  it("a deal's change moves the restaurant's pages in the page cache (its content version)", async () => {
    const { owner, dishes } = await restaurant();
    const version = async () => {
      const { rows } = await sql<{ version: number | string }>`
        select version from content_version where scope = ${`r:${owner.id}`}`.execute(services.database.db);
      return Number(rows[0]?.version ?? 0);
    };
    const before = await version();
    const deal = await saveDeal(services, owner.id, null, dealForm({}, [[dishes.Naan!, "2", ""]]));
    expect(deal.ok).toBe(true);
    expect(await version()).toBeGreaterThan(before);
  });
});
