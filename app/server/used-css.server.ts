import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { PurgeCSS } from "purgecss";

/**
 * ADR 0030: a page kept in the cache carries its stylesheet inline (ADR 0012), and the
 * whole stylesheet is 32 KB, half of a branch page: on a slow phone it is an extra round
 * trip (the page no longer fits TCP's first window) and a long style parse before the
 * first paint. The page gets only the rules its markup can use (PurgeCSS).
 *
 * What the islands add to the markup in the browser is kept whatever the page holds.
 * `tests/integration/page-cache.test.ts` checks the list against the islands' code.
 */
export const ISLAND_CLASSES = ["overflow-hidden", "invisible", "text-sm", "text-muted"];

// Tailwind's class names hold ":", "[", "/" and "%" (hover:bg-x, aspect-[4/3]); plain words
// catch attribute names and values ([dir=rtl], [open]).
const TAILWIND_TOKEN = /[^<>"'`\s]*[^<>"'`\s:]/g;
const WORD = /[\w-]+/g;

function tokensOf(html: string): string[] {
  return [...(html.match(TAILWIND_TOKEN) ?? []), ...(html.match(WORD) ?? [])];
}

// Pages of one kind share their markup's vocabulary: a branch page's rules are worked out
// once, not once per branch. Keyed by the stylesheet's file (its name carries a hash of
// its content) and the classes, tags and attribute names the markup uses.
const purged = new LRUCache<string, Promise<string>>({ max: 500 });
const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;

function vocabularyKey(html: string, sheet: string): string {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of value!.split(/\s+/)) classes.add(name);
  const tags = new Set(html.match(/<[a-z][\w-]*/g) ?? []);
  const attributes = new Set(html.match(/\s[a-z][\w-]*(?==)/g) ?? []);
  return createHash("sha1")
    .update(sheet)
    .update([...classes].toSorted().join(" "))
    .update([...tags].toSorted().join(" "))
    .update([...attributes].toSorted().join(" "))
    .digest("base64url");
}

/** The rules of `css` (the file `sheet`) that `html` can use, and the islands' classes; the whole sheet if that fails. */
export function usedCss(html: string, css: string, sheet: string): Promise<string> {
  const key = vocabularyKey(html, sheet);
  let answer = purged.get(key);
  if (!answer) {
    answer = new PurgeCSS()
      .purge({
        content: [{ raw: html, extension: "html" }],
        css: [{ raw: css }],
        defaultExtractor: tokensOf,
        safelist: { standard: ISLAND_CLASSES, greedy: [/\[open\]/, /\[dir/, /:dir\(/] },
        // Custom properties, keyframes and @font-face rules stay: unused ones cost little.
        variables: false,
        keyframes: false,
        fontFace: false,
      })
      .then(([result]) => result?.css ?? css)
      .catch(() => css);
    purged.set(key, answer);
  }
  return answer;
}
