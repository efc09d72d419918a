import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideRestaurant, COMMAND_LINE } from "~/features/admin/admin.server.ts";
import { setBranchItemDetails, setOpeningHours } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { SERVED_TIMES_MESSAGES as M } from "~/features/menus/served-times-form.ts";
import { servedTimesForm, setServedTimes, type TimedTarget } from "~/features/menus/served-times.server.ts";
import { inEnglish, type Message } from "~/lib/message.ts";
import { DAYS } from "~/lib/opening-hours.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { tablePageAnswer } from "../setup/table-page.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 32, ADR 0043: sections and dishes served only at some hours. They stay on the
 * table page, marked with when they are served, after what is served now; 'available
 * now' leaves them out; the page is kept only until the next change; branches follow the
 * general menu's times or keep their own; the owner previews another moment.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date(0);
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

/** Form values for windows: [from, to, days (default every day)]. */
function timesForm(...windows: [string, string, string[]?][]) {
  const values: Record<string, string> = {};
  windows.forEach(([from, to, days = [...DAYS]], i) => {
    values[`w${i}From`] = from;
    values[`w${i}To`] = to;
    for (const day of days) values[`w${i}${day}`] = "on";
  });
  return values;
}

/** A section or dish of the general menu. */
const general = (kind: TimedTarget["kind"], id: string): TimedTarget => ({ kind, id, branchUrl: null });

/** An approved restaurant: Karahi (2 dishes), Breakfast (2), Midnight menu (1); one branch. */
async function restaurantWithTimedMenu() {
  const owner = await signedUpOwner(services);
  const sections: Record<string, string> = {};
  const dishes: Record<string, string> = {};
  const menu: [string, string[]][] = [
    ["Karahi", ["Chicken Karahi", "Mutton Karahi"]],
    ["Breakfast", ["Halwa Puri", "Aloo Paratha"]],
    ["Midnight menu", ["Bun Kabab"]],
  ];
  for (const [section, names] of menu) {
    const added = await menus.addSection(services, owner.id, { originalName: section });
    if (!added.ok) throw new Error(inEnglish(added.message));
    sections[section] = added.id;
    for (const [i, name] of names.entries()) {
      const item = await menus.addItem(services, owner.id, {
        values: itemInput(added.id, { name, positionInSection: String(i + 1), price: "500" }),
        files: itemViews(photo),
      });
      if (!item.ok) throw new Error(inEnglish(item.message));
      dishes[name] = item.id;
    }
  }
  const branch = await branchOf(services, owner.id, "Blue Area");
  await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
  return { owner, sections, dishes, branch };
}

const ok = { ok: true };

/** A moment in Karachi (UTC+5): 2026-11-23 is a Monday. */
const karachi = (day: number, time: string) =>
  new Date(`2026-11-${String(23 + day).padStart(2, "0")}T${time}:00+05:00`);

/** The table page's dishes in order with their notes, its sections' order, and until when it is true. */
async function tablePage(urlName: string, branch: string, at: Date, query = "", cookies?: Headers) {
  clock = at;
  const answer = await tablePageAnswer<{
    items: {
      name: string;
      served: { text: Message } | null;
      sectionName: string;
      sectionServed: { text: Message } | null;
    }[];
    sections: { name: string }[];
    preview: unknown;
  }>(services, { urlName, branch, query }, cookies);
  const notes: Record<string, string> = {};
  for (const item of answer.data.items) {
    if (item.served) notes[item.name] = inEnglish(item.served.text);
    if (item.sectionServed) notes[item.sectionName] = inEnglish(item.sectionServed.text);
  }
  return {
    dishes: answer.data.items.map((i) => i.name),
    notes,
    tabs: answer.data.sections.map((s) => s.name),
    freshUntil: answer.freshUntil,
    kept: answer.kept,
    preview: answer.data.preview,
  };
}

describe("serving times: what the owner may save", () => {
  it("refuses windows that make no sense, in words, and writes nothing", async () => {
    const { owner, sections } = await restaurantWithTimedMenu();
    const target = general("section", sections.Breakfast!);
    const refused = async (values: Record<string, string>, field: string, message: Message) => {
      const result = await setServedTimes(services, owner.id, target, values);
      expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    };
    await refused(timesForm(["07:00", ""]), "w0To", M.bothTimes);
    await refused(timesForm(["7 am", "11:30"]), "w0From", M.time);
    await refused(timesForm(["07:00", "07:00"]), "w0To", M.same);
    await refused(timesForm(["07:00", "11:30", []]), "w0mon", M.noDays);
    // Overlapping windows, on the day they share, and past midnight into the next morning.
    await refused(timesForm(["07:00", "11:30"], ["11:00", "15:00", ["fri"]]), "w1From", M.overlap("fri"));
    await refused(
      timesForm(["23:00", "03:00", ["fri"]], ["01:00", "05:00", ["sat"]]),
      "w1From",
      M.overlap("sat"),
    );
    const form = await servedTimesForm(services, owner.id, target);
    expect(form?.values.w0From).toBe("");
    // An end before the start runs past midnight: that is a window, not a mistake.
    expect(await setServedTimes(services, owner.id, target, timesForm(["23:00", "03:00"]))).toEqual(ok);
    // Windows that meet end to end do not overlap.
    expect(
      await setServedTimes(services, owner.id, target, timesForm(["07:00", "11:00"], ["11:00", "12:00"])),
    ).toEqual(ok);
  });

  it("another owner, and anything not on the menu, is refused and nothing changes", async () => {
    const { owner, sections, dishes } = await restaurantWithTimedMenu();
    const other = await signedUpOwner(services);
    const target = general("section", sections.Breakfast!);
    expect(await setServedTimes(services, other.id, target, timesForm(["07:00", "11:30"]))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await servedTimesForm(services, other.id, general("item", dishes["Halwa Puri"]!))).toBeNull();
    expect(
      await setServedTimes(
        services,
        owner.id,
        general("section", "no-such-section"),
        timesForm(["07:00", "11:30"]),
      ),
    ).toMatchObject({ ok: false, status: 404 });
    // A branch's copy is not the general menu's row, nor the other way round.
    expect(
      await setServedTimes(
        services,
        owner.id,
        { kind: "section", id: sections.Breakfast!, branchUrl: "bluearea" },
        timesForm(["07:00", "11:30"]),
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect((await servedTimesForm(services, owner.id, target))?.values.w0From).toBe("");
  });
});

describe("serving times on the table page", () => {
  it("breakfast until 11:30: first while it is served, then last and marked, and the page is true until then", async () => {
    const { owner, sections, branch } = await restaurantWithTimedMenu();
    expect(
      await setServedTimes(
        services,
        owner.id,
        general("section", sections.Breakfast!),
        timesForm(["07:00", "11:30"]),
      ),
    ).toEqual(ok);
    // Midnight menu: Friday and Saturday nights, 23:00 to 03:00.
    expect(
      await setServedTimes(
        services,
        owner.id,
        general("section", sections["Midnight menu"]!),
        timesForm(["23:00", "03:00", ["fri", "sat"]]),
      ),
    ).toEqual(ok);
    // Monday 08:00: breakfast is served, the midnight menu is days off.
    const morning = await tablePage(owner.urlName, branch, karachi(0, "08:00"));
    expect(morning.tabs).toEqual(["Karahi", "Breakfast", "Midnight menu"]);
    expect(morning.dishes).toEqual([
      "Chicken Karahi",
      "Mutton Karahi",
      "Halwa Puri",
      "Aloo Paratha",
      "Bun Kabab",
    ]);
    expect(morning.notes).toEqual({ Breakfast: "Until 11:30 am", "Midnight menu": "From Friday 11:00 pm" });
    expect(morning.freshUntil).toBe(karachi(0, "11:30").toISOString());
    // 11:30: breakfast goes after what is served now, never off the page.
    const noon = await tablePage(owner.urlName, branch, karachi(0, "11:30"));
    expect(noon.tabs).toEqual(["Karahi", "Breakfast", "Midnight menu"]);
    expect(noon.notes).toMatchObject({ Breakfast: "From 7:00 am" });
    expect(noon.freshUntil).toBe(karachi(1, "07:00").toISOString());
    // Friday 23:30: the midnight menu is on, breakfast is not.
    const late = await tablePage(owner.urlName, branch, karachi(4, "23:30"));
    expect(late.tabs).toEqual(["Karahi", "Midnight menu", "Breakfast"]);
    expect(late.dishes).toEqual([
      "Chicken Karahi",
      "Mutton Karahi",
      "Bun Kabab",
      "Halwa Puri",
      "Aloo Paratha",
    ]);
    expect(late.notes).toEqual({ "Midnight menu": "Until 3:00 am", Breakfast: "From 7:00 am" });
    // Saturday 02:00 is still Friday night's window.
    expect((await tablePage(owner.urlName, branch, karachi(5, "02:00"))).notes["Midnight menu"]).toBe(
      "Until 3:00 am",
    );
    // 'Available now' leaves out what is not served at the moment.
    const available = await tablePage(owner.urlName, branch, karachi(0, "12:00"), "?available=1");
    expect(available.dishes).toEqual(["Chicken Karahi", "Mutton Karahi"]);
    expect(available.tabs).toEqual(["Karahi"]);
  });

  it("the page is kept until the earliest change: the branch closing, or a section starting", async () => {
    const { owner, sections, branch } = await restaurantWithTimedMenu();
    await setServedTimes(
      services,
      owner.id,
      general("section", sections.Breakfast!),
      timesForm(["07:00", "11:30"]),
    );
    const week = Object.fromEntries(
      DAYS.flatMap((d) => [
        [`${d}Opens0`, "06:00"],
        [`${d}Closes0`, "23:00"],
      ]),
    );
    expect(await setOpeningHours(services, owner.id, branch, week)).toEqual(ok);
    // At 22:00 the branch closes (23:00) before breakfast starts (07:00).
    expect((await tablePage(owner.urlName, branch, karachi(0, "22:00"))).freshUntil).toBe(
      karachi(0, "23:00").toISOString(),
    );
    // At 06:30 breakfast starts (07:00) before the branch closes.
    expect((await tablePage(owner.urlName, branch, karachi(0, "06:30"))).freshUntil).toBe(
      karachi(0, "07:00").toISOString(),
    );
  });

  it("a dish of its own hours goes after the dishes served now in its section, before the sold-out ones", async () => {
    const { owner, dishes, branch } = await restaurantWithTimedMenu();
    // Chicken Karahi only 12:00 to 15:00 on weekdays (a lunch dish).
    expect(
      await setServedTimes(
        services,
        owner.id,
        general("item", dishes["Chicken Karahi"]!),
        timesForm(["12:00", "15:00", ["mon", "tue", "wed", "thu", "fri"]]),
      ),
    ).toEqual(ok);
    const morning = await tablePage(owner.urlName, branch, karachi(0, "10:00"));
    expect(morning.dishes.slice(0, 2)).toEqual(["Mutton Karahi", "Chicken Karahi"]);
    expect(morning.notes["Chicken Karahi"]).toBe("From 12:00 pm");
    const lunch = await tablePage(owner.urlName, branch, karachi(0, "12:00"));
    expect(lunch.dishes.slice(0, 2)).toEqual(["Chicken Karahi", "Mutton Karahi"]);
    expect(lunch.notes["Chicken Karahi"]).toBe("Until 3:00 pm");
    // Saturday: no lunch dish until Monday, and a dish sold out here goes after it.
    const mutton = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("generalItemId", "=", dishes["Mutton Karahi"]!)
      .executeTakeFirstOrThrow();
    expect(
      await setBranchItemDetails(services, owner.id, branch, { itemId: mutton.id, soldOut: "on" }),
    ).toEqual(ok);
    const saturday = await tablePage(owner.urlName, branch, karachi(5, "13:00"));
    expect(saturday.dishes.slice(0, 2)).toEqual(["Chicken Karahi", "Mutton Karahi"]);
    expect(saturday.notes["Chicken Karahi"]).toBe("From Monday 12:00 pm");
    const available = await tablePage(owner.urlName, branch, karachi(5, "13:00"), "?available=1");
    expect(available.dishes).not.toContain("Chicken Karahi");
    expect(available.dishes).not.toContain("Mutton Karahi");
  });

  it("reads the clock in the branch's own time zone", async () => {
    const { owner, sections, branch } = await restaurantWithTimedMenu();
    await setServedTimes(
      services,
      owner.id,
      general("section", sections.Breakfast!),
      timesForm(["07:00", "11:30"]),
    );
    // 08:00 in Karachi is 07:00 in Dubai: breakfast there starts at that minute.
    const at = karachi(0, "08:00");
    expect((await tablePage(owner.urlName, branch, at)).notes.Breakfast).toBe("Until 11:30 am");
    await services.database.db
      .updateTable("branch")
      .set({ timeZone: "Europe/London" })
      .where("branchUrl", "=", branch)
      .where("restaurantId", "=", owner.id)
      .execute();
    // 03:00 in London.
    const london = await tablePage(owner.urlName, branch, at);
    expect(london.notes.Breakfast).toBe("From 7:00 am");
    expect(london.freshUntil).toBe(new Date("2026-11-23T07:00:00Z").toISOString());
  });
});

describe("serving times at the branches", () => {
  it("a branch follows the general menu's times, keeps its own, and follows again", async () => {
    const { owner, sections, branch } = await restaurantWithTimedMenu();
    const copyOf = async () =>
      services.database.db
        .selectFrom("menu_section")
        .select(["id", "servedTimes", "servedTimesOwn"])
        .where("generalSectionId", "=", sections.Breakfast!)
        .executeTakeFirstOrThrow();
    await setServedTimes(
      services,
      owner.id,
      general("section", sections.Breakfast!),
      timesForm(["07:00", "11:30"]),
    );
    const copy = await copyOf();
    expect(copy.servedTimes).toContain("11:30");
    const here: TimedTarget = { kind: "section", id: copy.id, branchUrl: branch };
    expect(await servedTimesForm(services, owner.id, here)).toMatchObject({
      generalText: "7:00 am – 11:30 am",
      values: { follow: "general", w0From: "07:00" },
    });
    // This branch serves breakfast until noon.
    expect(
      await setServedTimes(services, owner.id, here, { follow: "own", ...timesForm(["07:00", "12:00"]) }),
    ).toEqual(ok);
    await setServedTimes(
      services,
      owner.id,
      general("section", sections.Breakfast!),
      timesForm(["06:30", "11:00"]),
    );
    expect((await copyOf()).servedTimes).toContain("12:00");
    expect((await tablePage(owner.urlName, branch, karachi(0, "11:45"))).notes.Breakfast).toBe(
      "Until 12:00 pm",
    );
    // A second branch, added now, takes the general menu's times.
    const second = await branchOf(services, owner.id, "Saddar");
    expect((await tablePage(owner.urlName, second, karachi(0, "11:45"))).notes.Breakfast).toBe(
      "From 6:30 am",
    );
    // Following again takes the general menu's times at once.
    expect(await setServedTimes(services, owner.id, here, { follow: "general" })).toEqual(ok);
    expect(await copyOf()).toMatchObject({
      servedTimesOwn: 0,
      servedTimes: expect.stringContaining("06:30"),
    });
    // Clearing the general times clears every copy that follows.
    await setServedTimes(services, owner.id, general("section", sections.Breakfast!), {});
    expect((await copyOf()).servedTimes).toBe("");
    expect((await tablePage(owner.urlName, branch, karachi(0, "11:45"))).notes).toEqual({});
  });
});

describe("the owner's preview at another moment", () => {
  it("is the owner's alone, never kept; anyone else is sent to the page of now", async () => {
    const { owner, sections, branch } = await restaurantWithTimedMenu();
    await setServedTimes(
      services,
      owner.id,
      general("section", sections.Breakfast!),
      timesForm(["07:00", "11:30"]),
    );
    const preview = await tablePage(
      owner.urlName,
      branch,
      karachi(0, "15:00"),
      "?at=2026-11-24T08:00",
      owner.cookies,
    );
    expect(preview.notes.Breakfast).toBe("Until 11:30 am");
    expect(preview.kept).toBe(false);
    expect(preview.preview).toEqual({ at: "2026-11-24T08:00", now: "2026-11-24T08:00" });
    // The owner's page of now offers the preview and is kept for them alone ("self").
    const own = await tablePage(owner.urlName, branch, karachi(0, "15:00"), "", owner.cookies);
    expect(own.preview).toEqual({ at: null, now: "2026-11-23T15:00" });
    expect(own.notes.Breakfast).toBe("From 7:00 am");
    // A visitor, a customer or another owner asking for a moment gets a redirect to now.
    const customer = await signedUpCustomer(services);
    const other = await signedUpOwner(services);
    for (const cookies of [undefined, customer.cookies, other.cookies]) {
      const answer = await tablePage(
        owner.urlName,
        branch,
        karachi(0, "15:00"),
        "?page=1&at=2026-11-24T08:00",
        cookies,
      ).catch((thrown: unknown) => thrown);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(302);
      expect((answer as Response).headers.get("location")).toBe(
        `/r/${owner.urlName}/branch/${branch}?page=1`,
      );
    }
    // A moment no clock shows: the owner too gets the page of now.
    const bad = await tablePage(
      owner.urlName,
      branch,
      karachi(0, "15:00"),
      "?at=2026-02-31T08:00",
      owner.cookies,
    ).catch((thrown: unknown) => thrown);
    expect((bad as Response).status).toBe(302);
    // Visitors never see the preview form.
    expect((await tablePage(owner.urlName, branch, karachi(0, "15:00"))).preview).toBeNull();
  });
});
