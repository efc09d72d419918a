import { describe, expect, it } from "vitest";
import { registerMessages, translateMessage } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { inEnglish } from "./message.ts";
import { DAYS } from "./opening-hours.ts";
import {
  earliest,
  overlapDays,
  readServedTimes,
  servedState,
  servedTimesJson,
  windowsText,
  type ServedWindow,
} from "./served-times.ts";

registerMessages("ur", urduMessages);

/** A moment in Karachi (UTC+5, no daylight saving): 2026-11-23 is a Monday. */
const karachi = (day: number, time: string) =>
  new Date(`2026-11-${String(23 + day).padStart(2, "0")}T${time}:00+05:00`);

const everyDay = (from: string, to: string): ServedWindow => ({ days: [...DAYS], from, to });
const breakfast = [everyDay("07:00", "11:30")];
const midnight: ServedWindow[] = [{ days: ["fri", "sat"], from: "23:00", to: "03:00" }];

const state = (windows: ServedWindow[], at: Date, zone = "Asia/Karachi") => {
  const s = servedState(windows, at, zone);
  return { now: s.now, text: s.text && inEnglish(s.text), changesAt: s.changesAt?.toISOString() ?? null };
};

describe("served times", () => {
  it("no windows: served whenever the branch is, and nothing to say", () => {
    expect(state([], karachi(0, "03:00"))).toEqual({ now: true, text: null, changesAt: null });
  });

  it("breakfast before, during and after 11:30, and the moment it changes", () => {
    expect(state(breakfast, karachi(0, "06:15"))).toEqual({
      now: false,
      text: "From 7:00 am",
      changesAt: karachi(0, "07:00").toISOString(),
    });
    expect(state(breakfast, karachi(0, "11:29"))).toEqual({
      now: true,
      text: "Until 11:30 am",
      changesAt: karachi(0, "11:30").toISOString(),
    });
    // At noon the next breakfast is tomorrow's, within a day: the hour says it.
    expect(state(breakfast, karachi(0, "11:30"))).toEqual({
      now: false,
      text: "From 7:00 am",
      changesAt: karachi(1, "07:00").toISOString(),
    });
  });

  it("a midnight menu runs into the next morning, and names its day when it is days off", () => {
    // Saturday 01:00 is inside Friday's 23:00–03:00.
    expect(state(midnight, karachi(5, "01:00"))).toMatchObject({ now: true, text: "Until 3:00 am" });
    expect(state(midnight, karachi(5, "03:00"))).toMatchObject({ now: false, text: "From 11:00 pm" });
    expect(state(midnight, karachi(0, "12:00"))).toEqual({
      now: false,
      text: "From Friday 11:00 pm",
      changesAt: karachi(4, "23:00").toISOString(),
    });
    // Sunday 02:00 is inside Saturday's window; Monday 02:00 is in nothing (no Sunday window).
    expect(state(midnight, karachi(6, "02:00")).now).toBe(true);
    expect(state(midnight, new Date("2026-11-30T02:00:00+05:00")).now).toBe(false);
  });

  it("a Sunday night window carries into Monday morning across the week's end", () => {
    const sunday: ServedWindow[] = [{ days: ["sun"], from: "22:00", to: "02:00" }];
    expect(state(sunday, karachi(0, "01:00"))).toMatchObject({ now: true, text: "Until 2:00 am" });
  });

  it("reads the clock in the branch's time zone", () => {
    // 07:30 in Karachi is 02:30 in London (UTC in November) and 06:30 in Dubai.
    const at = karachi(0, "07:30");
    expect(state(breakfast, at, "Asia/Karachi").now).toBe(true);
    expect(state(breakfast, at, "Europe/London")).toMatchObject({ now: false, text: "From 7:00 am" });
    expect(state(breakfast, at, "Asia/Dubai").now).toBe(false);
    expect(state(breakfast, karachi(0, "08:30"), "Asia/Dubai").now).toBe(true);
  });

  it("windows that meet serve on through the join; covering the whole week is always", () => {
    const joined = [everyDay("07:00", "11:00"), everyDay("11:00", "15:00")];
    expect(state(joined, karachi(0, "10:00"))).toMatchObject({ now: true, text: "Until 3:00 pm" });
    expect(state([everyDay("00:00", "12:00"), everyDay("12:00", "00:00")], karachi(2, "05:00"))).toEqual({
      now: true,
      text: null,
      changesAt: null,
    });
  });

  it("finds the days on which windows overlap, past midnight too", () => {
    expect(overlapDays([everyDay("07:00", "11:30"), everyDay("11:30", "15:00")])).toEqual([]);
    expect(
      overlapDays([everyDay("07:00", "11:30"), { days: ["tue", "fri"], from: "11:00", to: "12:00" }]),
    ).toEqual(["tue", "fri"]);
    // Friday 23:00–03:00 meets Saturday's 01:00–05:00 on Saturday morning.
    expect(overlapDays([...midnight, { days: ["sat"], from: "01:00", to: "05:00" }])).toEqual(["sat"]);
    // Sunday 22:00–02:00 meets Monday 01:00–04:00 across the week's end.
    expect(
      overlapDays([
        { days: ["sun"], from: "22:00", to: "02:00" },
        { days: ["mon"], from: "01:00", to: "04:00" },
      ]),
    ).toEqual(["mon"]);
  });

  it("stores and reads back only well-formed windows", () => {
    const json = servedTimesJson(midnight);
    expect(readServedTimes(json)).toEqual(midnight);
    expect(servedTimesJson([])).toBe("");
    expect(readServedTimes("")).toEqual([]);
    expect(readServedTimes("not json")).toEqual([]);
    expect(readServedTimes('{"from":"07:00"}')).toEqual([]);
    expect(
      readServedTimes(
        '[{"days":["mon","xyz"],"from":"07:00","to":"25:00"},{"days":["sun","mon"],"from":"07:00","to":"09:00"}]',
      ),
    ).toEqual([{ days: ["mon", "sun"], from: "07:00", to: "09:00" }]);
  });

  it("says the windows and the state in Urdu too", () => {
    expect(windowsText(breakfast)).toBe("7:00 am – 11:30 am");
    expect(windowsText(midnight)).toBe("Friday, Saturday: 11:00 pm – 3:00 am");
    expect(windowsText(breakfast, "ur")).toBe("7:00 صبح – 11:30 صبح");
    const urdu = servedState(breakfast, karachi(0, "06:00"), "Asia/Karachi", "ur").text!;
    expect(translateMessage("ur", urdu)).toContain("7:00 صبح");
    expect(translateMessage("ur", urdu)).not.toContain("From");
    const friday = servedState(midnight, karachi(0, "12:00"), "Asia/Karachi", "ur").text!;
    expect(translateMessage("ur", friday)).toContain("جمعہ");
  });

  it("the earliest of several changes", () => {
    expect(earliest(null, undefined)).toBeNull();
    expect(earliest(karachi(1, "07:00"), null, karachi(0, "11:30"))).toEqual(karachi(0, "11:30"));
  });
});
