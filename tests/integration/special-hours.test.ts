import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideRestaurant, COMMAND_LINE } from "~/features/admin/admin.server.ts";
import { addBranch, setOpeningHours } from "~/features/branches/branches.server.ts";
import { addSchedule, deleteSchedule, ownSchedules } from "~/features/branches/special-hours.server.ts";
import { saveDeal } from "~/features/deals/deals.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { inEnglish, type Message } from "~/lib/message.ts";
import { DAYS } from "~/lib/opening-hours.ts";
import { SPECIAL_HOURS_MESSAGES as M } from "~/lib/special-hours.ts";
import { localTimeIn } from "~/lib/zoned-time.ts";
import { cityPlace, fastTimes } from "~/server/prayer-times.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { tablePageAnswer } from "../setup/table-page.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 32, ADR 0045: Ramadan and Eid hours as dated schedules. On their days the page
 * says open or closed from the schedule (iftar and sehri are that day's times in the
 * branch's city), counts down to iftar, leads with the iftar deals, and says until when
 * it is true; JSON-LD carries the special hours with their dates.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date(0);
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

const ok = { ok: true };
const ISLAMABAD = cityPlace("Pakistan", "Islamabad")!;

/** A moment on Islamabad's clocks (UTC+5). */
const pk = (date: string, time: string) => new Date(`${date}T${time}:00+05:00`);
const hhmm = (at: Date) => localTimeIn(at, "Asia/Karachi").slice(11);
const clockOf = (at: Date) => {
  const [h, m] = hhmm(at).split(":").map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
};

/** An approved restaurant with a dish and a branch in Islamabad's Blue Area, open 12:00 to 23:00 every day. */
async function restaurant(city = "Islamabad") {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Karahi" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const dish = await menus.addItem(services, owner.id, {
    values: itemInput(section.id, { name: "Pakora", price: "100" }),
    files: itemViews(photo),
  });
  if (!dish.ok) throw new Error(inEnglish(dish.message));
  const added = await addBranch(services, owner.id, {
    branchName: "Blue Area",
    ...(city
      ? { provinceLabel: "Islamabad Capital Territory", cityLabel: city, areaLabel: "Blue Area" }
      : {}),
  });
  if (!added.ok) throw new Error(inEnglish(added.message));
  const week = Object.fromEntries(
    DAYS.flatMap((d) => [
      [`${d}Opens0`, "12:00"],
      [`${d}Closes0`, "23:00"],
    ]),
  );
  expect(await setOpeningHours(services, owner.id, added.branchUrl, week)).toEqual(ok);
  await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
  return { owner, branch: added.branchUrl, dishId: dish.id };
}

/** Ramadan 2027 hours: iftar to 23:00 and 02:00 to sehri, 8 February to 9 March. */
const RAMADAN = {
  kind: "ramadan",
  validFrom: "2027-02-08",
  validUntil: "2027-03-09",
  r0FromAt: "iftar",
  r0To: "23:00",
  r1From: "02:00",
  r1ToAt: "sehri",
};

async function tablePage(urlName: string, branch: string, at: Date) {
  clock = at;
  const { data, freshUntil, jsonLd } = await tablePageAnswer<{
    open: { open: boolean; text: Message } | null;
    fast: Message | null;
    deals: { name: string }[];
  }>(services, { urlName, branch });
  return {
    open: data.open && inEnglish(data.open.text),
    fast: data.fast && inEnglish(data.fast),
    deals: data.deals.map((d) => d.name),
    freshUntil,
    jsonLd,
  };
}

/** Eid hours from `day` to 2027-03-12, closed. */
const eidFrom = (day: string) => ({ kind: "eid", validFrom: day, validUntil: "2027-03-12", closed: "on" });

describe("Ramadan and Eid hours: what the owner may save", () => {
  it("keeps one of two overlapping schedules sent at once (the branch row's lock)", async () => {
    const { owner, branch } = await restaurant();
    const results = await Promise.all([
      addSchedule(services, owner.id, branch, eidFrom("2027-03-10")),
      addSchedule(services, owner.id, branch, eidFrom("2027-03-11")),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await ownSchedules(services, owner.id, branch, "en"))!.schedules).toHaveLength(1);
  });

  it("refuses schedules that make no sense, in words, and writes nothing", async () => {
    const { owner, branch } = await restaurant();
    const refused = async (values: Record<string, string>, field: string, message: Message) =>
      expect(await addSchedule(services, owner.id, branch, values), field).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { [field]: message },
      });
    await refused({ ...RAMADAN, kind: "diwali" }, "kind", M.kind);
    await refused({ ...RAMADAN, validFrom: "2027-02-30" }, "validFrom", M.date);
    await refused({ ...RAMADAN, validUntil: "2027-02-01" }, "validUntil", M.datesReversed);
    await refused({ ...RAMADAN, validUntil: "2027-04-30" }, "validUntil", M.tooLong);
    await refused({ ...RAMADAN, r0To: "" }, "r0To", M.bothEdges);
    await refused({ ...RAMADAN, r0To: "11 pm" }, "r0To", M.edge);
    await refused({ ...RAMADAN, r0FromAt: "", r0From: "23:00" }, "r0To", M.same);
    await refused({ kind: "eid", validFrom: "2027-03-10", validUntil: "2027-03-10" }, "r0From", M.noHours);
    expect((await ownSchedules(services, owner.id, branch, "en"))!.schedules).toEqual([]);
    expect(await addSchedule(services, owner.id, branch, RAMADAN)).toEqual(ok);
    // Eid overlapping the last day of Ramadan.
    await refused(
      { kind: "eid", validFrom: "2027-03-09", validUntil: "2027-03-11", closed: "on" },
      "validFrom",
      M.overlap,
    );
    expect(
      await addSchedule(services, owner.id, branch, {
        kind: "eid",
        validFrom: "2027-03-10",
        validUntil: "2027-03-10",
        closed: "on",
      }),
    ).toEqual(ok);
    expect((await ownSchedules(services, owner.id, branch, "en"))!.schedules).toMatchObject([
      { kind: "ramadan", hours: "iftar – 11:00 pm, 2:00 am – sehri" },
      { kind: "eid", hours: "Closed" },
    ]);
  });

  it("needs the branch's city for iftar and sehri; another owner can neither add nor delete", async () => {
    const nowhere = await restaurant("");
    expect(await addSchedule(services, nowhere.owner.id, nowhere.branch, RAMADAN)).toMatchObject({
      status: 400,
      fieldErrors: { r0From: M.needsCity },
    });
    // Fixed times need no city.
    expect(
      await addSchedule(services, nowhere.owner.id, nowhere.branch, {
        ...RAMADAN,
        r0FromAt: "",
        r0From: "18:00",
        r1ToAt: "",
        r1To: "04:30",
      }),
    ).toEqual(ok);
    const { owner, branch } = await restaurant();
    await addSchedule(services, owner.id, branch, RAMADAN);
    const [schedule] = (await ownSchedules(services, owner.id, branch, "en"))!.schedules;
    const other = await restaurant();
    expect(
      await addSchedule(services, other.owner.id, branch === other.branch ? "nope" : branch, RAMADAN),
    ).toMatchObject({ ok: false });
    expect(await deleteSchedule(services, other.owner.id, other.branch, schedule!.id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await deleteSchedule(services, other.owner.id, branch, schedule!.id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await ownSchedules(services, owner.id, branch, "en"))!.schedules).toHaveLength(1);
    expect(await deleteSchedule(services, owner.id, branch, schedule!.id)).toEqual(ok);
    expect((await ownSchedules(services, owner.id, branch, "en"))!.schedules).toHaveLength(0);
  });
});

describe("Ramadan mode on the table page", () => {
  it("on and off: the day's hours and the time to iftar or the end of sehri, true until the next change", async () => {
    const { owner, branch, dishId } = await restaurant();
    expect(await addSchedule(services, owner.id, branch, RAMADAN)).toEqual(ok);
    expect(
      await addSchedule(services, owner.id, branch, {
        kind: "eid",
        validFrom: "2027-03-10",
        validUntil: "2027-03-10",
        closed: "on",
      }),
    ).toEqual(ok);
    const deal = (name: string, iftar: boolean) =>
      saveDeal(services, owner.id, null, {
        values: {
          name,
          price: "150",
          serves: "1",
          partDish: [dishId],
          partQuantity: ["2"],
          partText: [""],
          ...(iftar ? { iftar: "on" } : {}),
        },
        files: new Map(),
      });
    await deal("Lunch deal", false);
    await deal("Iftar deal", true);
    const day = "2027-02-15";
    const { sehri, iftar } = fastTimes(ISLAMABAD, day)!;
    const nextSehri = fastTimes(ISLAMABAD, "2027-02-16")!.sehri;

    // Ramadan off: the weekly hours, deals in their order, and the page changes when Ramadan starts.
    const before = await tablePage(owner.urlName, branch, pk("2027-02-07", "22:00"));
    expect(before).toMatchObject({
      open: "Open now · closes 11:00 pm",
      fast: null,
      deals: ["Lunch deal", "Iftar deal"],
    });
    expect(before.freshUntil).toBe(pk("2027-02-07", "23:00").toISOString());
    const lastNight = await tablePage(owner.urlName, branch, pk("2027-02-07", "23:30"));
    expect(lastNight.freshUntil).toBe(pk("2027-02-08", "00:00").toISOString());

    // Noon of a Ramadan day: closed until iftar, iftar deals first.
    const noon = await tablePage(owner.urlName, branch, pk(day, "12:00"));
    expect(noon).toMatchObject({
      open: `Closed · opens ${clockOf(iftar)}`,
      fast: `Iftar at ${clockOf(iftar)}`,
      deals: ["Iftar deal", "Lunch deal"],
    });
    expect(noon.freshUntil).toBe(new Date(iftar.getTime() - 90 * 60_000).toISOString());
    // 42 minutes to iftar: counted to the minute.
    const countdown = await tablePage(owner.urlName, branch, new Date(iftar.getTime() - 42 * 60_000));
    expect(countdown.fast).toBe(`Iftar in 42 min · ${clockOf(iftar)}`);
    expect(countdown.freshUntil).toBe(new Date(iftar.getTime() - 41 * 60_000).toISOString());
    // After iftar: open until 23:00, and sehri ends tomorrow morning.
    const evening = await tablePage(owner.urlName, branch, pk(day, "21:00"));
    expect(evening).toMatchObject({
      open: "Open now · closes 11:00 pm",
      fast: `Sehri until ${clockOf(nextSehri)}`,
    });
    expect(evening.freshUntil).toBe(pk(day, "23:00").toISOString());
    // 03:00: the sehri service, until sehri.
    const night = await tablePage(owner.urlName, branch, pk("2027-02-16", "03:00"));
    expect(night).toMatchObject({
      open: `Open now · closes ${clockOf(nextSehri)}`,
      fast: `Sehri until ${clockOf(nextSehri)}`,
    });
    expect(night.freshUntil).toBe(nextSehri.toISOString());
    expect(sehri < iftar).toBe(true);
    // Eid: closed all day, open again the next day by the weekly hours.
    const eid = await tablePage(owner.urlName, branch, pk("2027-03-10", "13:00"));
    expect(eid).toMatchObject({
      open: "Closed · opens Thursday 12:00 pm",
      fast: null,
      deals: ["Lunch deal", "Iftar deal"],
    });
    // After Ramadan and Eid: the weekly hours again.
    expect((await tablePage(owner.urlName, branch, pk("2027-03-11", "13:00"))).open).toBe(
      "Open now · closes 11:00 pm",
    );
    // Search engines read the special hours with their dates.
    expect(noon.jsonLd).toContain('"validFrom":"2027-02-08","validThrough":"2027-03-09"');
    expect(noon.jsonLd).toContain(
      '"opens":"00:00","closes":"00:00","validFrom":"2027-03-10","validThrough":"2027-03-10"',
    );
  });
});
