import { describe, expect, it } from "vitest";
import { registerMessages, translateMessage } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import {
  dayText,
  openingHoursJsonLd,
  openState,
  readHours,
  type OpeningHours,
  type OpenState,
} from "./opening-hours.ts";
import { inEnglish } from "./message.ts";

registerMessages("ur", urduMessages);

const week = (ranges: [string, string][], overrides: Partial<OpeningHours["days"]> = {}): OpeningHours => ({
  days: {
    mon: ranges,
    tue: ranges,
    wed: ranges,
    thu: ranges,
    fri: ranges,
    sat: ranges,
    sun: ranges,
    ...overrides,
  },
  note: "",
});

/** A moment in Karachi (UTC+5, no daylight saving): 2026-11-23 is a Monday. */
const karachi = (day: number, time: string) =>
  new Date(`2026-11-${String(23 + day).padStart(2, "0")}T${time}:00+05:00`);

/** The state with its line in English, as the page shows it to an English reader. */
const english = (state: OpenState | null) => state && { ...state, text: inEnglish(state.text) };

/** The open-now line as an Urdu reader sees it. */
const urdu = (hours: Parameters<typeof openState>[0], at: Date) =>
  translateMessage("ur", openState(hours, at, undefined, "ur")!.text);

describe("opening hours", () => {
  const lunchAndDinner = week([
    ["12:00", "15:00"],
    ["19:00", "23:30"],
  ]);

  it("says open now and when it closes, or when it opens next, in the branch's time zone", () => {
    expect(english(openState(lunchAndDinner, karachi(0, "13:10")))).toMatchObject({
      open: true,
      text: "Open now · closes 3:00 pm",
      changesAt: karachi(0, "15:00"),
    });
    expect(english(openState(lunchAndDinner, karachi(0, "16:00")))).toMatchObject({
      open: false,
      text: "Closed · opens 7:00 pm",
      changesAt: karachi(0, "19:00"),
    });
    expect(english(openState(lunchAndDinner, karachi(0, "23:45")))!.text).toBe(
      "Closed · opens Tuesday 12:00 pm",
    );
    // The same instant seen from another zone is read in the branch's.
    expect(english(openState(lunchAndDinner, new Date("2026-11-23T08:10:00Z")))!.text).toBe(
      "Open now · closes 3:00 pm",
    );
  });

  it("carries a range past midnight into the next morning, across the end of the week too", () => {
    const lateNight = week([["18:00", "02:00"]]);
    expect(english(openState(lateNight, karachi(1, "01:30")))!.text).toBe("Open now · closes 2:00 am");
    // Sunday 18:00 to Monday 02:00: at Monday 01:00 it is open.
    const sundayOnly = week([], { sun: [["18:00", "02:00"]] });
    expect(english(openState(sundayOnly, karachi(0, "01:00")))).toMatchObject({
      open: true,
      changesAt: karachi(0, "02:00"),
    });
    expect(english(openState(sundayOnly, karachi(0, "03:00")))!.text).toBe("Closed · opens Sunday 6:00 pm");
  });

  it("knows closed days, every day closed, and round the clock", () => {
    const fridayOff = week([["12:00", "23:00"]], { fri: [] });
    expect(english(openState(fridayOff, karachi(4, "13:00")))!.text).toBe("Closed · opens Saturday 12:00 pm");
    expect(english(openState(week([]), karachi(0, "13:00")))).toEqual({
      open: false,
      text: "Closed",
      changesAt: null,
    });
    expect(english(openState(week([["00:00", "00:00"]]), karachi(2, "04:00")))).toBeDefined();
  });

  it("reads what it stored and ignores what is not a time", () => {
    expect(readHours("")).toBeNull();
    expect(readHours("{not json")).toBeNull();
    const hours = readHours(
      JSON.stringify({
        days: {
          mon: [
            ["12:00", "15:00"],
            ["25:00", "26:00"],
            ["x", 1],
          ],
        },
        note: "Eid: 2 pm",
      }),
    )!;
    expect(hours.days.mon).toEqual([["12:00", "15:00"]]);
    expect(hours.days.tue).toEqual([]);
    expect(hours.note).toBe("Eid: 2 pm");
    expect(dayText(hours.days.mon)).toBe("12:00 pm – 3:00 pm");
    expect(dayText([["19:00", "00:00"]])).toBe("7:00 pm – midnight");
    expect(dayText([])).toBe("Closed");
  });

  it("reads in Urdu with the part of the day for am/pm, and stays as it was in English (issue 29)", () => {
    const late = week([
      ["09:00", "12:00"],
      ["12:00", "17:00"],
      ["18:30", "00:00"],
    ]);
    expect(dayText(late.days.mon, "ur")).toBe(
      "9:00 صبح – 12:00 دوپہر، 12:00 دوپہر – 5:00 سہ پہر، 6:30 شام – آدھی رات",
    );
    expect(dayText([["20:00", "02:00"]], "ur")).toBe("8:00 رات – 2:00 رات");
    expect(dayText([], "ur")).toBe("بند");
    expect(dayText(late.days.mon)).toBe("9:00 am – 12:00 pm, 12:00 pm – 5:00 pm, 6:30 pm – midnight");
    expect(urdu(lunchAndDinner, karachi(0, "13:10"))).toBe("ابھی کھلا ہے · 3:00 دوپہر پر بند ہو گا");
    expect(urdu(lunchAndDinner, karachi(0, "23:45"))).toBe("بند ہے · منگل 12:00 دوپہر پر کھلے گا");
    for (const hour of Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"))) {
      expect(dayText([[`${hour}:15`, `${hour}:45`]], "ur")).not.toMatch(/[A-Za-z]/u);
    }
  });

  it("gives schema.org one entry a day and range", () => {
    const spec = openingHoursJsonLd(
      week([], {
        mon: [
          ["12:00", "15:00"],
          ["19:00", "23:30"],
        ],
      }),
    );
    expect(spec).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Monday",
        opens: "12:00",
        closes: "15:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Monday",
        opens: "19:00",
        closes: "23:30",
      },
    ]);
  });
});
