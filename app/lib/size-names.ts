import type { Translate } from "~/i18n/i18n.ts";

/**
 * A size is the owner's own text, but most owners write the same few words
 * (the form itself suggests Half / Full). Those words are shown in the reader's
 * language; any other label stays exactly as the owner wrote it. Each word is a
 * literal t() key, so the catalog test sees it and Urdu cannot lose one.
 */
const SIZE_WORDS: Record<string, (t: Translate) => string> = {
  quarter: (t) => t("Quarter"),
  half: (t) => t("Half"),
  full: (t) => t("Full"),
  "quarter kg": (t) => t("Quarter kg"),
  "half kg": (t) => t("Half kg"),
  "full kg": (t) => t("Full kg"),
  "1 kg": (t) => t("Full kg"),
  "half plate": (t) => t("Half plate"),
  "full plate": (t) => t("Full plate"),
  "single plate": (t) => t("Single plate"),
  small: (t) => t("Small"),
  medium: (t) => t("Medium"),
  regular: (t) => t("Regular"),
  large: (t) => t("Large"),
  family: (t) => t("Family"),
  single: (t) => t("Single"),
  double: (t) => t("Double"),
};

/** A size's name as a reader of `locale` reads it: a known word translated, anything else as written. */
export function sizeName(label: string, locale: string, t: Translate): string {
  if (locale === "en") return label;
  const word = SIZE_WORDS[label.trim().replaceAll(/\s+/gu, " ").toLowerCase()];
  return word ? word(t) : label;
}
