import { hasUrduScript, romanise } from "./roman-urdu.ts";

/**
 * Spelling keys (ADR 0025): Roman Urdu has no fixed spelling (biryani / briyani /
 * biriyani, karahi / karhai, tikka / tika, qorma / korma), and what varies is mostly the
 * vowels, doubled letters, a silent h and a few letters that sound alike. A word's key
 * keeps what does not vary: its consonants, with the look-alikes made one, so every
 * spelling of a dish word has the same key. Urdu script is romanised first.
 *
 *   biryani, briyani, biriyani, beryani → brn       karahi, karhai, kadai → kr
 *   chicken, chikan → ckn                           tikka, tika → tk
 *
 * What keys cannot see (a wrong consonant: "bitryani") is left to `keyVariants`, which
 * lists every key one edit away.
 */

/** Whole words spelled so differently that no rule joins them: reviewed, small. */
const SAME_WORD: Readonly<Record<string, string>> = {
  kadai: "karahi",
  kadhai: "karahi",
  karai: "karahi",
  kadahi: "karahi",
  pulav: "pulao",
  pulaw: "pulao",
  pilaf: "pulao",
  jeera: "zeera",
  kebab: "kabab",
  kabob: "kabab",
  gosh: "gosht",
  ghost: "gosht",
  nehari: "nihari",
  murg: "murgh",
  chaye: "chai",
  chaey: "chai",
  tea: "chai",
  yoghurt: "dahi",
  yogurt: "dahi",
};

/** Words that say nothing about a dish, left out of a query's words. */
const NOTHING_WORDS = new Set([
  "the",
  "and",
  "with",
  "of",
  "a",
  "in",
  "ka",
  "ki",
  "ke",
  "aur",
  "wala",
  "wali",
  "walay",
]);

/** The words of a text, lower case, Urdu script romanised; marks and punctuation dropped. */
export function wordsOf(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\u064B-\u065F\u0670]+/u)
    .filter((word) => word.length > 0)
    .map((word) => (hasUrduScript(word) ? romanise(word) : stripAccents(word)))
    .filter((word) => word.length > 0);
}

function stripAccents(word: string): string {
  return word.normalize("NFKD").replace(/\p{M}/gu, "");
}

/** The words a query asks for: its words without the ones that mean nothing. */
export function queryWords(text: string): string[] {
  const words = wordsOf(text);
  const meaningful = words.filter((word) => !NOTHING_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/** One word's key: its consonants as they sound, vowels and a silent h gone. */
export function spellingKey(word: string): string {
  const roman = hasUrduScript(word) ? romanise(word) : stripAccents(word.toLowerCase());
  const known = SAME_WORD[roman] ?? roman;
  let text = known
    .replace(/[^a-z0-9]/gu, "")
    .replace(/(.)\1+/gu, "$1")
    .replace(/kh/gu, "X")
    .replace(/ch/gu, "C")
    .replace(/sh/gu, "s")
    .replace(/ph/gu, "f")
    .replace(/gh/gu, "g")
    .replace(/([tdbjrp])h/gu, "$1")
    .replace(/ck/gu, "k")
    // A soft c closing a word: rice, juice, slice (an Urdu writer spells رائس with an s).
    .replace(/ce$/u, "s")
    .replace(/[qc]/gu, "k")
    // A w or v closing a word after a vowel is one too: pulav, pulao; har gow, har gao.
    .replace(/([aeiou])[wv]$/u, "$1")
    .replace(/w/gu, "v")
    .replace(/x/gu, "ks");
  const first = /^[aeiouy]/u.test(text) ? "a" : "";
  text = text
    .replace(/h/gu, "")
    .replace(/[aeiouy]/gu, "")
    .replace(/(.)\1+/gu, "$1");
  return (first + text).replace(/X/gu, "x").replace(/C/gu, "c");
}

/** The keys of a text's words, and of each two neighbouring words written as one. */
export function textKeys(text: string): string[] {
  const keys = wordsOf(text)
    .map(spellingKey)
    .filter((key) => key.length > 0);
  const joined = keys.slice(1).map((key, i) => keys[i]! + key);
  return [...new Set([...keys, ...joined])];
}

/** Keys of a dish's description are stored beside its name's, told apart by this mark. */
export const DESCRIPTION_KEY = "~";

/** The keys a dish is found by: its names' (English and Urdu), and its descriptions' words marked. */
export function dishKeys(dish: {
  name: string;
  nameUr?: string | null;
  description?: string | null;
  descriptionUr?: string | null;
}): string[] {
  const names = textKeys([dish.name, dish.nameUr].filter(Boolean).join(" "));
  const words = [dish.description, dish.descriptionUr]
    .filter(Boolean)
    .flatMap((text) => wordsOf(text!).map(spellingKey))
    .filter((key) => key.length > 0)
    .map((key) => DESCRIPTION_KEY + key);
  return [...new Set([...names, ...words])];
}

const LETTERS = "bcdfgjklmnprstvxz";

/**
 * Every key one edit (a letter left out, added, changed, or two swapped) from `key`,
 * itself included: how a typo in a consonant is forgiven. Keys shorter than three
 * letters get none, since one edit of those is another word.
 */
export function keyVariants(key: string): string[] {
  const variants = new Set([key]);
  if (key.length < 3) return [...variants];
  for (let i = 0; i <= key.length; i++) {
    const before = key.slice(0, i);
    const after = key.slice(i);
    if (after.length > 0) variants.add(before + after.slice(1));
    if (after.length > 1) variants.add(before + after[1] + after[0] + after.slice(2));
    for (const letter of LETTERS) {
      variants.add(before + letter + after);
      if (after.length > 0) variants.add(before + letter + after.slice(1));
    }
  }
  return [...variants].filter((variant) => variant.length > 0);
}
