// Runs in the sheet worker: only packages and relative .ts imports (no `~/` alias).
import path from "node:path";
import { Unzip, UnzipInflate } from "fflate";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_SHARED_TEXT_MB,
  IMPORT_MESSAGES as M,
} from "./menu-import.messages.ts";
import { cellText, LONGEST_CELL, SheetRefused, SheetRows } from "./sheet-rows.server.ts";

/** What the parts read may unpack to: a 1,000-dish menu is well under 2 MB of XML. */
const MAX_UNZIPPED = 40 * 1024 * 1024;
const MAX_ENTRIES = 200;
const ZIP_CHUNK = 4096;
const MAX_SHARED_TEXT = IMPORT_MAX_SHARED_TEXT_MB * 1024 * 1024;

const tooLarge = () => new SheetRefused(413, M.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));

/** Without namespaces (the sheet's are fixed; some writers add prefixes) or positions, for speed. */
type PlainXml = { xmlns: false; position: false };

interface XmlPart {
  parser: SaxesParser<PlainXml>;
  done: boolean;
}

/** Text of a cell as it streams in, kept only as long as a cell could use (trimmed later). */
const keepText = (text: string, chunk: string) =>
  text.length < 2 * LONGEST_CELL ? text + chunk.slice(0, 2 * LONGEST_CELL) : text;

/** An element's name without its namespace prefix (some writers spell `x:row`). */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

function xmlPart(on: {
  open?: (name: string, tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}): XmlPart {
  const parser = new SaxesParser<PlainXml>({ xmlns: false, position: false });
  const part: XmlPart = { parser, done: false };
  const { open, close, text } = on;
  if (open) parser.on("opentag", (tag) => open(local(tag.name), tag));
  if (close) parser.on("closetag", (tag) => close(local(tag.name)));
  if (text) {
    parser.on("text", text);
    parser.on("cdata", text);
  }
  parser.on("end", () => {
    part.done = true;
  });
  return part;
}

/**
 * One pass over the zip, inflating only the entries `pick` names, in the zip's order,
 * into their XML parsers as the bytes come; every other entry is skipped unread.
 * Every inflated byte is counted: a zip's declared sizes can lie, so a small file
 * that would unpack to gigabytes is stopped at MAX_UNZIPPED.
 */
function readParts(
  bytes: Uint8Array,
  pick: (name: string) => XmlPart | undefined,
  unzipped: { bytes: number },
) {
  let entries = 0;
  const unzip = new Unzip((file) => {
    if (++entries > MAX_ENTRIES) throw tooLarge();
    const part = pick(file.name);
    if (!part) return;
    const decoder = new TextDecoder("utf-8", { fatal: true });
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      unzipped.bytes += chunk.byteLength;
      if (unzipped.bytes > MAX_UNZIPPED) throw tooLarge();
      part.parser.write(decoder.decode(chunk, { stream: !final }));
      if (final) part.parser.close();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // fflate inflates all it is given at once: 4 KB of deflate unpacks to at most about
  // 4 MB, where the whole upload at once could ask for gigabytes in one allocation.
  for (let at = 0; at < bytes.byteLength; at += ZIP_CHUNK)
    unzip.push(bytes.subarray(at, at + ZIP_CHUNK), at + ZIP_CHUNK >= bytes.byteLength);
}

/** A relationship's target (relative to xl/, or from the root) as the zip names it. */
const inZip = (target: string | undefined) =>
  target && path.posix.normalize(target.startsWith("/") ? target.slice(1) : `xl/${target}`);

/** Where the first worksheet and the shared strings are, from the workbook and its relationships. */
function findParts(bytes: Uint8Array, unzipped: { bytes: number }) {
  let firstSheetId: string | undefined;
  const targets = new Map<string, { type: string; target: string }>();
  const workbook = xmlPart({
    open(name, tag) {
      if (name !== "sheet" || firstSheetId !== undefined) return;
      const id = Object.entries(tag.attributes).find(([key]) => local(key) === "id");
      firstSheetId = id?.[1] ?? "";
    },
  });
  const relationships = xmlPart({
    open(name, tag) {
      const { Id, Type, Target } = tag.attributes;
      if (name === "Relationship" && Id && Target) targets.set(Id, { type: Type ?? "", target: Target });
    },
  });
  const parts = new Map([
    ["xl/workbook.xml", workbook],
    ["xl/_rels/workbook.xml.rels", relationships],
  ]);
  readParts(bytes, (name) => parts.get(name), unzipped);
  const sharedStrings = [...targets.values()].find((t) => t.type.endsWith("/sharedStrings"));
  return {
    sheet: inZip(targets.get(firstSheetId ?? "")?.target) || "xl/worksheets/sheet1.xml",
    sharedStrings: inZip(sharedStrings?.target) || "xl/sharedStrings.xml",
  };
}

/** The shared strings (the text most cells point to), each cut to what a cell keeps. */
function readSharedStrings(bytes: Uint8Array, name: string, unzipped: { bytes: number }): string[] {
  const strings: string[] = [];
  let text = "";
  let inText = false;
  let phonetic = 0;
  let total = 0;
  const part = xmlPart({
    open(tag) {
      if (tag === "si") text = "";
      else if (tag === "rPh") phonetic++;
      else if (tag === "t") inText = true;
    },
    close(tag) {
      if (tag === "t") inText = false;
      else if (tag === "rPh") phonetic--;
      else if (tag === "si") {
        if (strings.length >= IMPORT_MAX_CELLS) throw new SheetRefused(413, M.tooManyCells(IMPORT_MAX_CELLS));
        strings.push(cellText(text));
      }
    },
    text(chunk) {
      if (!inText || phonetic > 0) return;
      total += chunk.length;
      if (total > MAX_SHARED_TEXT) throw new SheetRefused(413, M.tooMuchText(IMPORT_MAX_SHARED_TEXT_MB));
      text = keepText(text, chunk);
    },
  });
  readParts(bytes, (entry) => (entry === name ? part : undefined), unzipped);
  return strings;
}

/** "AB12" → 27; undefined when the reference is not a cell's. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference && /^([A-Z]{1,3})\d*$/u.exec(reference)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A cell as the text a person sees: numbers as typed, a formula's last result, a string's text. */
function valueOf(type: string, value: string, inline: string, shared: readonly string[]): string {
  switch (type) {
    case "s":
      return value === "" ? "" : (shared[Number(value)] ?? "");
    case "inlineStr":
      return cellText(inline);
    case "e":
      return "";
    case "b":
      return value === "1" ? "true" : value === "0" ? "false" : cellText(value);
    case "str":
    case "d":
      return cellText(value);
    default: {
      const number = Number(value);
      return value.trim() !== "" && Number.isFinite(number) ? String(number) : cellText(value);
    }
  }
}

/** The first worksheet's rows, streamed into SheetRows cell by cell. */
function readWorksheet(
  bytes: Uint8Array,
  name: string,
  shared: readonly string[],
  unzipped: { bytes: number },
) {
  const sheet = new SheetRows();
  let next = 0;
  let column = 0;
  let type = "n";
  let value = "";
  let inline = "";
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  const part = xmlPart({
    open(tag, { attributes }) {
      switch (tag) {
        case "row":
          sheet.count();
          sheet.startRow();
          next = 0;
          break;
        case "c":
          sheet.count();
          column = columnOf(attributes.r) ?? next;
          next = column + 1;
          type = attributes.t ?? "n";
          value = "";
          inline = "";
          break;
        case "v":
          inValue = true;
          break;
        case "is":
          inInline = true;
          break;
        case "rPh":
          phonetic++;
          break;
        case "t":
          inText = inInline;
          break;
      }
    },
    close(tag) {
      switch (tag) {
        case "row":
          sheet.endRow();
          break;
        case "c":
          sheet.cell(column, valueOf(type, value, inline, shared));
          break;
        case "v":
          inValue = false;
          break;
        case "is":
          inInline = false;
          break;
        case "rPh":
          phonetic--;
          break;
        case "t":
          inText = false;
          break;
      }
    },
    text(chunk) {
      if (inValue) value = keepText(value, chunk);
      else if (inText && phonetic === 0) inline = keepText(inline, chunk);
    },
  });
  readParts(bytes, (entry) => (entry === name ? part : undefined), unzipped);
  if (!part.done) throw new Error("no worksheet");
  return sheet.finish();
}

/**
 * The first worksheet of an XLSX workbook as the known columns of its rows. Read in
 * three passes over the zip (kept in memory, at most IMPORT_MAX_BYTES): where the
 * parts are, then the shared strings, then the sheet, each streamed from the zip
 * through a SAX parser and never unpacked whole, so every limit (unpacked bytes,
 * shared text, cells, columns, rows) stops the read where it is passed.
 */
export function readXlsx(bytes: Uint8Array): string[][] {
  const unzipped = { bytes: 0 };
  const parts = findParts(bytes, unzipped);
  const shared = readSharedStrings(bytes, parts.sharedStrings, unzipped);
  return readWorksheet(bytes, parts.sheet, shared, unzipped);
}
