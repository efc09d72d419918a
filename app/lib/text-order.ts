/**
 * Byte order of UTF-8, as SQLite's and PostgreSQL's "C" collation order text: code point
 * order, read from the UTF-16 units without encoding either string (encoding both on every
 * comparison was most of a page's sort: 1.5 ms of 'karahi' at 10,000 restaurants). Units
 * compare as code points except a surrogate (above U+FFFF) against U+E000–U+FFFF, which
 * UTF-16 puts the other way round: both are moved so surrogates come last.
 */
export function textOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
