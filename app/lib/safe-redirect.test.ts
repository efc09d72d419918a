import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";
import { BYPASSES } from "../../tests/setup/redirect-bypasses.ts";

const ORIGIN = "http://localhost:3000";

/** Where a browser goes when it follows a Location of `to` from this site. */
const browserTarget = (to: string) => new URL(to, `${ORIGIN}/login`);

describe("safeRedirect: where a person goes after login", () => {
  it.each(BYPASSES)("refuses %j and sends to / instead", (value) => {
    expect(safeRedirect(value, { origin: ORIGIN })).toBe("/");
    expect(safeRedirect(value)).toBe("/");
  });

  it("never yields a value a browser would take off the site", () => {
    for (const value of BYPASSES) {
      expect(browserTarget(safeRedirect(value, { origin: ORIGIN })).origin).toBe(ORIGIN);
    }
  });

  it("keeps paths of this site, their query and fragment", () => {
    expect(safeRedirect("/profile/customer", { origin: ORIGIN })).toBe("/profile/customer");
    expect(safeRedirect("/r/bundu-khan/branch/f-7?x=1#reviews", { origin: ORIGIN })).toBe(
      "/r/bundu-khan/branch/f-7?x=1#reviews",
    );
    expect(safeRedirect("/profile/customer/addreview/a%20b/c", { origin: ORIGIN })).toBe(
      "/profile/customer/addreview/a%20b/c",
    );
    expect(safeRedirect("/search?q=%D8%A8%D8%B1%DB%8C%D8%A7%D9%86%DB%8C", { origin: ORIGIN })).toBe(
      "/search?q=%D8%A8%D8%B1%DB%8C%D8%A7%D9%86%DB%8C",
    );
    // Dot-segments are resolved, as the browser would.
    expect(safeRedirect("/profile/./customer/../customer", { origin: ORIGIN })).toBe("/profile/customer");
  });

  it("uses the fallback for anything that is not a string", () => {
    for (const value of [null, undefined, 42, ["/profile"], { toString: () => "/x" }]) {
      expect(safeRedirect(value, { origin: ORIGIN })).toBe("/");
    }
    expect(safeRedirect("//evil.example", { origin: ORIGIN, fallback: "/profile/customer" })).toBe(
      "/profile/customer",
    );
  });
});
