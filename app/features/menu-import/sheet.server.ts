import os from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { fail, type Result } from "~/lib/result.ts";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES as M } from "./menu-import.messages.ts";
import type { SheetAnswer } from "./sheet-worker.server.ts";

/**
 * Spreadsheets are untrusted files: they are read off the event loop, in a small pool
 * of worker threads, so a file built to be slow costs a worker (with its own memory
 * cap, and stopped at a time limit) instead of every request of the process. One
 * thread on a machine of two cores or fewer leaves a core to the requests; at most a
 * few files wait their turn, and the next one is told to come back.
 */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
const QUEUE = 4;
/** Time for one file from the moment it is handed over, waiting included; a 1,000-dish sheet reads in well under a second. */
const TIME_LIMIT_MS = 10_000;

// From source (tests, `npm run dev`) the worker is the .ts beside this file, which
// Node runs itself; in the build it is the second entry, beside build/server/index.js.
const WORKER = fileURLToPath(
  import.meta.url.endsWith(".ts")
    ? new URL("./sheet-worker.server.ts", import.meta.url)
    : new URL("./sheet-worker.js", import.meta.url),
);

let pool: Piscina<Uint8Array, SheetAnswer> | undefined;

function sheetPool() {
  pool ??= new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 60_000,
    // A worker over its heap is ended by Node and its task refused; the process goes on.
    resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  return pool;
}

/**
 * Files handed to the pool and not answered yet. Counted here because piscina's
 * maxQueue leaves out tasks that carry an AbortSignal (it keeps them in a queue of
 * their own), and every task here carries one.
 */
let reading = 0;

/**
 * A spreadsheet as rows of text cells, the first row the template's names of the
 * columns it has: only the columns the importer knows, each cell cut to what the
 * Add Item form allows (sheet-rows.server.ts). CSV or XLSX (its first worksheet).
 */
export async function readSheet(bytes: Uint8Array): Promise<Result<{ rows: string[][] }>> {
  if (bytes.byteLength === 0) return fail(400, M.noFile);
  if (bytes.byteLength > IMPORT_MAX_BYTES) return fail(413, M.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  if (reading >= THREADS + QUEUE) return fail(503, M.busy);
  reading++;
  let answer: SheetAnswer;
  try {
    // A copy of just these bytes, moved to the worker: cloning a view would copy all of its buffer.
    const own = new Uint8Array(bytes);
    answer = await sheetPool().run(own, {
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
      transferList: [own.buffer],
    });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // The worker is ended at the time limit (waiting included) or past its memory cap.
    if (error.name === "AbortError" || error.name === "TimeoutError") return fail(503, M.notInTime);
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") return fail(413, M.tooComplex);
    throw error;
  } finally {
    reading--;
  }
  return answer.ok ? { ok: true, rows: answer.rows } : fail(answer.status, answer.message);
}
