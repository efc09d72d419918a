import { sql } from "kysely";
import type { Database } from "./db.server.ts";
import type { Logger } from "./log.server.ts";
import { isOutageError } from "./outage.server.ts";

const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5000;

/**
 * docs/operations.md: a process started while the database is restarting (or before it, when a
 * machine boots) waits for it, with a line per try, instead of dying with a stack trace
 * after one refusal. An error that waiting cannot cure (a wrong password, no such
 * database) ends the wait at once, in one line.
 */
export async function waitForDatabase(
  database: Database,
  log: Pick<Logger, "warn" | "info">,
  options: { giveUpAfterMs: number; sleep?: (ms: number) => Promise<void>; now?: () => number },
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  let wait = FIRST_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(database.db);
      if (attempt > 1) log.info(`database: reachable after ${((now() - started) / 1000).toFixed(1)} s`);
      return;
    } catch (error) {
      const reason = reasonOf(error);
      if (!isOutageError(error)) throw new Error(`the database refused us: ${reason}`, { cause: error });
      const waited = now() - started;
      if (waited + wait > options.giveUpAfterMs) {
        throw new Error(
          `the database was not reachable for ${Math.round(waited / 1000)} s (${reason}); ` +
            `gave up (DATABASE_WAIT_SECONDS=${Math.round(options.giveUpAfterMs / 1000)})`,
          { cause: error },
        );
      }
      log.warn(`database: not reachable yet (${reason}); trying again in ${(wait / 1000).toFixed(2)} s`);
      await sleep(wait);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}

/** The words of an error, and of each inside an AggregateError (localhost: ::1 and 127.0.0.1). */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length)
    return error.errors.map((inner: unknown) => reasonOf(inner)).join("; ");
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}
