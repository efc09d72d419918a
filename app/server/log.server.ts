import { createRequire } from "node:module";
import pino from "pino";
import type PinoPretty from "pino-pretty";

export type Logger = pino.Logger;

/**
 * JSON lines (production, tests), or readable lines for a person at a terminal
 * (`pretty`: development): one line a request, "GET /menus 200 12 ms", no headers.
 */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const settings: pino.LoggerOptions = {
    level,
    base: { app: "foodverse" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
  };
  const pretty = options.pretty ? readableLines() : null;
  if (!pretty) return pino(settings);
  return pino(
    settings,
    pretty({
      sync: true,
      singleLine: true,
      translateTime: "HH:MM:ss",
      // What pino-http adds to each request's line (its message says it all) and what every line carries.
      ignore: "pid,hostname,app,req,res,responseTime",
    }),
  );
}

/**
 * pino-pretty, a development dependency (docs/decisions/0036): loaded only when asked
 * for, so production never loads it and an install without development dependencies
 * (`npm ci --omit=dev`) logs JSON lines instead of failing to start.
 */
function readableLines(): typeof PinoPretty | null {
  try {
    return createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  } catch {
    return null;
  }
}

/**
 * A plain line on stdout after every line logged before it. pino writes its JSON lines
 * to stdout asynchronously, while console.log to a pipe is synchronous on Linux, so a
 * console.log could overtake them; written into pino's own stream, it waits its turn.
 */
export function writeAfterLog(log: Logger, line: string) {
  const stream = (log as unknown as Record<symbol, { write?: (text: string) => unknown } | undefined>)[
    pino.symbols.streamSym
  ];
  if (typeof stream?.write === "function") stream.write(`${line}\n`);
  else console.log(line);
}
