// ADR 0026: two languages, told apart by the URL. English pages keep the
// SPEC's paths; Urdu pages are the same paths under /ur. Client-safe.

export const LOCALES = ["en", "ur"] as const;
export type Locale = (typeof LOCALES)[number];

export const URDU_PREFIX = "/ur";

/** The cookie that remembers a language chosen with the switch (?lang=…). */
export const LANGUAGE_COOKIE = "fv_lang";

/** BCP 47 tags for Intl (numbers, dates, plurals): Pakistan's conventions in both. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-PK", ur: "ur-PK" };

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ur";
}

export function localeOfPath(pathname: string): Locale {
  return pathname === URDU_PREFIX || pathname.startsWith(`${URDU_PREFIX}/`) ? "ur" : "en";
}

/** The path without its language prefix: the SPEC's path of the page. */
export function withoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(URDU_PREFIX.length) || "/";
}

/** The path of the page `path` (a SPEC path, query allowed) in `locale`. */
export function localisedPath(path: string, locale: Locale): string {
  if (locale === "en") return path;
  return path === "/"
    ? URDU_PREFIX
    : path.startsWith("/?")
      ? `${URDU_PREFIX}${path.slice(1)}`
      : `${URDU_PREFIX}${path}`;
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ur" ? "rtl" : "ltr";
}

/** What each language is called in itself, for the switch. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", ur: "اردو" };

/** The language of the page a request asks for. */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
