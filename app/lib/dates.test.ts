import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("formatDate and formatDateTime", () => {
  it("show the day in Pakistan's time zone, the same everywhere", () => {
    // 22:30 UTC is 03:30 the next day in Karachi.
    expect(formatDate("2026-01-05T22:30:00Z")).toBe("6 Jan 2026");
    expect(formatDateTime("2026-01-05T22:30:00Z")).toBe("6 Jan 2026, 03:30");
  });

  it("give the fallback for a missing or unreadable timestamp", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("", "Unknown")).toBe("Unknown");
    expect(formatDateTime("not a date", "Unknown")).toBe("Unknown");
  });
});
