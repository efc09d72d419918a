import { describe, expect, it } from "vitest";
import { manifestFileOf, referencedKeys } from "./backup-media.server.ts";

const ID = "0123456789abcdef0123456789abcdef";

describe("the media a dump refers to", () => {
  it("are every stored variant of its pictures and its videos, once each; other URLs are none", () => {
    const keys = referencedKeys(
      [`/media/img/${ID}/960.webp`, "/media/vid/4f1c-review.mp4", "", "https://example.com/a.jpg"],
      [`["/media/img/${ID}/320.webp"]`, "not json", '["/media/../etc/passwd"]'],
    );
    expect(keys).toEqual([
      `img/${ID}/1920.webp`,
      `img/${ID}/320.webp`,
      `img/${ID}/960.webp`,
      `img/${ID}/og.jpg`,
      "vid/4f1c-review.mp4",
    ]);
  });

  it("are listed in a file named for the dump", () => {
    expect(manifestFileOf("/b/foodverse-20261121-101500.db")).toBe("/b/foodverse-20261121-101500.media.json");
    expect(manifestFileOf("/b/foodverse-20261121-101500-2.pgdump")).toBe(
      "/b/foodverse-20261121-101500-2.media.json",
    );
  });
});
