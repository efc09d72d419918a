// Hostile workbooks (ADR 0023, docs/threat-model.md), zipped by hand from
// written XML rather than by exceljs, so that their shape is exactly the attack's:
// the integration test and bench/import-hostile.ts send the same files.
import { strToU8, zipSync } from "fflate";

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Menu" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

interface WorkbookParts {
  sharedStrings?: string[];
  afterSheetData?: string;
  doctype?: string;
}

/**
 * A workbook of one sheet whose <sheetData> holds `rows` (XML), with its shared
 * strings, XML after the <sheetData>, and a document type declaration (for entities).
 */
export function workbookOf(
  rows: string,
  { sharedStrings = [], afterSheetData = "", doctype = "" }: WorkbookParts = {},
): Uint8Array {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${doctype}
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData>${afterSheetData}</worksheet>`;
  const shared = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(ROOT_RELS),
      "xl/workbook.xml": strToU8(WORKBOOK),
      "xl/_rels/workbook.xml.rels": strToU8(WORKBOOK_RELS),
      "xl/worksheets/sheet1.xml": strToU8(sheetXml),
      "xl/sharedStrings.xml": strToU8(shared),
    },
    { level: 9 },
  );
}

/** A column's letters from its index (0 → A, 27 → AB). */
export const column = (index: number) => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

export const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A workbook of these rows as inline strings, and any XML after its <sheetData>. */
export const workbookOfRows = (rows: string[][], afterSheetData = "") =>
  workbookOf(
    rows
      .map((cells, r) => `<row>${cells.map((v, c) => inline(`${column(c)}${r + 1}`, v)).join("")}</row>`)
      .join(""),
    { afterSheetData },
  );

export const BLOAT_HEADER = [
  "section",
  "name",
  "price",
  "taste",
  "category",
  "subcategory",
  "type",
  "top_photo",
];
export const BLOAT_EXTRA_CELLS = 10;
export const BLOAT_STRING_CHARS = 32_000;

/** A good dish's cells, then 10 more that point to the first shared string. */
const bloatedCells = (line: number, values: string[]) =>
  values.map((v, i) => inline(`${column(i)}${line}`, v)).join("") +
  Array.from(
    { length: BLOAT_EXTRA_CELLS },
    (_, i) => `<c r="${column(values.length + i)}${line}" t="s"><v>0</v></c>`,
  ).join("");

/**
 * Finding 2: `rows` good dishes, each row with 10 more cells (in columns without a
 * name) that all point to one 32,000-character shared string: about 60 KB zipped
 * (the report's file was 92 KB), and 320 MB of text for a reader that copies every cell.
 */
export function bloatedWorkbook(rows = 1000, prefix = "Bloat"): Uint8Array {
  const body = [`<row r="1">${BLOAT_HEADER.map((h, i) => inline(`${column(i)}1`, h)).join("")}</row>`];
  for (let i = 1; i <= rows; i++) {
    const line = i + 1;
    const dish = [
      ["Karahi", "BBQ", "Drinks"][i % 3]!,
      `${prefix} ${i}`,
      String(200 + i),
      "Savory",
      "Curries",
      "Karahi",
      "Veg",
      `bloat-${i}.jpg`,
    ];
    body.push(`<row r="${line}">${bloatedCells(line, dish)}</row>`);
  }
  return workbookOf(body.join(""), { sharedStrings: ["x".repeat(BLOAT_STRING_CHARS)] });
}

/**
 * Finding 3: about 2.4 million one-digit cells in 24,000 rows, none with an `r=`
 * attribute: 36 MB of XML (under the 40 MB unpacked cap) in a zip of under 100 KB.
 */
export function manyCellsWorkbook(rows = 24_000, cellsPerRow = 100): Uint8Array {
  const row = `<row>${"<c><v>1</v></c>".repeat(cellsPerRow)}</row>`;
  return workbookOf(row.repeat(rows));
}
