import { describe, expect, it } from "vitest";
import { createViewerCache } from "./page-variant.server.ts";
import { cookieValue, hasToastCookie, requestCookies, sessionTokenOf } from "./request-cookies.server.ts";
import type { Viewer } from "./viewer.server.ts";

const viewer = (name: string): Viewer => ({ userId: name, role: "customer", displayName: name });

describe("request cookies", () => {
  it("knows better-auth's session cookie by its exact name, with or without __Secure-", () => {
    expect(sessionTokenOf("theme=dark; better-auth.session_token=abc.sig")).toBe("abc.sig");
    expect(sessionTokenOf("__Secure-better-auth.session_token=xyz.sig; fv_lang=ur")).toBe("xyz.sig");
    expect(sessionTokenOf("better-auth.session_token=")).toBeNull();
    expect(sessionTokenOf("")).toBeNull();
    expect(sessionTokenOf(null)).toBeNull();
  });

  it("takes no cookie whose name only ends like the session's for a session", () => {
    expect(sessionTokenOf("evil_session_token=abc.sig")).toBeNull();
    expect(sessionTokenOf("xbetter-auth.session_token=abc.sig")).toBeNull();
    expect(sessionTokenOf("__Secure-xbetter-auth.session_token=abc.sig")).toBeNull();
    expect(sessionTokenOf("better-auth.session_token_x=abc.sig; other.session_token=1")).toBeNull();
    expect(sessionTokenOf("evil_session_token=evil; better-auth.session_token=real")).toBe("real");
  });

  it("knows the toast cookie by its exact name, with or without __Host-", () => {
    expect(hasToastCookie("fv_toast=xyz")).toBe(true);
    expect(hasToastCookie("theme=dark; __Host-fv_toast=xyz")).toBe(true);
    expect(hasToastCookie("theme=dark; not_fv_toast=1")).toBe(false);
    expect(hasToastCookie("__Secure-fv_toast=1; fv_toast_x=1")).toBe(false);
    expect(hasToastCookie(undefined)).toBe(false);
    expect(requestCookies("fv_toast=1; better-auth.session_token=t")).toEqual({
      sessionToken: "t",
      toast: true,
    });
  });

  it("reads one cookie by its exact name", () => {
    expect(cookieValue("fv_lang=ur", "fv_lang")).toBe("ur");
    expect(cookieValue("x_fv_lang=ur; a=1", "fv_lang")).toBeNull();
    expect(cookieValue("", "fv_lang")).toBeNull();
  });
});

describe("the viewer cache", () => {
  it("answers only the header it looked up, whichever session cookie better-auth read in it", async () => {
    let lookups = 0;
    const cache = createViewerCache(
      async (header) => {
        lookups++;
        // better-auth reads the first of two cookies of one name.
        return header.startsWith("better-auth.session_token=victim") ? viewer("victim") : null;
      },
      { ttlMs: 60_000, maxEntries: 10 },
    );
    // A cookie planted from a sibling host sits beside the reader's own.
    expect(
      await cache.viewerOf("better-auth.session_token=victim; better-auth.session_token=planted"),
    ).toEqual(viewer("victim"));
    expect(await cache.viewerOf("better-auth.session_token=planted")).toBeNull();
    expect(await cache.viewerOf("evil_session_token=planted")).toBeNull();
    expect(lookups).toBe(2);
  });
});
