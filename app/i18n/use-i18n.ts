import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { directionOf, isLocale, localisedPath, type Locale } from "~/lib/locale.ts";
import type { Message } from "~/lib/message.ts";
import { formatNumber, translateMessage, translatorFor } from "./i18n.ts";

/**
 * What a component needs to speak the page's language: `t` for its own texts (the
 * English text is the key), `tm` for messages the server sent (toasts, errors),
 * dates and numbers in the page's locale, and `href` for plain links and forms that
 * React Router does not prefix itself (<a>, <form> in pages without scripts).
 */
export function useI18n() {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : "en";
  return useMemo(
    () => ({
      locale,
      dir: directionOf(locale),
      t: translatorFor(locale),
      tm: (message: Message) => translateMessage(locale, message),
      date: (value: Parameters<typeof formatDate>[0], fallback = "") => formatDate(value, fallback, locale),
      dateTime: (value: Parameters<typeof formatDate>[0], fallback = "") =>
        formatDateTime(value, fallback, locale),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(locale, value, options),
      href: (path: string) => localisedPath(path, locale),
    }),
    [locale],
  );
}
