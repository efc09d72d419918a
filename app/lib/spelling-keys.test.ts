import { describe, expect, it } from "vitest";
import { keyVariants, queryWords, spellingKey, textKeys, wordsOf } from "./spelling-keys.ts";

const sameKey = (...words: string[]) => new Set(words.map(spellingKey));

describe("spelling keys", () => {
  it("give every usual spelling of a dish word one key", () => {
    for (const spellings of [
      ["biryani", "briyani", "biriyani", "beryani", "biryaani", "Biryani", "بریانی"],
      ["karahi", "karhai", "kadai", "kadhai", "karahee", "کڑاہی"],
      ["tikka", "tika", "tikkah", "تکہ"],
      ["chicken", "chiken", "chikan", "chkn", "چکن"],
      ["qorma", "korma", "kurma", "قورمہ"],
      ["nihari", "nehari", "nahari", "نہاری"],
      ["haleem", "halim", "حلیم"],
      ["kabab", "kebab", "kabob", "کباب"],
      ["seekh", "sheekh", "seekhh", "سیخ"],
      ["paratha", "parata", "parotha", "پراٹھا"],
      ["daal", "dal", "dhal", "دال"],
      ["shawarma", "shwarma", "shawerma", "شوارما"],
      ["jalebi", "jalaibi", "jilebi", "جلیبی"],
      ["kheer", "khir", "کھیر"],
      ["pulao", "pilau", "pulav", "پلاؤ"],
      ["naan", "nan", "نان"],
    ]) {
      expect(sameKey(...spellings), spellings.join(" / ")).toHaveProperty("size", 1);
    }
  });

  it("keep apart words that only share a vowel pattern", () => {
    expect(spellingKey("kheer")).not.toBe(spellingKey("karahi"));
    expect(spellingKey("biryani")).not.toBe(spellingKey("burger"));
    expect(spellingKey("tikka")).not.toBe(spellingKey("tea"));
  });

  it("read Urdu script, accents and punctuation as words", () => {
    expect(wordsOf("Chicken-Karahi (Half kg)")).toEqual(["chicken", "karahi", "half", "kg"]);
    expect(wordsOf("چکن کڑاہی")).toEqual(["chicken", "karahi"]);
    expect(wordsOf("Crème brûlée")).toEqual(["creme", "brulee"]);
    expect(queryWords("daal aur roti")).toEqual(["daal", "roti"]);
    expect(queryWords("ka")).toEqual(["ka"]);
  });

  it("key a name by its words and by neighbouring words written as one", () => {
    expect(textKeys("Gol Gappay")).toEqual(["gl", "gp", "glgp"]);
    expect(textKeys("golgappe")).toEqual(["glgp"]);
  });

  it("forgive one wrong, missing, extra or swapped consonant in keys of three letters or more", () => {
    const biryani = spellingKey("biryani");
    for (const typo of ["bitryani", "biryami", "bryni", "birnyai"]) {
      expect(keyVariants(spellingKey(typo)), typo).toContain(biryani);
    }
    expect(keyVariants(spellingKey("shawama"))).toContain(spellingKey("shawarma"));
    // A missing consonant in a two-letter key is another word: 'biyani' is not forgiven.
    expect(keyVariants(spellingKey("biyani"))).not.toContain(biryani);
    expect(keyVariants("kr")).toEqual(["kr"]);
    expect(keyVariants("abc").every((variant) => variant.length > 0)).toBe(true);
  });
});
