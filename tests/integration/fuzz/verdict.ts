import os from "node:os";
import { ORIGIN } from "../authorization/route-call.ts";
import type { Answer } from "./answer.ts";

/**
 * What no answer may show a client: a stack frame, an error class, a database's
 * own words, or a path on the server. (In production React Router hides a thrown
 * error's text, but an error returned as data, a toast or a JSON body is shown as is.)
 */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /\bat .+\.(?:[cm]?[jt]sx?):\d+/],
  ["a stack frame", /\n\s+at (?:async )?[\w.$<>[\] ]+ \(/],
  ["an error class", /\b(?:Type|Reference|Syntax|Range|Zod|Sqlite|Postgres|Database|Query)?Error:/],
  ["SQLite's words", /SqliteError|SQLITE_[A-Z_]+|no such (?:table|column)|near ".*": syntax error/],
  [
    "PostgreSQL's words",
    /syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|duplicate key value|invalid input syntax|invalid byte sequence|null value in column/,
  ],
  ["a library's internals", /node_modules|better-sqlite3|pg-protocol|kysely/i],
  ["a file path", /(?:^|[\s"'(])\/(?:home|root|usr|var|opt|srv)\/[\w.-]+\//],
];

/** This machine's own folders, which no answer may name. */
const LOCAL_PATHS = [process.cwd(), os.tmpdir(), os.homedir()].filter((p) => p.length > 4);

export function leaksIn(readable: string): string[] {
  const found = LEAKS.filter(([, pattern]) => pattern.test(readable)).map(([name]) => name);
  for (const local of LOCAL_PATHS) if (readable.includes(local)) found.push(`the server path ${local}`);
  return [...new Set(found)];
}

export type Kind = "refused" | "accepted";

export interface Verdict {
  kind: Kind;
  problems: string[];
}

/** A redirect goes to a path on this site, never to another host (`//evil`, `/\evil`, `https://…`). */
function offSite(location: string | null): boolean {
  if (location === null) return false;
  try {
    return new URL(location, ORIGIN).host !== new URL(ORIGIN).host;
  } catch {
    return true;
  }
}

/**
 * Judges one answer by itself (the database is judged by the caller): never an
 * error or a 5xx, nothing internal in what a client reads, no redirect off the
 * site, and a refusal in words: a toast, a field error, a message, a status text.
 */
export function judge(answer: Answer, target: "route" | "express"): Verdict {
  const { outcome } = answer;
  const problems: string[] = [];
  if (outcome.error !== undefined) {
    const error = outcome.error as Error;
    problems.push(`threw ${error.stack?.split("\n").slice(0, 4).join(" | ") ?? String(error)}`);
  } else if (outcome.status >= 500) problems.push(`answered ${outcome.status}`);
  for (const leak of leaksIn(answer.readable)) {
    problems.push(`shows ${leak}: ${JSON.stringify(answer.readable.slice(0, 300))}`);
  }
  const redirect = outcome.status >= 300 && outcome.status < 400;
  if (redirect && offSite(outcome.location)) problems.push(`redirects off the site to ${outcome.location}`);

  const toLogin = /^\/(?:login|sign-in)\?/.test(outcome.location ?? "");
  const refusedToast = outcome.toast !== null && outcome.toast.level !== "success";
  const refused =
    outcome.error !== undefined ||
    outcome.status >= 400 ||
    refusedToast ||
    toLogin ||
    // better-auth and tus answer a refused redirect (an OAuth callback) with its error page.
    (target === "express" && outcome.status >= 300);
  if (
    refused &&
    outcome.error === undefined &&
    outcome.status < 500 &&
    !answer.message &&
    !outcome.location
  ) {
    problems.push(`refused (${outcome.status}) without a message`);
  }
  return { kind: refused ? "refused" : "accepted", problems };
}
