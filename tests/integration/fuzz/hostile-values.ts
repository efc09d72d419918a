import fc from "fast-check";

/**
 * Values an attacker (or a broken client) sends in place of a form field, a
 * route param, a JSON property or a header. Each group is one kind of harm the
 * app must answer with a clear refusal (or store harmlessly), never a 500.
 */

/** Text that means something to a database, a browser or a shell. */
export const INJECTIONS = [
  "' or 1=1 --",
  "'; drop table restaurant; --",
  '" or ""="',
  "1; select pg_sleep(1)",
  "%' and 1=0 union select null --",
  "\\'; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "JaVa\tScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Names whose web address is another page (a restaurant's or branch's slug).
  "..",
  "admin",
  "menu.data",
  "{{7*7}}${7*7}",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  '{"$gt":""}',
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "..\\..\\windows\\win.ini",
  "/etc/passwd\u0000.jpg",
  "%00",
  "//evil.example/",
  "https://evil.example/",
  "\r\nSet-Cookie: x=1",
] as const;

/** Numbers where text goes and text where numbers go: every one a valid string, few valid values. */
export const NUMBERISH = [
  "0",
  "-1",
  "-0",
  "1e308",
  "-1e308",
  "1e-400",
  "9007199254740993",
  "99999999999999999999999999",
  "-99999999999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1_000",
  "١٢٣",
  " 4 ",
  "4.5",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
] as const;

/** Right-to-left and combining text, emoji and invisible characters. */
export const UNICODE = [
  "کراچی کا بہترین کھانا",
  "مطعم \u202eoverride\u202c",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "Z\u0351\u0360\u0361\u0362\u0363\u0364\u0365\u0366\u0367a\u0368\u0369\u036a\u036b",
  "🍛👨‍👩‍👧‍👦🇵🇰",
  "\u200b\u200c\u200d\ufeff",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0007\u001b[31m\u007f",
  "\ud800",
  "\udfff\ud800",
  "\uffff\ufffe",
  "　",
  "\t\n\r\v\f",
] as const;

const OVERSIZED_LENGTHS = [10_000, 100_000, 1_000_000] as const;

/** A long run of one piece (ASCII, Urdu, an emoji, markup), up to 1 MB. */
export const oversized: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...OVERSIZED_LENGTHS),
    fc.constantFrom("a", "ب", "🍛", "<b>", "' or 1=1 --", "\u0000"),
  )
  .map(([length, piece]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

/** Just past the limits forms have (50, 100, 500, 1500, 3000 characters…): where a length check is or is not. */
const long: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 40, max: 6000 }), fc.constantFrom("a", "ب", "🍛"))
  .map(([length, piece]) => piece.repeat(length));

/** Any UTF-16 code units at all: lone surrogates, NUL, controls. */
const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

/** One hostile string of any kind; oversized ones are rare so a run stays fast. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 4 },
  { arbitrary: fc.constantFrom(...NUMBERISH), weight: 3 },
  { arbitrary: fc.constantFrom(...UNICODE), weight: 3 },
  { arbitrary: fc.constant(""), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 2 },
  { arbitrary: anyUnits, weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: long, weight: 3 },
  { arbitrary: oversized, weight: 1 },
  {
    // A valid-looking value with something hostile glued on.
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTIONS, ...UNICODE), fc.constantFrom("before", "after"))
      .map(([bad, where]) => (where === "before" ? `${bad}Karahi` : `Karahi${bad}`)),
    weight: 2,
  },
);

/** What a form field can hold: one string, or several (a repeated field). */
export const hostileField: fc.Arbitrary<string | string[]> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 4 }), weight: 1 },
);

/** Any JSON value, for bodies of JSON endpoints: wrong types, deep nesting, huge numbers. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  {
    arbitrary: fc
      .integer({ min: 50, max: 2000 })
      .map((depth) => JSON.parse("[".repeat(depth) + "]".repeat(depth))),
    weight: 1,
  },
);

/** A route param a URL can carry (a URL never decodes to a lone surrogate). */
export const hostileParam: fc.Arbitrary<string> = hostileString.map((s) => s.toWellFormed());

/** A short label of a value for a failure message: a 1 MB string is named by its length. */
export function describeValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 80
    ? `${JSON.stringify(text.slice(0, 40))}… (${text.length} chars)`
    : JSON.stringify(text);
}
