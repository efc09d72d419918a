import { addDays } from "~/lib/dates.ts";
// ADR 0027: the owner's insights screen. Constants and day arithmetic shared by the
// use cases, the page and its charts (no zod, nothing server-only).

/** The periods the screen offers, in days counted back from today (Pakistan time). */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

/** `?days=` as a period: 7, 30 or 90, anything else the default. */
export function periodOf(value: string | null | undefined): Period {
  const n = Number(value);
  return (PERIODS as readonly number[]).includes(n) ? (n as Period) : DEFAULT_PERIOD;
}

/** How many dishes "Most viewed dishes" shows. */
export const TOP_DISHES = 10;
/** How many reviews waiting for a reply the screen lists (the count says how many in all). */
export const WAITING_SHOWN = 20;
/** How much of a review's text the list shows. */
export const REVIEW_START_LENGTH = 160;

/** The row of a restaurant's own pages (its page, its menu and the general menu's dishes). */
export const RESTAURANT_PAGES = "Restaurant and menu pages";

// Days are 'YYYY-MM-DD' in Pakistan time (UTC+5 all year, no daylight saving).
const PAKISTAN_OFFSET = "+05:00";

/** The UTC instant (ISO, as timestamps are stored) when `day` starts in Pakistan. */
export function startOfDayIso(day: string): string {
  return new Date(`${day}T00:00:00${PAKISTAN_OFFSET}`).toISOString();
}

/** The Monday of `day`'s week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface DishViews {
  /** The general dish (or a branch's own dish). */
  id: string;
  name: string;
  /** The owner's Urdu name ("" when none): the Urdu screen shows it (app/lib/menu-language.ts). */
  nameUr: string;
  /** Null for a dish of the general menu; a branch's own dish names its branch. */
  branchName: string | null;
  views: number;
  itemRating: number;
  itemRatingBy: number;
}
