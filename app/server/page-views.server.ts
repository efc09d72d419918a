import type express from "express";
import { isbot } from "isbot";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { withoutLocale } from "~/lib/locale.ts";
import type { DB, PageViewKind } from "./db-schema.server.ts";
import { writePageViews, type CountedView } from "./page-views.queries.server.ts";

/**
 * Issue 19 (ADR 0027): how often diners open a restaurant's public pages, counted
 * without tracking anyone: a number per page kind, branch, dish and day, nothing about
 * who asked. Counted in memory at the front of the app (page-cache hits too) and added
 * to the database every PAGE_VIEWS_FLUSH_SECONDS by each process, so several processes
 * sum; a process killed between flushes loses at most one interval.
 */

/** The query a printed QR code's URL carries (the downloads and table cards): a scan. */
export const SCAN_QUERY = "src=qr";

// /r/{name}, /r/{name}/menu[/{item}], /r/{name}/branch/{branch}[/menu/{item}] (any
// other public page is not counted: lists, reviews, the finder).
const PAGE = /^\/r\/([^/]+)(?:\/(menu)(?:\/([^/]+))?|\/branch\/([^/]+)(?:\/menu\/([^/]+))?)?$/;

function decoded(segment: string | undefined): string {
  if (!segment) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** What a request's path counts as, or null. Exported for tests. */
export function viewOf(originalUrl: string): Omit<CountedView, "day"> | null {
  const [rawPath = "", query = ""] = originalUrl.split("?", 2);
  const path = withoutLocale(rawPath.endsWith(".data") ? rawPath.slice(0, -5) : rawPath);
  const match = PAGE.exec(path);
  if (!match) return null;
  const [, name, menu, menuItem, branch, branchItem] = match;
  const urlName = decoded(name);
  if (!urlName) return null;
  const item = decoded(menuItem ?? branchItem);
  const branchUrl = decoded(branch);
  let kind: PageViewKind;
  if (item) kind = "item";
  else if (!menu && query.split("&").includes(SCAN_QUERY)) kind = "scan";
  else if (branchUrl) kind = "branch";
  else kind = menu ? "menu" : "restaurant";
  return { kind, urlName, branchUrl, itemId: item };
}

// One day in Pakistan time, kept for a minute: not a date format per request.
const DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" });
let today = { day: "", until: 0 };
export function dayOf(now: number): string {
  if (now >= today.until) today = { day: DAY.format(now), until: now + 60_000 };
  return today.day;
}

export interface PageViewCounter {
  /** Express middleware: counts the request once it is answered 200 (or 304, not modified). */
  count: express.RequestHandler;
  /** Adds what was counted since the last flush to the database. */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

export function createPageViewCounter(options: {
  db: Kysely<DB>;
  log: Logger;
  flushSeconds: number;
  now?: () => number;
}): PageViewCounter {
  const now = options.now ?? Date.now;
  let counts = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  const count: express.RequestHandler = (req, res, next) => {
    if (req.method === "GET") {
      const view = viewOf(req.originalUrl);
      const agent = req.headers["user-agent"];
      if (view && !(agent && isbot(agent))) {
        // A scan is also a view of the page it opens (a branch's, or the restaurant's).
        res.once("finish", () => {
          // 304: a reader who has the page already, opening it again, is a view too.
          if (res.statusCode !== 200 && res.statusCode !== 304) return;
          const day = dayOf(now());
          add({ ...view, day });
          if (view.kind === "scan") add({ ...view, kind: view.branchUrl ? "branch" : "restaurant", day });
        });
      }
    }
    next();
  };

  function add(view: CountedView) {
    const key = `${view.kind}\t${view.urlName}\t${view.branchUrl}\t${view.itemId}\t${view.day}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  async function writeNow() {
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    const views = [...batch].map(([key, n]) => {
      const [kind, urlName, branchUrl, itemId, day] = key.split("\t") as [
        PageViewKind,
        string,
        string,
        string,
        string,
      ];
      return { view: { kind, urlName, branchUrl, itemId, day }, n };
    });
    try {
      await writePageViews(options.db, views);
    } catch (error) {
      // Kept for the next flush: a database that is away for a moment loses nothing.
      for (const [key, n] of batch) counts.set(key, (counts.get(key) ?? 0) + n);
      options.log.warn({ err: error }, "page views: flush failed");
    }
  }

  // One flush at a time: a slow write is not overtaken by the next one.
  const flush = () => (flushing = flushing.then(writeNow));
  const timer = setInterval(() => void flush(), options.flushSeconds * 1000);
  timer.unref();

  return {
    count,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
