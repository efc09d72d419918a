import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBranchFilters } from "~/features/branches/branch-filters.ts";
import { BRANCH_MESSAGES as B, parseOpeningHours } from "~/features/branches/branches.schema.ts";
import {
  ownBranchHours,
  ownerBranchMenu,
  publicBranch,
  setBranchItemDetails,
  setOpeningHours,
} from "~/features/branches/branches.server.ts";
import { decideRestaurant, COMMAND_LINE } from "~/features/admin/admin.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as branchPage from "~/routes/public/branch.tsx";
import { servicesContext } from "~/server/context.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { type Message, inEnglish } from "~/lib/message.ts";

/**
 * ADR 0024: the page a table's QR code opens. Filters a diner sets in the URL, tabs that
 * jump to the page a section starts on, allergens that say nothing for 'None', and opening
 * hours that the page states only while they are true.
 */
let services: TestServices;
let photo: Buffer;
/** The page's clock (services.now): the opening-hours tests set it. */
let clock = new Date(0);
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

const DISHES: [section: number, name: string, type: string, taste: string, allergens: string][] = [
  [0, "Chicken Karahi", "Non-Veg", "Spicy", "None"],
  [0, "Daal Mash", "Veg", "Savory", ""],
  [0, "Paneer Karahi", "Veg", "Spicy", "Dairy"],
  [1, "Seekh Kabab", "Non-Veg", "Spicy", "-"],
  [1, "Malai Boti", "Non-Veg", "Savory", "Dairy, Nuts"],
  [1, "Tandoori Roti", "Vegan", "Savory", "Gluten"],
  [1, "Garlic Naan", "Veg", "Savory", "Gluten and dairy"],
  [2, "Kheer", "Veg", "Sweet", "Dairy, nuts"],
  [2, "Sweet Lassi", "Veg", "Sweet", "Dairy"],
];

async function restaurantWithMenu() {
  const owner = await signedUpOwner(services);
  const sections: string[] = [];
  for (const name of ["Karahi", "From the Tandoor", "Sweets"]) {
    const section = await menus.addSection(services, owner.id, { originalName: name });
    if (!section.ok) throw new Error(inEnglish(section.message));
    sections.push(section.id);
  }
  for (const [i, [section, name, type, taste, allergens]] of DISHES.entries()) {
    const added = await menus.addItem(services, owner.id, {
      values: itemInput(sections[section]!, {
        name,
        itemType: type,
        itemTaste: taste,
        foodAllergies: allergens,
        positionInSection: String(i + 1),
      }),
      files: itemViews(photo),
    });
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
  const branch = await branchOf(services, owner.id, "Blue Area");
  return { owner, branch };
}

const filters = (query: string) => readBranchFilters(new URLSearchParams(query));

describe("the branch page's filters", () => {
  it("narrow the dishes by type, taste, allergens to leave out and what is available, page by page", async () => {
    const { owner, branch } = await restaurantWithMenu();
    const names = async (query: string, page = 1) =>
      (await publicBranch(services, owner.urlName, branch, page, undefined, filters(query)))!.items.map(
        (i) => i.name,
      );
    // Vegan is a kind of veg: the roti is found with the veg dishes.
    expect(await names("type=Veg")).toEqual([
      "Daal Mash",
      "Paneer Karahi",
      "Tandoori Roti",
      "Garlic Naan",
      "Kheer",
      "Sweet Lassi",
    ]);
    expect(await names("taste=Sweet")).toEqual(["Kheer", "Sweet Lassi"]);
    expect(await names("type=Veg&taste=Savory")).toEqual(["Daal Mash", "Tandoori Roti", "Garlic Naan"]);
    // Leaving out dairy and nuts: every dish whose allergens mention either, in any case.
    expect(await names("avoid=dairy&avoid=nuts")).toEqual([
      "Chicken Karahi",
      "Daal Mash",
      "Seekh Kabab",
      "Tandoori Roti",
    ]);
    // A value that is no choice is no filter; a LIKE wildcard is a plain character.
    expect(await names("type=Meat&taste=%25")).toHaveLength(6);
    expect(await names("avoid=%25")).toHaveLength(6);
    // Sold out: marked and last in its section; 'available now' leaves it out.
    const copy = (await ownerBranchMenu(services, owner.id, branch))!.sections[0]!.items[0]!;
    await setBranchItemDetails(services, owner.id, branch, { itemId: copy.id, soldOut: "on" });
    expect((await names(""))[2]).toBe("Chicken Karahi");
    expect(await names("available=1")).not.toContain("Chicken Karahi");
  });

  it("give each section the page its first dish is on, and list the allergens the menu mentions", async () => {
    const { owner, branch } = await restaurantWithMenu();
    const page = (await publicBranch(services, owner.urlName, branch, 1, undefined, filters("")))!;
    expect(page.sections.map((s) => [s.name, s.page])).toEqual([
      ["Karahi", 1],
      ["From the Tandoor", 1],
      ["Sweets", 2],
    ]);
    expect(page.allergens).toEqual(["Dairy", "Gluten", "Nuts"]);
    const vegan = (await publicBranch(services, owner.urlName, branch, 1, undefined, filters("type=Vegan")))!;
    expect(vegan.sections.map((s) => s.name)).toEqual(["From the Tandoor"]);
    expect(vegan.pages).toBe(1);
  });
});

describe("opening hours", () => {
  it("need both times of a range, real times, and differing ones; the owner's alone to set", async () => {
    expect(parseOpeningHours({ monOpens0: "12:00" })).toEqual({
      ok: false,
      fieldErrors: { monCloses0: B.hoursBothTimes("Monday") },
    });
    expect(parseOpeningHours({ tueOpens0: "25:00", tueCloses0: "23:00" })).toEqual({
      ok: false,
      fieldErrors: { tueOpens0: B.hoursTime },
    });
    expect(parseOpeningHours({ wedOpens0: "12:00", wedCloses0: "12:00" })).toEqual({
      ok: false,
      fieldErrors: { wedCloses0: B.hoursSame },
    });
    expect(parseOpeningHours({})).toEqual({ ok: true, hours: null });
    const { owner, branch } = await restaurantWithMenu();
    const intruder = await signedUpOwner(services);
    expect(
      await setOpeningHours(services, intruder.id, branch, { monOpens0: "12:00", monCloses0: "23:00" }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await ownBranchHours(services, owner.id, branch))!.openingHours).toBe("");
  });

  it("show on the page as open or closed, while that is true: the page says until when", async () => {
    const { owner, branch } = await restaurantWithMenu();
    await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
    // 8 pm to 11 pm every day in Karachi (UTC+5): 15:00 to 18:00 UTC.
    const week = Object.fromEntries(
      ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((d) => [
        [`${d}Opens0`, "20:00"],
        [`${d}Closes0`, "23:00"],
      ]),
    );
    expect(await setOpeningHours(services, owner.id, branch, { ...week, note: "Eid: 2 pm to 2 am" })).toEqual(
      { ok: true },
    );
    const page = async (at: string) => {
      clock = new Date(at);
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const answer = (await branchPage.loader({
        request: new Request(`http://localhost:3000/r/${owner.urlName}/branch/${branch}`),
        params: { restaurantName: owner.urlName, branchName: branch },
        context,
      } as never)) as unknown as {
        data: { open: { open: boolean; text: Message }; hours: { note: string } };
        init: ResponseInit;
      };
      const until = new Date(Number(new Headers(answer.init.headers).get(FRESH_UNTIL_HEADER)));
      const { open, text } = answer.data.open;
      return { open, text: inEnglish(text), until: until.toISOString(), note: answer.data.hours.note };
    };
    // Wednesday 11 March 2026, 9:30 pm in Karachi.
    expect(await page("2026-03-11T16:30:00Z")).toEqual({
      open: true,
      text: "Open now · closes 11:00 pm",
      until: "2026-03-11T18:00:00.000Z",
      note: "Eid: 2 pm to 2 am",
    });
    // The last minute before closing, and closing time itself.
    expect(await page("2026-03-11T17:59:00Z")).toMatchObject({
      open: true,
      until: "2026-03-11T18:00:00.000Z",
    });
    expect(await page("2026-03-11T18:00:00Z")).toMatchObject({
      open: false,
      text: "Closed · opens Thursday 8:00 pm",
      until: "2026-03-12T15:00:00.000Z",
    });
    // Before opening on the same day, the day is not named.
    expect(await page("2026-03-12T14:59:00Z")).toMatchObject({
      open: false,
      text: "Closed · opens 8:00 pm",
      until: "2026-03-12T15:00:00.000Z",
    });
    expect(await page("2026-03-12T15:00:00Z")).toMatchObject({
      open: true,
      text: "Open now · closes 11:00 pm",
    });
  });
});
