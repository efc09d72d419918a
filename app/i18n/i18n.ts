// ADR 0026: one i18next instance per language, made once and shared by
// every request (the language comes from the URL, never from per-request state).
// Keys are the English messages themselves (SPEC texts word for word), so an English
// page needs no catalog and a missing Urdu message falls back to the English text.
// en/*.json hold only what English needs beyond its keys: plural forms.
import i18next, { type i18n as I18n, type TOptions } from "i18next";
import { INTL_LOCALE, type Locale } from "~/lib/locale.ts";

// English needs no messages beyond its keys except plural forms ("{{count}} reviews_one").
const englishFiles = import.meta.glob<Record<string, string>>("./en/*.json", {
  eager: true,
  import: "default",
});
const english: Record<string, string> = Object.assign({}, ...Object.values(englishFiles));

export type Messages = Record<string, string>;

const instances = new Map<Locale, I18n>();

function create(locale: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: "en",
    supportedLngs: ["en", "ur"],
    resources: {
      en: { translation: english },
      ...(locale === "ur" ? { ur: { translation: messages } } : {}),
    },
    // Natural-language keys: '.' and ':' are ordinary characters in a sentence.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; meta tags and JSON are escaped where they are written.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  return instance;
}

/** Makes `locale`'s messages available (the server at start, the browser before hydrating). */
export function registerMessages(locale: Locale, messages: Messages = {}): I18n {
  const instance = create(locale, messages);
  instances.set(locale, instance);
  plainTexts.delete(locale);
  templates.delete(locale);
  return instance;
}

export function i18nFor(locale: Locale): I18n {
  return instances.get(locale) ?? registerMessages(locale);
}

export type Translate = (key: string, values?: TOptions) => string;

// A text with no values always translates the same way until its language's messages
// are registered again: i18next's lookup was 6 % of an uncached page's CPU (ADR 0030).
// Bounded: some texts come from data (an owner's allergen words).
const plainTexts = new Map<Locale, Map<string, string>>();
const PLAIN_TEXTS_KEPT = 5_000;

export function translatorFor(locale: Locale): Translate {
  const instance = i18nFor(locale);
  let plain = plainTexts.get(locale);
  if (!plain) plainTexts.set(locale, (plain = new Map()));
  const known = plain;
  return (key, values) => {
    if (values) return instance.t(key, values) as string;
    let text = known.get(key);
    if (text !== undefined) return text;
    text = instance.t(key, {}) as string;
    if (known.size < PLAIN_TEXTS_KEPT) known.set(key, text);
    return text;
  };
}

// Messages made by use cases with values in them ("Review for X deleted") arrive as
// finished English sentences. Each catalog key with {{placeholders}} is also a pattern
// that finds the values again, so the sentence is translated without the use case
// knowing about languages.
const templates = new Map<Locale, Array<{ key: string; pattern: RegExp; names: string[] }>>();

const literalLength = (key: string) => key.replaceAll(/\{\{\s*\w+\s*\}\}/gu, "").length;

function templatesOf(locale: Locale) {
  let list = templates.get(locale);
  if (!list) {
    const keys = Object.keys(i18nFor(locale).getResourceBundle(locale, "translation") ?? {});
    list = keys
      .filter((key) => key.includes("{{"))
      .map((key) => {
        const names: string[] = [];
        const source = key
          .split(/(\{\{\s*\w+\s*\}\})/u)
          .map((part) => {
            const name = /^\{\{\s*(\w+)\s*\}\}$/u.exec(part)?.[1];
            if (!name) return part.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
            names.push(name);
            return "(.+?)";
          })
          .join("");
        return { key, pattern: new RegExp(`^${source}$`, "su"), names };
      })
      // The most specific pattern first: "Remove {{link}}" must not take a sentence a longer key fits.
      .toSorted((a, b) => literalLength(b.key) - literalLength(a.key));
    templates.set(locale, list);
  }
  return list;
}

/** A message from the server (SPEC text, or a sentence with values) in `locale`. */
export function translateMessage(locale: Locale, message: string): string {
  if (locale === "en" || !message) return message;
  const instance = i18nFor(locale);
  if (instance.exists(message, { lng: locale, fallbackLng: false })) return instance.t(message);
  for (const { key, pattern, names } of templatesOf(locale)) {
    const found = pattern.exec(message);
    if (!found) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
    return instance.t(key, values);
  }
  return message;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  const id = `${locale}${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(id);
  if (!format) {
    // Latin digits in both: what Pakistani menus, receipts and phones show for prices.
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { numberingSystem: "latn", ...options });
    numberFormats.set(id, format);
  }
  return format.format(value);
}
