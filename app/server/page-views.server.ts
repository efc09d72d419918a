import { hash, randomBytes } from "node:crypto";
import type express from "express";
import { isbot } from "isbot";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { dayInPakistan } from "~/lib/dates.ts";
import { withoutLocale } from "~/lib/locale.ts";
import type { DB, PageViewKind } from "./db-schema.server.ts";
import { writePageViews, type CountedView } from "./page-views.queries.server.ts";

/**
 * ADR 0027: how often diners open a restaurant's public pages, counted
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

/**
 * A printed table card's address (issue 33, ADR 0046): `/r/{name}/branch/{branch}/t/{code}`,
 * in either language. It answers a redirect to the branch page, which counts as a view
 * of its own; the card's opening is the scan.
 */
const TABLE_CODE = /^((?:\/ur)?\/r\/[^/?]+\/branch\/[^/?]+)\/t\/[^/?]+(?:\?|$)/;
const isTableCode = (url: string) => TABLE_CODE.test(url);

/** What a request's path counts as, or null. Exported for tests. */
export function viewOf(originalUrl: string): Omit<CountedView, "day"> | null {
  const table = TABLE_CODE.exec(originalUrl);
  if (table) {
    const branch = viewOf(table[1]!);
    return branch && { ...branch, kind: "scan" };
  }
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

// One day in Pakistan time, kept for its minute of the clock: not a date format per request.
// Pakistan's midnight falls on a whole minute, so a view just after it is never dated the
// day before, and a clock set back (a test's) is dated afresh.
let cachedDay = { day: "", minute: Number.NaN };
export function dayOf(now: number): string {
  const minute = Math.floor(now / 60_000);
  if (minute !== cachedDay.minute) cachedDay = { day: dayInPakistan(now), minute };
  return cachedDay.day;
}

// isbot is a long regular expression (≈ 2 µs a call); the same few browsers ask again and again.
const botAnswers = new Map<string, boolean>();
function isBot(agent: string): boolean {
  let answer = botAnswers.get(agent);
  if (answer === undefined) {
    if (botAnswers.size >= 1000) botAnswers.clear();
    answer = isbot(agent);
    botAnswers.set(agent, answer);
  }
  return answer;
}

/** Distinct addresses kept per day between flushes before they are kept by what they count as. */
const MAX_ADDRESSES = 10_000;

/** The address of what `url` counts as, without its other query parameters; null when nothing. */
function viewKey(url: string): string | null {
  const view = viewOf(url);
  if (!view) return null;
  const path = `/r/${encodeURIComponent(view.urlName)}`;
  if (view.kind === "restaurant") return path;
  if (view.kind === "menu") return `${path}/menu`;
  if (view.kind === "scan")
    return `${view.branchUrl ? `${path}/branch/${encodeURIComponent(view.branchUrl)}` : path}?${SCAN_QUERY}`;
  if (view.kind === "branch") return `${path}/branch/${encodeURIComponent(view.branchUrl)}`;
  const base = view.branchUrl ? `${path}/branch/${encodeURIComponent(view.branchUrl)}` : path;
  return `${base}/menu/${encodeURIComponent(view.itemId)}`;
}

/**
 * Views one client address may add to one page in a window (docs/threat-model.md,
 * "counters"): a family hall sharing a restaurant's Wi-Fi, or a carrier's shared
 * address, still counts each phone; 3,000 requests from one address do not make
 * 3,000 scans (they once did, in 3.6 s).
 */
export const VIEWS_PER_CLIENT = 20;
export const CLIENT_WINDOW_MS = 10 * 60 * 1000;
/** Client and page pairs remembered in a window; past it new pairs are not counted (memory stays bounded). */
const MAX_CLIENT_PAGES = 100_000;

/** An IPv6 client by its /64 (one subscriber's network holds billions of addresses); any other as it is. */
export function clientOf(address: string | undefined): string {
  if (!address) return "";
  if (!address.includes(":") || address.startsWith("::ffff:")) return address;
  const [head = "", tail] = address.split("::", 2);
  const front = head ? head.split(":") : [];
  const back = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * How many views each client address has added to each page in this window, kept
 * under a keyed hash (no address is held, and the key is drawn anew each window):
 * nothing links a window to the next, and the tallies are forgotten when it ends.
 */
export function createClientCap(options: {
  limit: number;
  windowMs: number;
  now: () => number;
  maxPairs?: number;
}) {
  const maxPairs = options.maxPairs ?? MAX_CLIENT_PAGES;
  let key = randomBytes(32).toString("base64");
  let windowEnds = options.now() + options.windowMs;
  let tallies = new Map<string, number>();
  const roll = () => {
    const now = options.now();
    if (now < windowEnds) return;
    tallies = new Map();
    key = randomBytes(32).toString("base64");
    windowEnds = now + options.windowMs;
  };
  return {
    /** True when this view counts (and it is counted against the cap). */
    allows(client: string, page: string): boolean {
      roll();
      const pair = hash("sha256", `${key}\u0000${client}\u0000${page}`, "base64url");
      const n = tallies.get(pair) ?? 0;
      if (n >= options.limit || (n === 0 && tallies.size >= maxPairs)) return false;
      tallies.set(pair, n + 1);
      return true;
    },
    /** Forgets the tallies of a window that has ended (called at each flush). */
    roll,
    pairs: () => tallies.size,
  };
}

/**
 * The page a capped view is of: its path in its language (a query is not a new page), and
 * a scan apart; a table card's scan is its branch's, whatever the code (made-up codes are
 * no new pages to count).
 */
function cappedPage(url: string): string {
  const table = TABLE_CODE.exec(url);
  if (table) return `${table[1]}?${SCAN_QUERY}`;
  const at = url.indexOf("?");
  if (at === -1) return url;
  const path = url.slice(0, at);
  return url
    .slice(at + 1)
    .split("&")
    .includes(SCAN_QUERY)
    ? `${path}?${SCAN_QUERY}`
    : path;
}

export interface PageViewCounter {
  /** The page cache answered this request itself (a hit), with this status. */
  served(req: express.Request, status: number): void;
  /** Express middleware after the page cache: counts a request it did not answer once it is answered. */
  count: express.RequestHandler;
  /** Adds what was counted since the last flush to the database. */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

/** The address a request counts under, or null (not a GET of a restaurant's page, or a bot). */
function countedUrl(req: express.Request): string | null {
  if (req.method !== "GET") return null;
  const url = req.originalUrl;
  if (!url.startsWith("/r/") && !url.startsWith("/ur/r/")) return null;
  const agent = req.headers["user-agent"];
  if (agent && isBot(agent)) return null;
  return url;
}

export function createPageViewCounter(options: {
  db: Kysely<DB>;
  log: Logger;
  flushSeconds: number;
  now?: () => number;
  /** Views a client address may add to a page in a window; VIEWS_PER_CLIENT unless a test says. */
  perClient?: { limit: number; windowMs: number };
}): PageViewCounter {
  const now = options.now ?? Date.now;
  const cap = createClientCap({
    limit: options.perClient?.limit ?? VIEWS_PER_CLIENT,
    windowMs: options.perClient?.windowMs ?? CLIENT_WINDOW_MS,
    now,
  });
  // Per day, the addresses answered and how often: a hit costs a map update; what an
  // address counts as is worked out once per address at the flush (viewOf).
  let counts = new Map<string, Map<string, number>>();
  let today: { day: string; urls: Map<string, number> } | null = null;
  let flushing: Promise<void> = Promise.resolve();

  function counted(url: string, status: number, client: string) {
    // 304: a reader who has the page already, opening it again, is a view too; a table
    // card answers with its redirect to the branch page.
    if (status !== 200 && status !== 304 && !(status === 302 && isTableCode(url))) return;
    if (!cap.allows(client, cappedPage(url))) return;
    const day = dayOf(now());
    if (today?.day !== day || counts.get(day) !== today.urls) {
      let urls = counts.get(day);
      if (!urls) counts.set(day, (urls = new Map()));
      today = { day, urls };
    }
    // Many distinct addresses (made-up queries): kept by what they count as instead.
    const key = today.urls.size < MAX_ADDRESSES ? url : viewKey(url);
    if (key) today.urls.set(key, (today.urls.get(key) ?? 0) + 1);
  }

  // A hit is counted where the page cache sends it: nothing is kept on the request and
  // no listener is added, so the cached path costs a prefix test and a map update.
  const served = (req: express.Request, status: number) => {
    const url = countedUrl(req);
    if (url) counted(url, status, clientOf(req.ip));
  };

  const count: express.RequestHandler = (req, res, next) => {
    const url = countedUrl(req);
    if (url) res.on("finish", () => counted(url, res.statusCode, clientOf(req.ip)));
    next();
  };

  async function writeNow() {
    cap.roll();
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    today = null;
    const views: { view: CountedView; n: number }[] = [];
    for (const [day, urls] of batch) {
      for (const [url, n] of urls) {
        const view = viewOf(url);
        if (!view) continue;
        views.push({ view: { ...view, day }, n });
        // A scan is also a view of the page it opens (a branch's, or the restaurant's);
        // a table card's page counts itself once the redirect is followed.
        if (view.kind === "scan" && !isTableCode(url))
          views.push({ view: { ...view, kind: view.branchUrl ? "branch" : "restaurant", day }, n });
      }
    }
    try {
      await writePageViews(options.db, views);
    } catch (error) {
      // Kept for the next flush: a database that is away for a moment loses nothing.
      for (const [day, urls] of batch) {
        let kept = counts.get(day);
        if (!kept) counts.set(day, (kept = new Map()));
        for (const [url, n] of urls) kept.set(url, (kept.get(url) ?? 0) + n);
      }
      today = null;
      options.log.warn({ err: error }, "page views: flush failed");
    }
  }

  // One flush at a time: a slow write is not overtaken by the next one.
  const flush = () => (flushing = flushing.then(writeNow));
  const timer = setInterval(() => void flush(), options.flushSeconds * 1000);
  timer.unref();

  return {
    served,
    count,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
