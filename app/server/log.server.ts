import { createRequire } from "node:module";
import pino from "pino";
import type PinoPretty from "pino-pretty";
import { emailHasher, REDACTED } from "./log-redaction.server.ts";

export type Logger = pino.Logger;

/** What a line may not carry (docs/threat-model.md, "Logs"): the values at these paths are replaced. */
const SECRET_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "*.password",
  "token",
  "*.token",
];
/** Addresses: kept as a keyed hash, so one person's lines can still be followed. */
const ADDRESS_PATHS = ["email", "*.email"];

/**
 * JSON lines (production, tests), or readable lines for a person at a terminal
 * (`pretty`: development): one line a request, "GET /menus 200 12 ms", no headers.
 * `key` keys the hash that stands for an e-mail address (the auth secret).
 */
export function createLogger(
  level: string,
  options: { pretty?: boolean; key?: string; destination?: pino.DestinationStream } = {},
): Logger {
  const hashAddress = emailHasher(options.key);
  const settings: pino.LoggerOptions = {
    level,
    base: { app: "foodverse" },
    redact: {
      paths: [...SECRET_PATHS, ...ADDRESS_PATHS],
      censor: (value, path) => (path.at(-1) === "email" ? hashAddress(value) : REDACTED),
    },
  };
  if (options.destination) return pino(settings, options.destination);
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
