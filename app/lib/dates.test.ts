import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("formatDate and formatDateTime", () => {
  it("show the day in Pakistan's time zone, the same everywhere", () => {
    // 22:30 UTC is 03:30 the next day in Karachi.
    expect(formatDate("2026-01-05T22:30:00Z")).toBe("6 Jan 2026");
    expect(formatDateTime("2026-01-05T22:30:00Z")).toBe("6 Jan 2026, 03:30");
  });

  it("write no Latin AM/PM in Urdu: the time is on the 24-hour clock, as in English", () => {
    expect(formatDateTime("2026-01-05T14:39:00Z", "", "ur")).toBe("5 جنوری، 2026، 19:39");
    expect(formatDateTime("2026-01-05T14:39:00Z")).toBe("5 Jan 2026, 19:39");
  });

  it("give the fallback for a missing or unreadable timestamp", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("", "Unknown")).toBe("Unknown");
    expect(formatDateTime("not a date", "Unknown")).toBe("Unknown");
  });
});
