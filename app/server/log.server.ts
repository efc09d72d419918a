import pino from "pino";
import pretty from "pino-pretty";

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
  if (!options.pretty) return pino(settings);
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
