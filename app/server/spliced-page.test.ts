import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { combineCrc, crcShift, filled, slotWords, splicedPage } from "./spliced-page.server.ts";

const SLOT = "__SLOT__";

describe("a page kept in pieces, filled per reader", () => {
  it("combines CRC-32s as computing them over the whole would", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 7],
      [1000, 65_536],
      [70_000, 3],
    ] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(combineCrc(zlib.crc32(left), zlib.crc32(right), crcShift(b))).toBe(
        zlib.crc32(Buffer.concat([left, right])),
      );
    }
  });

  it("gunzips to the page with the words in every slot, with the right CRC", () => {
    const text = `<header>${SLOT}</header>${"<li>Chicken Karahi چکن کڑاہی</li>".repeat(3000)}<nav>${SLOT}</nav><p>end</p>`;
    const page = splicedPage(Buffer.from(text), SLOT);
    expect(page.pieces).toHaveLength(3);
    for (const name of ["Ayesha Khan", "عائشہ خان", "", "x".repeat(2000)]) {
      const expected = text.replaceAll(SLOT, name);
      const zipped = filled(page, slotWords(Buffer.from(name)), true);
      expect(zlib.gunzipSync(Buffer.concat(zipped.parts)).toString()).toBe(expected);
      expect(Buffer.concat(zipped.parts).length).toBe(zipped.size);
      expect(zipped.crc).toBe(zlib.crc32(expected));
      const plain = filled(page, slotWords(Buffer.from(name)), false);
      expect(Buffer.concat(plain.parts).toString()).toBe(expected);
      expect(plain.size).toBe(Buffer.byteLength(expected));
      expect(plain.crc).toBe(zipped.crc);
    }
  });

  it("sends a page without a slot as it is", () => {
    const page = splicedPage(Buffer.from("<p>no one</p>"), SLOT);
    expect(
      zlib.gunzipSync(Buffer.concat(filled(page, slotWords(Buffer.from("Ayesha")), true).parts)).toString(),
    ).toBe("<p>no one</p>");
  });

  it("keeps every reader's words apart: different names, different CRCs", () => {
    const page = splicedPage(Buffer.from(`<b>${SLOT}</b>`), SLOT);
    expect(filled(page, slotWords(Buffer.from("Ayesha")), true).crc).not.toBe(
      filled(page, slotWords(Buffer.from("Bilal")), true).crc,
    );
  });
});
