// Runs in the sheet worker (sheet-worker.server.ts), loaded by Node itself from
// source: only packages and relative .ts imports here, no `~/` alias.
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES as M,
  importColumnOf,
} from "./menu-import.messages.ts";
import { MessageError, type Message } from "../../lib/message.ts";

/** A spreadsheet refused while it is read: the reader stops at once. */
export class SheetRefused extends MessageError {
  readonly status: number;
  constructor(status: number, message: Message) {
    super(message);
    this.status = status;
  }
}

/** Most characters of one cell worth keeping while its column is not known yet. */
export const LONGEST_CELL = Math.max(...IMPORT_COLUMNS.map((c) => c.max)) + 1;

/** Text as a cell keeps it: trimmed, and no longer than any column could use. */
export const cellText = (text: string) => text.trim().slice(0, LONGEST_CELL);

/**
 * The rows of a sheet as the readers stream them, counted as they come so a hostile
 * file is refused at its first cell past a limit, and kept only in the columns the
 * importer knows: the first row with a value is the header, and each later row keeps
 * the header's known columns (the first of each, as the plan matches them) in the
 * template's names, each cell no longer than the Add Item form allows plus one
 * character. What is stored as the import is therefore small whatever the file held.
 */
export class SheetRows {
  readonly rows: string[][] = [];
  #counted = 0;
  #filled = 0;
  #row = new Map<number, string>();
  #kept: { column: number; max: number }[] | undefined;

  /** One more row or cell, empty or not: both cost the reader work. */
  count() {
    if (++this.#counted > IMPORT_MAX_CELLS) throw new SheetRefused(413, M.tooManyCells(IMPORT_MAX_CELLS));
  }

  startRow() {
    this.#row.clear();
  }

  /** A cell of the current row, by its column from 0, its text already through cellText. */
  cell(column: number, text: string) {
    if (text === "") return;
    if (column >= IMPORT_MAX_COLUMNS) throw new SheetRefused(413, M.tooManyColumns(IMPORT_MAX_COLUMNS));
    this.#row.set(column, text);
  }

  endRow() {
    if (this.#row.size === 0) return;
    if (++this.#filled > IMPORT_MAX_ROWS + 1) throw new SheetRefused(413, M.tooManyRows(IMPORT_MAX_ROWS));
    if (this.#kept) {
      this.rows.push(this.#kept.map(({ column, max }) => (this.#row.get(column) ?? "").slice(0, max + 1)));
      return;
    }
    const kept: { column: number; max: number }[] = [];
    const header: string[] = [];
    for (const [column, text] of [...this.#row].toSorted(([a], [b]) => a - b)) {
      const known = importColumnOf(text);
      if (!known || header.includes(known.header)) continue;
      kept.push({ column, max: known.max });
      header.push(known.header);
    }
    this.#kept = kept;
    this.rows.push(header);
  }

  /** The header and the dishes' rows; refused when there is no dish. */
  finish(): string[][] {
    if (this.rows.length < 2) throw new SheetRefused(400, M.empty);
    return this.rows;
  }
}
