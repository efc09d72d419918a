/**
 * A branch's dated hours (issue 32, ADR 0045): Ramadan hours and Eid days. Every day of a
 * schedule has the same ranges; an edge is a time ("HH:MM") or that day's iftar or sehri
 * (sehri as an end is the next morning's). No range: closed those days. Client-safe.
 */
import { translatorFor } from "~/i18n/i18n.ts";
import type { FieldErrors } from "./forms.ts";
import type { Locale } from "./locale.ts";
import { clockText, isTime } from "./opening-hours.ts";

export const SCHEDULE_KINDS = ["ramadan", "eid"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export type Edge = string; // "HH:MM" | "iftar" | "sehri"
export interface SpecialRange {
  from: Edge;
  to: Edge;
}

export const RANGES_MAX = 3;
/** A schedule covers at most this many days (Ramadan, with a day either side). */
export const SCHEDULE_DAYS_MAX = 40;

export const SPECIAL_HOURS_MESSAGES = {
  saved: "Ramadan and Eid hours saved",
  deleted: "Schedule deleted",
  notFound: "Schedule not found",
  kind: "Choose Ramadan or Eid.",
  date: "Enter a date such as 2027-03-01.",
  datesReversed: "The last day cannot be before the first.",
  tooLong: "A schedule covers at most 40 days.",
  overlap: "These days overlap another schedule of this branch.",
  bothEdges: "Give both ends of the time, or leave both empty.",
  edge: "Enter a time such as 12:00 or 23:30, or choose iftar or sehri.",
  same: "The start and the end must differ.",
  noHours: "Give the hours, or tick 'Closed on these days'.",
  needsCity: "Set the branch's city first: sehri and iftar times are worked out for it.",
} as const;

const isEdge = (edge: string) => edge === "iftar" || edge === "sehri" || isTime(edge);

/** The ranges stored on a schedule; [] (closed) when none or unreadable. */
export function readRanges(json: string | null | undefined): SpecialRange[] {
  try {
    const parsed: unknown = JSON.parse(json ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (r): r is SpecialRange =>
          typeof r === "object" &&
          r !== null &&
          isEdge(String((r as SpecialRange).from)) &&
          isEdge(String((r as SpecialRange).to)) &&
          (r as SpecialRange).from !== (r as SpecialRange).to,
      )
      .map((r) => ({ from: r.from, to: r.to }))
      .slice(0, RANGES_MAX);
  } catch {
    return [];
  }
}

/** An edge as a person reads it: "7:00 pm", "iftar", "sehri". */
export function edgeText(edge: Edge, locale: Locale = "en"): string {
  const t = translatorFor(locale);
  if (edge === "iftar") return t("iftar");
  if (edge === "sehri") return t("sehri");
  return clockText(edge, locale);
}

/** "iftar – 11:00 pm, 2:00 am – sehri", or "Closed". */
export function rangesText(ranges: readonly SpecialRange[], locale: Locale = "en"): string {
  const t = translatorFor(locale);
  if (ranges.length === 0) return t("Closed");
  return ranges.map((r) => `${edgeText(r.from, locale)} – ${edgeText(r.to, locale)}`).join(t(", "));
}

/** A range's form fields: `r0From` (a time), `r0FromAt` ("", "iftar" or "sehri"), `r0To`, `r0ToAt`. */
export const rangeField = (index: number, part: "From" | "FromAt" | "To" | "ToAt") => `r${index}${part}`;

export interface ScheduleInput {
  kind: ScheduleKind;
  validFrom: string;
  validUntil: string;
  ranges: SpecialRange[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/u;
const isDate = (text: string) =>
  DATE.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const days = (from: string, until: string) =>
  (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The schedule the form describes, or what is wrong with it, field by field. */
export function parseSchedule(
  values: Record<string, unknown>,
): { ok: true; schedule: ScheduleInput } | { ok: false; fieldErrors: FieldErrors } {
  const M = SPECIAL_HOURS_MESSAGES;
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string).trim() : "");
  const errors: FieldErrors = {};
  const kind = SCHEDULE_KINDS.find((k) => k === text("kind"));
  if (!kind) errors.kind = M.kind;
  const validFrom = text("validFrom");
  const validUntil = text("validUntil");
  if (!isDate(validFrom)) errors.validFrom = M.date;
  if (!isDate(validUntil)) errors.validUntil = M.date;
  else if (isDate(validFrom) && validUntil < validFrom) errors.validUntil = M.datesReversed;
  else if (isDate(validFrom) && days(validFrom, validUntil) > SCHEDULE_DAYS_MAX)
    errors.validUntil = M.tooLong;
  const ranges: SpecialRange[] = [];
  for (let i = 0; i < RANGES_MAX; i++) {
    const edge = (part: "From" | "To") => text(rangeField(i, `${part}At`)) || text(rangeField(i, part));
    const from = edge("From");
    const to = edge("To");
    if (!from && !to) continue;
    if (!from || !to) errors[rangeField(i, from ? "To" : "From")] = M.bothEdges;
    else if (!isEdge(from) || !isEdge(to)) errors[rangeField(i, isEdge(from) ? "To" : "From")] = M.edge;
    else if (from === to) errors[rangeField(i, "To")] = M.same;
    else ranges.push({ from, to });
  }
  if (ranges.length === 0 && text("closed") !== "on" && !Object.keys(errors).some((k) => k.startsWith("r")))
    errors[rangeField(0, "From")] = M.noHours;
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    schedule: { kind: kind!, validFrom, validUntil, ranges: text("closed") === "on" ? [] : ranges },
  };
}
