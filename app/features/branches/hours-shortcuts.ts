// Client-safe: the hours form runs these in the browser, the server without scripts.
import type { EditForm } from "~/lib/edit-version.ts";
import { DAY_NAMES, DAYS, RANGES_A_DAY, type Day, type OpeningHours } from "~/lib/opening-hours.ts";

export { HOURS_SHORTCUT_MESSAGES, HOURS_SHORTCUTS } from "./hours-shortcuts.messages.ts";

/** The hours form's field for a day's range: `monOpens0`, `monCloses0`, `monOpens1`… */
export const hoursField = (day: Day, range: number, edge: "Opens" | "Closes") => `${day}${edge}${range}`;

/** The box that marks a day closed: `monClosed`. */
export const closedField = (day: Day) => `${day}Closed`;

/** The hours form's values, every field a string. */
export type HoursValues = Record<string, string>;

const TIME_EDGES = ["Opens", "Closes"] as const;

/** The form's own fields of `values` (anything else sent is left out). */
export function hoursValuesOf(values: Record<string, unknown>): HoursValues {
  const out: HoursValues = { note: typeof values.note === "string" ? values.note : "" };
  for (const day of DAYS) {
    out[closedField(day)] = values[closedField(day)] === "on" ? "on" : "";
    for (let range = 0; range < RANGES_A_DAY; range++)
      for (const edge of TIME_EDGES) {
        const value = values[hoursField(day, range, edge)];
        out[hoursField(day, range, edge)] = typeof value === "string" ? value : "";
      }
  }
  return out;
}

/** Stored hours as the form shows them: a day without hours is ticked closed when any day has some. */
export function hoursValues(hours: OpeningHours | null): HoursValues {
  const out = hoursValuesOf({ note: hours?.note ?? "" });
  if (!hours) return out;
  const anyOpen = DAYS.some((day) => hours.days[day].length > 0);
  for (const day of DAYS) {
    if (anyOpen && hours.days[day].length === 0) out[closedField(day)] = "on";
    hours.days[day].slice(0, RANGES_A_DAY).forEach(([opens, closes], range) => {
      out[hoursField(day, range, "Opens")] = opens;
      out[hoursField(day, range, "Closes")] = closes;
    });
  }
  return out;
}

const dayIsEmpty = (values: HoursValues, day: Day) =>
  Array.from({ length: RANGES_A_DAY }).every((_, range) =>
    TIME_EDGES.every((edge) => !values[hoursField(day, range, edge)]?.trim()),
  );

/** Every day not ticked closed takes Monday's times; null when Monday has none to copy. */
export function copyMonday(values: HoursValues): HoursValues | null {
  if (values[closedField("mon")] === "on" || dayIsEmpty(values, "mon")) return null;
  const out = { ...values };
  for (const day of DAYS) {
    if (day === "mon" || out[closedField(day)] === "on") continue;
    for (let range = 0; range < RANGES_A_DAY; range++)
      for (const edge of TIME_EDGES)
        out[hoursField(day, range, edge)] = values[hoursField("mon", range, edge)] ?? "";
  }
  return out;
}

/** Another branch's days (times and closed days) in place of the form's; the note stays this branch's. */
export function copyHoursOf(values: HoursValues, hours: OpeningHours): HoursValues {
  return { ...hoursValues(hours), note: values.note ?? "" };
}

/**
 * The hours form as an edit form (ADR 0037): a day's closed box and times read together,
 * "Closed" or "12:00–15:00, 19:00–23:00", so what changed reads a day at a time.
 */
export const HOURS_EDIT_FORM: EditForm = {
  fields: Object.keys(hoursValuesOf({})),
  groups: Object.fromEntries(
    DAYS.map((day) => [
      day,
      [
        closedField(day),
        ...Array.from({ length: RANGES_A_DAY }, (_, range) =>
          TIME_EDGES.map((edge) => hoursField(day, range, edge)),
        ).flat(),
      ],
    ]),
  ),
  readGroup: (day, values) => {
    const field = (name: string) => {
      const value = values[name];
      return typeof value === "string" ? value.trim() : "";
    };
    if (field(closedField(day as Day)) === "on") return "Closed";
    return Array.from({ length: RANGES_A_DAY }, (_, range) =>
      TIME_EDGES.map((edge) => field(hoursField(day as Day, range, edge))),
    )
      .filter(([opens, closes]) => opens || closes)
      .map(([opens, closes]) => `${opens}–${closes}`)
      .join(", ");
  },
};

/** Each part of the hours form, for what someone else changed: the days' names and the note. */
export const HOURS_FIELD_LABELS: Record<string, string> = { ...DAY_NAMES, note: "Note" };
