// The sheet worker's entry (piscina calls the default export in a worker thread, see
// sheet.server.ts). Node loads it from source in tests and `npm run dev`, and the
// build bundles it as its own entry, so it imports only packages and relative .ts
// files, never the `~/` alias.
import { IMPORT_MESSAGES as M } from "./menu-import.messages.ts";
import { readCsv } from "./read-csv.server.ts";
import { readXlsx } from "./read-xlsx.server.ts";
import { SheetRefused } from "./sheet-rows.server.ts";
import type { Message } from "../../lib/message.ts";

export type SheetAnswer = { ok: true; rows: string[][] } | { ok: false; status: number; message: Message };

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** An uploaded spreadsheet as its rows in the known columns, or why it is refused. */
export default function readSheetInWorker(bytes: Uint8Array): SheetAnswer {
  try {
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return { ok: false, status: 400, message: M.oldExcel };
    const rows = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ? readXlsx(bytes) : readCsv(bytes);
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof SheetRefused) return { ok: false, status: error.status, message: error.said };
    return { ok: false, status: 400, message: M.notASheet };
  }
}
