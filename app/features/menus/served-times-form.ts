// Client-safe: the serving-times form (ADR 0043) reads and checks its fields the same
// way in the browser and on the server.
import type { EditForm } from "~/lib/edit-version.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { DAY_NAMES, DAYS, isTime, type Day } from "~/lib/opening-hours.ts";
import { overlapDays, windowsText, WINDOWS_MAX, type ServedWindow } from "~/lib/served-times.ts";

export const SERVED_TIMES_MESSAGES = {
  saved: "Serving times saved",
  bothTimes: "Give both times, or leave both empty.",
  time: "Enter a time such as 12:00 or 23:30.",
  same: "The start and the end must differ.",
  noDays: "Tick at least one day.",
  // The day is part of the key: each has its own sentence in Urdu.
  overlap: (day: Day) => `These times overlap with another window on ${DAY_NAMES[day]}.`,
  notFound: "This section or dish is not on your menu.",
  failed: "Serving times could not be saved. Please try again.",
} as const;

/** A window's field: `w0From`, `w0To`, and a box a day, `w0mon`… */
export const windowField = (index: number, part: "From" | "To" | Day) => `w${index}${part}`;

/** On a branch: 'follow' the general menu's times, or keep 'own' ones. */
export const FOLLOW_FIELD = "follow";

/** The form's values for `windows` (a blank window's days all ticked, the usual case). */
export function servedTimesValues(windows: readonly ServedWindow[], follow?: "general" | "own") {
  const out: Record<string, string> = {};
  for (let i = 0; i < WINDOWS_MAX; i++) {
    const w = windows[i];
    out[windowField(i, "From")] = w?.from ?? "";
    out[windowField(i, "To")] = w?.to ?? "";
    for (const day of DAYS) out[windowField(i, day)] = !w || w.days.includes(day) ? "on" : "";
  }
  if (follow) out[FOLLOW_FIELD] = follow;
  return out;
}

/** Only the form's own fields of what was sent, every one a string. */
export function servedTimesValuesOf(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string).trim() : "");
  for (let i = 0; i < WINDOWS_MAX; i++) {
    out[windowField(i, "From")] = text(windowField(i, "From"));
    out[windowField(i, "To")] = text(windowField(i, "To"));
    for (const day of DAYS) out[windowField(i, day)] = text(windowField(i, day)) === "on" ? "on" : "";
  }
  const follow = text(FOLLOW_FIELD);
  if (follow === "general" || follow === "own") out[FOLLOW_FIELD] = follow;
  return out;
}

const WINDOW_FIELDS = Object.keys(servedTimesValues([])).filter((f) => f !== FOLLOW_FIELD);

/**
 * For what someone else changed (ADR 0037): the windows read as one field, as the page
 * says them ("7:00 am – 11:30 am"), and the branch's choice to follow the general menu.
 */
export const SERVED_TIMES_EDIT_FORM: EditForm = {
  fields: [...WINDOW_FIELDS, FOLLOW_FIELD],
  groups: { times: WINDOW_FIELDS },
  readGroup: (_group, values) => {
    const parsed = parseServedTimes(values);
    return parsed.ok
      ? windowsText(parsed.windows)
      : WINDOW_FIELDS.map((f) => String(values[f] ?? "")).join(" ");
  },
};

/** Each field's label in what someone else changed. */
export const SERVED_TIMES_FIELD_LABELS: Record<string, string> = {
  times: "Serving times",
  [FOLLOW_FIELD]: "At this branch",
};

/**
 * The windows the form describes: each with both times (or neither: no window), a start
 * and end that differ (an end before the start runs past midnight), at least one day, and
 * none overlapping another on any day. Errors name the window's fields.
 */
export function parseServedTimes(
  values: Record<string, unknown>,
): { ok: true; windows: ServedWindow[] } | { ok: false; fieldErrors: FieldErrors } {
  const sent = servedTimesValuesOf(values);
  const fieldErrors: FieldErrors = {};
  const windows: ServedWindow[] = [];
  const fieldsOf: string[] = [];
  for (let i = 0; i < WINDOWS_MAX; i++) {
    const from = sent[windowField(i, "From")]!;
    const to = sent[windowField(i, "To")]!;
    const days = DAYS.filter((d) => sent[windowField(i, d)] === "on");
    if (!from && !to) continue;
    if (!from || !to) fieldErrors[windowField(i, from ? "To" : "From")] = SERVED_TIMES_MESSAGES.bothTimes;
    else if (!isTime(from) || !isTime(to))
      fieldErrors[windowField(i, isTime(from) ? "To" : "From")] = SERVED_TIMES_MESSAGES.time;
    else if (from === to) fieldErrors[windowField(i, "To")] = SERVED_TIMES_MESSAGES.same;
    else if (days.length === 0) fieldErrors[windowField(i, "mon")] = SERVED_TIMES_MESSAGES.noDays;
    else {
      windows.push({ days, from, to });
      fieldsOf.push(windowField(i, "From"));
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  // Each later window is checked against the ones before it, so the message lands on it.
  for (let i = 1; i < windows.length; i++)
    for (let j = 0; j < i; j++) {
      const day = overlapDays([windows[j]!, windows[i]!])[0];
      if (day) return { ok: false, fieldErrors: { [fieldsOf[i]!]: SERVED_TIMES_MESSAGES.overlap(day) } };
    }
  return { ok: true, windows };
}
