import { dishChoice, PART_FIELDS, parseDeal, type DealInput } from "../deals/deals.schema.ts";
import { IMPORT_MESSAGES as M, looseKey, photoKey } from "./menu-import.messages.ts";
import type { Message } from "~/lib/message.ts";
import { readSizes } from "~/lib/sizes.ts";

/**
 * Deal rows of a menu spreadsheet (issue 32, ADR 0044): the row kind "deal" or "iftar
 * deal", its parts in one cell ("2 x Chicken Karahi (Full kg); 4 x Naan; 1.5 L drink").
 * A part names a dish of the menu, or of the same sheet, by its name (and its size in
 * brackets); any other part is a few words shown as written, and the preview says so.
 */

/** A deal row of the sheet as it would be imported. */
export interface PlannedDeal {
  line: number;
  name: string;
  action: "add" | "update";
  /** The general deal of the same name it updates. */
  existingId?: string;
  /**
   * The deal as the deal form would send it, checked; undefined when it has problems. A
   * part's itemId is a dish's id, or `row:N` for the dish row N of this sheet adds.
   */
  input?: DealInput;
  /** Each part as it was read: `onMenu` false for a few words that name no dish. */
  parts: { text: string; onMenu: boolean }[];
  /** The photo it shows (a key of photoKey); "" for its first dish's picture. */
  photo: string;
  problems: Message[];
}

/** A dish a part may name: on the general menu, or a row of this sheet. */
export interface NameableDish {
  /** The dish's id, or `row:N`. */
  id: string;
  name: string;
  nameExtra: string;
  sizes: readonly string[];
}

/**
 * A deal row's cells, by column; undefined for a column the sheet has not, so a deal it
 * updates keeps what it had there (an older sheet without the Urdu or date columns).
 */
export interface DealCells {
  line: number;
  kind: "deal" | "iftar deal";
  name: string;
  nameUr: string | undefined;
  price: string;
  parts: string;
  serves: string | undefined;
  validFrom: string | undefined;
  validUntil: string | undefined;
  photo: string;
}

/** A general deal of the restaurant, as a row of the same name updates it. */
export interface CurrentDeal {
  id: string;
  name: string;
  nameUr: string;
  serves: number;
  validFrom: string;
  validUntil: string;
}

const keyOf = (text: string) => text.trim().toLowerCase().replaceAll(/\s+/gu, " ");

/**
 * "2 x Naan", "2× Naan", "2 * Naan": how many, then the rest. "1.5 L drink", "7 Up" and
 * "2 XL Fries" are words (a letter x counts only as a word of its own).
 */
const QUANTITY = /^(\d{1,2})\s*(?:[×*]|x(?=\s))\s*(\S.*)$/iu;
/** "Chicken Karahi (Full kg)": a dish and, in brackets at the end, its size. */
const BRACKETED = /^(.*?)\s*\(([^()]*)\)$/u;

/** The days since 1899-12-30 Excel keeps for a date cell, as YYYY-MM-DD; the text itself otherwise. */
export function sheetDate(text: string): string {
  if (!/^\d{5}$/u.test(text)) return text;
  const day = new Date(Date.UTC(1899, 11, 30) + Number(text) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function dishIndex(dishes: readonly NameableDish[]) {
  const byName = new Map<string, NameableDish>();
  for (const dish of dishes) {
    for (const name of [dish.name, `${dish.name} ${dish.nameExtra}`]) {
      const key = keyOf(name);
      if (key && !byName.has(key)) byName.set(key, dish);
    }
  }
  return byName;
}

/** One part of the cell as the deal form's part row, or what is wrong with it. */
function readPart(
  said: string,
  byName: ReadonlyMap<string, NameableDish>,
): { quantity: string; choice: string; text: string; shown: string; problem?: Message } {
  const counted = QUANTITY.exec(said);
  const quantity = counted?.[1] ?? "1";
  const rest = (counted?.[2] ?? said).trim();
  const shown = counted ? `${quantity} × ${rest}` : rest;
  const whole = byName.get(keyOf(rest));
  if (whole) {
    if (whole.sizes.length > 0)
      return { quantity, choice: "", text: rest, shown, problem: M.partSize(whole.name, whole.sizes) };
    return { quantity, choice: dishChoice(whole.id), text: "", shown: `${quantity} × ${whole.name}` };
  }
  const bracketed = BRACKETED.exec(rest);
  const dish = bracketed && byName.get(keyOf(bracketed[1]!));
  if (!bracketed || !dish) return { quantity, choice: "", text: rest, shown };
  const written = bracketed[2]!.trim();
  if (dish.sizes.length === 0)
    // "Naan (2 pieces)": the dish, and the bracket as words beside it.
    return { quantity, choice: dishChoice(dish.id), text: `(${written})`, shown };
  const size = dish.sizes.find((s) => looseKey(s) === looseKey(written));
  if (!size)
    return {
      quantity,
      choice: "",
      text: rest,
      shown,
      problem: M.partNoSize(dish.name, written, dish.sizes),
    };
  return {
    quantity,
    choice: dishChoice(dish.id, size),
    text: "",
    shown: `${quantity} × ${dish.name} (${size})`,
  };
}

/** A cell, or for a column the sheet has not the value the deal being updated has, or `fallback`. */
const kept = (cell: string | undefined, had: string | number | undefined, fallback: string) =>
  cell ?? (had === undefined ? fallback : String(had));

/**
 * What importing the deal rows would do: each checked as the deal form checks it, a
 * deal named like one of the restaurant's general deals updating it. Nothing is written.
 */
export function planDeals(
  rows: readonly DealCells[],
  dishes: readonly NameableDish[],
  currentDeals: readonly CurrentDeal[],
): PlannedDeal[] {
  const byName = dishIndex(dishes);
  const sizesOf = new Map(dishes.map((d) => [d.id, { sizes: [...d.sizes] }]));
  const existing = new Map(currentDeals.map((d) => [keyOf(d.name), d]));
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const deal: PlannedDeal = {
      line: row.line,
      name: row.name,
      action: "add",
      parts: [],
      photo: "",
      problems: [],
    };
    const key = keyOf(row.name);
    const twice = seen.get(key);
    if (key && twice !== undefined) deal.problems.push(M.dealTwice(twice));
    if (key) seen.set(key, row.line);
    const current = existing.get(key);
    deal.existingId = current?.id;
    if (current) deal.action = "update";
    deal.photo = photoKey(row.photo);

    const read = row.parts
      .split(/[;\n]/u)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => readPart(p, byName));
    deal.parts = read.map((p) => ({ text: p.shown, onMenu: p.choice !== "" }));
    for (const part of read) if (part.problem) deal.problems.push(part.problem);
    // A column the sheet has not keeps what the deal it updates has.
    const parsed = parseDeal(
      {
        name: row.name,
        nameUr: kept(row.nameUr, current?.nameUr, ""),
        price: row.price.replaceAll(",", ""),
        serves: kept(row.serves, current?.serves, ""),
        validFrom: sheetDate(kept(row.validFrom, current?.validFrom, "")),
        validUntil: sheetDate(kept(row.validUntil, current?.validUntil, "")),
        iftar: row.kind === "iftar deal" ? "on" : "",
        [PART_FIELDS.dish]: read.map((p) => p.choice),
        [PART_FIELDS.quantity]: read.map((p) => p.quantity),
        [PART_FIELDS.text]: read.map((p) => p.text),
      },
      sizesOf,
    );
    if (!parsed.ok)
      deal.problems.push(...new Set(Object.values(parsed.fieldErrors).filter((e) => e !== undefined)));
    if (deal.problems.length === 0 && parsed.ok) deal.input = parsed.deal;
    return deal;
  });
}

/** The dishes a deal's part may name: the menu's, each replaced by the sheet's row of it when the sheet has one. */
export function nameableDishes(
  menu: readonly { id: string; name: string; nameExtra: string; sizes?: string }[],
  sheet: readonly {
    line: number;
    existingId?: string;
    input?: { name: string; nameExtra: string; sizes: readonly { label: string }[] };
  }[],
): NameableDish[] {
  const fromSheet = sheet.flatMap((dish) =>
    dish.input
      ? [
          {
            id: dish.existingId ?? `row:${dish.line}`,
            name: dish.input.name,
            nameExtra: dish.input.nameExtra,
            sizes: dish.input.sizes.map((s) => s.label),
          },
        ]
      : [],
  );
  const replaced = new Set(fromSheet.map((d) => d.id));
  return [
    ...fromSheet,
    ...menu
      .filter((item) => !replaced.has(item.id))
      .map((item) => ({
        id: item.id,
        name: item.name,
        nameExtra: item.nameExtra,
        sizes: readSizes(item.sizes ?? "").map((s) => s.label),
      })),
  ];
}
