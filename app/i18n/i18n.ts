// ADR 0026: one i18next instance per language, made once and shared by
// every request (the language comes from the URL, never from per-request state).
// Keys are the English messages themselves (SPEC texts word for word), so an English
// page needs no catalog and a missing Urdu message falls back to the English text. The
// server's sentences with values are keys with their values apart (app/lib/message.ts).
// en/*.json hold only what English needs beyond its keys: plural forms.
import i18next, { type i18n as I18n, type TOptions } from "i18next";
import { INTL_LOCALE, type Locale } from "~/lib/locale.ts";
import type { Message } from "~/lib/message.ts";

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

/**
 * A message from the server in `locale`: a SPEC text, which is its own key, or a key with
 * values (app/lib/message.ts). Nothing is recognised again from English.
 */
export function translateMessage(locale: Locale, message: Message): string {
  if (typeof message !== "string") return i18nFor(locale).t(message.key, { ...message.values }) as string;
  if (locale === "en" || !message) return message;
  const instance = i18nFor(locale);
  // A sentence without values is its own key; one the catalog lacks stays in English.
  return instance.exists(message, { lng: locale, fallbackLng: false })
    ? (instance.t(message) as string)
    : message;
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
