import type express from "express";
import { translatorFor } from "~/i18n/i18n.ts";
import { directionOf, localeOfPath, type Locale } from "~/lib/locale.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import type { Logger } from "./log.server.ts";

/**
 * docs/operations.md: a dependency every request needs (the database) going away for a few
 * seconds is an outage, not a fault. Requests during it get a 503 page in the
 * reader's language with Retry-After, the process stays up, and the first query
 * that succeeds again ends it.
 */

/** Seconds a client is asked to wait before trying again (a restart or a failover takes a few). */
export const RETRY_AFTER_SECONDS = 5;

// PostgreSQL: class 08 (connection exception), 57P01–57P03 (admin/crash shutdown, cannot
// connect now: a restart), 53300 (too many connections). SQLite: a full disk or an I/O
// error, and a lock held past busy_timeout (the database is overloaded).
const SERVER_CODES = /^(08...|57P0[123]|53300|SQLITE_(FULL|IOERR.*|CANTOPEN|BUSY.*))$/;
// The network between us and it.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres says some of these only in words.
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/** Whether `error` says the database (or the way to it) is unavailable, rather than that a query was wrong. */
export function isOutageError(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string" && (SERVER_CODES.test(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
  // "localhost" is tried on ::1 and 127.0.0.1: both refusals come as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isOutageError(inner, depth + 1))) return true;
  return isOutageError(cause, depth + 1);
}

export interface DependencyHealth {
  /** True from an outage-class failure until the next success. */
  readonly down: boolean;
  /**
   * Down now, or an outage-class failure happened at or after `time` (this clock's): a
   * request that started then and failed met the outage, even when other requests'
   * new connections have ended it since (a failover that cut every connection at once).
   */
  failedSince(time: number): boolean;
  /** This health's clock, for failedSince. */
  now(): number;
  /** A query failed: true (and the outage begins) when the failure was an outage. */
  failed(error: unknown): boolean;
  /** A query or connection succeeded: an outage, if any, is over. */
  ok(): void;
}

/**
 * The state of one dependency, with a line in the log when it goes (saying what the
 * app does meanwhile) and when it comes back (saying how long it was away).
 */
export function createDependencyHealth(
  name: string,
  log: Pick<Logger, "warn"> | undefined,
  meanwhile: string,
  now: () => number = Date.now,
): DependencyHealth {
  let downSince: number | null = null;
  let lastFailure = Number.NEGATIVE_INFINITY;
  return {
    get down() {
      return downSince !== null;
    },
    failedSince: (time) => downSince !== null || lastFailure >= time,
    now,
    failed(error) {
      if (!isOutageError(error)) return false;
      lastFailure = now();
      if (downSince === null) {
        downSince = now();
        log?.warn({ err: error }, `${name}: unavailable; ${meanwhile} until it is back`);
      }
      return true;
    },
    ok() {
      if (downSince === null) return;
      const seconds = ((now() - downSince) / 1000).toFixed(1);
      downSince = null;
      // A warning too, so that LOG_LEVEL=warn keeps both ends of the outage.
      log?.warn({ outageSeconds: Number(seconds) }, `${name}: available again after ${seconds} s`);
    },
  };
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The page, made without the database, the router or the stylesheet's build: only
 * the catalog of messages, which is in memory. A link back to the same address.
 */
export function outagePage(locale: Locale, path: string): string {
  const t = translatorFor(locale);
  const title = t("Foodverse will be back in a moment");
  const urdu = locale === "ur";
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{display:inline-block;min-height:44px;line-height:44px;padding:0 1.25rem;border-radius:.375rem;background:#b45309;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1c1917;outline-offset:2px}
${urdu ? 'body{font-family:"Noto Nastaliq Urdu","Noto Naskh Arabic",system-ui,sans-serif;line-height:2.1}' : ""}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t("We could not reach our database just now. Please try again in a few seconds."))}</p>
<p>${escapeHtml(t("If you were sending a review or a form, go back and send it again: it will not be saved twice."))}</p>
<p><a href="${escapeHtml(path)}">${escapeHtml(t("Try again"))}</a></p>
</main>
</body>
</html>
`;
}

const OUTAGE_HEADERS = {
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
  "Content-Type": "text/html; charset=utf-8",
};

/** The page for `url` (a page's or a client navigation's /x.data), in its language. */
function pageFor(url: URL): string {
  // "Try again" asks for the same page (as a document, for a client navigation's /x.data);
  // a target that is no path of ours ("//evil.example") links to the home page.
  const data = url.pathname.endsWith(".data");
  const path = data ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  const again = safeRedirect(data ? path : `${url.pathname}${url.search}`, { fallback: "/" });
  return outagePage(localeOfPath(path), again);
}

/** What a render that failed during an outage answers instead (server/http-app.ts). */
export function outageResponse(url: URL): Response {
  return new Response(pageFor(url), { status: 503, headers: OUTAGE_HEADERS });
}

/** Answers 503 with Retry-After: the page for a browser, a short JSON for an API client. */
export function sendOutage(req: express.Request, res: express.Response): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(503).set(OUTAGE_HEADERS);
  if (req.path.startsWith("/api/")) {
    res
      .type("json")
      .send({ message: "The service is unavailable for a moment. Try again in a few seconds." });
    return;
  }
  // Concatenated, not resolved: "//evil.example/x" is a path here, not another host.
  res.send(pageFor(new URL(`http://localhost${req.originalUrl}`)));
}
