// Client-safe: the tables screen and the server read and say these the same way (issue 33, ADR 0046).
import type { FieldErrors } from "~/lib/forms.ts";
import { keyed } from "~/lib/message.ts";

export const TABLE_MESSAGES = {
  added: (n: number) => keyed(n === 1 ? "{{n}} table added" : "{{n}} tables added", { n }),
  noTables: "Write table numbers such as 1-12, or names such as Family hall 3, separated by commas.",
  tooMany: (max: number) => keyed("A branch has at most {{max}} tables.", { max }),
  labelLong: "A table's name is at most 40 characters.",
  taken: (label: string) => keyed('There is already a table "{{label}}".', { label }),
  removed: "Table removed. Its card no longer gives a pass.",
  changed: "New code made. Print this table's card again: the old card no longer gives a pass.",
  allChanged: "Every table has a new code. Print the cards again: the old ones no longer give passes.",
  notFound: "Table not found",
} as const;

/** Tables one branch may have: a large banquet hall's worth. */
export const TABLES_MAX = 200;
const LABEL_MAX = 40;
/** 1-12, 1 – 12: numbered tables. */
const RANGE = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/u;

/** A numbered table's label is its number alone (3); its card says 'Table 3'. */
export const isNumbered = (label: string) => /^\d{1,3}$/u.test(label);

/**
 * The tables the add form names: numbers and ranges (1-12) and names (Family hall 3),
 * separated by commas, each once, in the order written; or what is wrong.
 */
export function parseTableLabels(
  text: unknown,
): { ok: true; labels: string[] } | { ok: false; fieldErrors: FieldErrors } {
  const written = typeof text === "string" ? text : "";
  const labels: string[] = [];
  for (const piece of written.split(/[,،\n]/u).map((p) => p.trim().replaceAll(/\s+/gu, " "))) {
    if (!piece) continue;
    const range = RANGE.exec(piece);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])].toSorted((a, b) => a - b) as [number, number];
      if (to - from >= TABLES_MAX)
        return { ok: false, fieldErrors: { tables: TABLE_MESSAGES.tooMany(TABLES_MAX) } };
      for (let n = from; n <= to; n++) labels.push(String(n));
      continue;
    }
    if (piece.length > LABEL_MAX) return { ok: false, fieldErrors: { tables: TABLE_MESSAGES.labelLong } };
    // 007 and 7 are one table.
    labels.push(isNumbered(piece) ? String(Number(piece)) : piece);
  }
  // Family hall and family hall are one table: the first spelling is kept.
  const seen = new Set<string>();
  const unique = labels.filter((label) => !seen.has(label.toLowerCase()) && seen.add(label.toLowerCase()));
  if (unique.length === 0) return { ok: false, fieldErrors: { tables: TABLE_MESSAGES.noTables } };
  if (unique.length > TABLES_MAX)
    return { ok: false, fieldErrors: { tables: TABLE_MESSAGES.tooMany(TABLES_MAX) } };
  return { ok: true, labels: unique };
}
