// Client-safe and zod-free: the deal form (ADR 0044) is read and checked the same way on
// the server and, for its messages, in the browser.
import type { FieldErrors } from "~/lib/forms.ts";
import { plainDecimal } from "~/lib/numbers.ts";
import { parseServedTimes } from "~/features/menus/served-times-form.ts";
import type { ServedWindow } from "~/lib/served-times.ts";

export const DEAL_MESSAGES = {
  saved: "Deal saved",
  deleted: "Deal deleted",
  notFound: "Deal not found",
  failed: "The deal could not be saved. Please try again.",
  nameMissing: "Please enter the deal's name.",
  priceMissing: "Please enter the deal's price, more than 0.",
  serves: "For how many people: a whole number from 1 to 50.",
  noParts: "A deal needs at least one part: a dish of your menu, or a few words such as '1.5 L drink'.",
  tooManyParts: "A deal has at most 8 parts.",
  partUnknown: "Choose a dish of your menu.",
  quantity: "How many: a whole number from 1 to 20.",
  partText: "At most 80 characters.",
  date: "Enter a date such as 2027-03-01.",
  datesReversed: "The last day cannot be before the first.",
  branchUnknown: "Choose one of your branches.",
  branchSaved: "Saved for this branch",
} as const;

/** A deal has at most this many parts (a family deal: a karahi, breads, rice, a drink, a sweet…). */
export const PARTS_MAX = 8;
/** Empty part rows the form offers below the filled ones. */
export const BLANK_PARTS = 3;

/** A part's fields: the dish (and size) chosen, how many, or a few words instead. */
export const PART_FIELDS = { dish: "partDish", quantity: "partQuantity", text: "partText" } as const;

/** The dish select's value: the general dish's id, and the size after a "|" when it has sizes. */
export const dishChoice = (itemId: string, sizeLabel = "") => (sizeLabel ? `${itemId}|${sizeLabel}` : itemId);

export interface DealPartInput {
  itemId: string | null;
  sizeLabel: string;
  quantity: number;
  text: string;
}

export interface DealInput {
  name: string;
  nameUr: string;
  price: number;
  serves: number;
  parts: DealPartInput[];
  windows: ServedWindow[];
  validFrom: string;
  validUntil: string;
  /** An iftar deal: first while the branch keeps Ramadan hours. */
  iftar: boolean;
  /** null: the general menu (every branch); else one branch's address part. */
  branchUrl: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** A real calendar day written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const list = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => text(v));

/**
 * The deal the form describes, or what is wrong, field by field. `dishes` are the owner's
 * general dishes with their sizes: a part naming any other (another restaurant's, a branch
 * copy, a size the dish has not) is refused.
 */
export function parseDeal(
  values: Record<string, unknown>,
  dishes: ReadonlyMap<string, { sizes: readonly string[] }>,
): { ok: true; deal: DealInput } | { ok: false; fieldErrors: FieldErrors } {
  const M = DEAL_MESSAGES;
  const errors: FieldErrors = {};
  const name = text(values.name);
  const nameUr = text(values.nameUr);
  if (!name) errors.name = M.nameMissing;
  else if (name.length > 80) errors.name = "At most 80 characters.";
  if (nameUr.length > 80) errors.nameUr = "At most 80 characters.";
  const price = plainDecimal(text(values.price));
  if (price === null || price <= 0 || price > 10_000_000) errors.price = M.priceMissing;
  const servesText = text(values.serves) || "1";
  const serves = /^\d{1,2}$/u.test(servesText) ? Number(servesText) : Number.NaN;
  if (!(serves >= 1 && serves <= 50)) errors.serves = M.serves;

  const chosen = list(values[PART_FIELDS.dish]);
  const quantities = list(values[PART_FIELDS.quantity]);
  const words = list(values[PART_FIELDS.text]);
  const parts: DealPartInput[] = [];
  const rows = Math.min(Math.max(chosen.length, quantities.length, words.length), PARTS_MAX + BLANK_PARTS);
  for (let i = 0; i < rows; i++) {
    const choice = chosen[i] ?? "";
    const said = words[i] ?? "";
    if (!choice && !said) continue;
    const quantityText = quantities[i] || "1";
    const quantity = /^\d{1,2}$/u.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= 20)) errors[PART_FIELDS.quantity] ??= M.quantity;
    if (said.length > 80) errors[PART_FIELDS.text] ??= M.partText;
    if (choice) {
      const bar = choice.indexOf("|");
      const itemId = bar < 0 ? choice : choice.slice(0, bar);
      const sizeLabel = bar < 0 ? "" : choice.slice(bar + 1);
      const dish = dishes.get(itemId);
      const sizeOk = dish && (sizeLabel ? dish.sizes.includes(sizeLabel) : dish.sizes.length === 0);
      if (!sizeOk) errors[PART_FIELDS.dish] ??= M.partUnknown;
      parts.push({ itemId, sizeLabel, quantity, text: said });
    } else parts.push({ itemId: null, sizeLabel: "", quantity, text: said });
  }
  if (parts.length === 0) errors[PART_FIELDS.dish] ??= M.noParts;
  if (parts.length > PARTS_MAX) errors[PART_FIELDS.dish] ??= M.tooManyParts;

  const validFrom = text(values.validFrom);
  const validUntil = text(values.validUntil);
  if (validFrom && !isDate(validFrom)) errors.validFrom = M.date;
  if (validUntil && !isDate(validUntil)) errors.validUntil = M.date;
  else if (validFrom && validUntil && isDate(validFrom) && validUntil < validFrom)
    errors.validUntil = M.datesReversed;

  const times = parseServedTimes(values);
  if (!times.ok) Object.assign(errors, times.fieldErrors);
  const branch = text(values.branch);
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    deal: {
      name,
      nameUr,
      price: price!,
      serves,
      parts,
      windows: times.ok ? times.windows : [],
      validFrom,
      validUntil,
      iftar: text(values.iftar) === "on",
      branchUrl: branch || null,
    },
  };
}
