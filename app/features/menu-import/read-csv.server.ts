// Runs in the sheet worker: only packages and relative .ts imports (no `~/` alias).
import { parse } from "csv-parse/sync";
import { cellText, SheetRows } from "./sheet-rows.server.ts";

/**
 * A CSV file (UTF-8, comma or semicolon as Excel saves it in different countries) as
 * the known columns of its rows. Each record goes to SheetRows as csv-parse reads
 * it, and none is collected, so the limits stop the parse at the row that passes one.
 */
export function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/u, "");
  if (text.includes("\u0000")) throw new Error("binary");
  // Excel saves "CSV" with semicolons where the comma is the decimal sign; sizes use
  // semicolons inside a quoted cell, so the header line decides.
  const header = text.slice(0, text.search(/\r?\n|$/u));
  const delimiter = header.includes(";") && !header.includes(",") ? ";" : ",";
  const sheet = new SheetRows();
  parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: 20_000,
    on_record: (record: string[]) => {
      sheet.count();
      sheet.startRow();
      for (const [column, value] of record.entries()) {
        sheet.count();
        sheet.cell(column, cellText(value));
      }
      sheet.endRow();
      return null;
    },
  });
  return sheet.finish();
}
