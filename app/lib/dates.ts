// The one way dates are shown: day, short month and year in Pakistan's time zone
// (e.g. "5 Jan 2026", Urdu "5 جنوری 2026"), the same on the server and in the browser,
// so hydration agrees.
import type { Locale } from "./locale.ts";

const TIME_ZONE = "Asia/Karachi";
const TAGS: Record<Locale, string> = { en: "en-GB", ur: "ur-PK" };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const id = `${locale}:${withTime}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(TAGS[locale], {
      dateStyle: "medium",
      // 24-hour, as en-GB already is: Urdu's short time style would write a Latin "PM".
      ...(withTime ? { timeStyle: "short", hourCycle: "h23" } : {}),
      timeZone: TIME_ZONE,
      numberingSystem: "latn",
    });
    formats.set(id, format);
  }
  return format;
}

type DateInput = string | number | Date | null | undefined;

function formatWith(format: Intl.DateTimeFormat, value: DateInput, fallback: string): string {
  if (value === null || value === undefined || value === "") return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : format.format(date);
}

/** "5 Jan 2026"; `fallback` for a missing or unreadable timestamp. */
export const formatDate = (value: DateInput, fallback = "", locale: Locale = "en") =>
  formatWith(formatOf(locale, false), value, fallback);

/** "5 Jan 2026, 14:30" (Pakistan time); `fallback` for a missing or unreadable timestamp. */
export const formatDateTime = (value: DateInput, fallback = "", locale: Locale = "en") =>
  formatWith(formatOf(locale, true), value, fallback);

const DAY_MS = 86_400_000;
const DAY_FORMAT = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });

/** The day ('YYYY-MM-DD') in Pakistan at `instant`: how page views and insights name days. */
export function dayInPakistan(instant: Date | number): string {
  return DAY_FORMAT.format(instant);
}

/** `day` ('YYYY-MM-DD') moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
