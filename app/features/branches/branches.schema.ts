import { z } from "zod";
import { BRANCH_MESSAGES, BRANCH_ITEMS_PER_PAGE } from "./branches.messages.ts";
import { plainDecimal } from "~/lib/numbers.ts";
import { DAY_NAMES, DAYS, isTime, RANGES_A_DAY, type OpeningHours } from "~/lib/opening-hours.ts";
import { closedField, hoursField } from "./hours-shortcuts.ts";
import { ownAddress } from "../accounts/accounts.schema.ts";
import { atMostCharacters, type FieldErrors } from "~/lib/forms.ts";
import { keyed } from "~/lib/message.ts";

export { BRANCH_MESSAGES, BRANCH_ITEMS_PER_PAGE };

const optional = (max: number) => z.string().trim().max(max, atMostCharacters(max)).optional().default("");

export const addBranchSchema = z.object({
  branchName: z
    .string({ error: BRANCH_MESSAGES.nameMissing })
    .trim()
    .min(1, BRANCH_MESSAGES.nameMissing)
    .max(80, atMostCharacters(80))
    .regex(/^[^/?#%\\]+$/u, "The name cannot contain / ? # % or \\.")
    // Its slug is the branch's web address (and QR code): not a dot segment nor a word of the site's own.
    .superRefine(ownAddress),
  provinceLabel: optional(80),
  cityLabel: optional(80),
  areaLabel: optional(80),
  address: optional(300),
  contact: optional(30),
});

/** A price typed on the branch screen: empty is "the general menu's". */
const branchPrice = z
  .string()
  .trim()
  .max(20)
  .optional()
  .default("")
  .transform((v, ctx) => {
    if (v === "") return null;
    const n = plainDecimal(v);
    if (n === null || n < 0 || n > 10_000_000) {
      ctx.addIssue({ code: "custom", message: "Enter a price of 0 or more, or leave it empty." });
      return z.NEVER;
    }
    return n;
  });

/** Per-branch price (empty: the general menu's price), each size's price, and sold out. */
export const branchItemSchema = z.object({
  itemId: z.string().min(1),
  priceOverride: branchPrice,
  sizeOverride: z.array(branchPrice).max(20).default([]),
  /** Which size each price is for (issue 34: by name, never by position). */
  sizeOverrideLabel: z.array(z.string().max(80)).max(20).default([]),
  soldOut: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
});

const ticked = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "1");

/**
 * 'Bring this branch in line': the button's intent, and what the branch should lose
 * (each box ticked: drop it). A box not sent keeps, so a form cut short or broken
 * can never drop what the owner set at the branch.
 */
export const bringInLineSchema = z
  .object({
    intent: z.literal("bring-in-line", { error: "Unknown action." }),
    dropPrices: ticked,
    dropSoldOut: ticked,
    dropHidden: ticked,
    dropBranchOnly: ticked,
  })
  .transform((v) => ({
    prices: !v.dropPrices,
    soldOut: !v.dropSoldOut,
    hidden: !v.dropHidden,
    branchOnly: !v.dropBranchOnly,
  }));

export { hoursField };

/**
 * The weekly hours as the form sends them: for each day up to RANGES_A_DAY ranges, each
 * with both times or neither (a day with none, or ticked closed, is closed), and a note. Every day empty
 * and no note: the branch shows no hours at all (null).
 */
export function parseOpeningHours(
  values: Record<string, unknown>,
): { ok: true; hours: OpeningHours | null } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const days = {} as OpeningHours["days"];
  for (const day of DAYS) {
    days[day] = [];
    // Ticked closed: closed, whatever times the form still holds.
    if (values[closedField(day)] === "on") continue;
    for (let range = 0; range < RANGES_A_DAY; range++) {
      const opens = String(values[hoursField(day, range, "Opens")] ?? "").trim();
      const closes = String(values[hoursField(day, range, "Closes")] ?? "").trim();
      if (!opens && !closes) continue;
      const field = hoursField(day, range, opens ? "Closes" : "Opens");
      if (!opens || !closes) fieldErrors[field] = BRANCH_MESSAGES.hoursBothTimes(DAY_NAMES[day]);
      else if (!isTime(opens) || !isTime(closes))
        fieldErrors[hoursField(day, range, isTime(opens) ? "Closes" : "Opens")] = BRANCH_MESSAGES.hoursTime;
      else if (opens === closes) fieldErrors[hoursField(day, range, "Closes")] = BRANCH_MESSAGES.hoursSame;
      else days[day].push([opens, closes]);
    }
  }
  const note = String(values.note ?? "").trim();
  if (note.length > 300) fieldErrors.note = keyed("Use at most {{max}} characters.", { max: 300 });
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const none = DAYS.every((day) => days[day].length === 0) && !note;
  return { ok: true, hours: none ? null : { days, note } };
}
