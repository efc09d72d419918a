import { describe, expect, it } from "vitest";
import { instantIn, localTimeIn } from "./zoned-time.ts";

describe("zoned time", () => {
  it("reads a wall-clock time in the branch's zone", () => {
    expect(instantIn("2026-11-27T11:30", "Asia/Karachi")?.toISOString()).toBe("2026-11-27T06:30:00.000Z");
    expect(instantIn("2026-11-27T11:30", "Europe/London")?.toISOString()).toBe("2026-11-27T11:30:00.000Z");
    expect(instantIn("2026-07-01T11:30", "Europe/London")?.toISOString()).toBe("2026-07-01T10:30:00.000Z");
    expect(localTimeIn(new Date("2026-11-27T06:30:00Z"), "Asia/Karachi")).toBe("2026-11-27T11:30");
  });

  it("refuses what no clock showed", () => {
    for (const bad of [
      "",
      "2026-02-31T10:00",
      "2026-11-27 11:30",
      "2026-11-27T24:00",
      "tomorrow",
      "1999-01-01T00:00",
    ])
      expect(instantIn(bad, "Asia/Karachi"), bad).toBeNull();
    // 01:30 on the night clocks go forward in London is skipped.
    expect(instantIn("2026-03-29T01:30", "Europe/London")).toBeNull();
  });
});
