/**
 * When a section or a dish is served (issue 32, ADR 0043): a few windows, each a time
 * range on chosen days ("07:00" to "11:30", every day; "23:00" to "03:00", Friday and
 * Saturday, running into the next morning), in the branch's time zone. Stored as JSON
 * on the row; "" (no windows) means whenever the branch serves. Client-safe.
 */
import { translatorFor } from "~/i18n/i18n.ts";
import type { Locale } from "./locale.ts";
import { keyed, type Message } from "./message.ts";
import {
  clockText,
  DAY_NAMES,
  DAYS,
  isTime,
  minutesLater,
  nextStart,
  stretchAt,
  stretches,
  timeOfMinute,
  weekMinute,
  WEEK,
  type Day,
  type Range,
} from "./opening-hours.ts";

export interface ServedWindow {
  days: Day[];
  from: string;
  to: string;
}

/** Breakfast, lunch and a midnight menu: three windows are more than a section needs. */
export const WINDOWS_MAX = 3;

/** The windows stored on a row; [] (served whenever the branch is) when none or unreadable. */
export function readServedTimes(json: string | null | undefined): ServedWindow[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (w): w is ServedWindow =>
          typeof w === "object" &&
          w !== null &&
          isTime(String((w as ServedWindow).from)) &&
          isTime(String((w as ServedWindow).to)) &&
          (w as ServedWindow).from !== (w as ServedWindow).to &&
          Array.isArray((w as ServedWindow).days),
      )
      .map((w) => ({ from: w.from, to: w.to, days: DAYS.filter((d) => w.days.includes(d)) }))
      .filter((w) => w.days.length > 0)
      .slice(0, WINDOWS_MAX);
  } catch {
    return [];
  }
}

/** The JSON a row keeps: "" for no windows, so "always" is one value. */
export function servedTimesJson(windows: readonly ServedWindow[]): string {
  return windows.length === 0
    ? ""
    : JSON.stringify(windows.map((w) => ({ days: w.days, from: w.from, to: w.to })));
}

/** The windows as a week of ranges, the shape opening hours have. */
function asWeek(windows: readonly ServedWindow[]): Record<Day, Range[]> {
  const week = Object.fromEntries(DAYS.map((d) => [d, [] as Range[]])) as Record<Day, Range[]>;
  for (const w of windows) for (const day of w.days) week[day].push([w.from, w.to]);
  return week;
}

/**
 * The days on which two windows are both served at some minute (a window past midnight
 * counts into the next morning), in week order; [] when they never overlap.
 */
export function overlapDays(windows: readonly ServedWindow[]): Day[] {
  const found = new Set<Day>();
  const each = windows.map((w) => stretches(asWeek([w])));
  for (let i = 0; i < each.length; i++)
    for (let j = i + 1; j < each.length; j++)
      for (const [s1, e1] of each[i]!)
        for (const [s2, e2] of each[j]!)
          for (const shift of [-WEEK, 0, WEEK])
            if (s1 < e2 + shift && s2 + shift < e1)
              found.add(DAYS[Math.floor(Math.max(s1, s2 + shift) / 1440) % 7]!);
  return DAYS.filter((d) => found.has(d));
}

export interface ServedState {
  /** Served at this moment (always, with no windows). */
  now: boolean;
  /** "Until 11:30 am", "From 7:00 am", "From Friday 11:00 pm"; null with no windows. */
  text: Message | null;
  /** When `now` changes next (a page saying it is kept no longer); null: never. */
  changesAt: Date | null;
}

/**
 * Stretches that touch or overlap made one (breakfast to 11:00 and brunch from 11:00 serve
 * on through 11:00), a Sunday night's joined to Monday morning's.
 */
function merged(all: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of all.toSorted((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  const first = out[0];
  const last = out.at(-1);
  if (first && last && first !== last && last[1] >= first[0] + WEEK) {
    last[1] = Math.max(last[1], first[1] + WEEK);
    out.shift();
  }
  return out;
}

const ALWAYS: ServedState = { now: true, text: null, changesAt: null };

/** Whether the windows serve at `at` in `timeZone`, what the page says of it, and when that changes. */
export function servedState(
  windows: readonly ServedWindow[],
  at: Date,
  timeZone: string,
  locale: Locale = "en",
): ServedState {
  if (windows.length === 0) return ALWAYS;
  const all = merged(stretches(asWeek(windows)));
  if (all.some(([s, e]) => e - s >= WEEK)) return ALWAYS;
  const now = weekMinute(at, timeZone);
  const inside = stretchAt(all, now);
  if (inside)
    return {
      now: true,
      text: keyed("Until {{time}}", { time: clockText(timeOfMinute(inside[1]), locale) }),
      changesAt: minutesLater(at, now, inside[1] % WEEK),
    };
  const next = nextStart(all, now);
  const changesAt = minutesLater(at, now, next);
  const time = clockText(timeOfMinute(next), locale);
  // Within a day, the hour says it (breakfast at noon is tomorrow's); further off, the day too.
  const soon = changesAt.getTime() - at.getTime() < 24 * 3_600_000;
  const day = DAY_NAMES[DAYS[Math.floor(next / 1440) % 7]!];
  return {
    now: false,
    // The day is part of the key: each has its own sentence in Urdu.
    text: soon ? keyed("From {{time}}", { time }) : keyed(`From ${day} {{time}}`, { time }),
    changesAt,
  };
}

/** "7:00 am – 11:30 am" or "Friday, Saturday: 11:00 pm – 3:00 am", windows joined by "; ". */
export function windowsText(windows: readonly ServedWindow[], locale: Locale = "en"): string {
  const t = translatorFor(locale);
  return windows
    .map((w) => {
      const range = `${clockText(w.from, locale)} – ${clockText(w.to, locale)}`;
      if (w.days.length === 7) return range;
      return `${w.days.map((d) => t(DAY_NAMES[d])).join(t(", "))}: ${range}`;
    })
    .join("; ");
}

/** The earliest of several moments a page's content changes; null when none does. */
export function earliest(...moments: (Date | null | undefined)[]): Date | null {
  let first: Date | null = null;
  for (const m of moments) if (m && (!first || m < first)) first = m;
  return first;
}
