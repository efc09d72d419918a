import { describe, expect, it } from "vitest";
import { pageWindow, requestedPage } from "./paging.ts";

describe("requestedPage", () => {
  it("reads ?page= from a request or its search params, 1 when missing or junk", () => {
    expect(requestedPage(new Request("http://localhost/menus?page=3"))).toBe(3);
    expect(requestedPage(new URLSearchParams("status=open&page=2"))).toBe(2);
    for (const junk of ["", "?page=", "?page=abc", "?page=0"]) {
      expect(requestedPage(new Request(`http://localhost/menus${junk}`))).toBe(1);
    }
  });

  it("leaves out-of-range numbers to pageWindow, which lands on the nearest real page", () => {
    expect(pageWindow(requestedPage(new URLSearchParams("page=99")), 50, 20).page).toBe(3);
    expect(pageWindow(requestedPage(new URLSearchParams("page=-4")), 50, 20).page).toBe(1);
  });
});
