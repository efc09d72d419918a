/**
 * A branch's weekly opening hours (ADR 0024): for each day, up to two ranges
 * of "HH:MM" to "HH:MM" in the branch's time zone (a range past midnight ends the next
 * morning), or none for a closed day, and a note for Ramadan or Eid hours. Stored as
 * JSON on the branch; "" means the owner has not said.
 */
import { translatorFor } from "~/i18n/i18n.ts";
import type { Locale } from "./locale.ts";
import { keyed, type Message } from "./message.ts";

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];

export const DAY_NAMES: Record<Day, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export const RANGES_A_DAY = 2;
export const DEFAULT_TIME_ZONE = "Asia/Karachi";

export type Range = readonly [opens: string, closes: string];

export interface OpeningHours {
  days: Record<Day, Range[]>;
  note: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/u;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function isTime(text: string): boolean {
  return TIME.test(text);
}

/** The hours stored on a branch; null when none were given or they cannot be read. */
export function readHours(json: string | null | undefined): OpeningHours | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<OpeningHours>;
    const days = {} as Record<Day, Range[]>;
    for (const day of DAYS) {
      const ranges = Array.isArray(parsed.days?.[day]) ? parsed.days[day] : [];
      days[day] = ranges.filter(
        (r): r is Range => Array.isArray(r) && isTime(String(r[0])) && isTime(String(r[1])) && r[0] !== r[1],
      );
    }
    return { days, note: typeof parsed.note === "string" ? parsed.note : "" };
  } catch {
    return null;
  }
}

// Urdu names the part of the day instead of am/pm ("7:00 شام", "11:30 رات"): CLDR's
// Urdu day periods, hour by hour, kept here rather than asked of Intl so the server and
// the phone's browser (whose ICU may be older) write the same words.
const URDU_DAY_PERIODS: readonly [fromHour: number, english: string][] = [
  [0, "at night"],
  [4, "in the morning"],
  [12, "in the afternoon"],
  [16, "in the late afternoon"],
  [18, "in the evening"],
  [20, "at night"],
];

/** "11:30 pm", "12:00 pm", "midnight" (Urdu: "11:30 رات", "12:00 دوپہر"): how a time reads on the page. */
export function clockText(time: string, locale: Locale = "en"): string {
  const total = minutes(time);
  const t = translatorFor(locale);
  if (total === 0) return t("midnight");
  const hour = Math.floor(total / 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const period =
    locale === "en" ? (hour < 12 ? "am" : "pm") : t(URDU_DAY_PERIODS.findLast(([from]) => hour >= from)![1]);
  return `${h12}:${time.slice(3, 5)} ${period}`;
}

/** The day and minute of the week (Monday 00:00 = 0) of `at` in `timeZone`. */
// Making an Intl.DateTimeFormat costs more than the rest of a branch page's hours
// (ADR 0030): one per time zone, kept.
const weekClocks = new Map<string, Intl.DateTimeFormat>();
function weekClock(timeZone: string): Intl.DateTimeFormat {
  let clock = weekClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    weekClocks.set(timeZone, clock);
  }
  return clock;
}

export function weekMinute(at: Date, timeZone: string): number {
  const parts = weekClock(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = DAYS.indexOf(get("weekday").toLowerCase().slice(0, 3) as Day);
  return day * 1440 + Number(get("hour")) * 60 + Number(get("minute"));
}

export const WEEK = 7 * 1440;

/** Every open stretch of the week as [start, end) minutes, past-midnight ones carried into the next day. */
export function stretches(days: Readonly<Record<Day, readonly Range[]>>): [number, number][] {
  const out: [number, number][] = [];
  DAYS.forEach((day, index) => {
    for (const [opens, closes] of days[day]) {
      const start = index * 1440 + minutes(opens);
      let end = index * 1440 + minutes(closes);
      if (end <= start) end += 1440;
      out.push([start, end]);
    }
  });
  return out;
}

/** The stretch `now` (a minute of the week) is in; a Sunday night's counts into Monday morning. */
export function stretchAt(all: readonly [number, number][], now: number): [number, number] | undefined {
  return all.find(([s, e]) => (now >= s && now < e) || (now + WEEK >= s && now + WEEK < e));
}

/** The start of the stretch that begins soonest after `now`, as a minute of the week. */
export function nextStart(all: readonly [number, number][], now: number): number {
  return all.map(([s]) => s).toSorted((a, b) => ((a - now + WEEK) % WEEK) - ((b - now + WEEK) % WEEK))[0]!;
}

/** The instant of the week's `minute` that comes next after `at` (whose minute of the week is `now`). */
export function minutesLater(at: Date, now: number, minute: number): Date {
  return new Date(at.getTime() + ((((minute - now) % WEEK) + WEEK) % WEEK) * 60_000);
}

/** "HH:MM" of a minute of the week. */
export function timeOfMinute(minute: number): string {
  return `${String(Math.floor((minute % 1440) / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

export interface OpenState {
  open: boolean;
  /** "Open now · closes 11:30 pm", "Closed · opens 12:00 pm", "Closed · opens Tuesday 12:00 pm". */
  text: Message;
  /** When this changes next (for how long a page saying it may be kept); null: never (always or never open). */
  changesAt: Date | null;
}

/** Whether the branch is open at `at`, and when that changes, in the branch's time zone. */
export function openState(
  hours: OpeningHours,
  at: Date,
  timeZone = DEFAULT_TIME_ZONE,
  locale: Locale = "en",
): OpenState | null {
  const clock = (time: string) => clockText(time, locale);
  const all = stretches(hours.days);
  if (all.length === 0) return { open: false, text: "Closed", changesAt: null };
  const now = weekMinute(at, timeZone);
  const inside = stretchAt(all, now);
  const later = (minute: number) => minutesLater(at, now, minute);
  if (inside) {
    const end = inside[1];
    const closes = timeOfMinute(end);
    // Open around the clock, every day: nothing to say about closing.
    if (all.length === 7 && all.every(([s, e]) => e - s >= 1440))
      return { open: true, text: "Open 24 hours", changesAt: null };
    return {
      open: true,
      text: keyed("Open now · closes {{time}}", { time: clock(closes) }),
      changesAt: later(end % WEEK),
    };
  }
  const next = nextStart(all, now);
  const day = DAYS[Math.floor(next / 1440) % 7]!;
  const opens = timeOfMinute(next);
  const today = Math.floor(now / 1440) === Math.floor(next / 1440) && next > now;
  return {
    open: false,
    // The day is part of the key: each has its own sentence in Urdu.
    text: keyed(today ? "Closed · opens {{time}}" : `Closed · opens ${DAY_NAMES[day]} {{time}}`, {
      time: clock(opens),
    }),
    changesAt: later(next),
  };
}

/** Each day's hours as a line: "12:00 pm – 3:00 pm, 7:00 pm – midnight", or "Closed", in `locale`. */
export function dayText(ranges: readonly Range[], locale: Locale = "en"): string {
  const t = translatorFor(locale);
  return ranges.length === 0
    ? t("Closed")
    : ranges.map(([o, c]) => `${clockText(o, locale)} – ${clockText(c, locale)}`).join(t(", "));
}

/** schema.org's openingHoursSpecification: one entry a day and range. */
export function openingHoursJsonLd(hours: OpeningHours) {
  return DAYS.flatMap((day) =>
    hours.days[day].map(([opens, closes]) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAY_NAMES[day]}`,
      opens,
      closes,
    })),
  );
}

/**
 * A dated schedule's hours (Ramadan, Eid; ADR 0045) as search engines read special hours:
 * each range with `validFrom` / `validThrough` (its first day's times where an edge is iftar
 * or sehri), and a day closed as opening and closing at midnight.
 */
export function specialHoursJsonLd(
  schedules: readonly { validFrom: string; validUntil: string; opens: readonly string[] }[],
) {
  return schedules.flatMap((s) =>
    (s.opens.length > 0 ? s.opens : ["00:00-00:00"]).map((range) => ({
      "@type": "OpeningHoursSpecification",
      opens: range.slice(0, 5),
      closes: range.slice(6, 11),
      validFrom: s.validFrom,
      validThrough: s.validUntil,
    })),
  );
}
