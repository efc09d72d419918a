import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { Unzip, UnzipInflate } from "fflate";
import { fail, type Result } from "~/lib/result.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES as M } from "./menu-import.messages.ts";

/**
 * A spreadsheet as rows of text cells, the first row its column names. CSV (UTF-8,
 * comma or semicolon, as Excel saves it in different countries) by csv-parse; XLSX
 * by exceljs, its first worksheet. Nothing here knows what a dish is.
 */
export async function readSheet(bytes: Uint8Array): Promise<Result<{ rows: string[][] }>> {
  if (bytes.byteLength === 0) return fail(400, M.noFile);
  if (bytes.byteLength > IMPORT_MAX_BYTES) return fail(413, M.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  let rows: string[][];
  try {
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return fail(400, M.oldExcel);
    rows = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ? await readXlsx(bytes) : readCsv(bytes);
  } catch (error) {
    if (error instanceof SheetTooLarge) return fail(413, M.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
    return fail(400, M.notASheet);
  }
  const filled = rows.filter((row) => row.some((cell) => cell !== ""));
  if (filled.length > IMPORT_MAX_ROWS + 1) return fail(413, M.tooManyRows(IMPORT_MAX_ROWS));
  if (filled.length < 2) return fail(400, M.empty);
  return { ok: true, rows: filled };
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

class SheetTooLarge extends Error {}

function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/u, "");
  if (text.includes("\u0000")) throw new Error("binary");
  // Excel saves "CSV" with semicolons where the comma is the decimal sign; sizes use
  // semicolons inside a quoted cell, so the header line decides.
  const header = text.slice(0, text.search(/\r?\n|$/u));
  const delimiter = header.includes(";") && !header.includes(",") ? ";" : ",";
  return parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: 20_000,
    to: IMPORT_MAX_ROWS + 2,
  }) as string[][];
}

/** What a workbook may unpack to: a 1,000-dish menu is well under 2 MB of XML. */
const MAX_UNZIPPED = 40 * 1024 * 1024;
const MAX_ENTRIES = 200;

/**
 * Unpacks the workbook once with a running count and stops past MAX_UNZIPPED, so a
 * small file that would unpack to gigabytes (a zip bomb) is refused before exceljs
 * unpacks it: the sizes a zip declares can lie, the bytes inflated cannot.
 */
function checkUnzippedSize(bytes: Uint8Array) {
  let total = 0;
  let entries = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (++entries > MAX_ENTRIES) throw new SheetTooLarge();
    file.ondata = (error, chunk) => {
      if (error) throw error;
      total += chunk.byteLength;
      if (total > MAX_UNZIPPED) throw new SheetTooLarge();
    };
    file.start();
  };
  unzip.push(bytes, true);
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  checkUnzippedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number > IMPORT_MAX_ROWS + 2) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push(Array.from(cells, (cell) => cell ?? ""));
  });
  return rows;
}

/** A cell as the text a person sees: numbers as typed, a formula's result, a link's text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value)
      return value.richText
        .map((part) => part.text)
        .join("")
        .trim();
    if ("text" in value && typeof value.text === "string") return value.text.trim();
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return "";
}
