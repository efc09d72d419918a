import { describe, expect, it } from "vitest";
import { textOrder } from "./text-order.ts";

// The finder pages few matches in the process in the order SQL sorted them (ADR 0042):
// UTF-8 bytes, which textOrder must give without encoding.
const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const sign = (n: number) => Math.sign(n);

describe("textOrder", () => {
  it("orders as UTF-8 bytes across ASCII, Urdu, private use and astral characters", () => {
    const samples = [
      "",
      "a",
      "ab",
      "Chicken Karahi",
      "chicken karahi",
      "کڑاہی",
      "کڑاہی گوشت",
      "\uE000",
      "\uFFFD",
      "\uFFFF",
      "😀",
      "a😀",
      "a\uFFFF",
      "\u{10000}",
      "\u{10FFFF}",
      "ÿ",
      "ſ",
      "0123e4567-e89b",
    ];
    for (const a of samples)
      for (const b of samples) expect([a, b, sign(textOrder(a, b))]).toEqual([a, b, sign(bytes(a, b))]);
  });

  it("agrees with the bytes on random strings of every range", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const ranges = [
      [0x20, 0x7f],
      [0x600, 0x6ff],
      [0xe000, 0xffff],
      [0x10000, 0x10ffff],
    ] as const;
    const random = () =>
      Array.from({ length: next() % 4 }, () => {
        const [lo, hi] = ranges[next() % ranges.length]!;
        return String.fromCodePoint(lo + (next() % (hi - lo)));
      }).join("");
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [random(), random()];
      expect(sign(textOrder(a, b))).toBe(sign(bytes(a, b)));
    }
  });
});
