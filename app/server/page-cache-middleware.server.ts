import fs from "node:fs";
import path from "node:path";
import type express from "express";
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import type { DB } from "./db-schema.server.ts";
import {
  cachedPage,
  canonicalPath,
  contentVersionKey,
  FRESH_UNTIL_HEADER,
  createPageStore,
  inlineStylesheets,
  pageScope,
  withoutNonce,
  type CachedPage,
} from "./page-cache.server.ts";

/** Renders one request the way the React Router handler would, as a web Response. */
export type Render = (request: Request, res: express.Response) => Promise<Response>;

// What a personalised request carries: a session, or a toast waiting to be shown.
// (Behind https both carry a prefix: __Secure-better-auth.session_token, __Host-fv_toast.)
const PERSONAL_COOKIE = /(?:^|;\s*)(?:[\w.-]*session_token|(?:__Host-)?fv_toast)=/;

export function isPersonal(cookieHeader: string): boolean {
  return PERSONAL_COOKIE.test(cookieHeader);
}
// A CDN may keep these but must ask again (ETag) before each use.
const CACHE_CONTROL = "public, no-cache";
const KEPT_HEADERS = new Set(["content-type", "content-language", "x-remix-response", "link"]);
/** Bodies read as text (pages, React Router's .data, sitemaps): a nonce in them can be taken out. */
const TEXTUAL = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml)\b)/i;

function toRequest(req: express.Request, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { headers, signal });
}

// Set per request by the middleware in front; never replayed from a cached page.
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "date",
  "content-length",
  "content-encoding",
]);

function sendPage(req: express.Request, res: express.Response, page: CachedPage, outcome: "HIT" | "MISS") {
  res.setHeader("x-page-cache", outcome);
  if (req.get("if-none-match") === page.etag) {
    res.status(304).end();
    return;
  }
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.status(page.status).end(gzip ? page.gzip : page.body);
}

async function sendUncached(res: express.Response, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === FRESH_UNTIL_HEADER) continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("set-cookie", cookie);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * DESIGN §5 / issue 8: anonymous GETs of public pages are answered from memory
 * when nothing they show has changed. The key holds the content versions the
 * page depends on (read from the database on every request, so several
 * processes sharing one database stay exact), and the URL. Everything else
 * (signed-in visitors, forms, other pages) goes on to the normal handler.
 *
 * Two middlewares: `serveHit` goes first of all, so a hit costs one indexed
 * query and a write of bytes kept gzipped with their headers (security headers
 * included; a kept page carries no CSP nonce, see withoutNonce); `renderAndStore`
 * sits where pages are rendered and keeps what a miss produced. Only canonical
 * paths are kept (see canonicalPath): any other spelling of a page is redirected.
 */
export function createPageCache(options: {
  db: Kysely<DB>;
  maxBytes: number;
  log: Logger;
  render: Render;
  /** The built client files (production), for stylesheets to inline; none in development. */
  clientDir: string | null;
  /** Told of each hit it answers and the status it sent (issue 19: page views are counted there). */
  onHit?: (req: express.Request, status: number) => void;
}) {
  const store = createPageStore(options.maxBytes);
  const assets = new Map<string, string | null>();
  const readAsset = options.clientDir
    ? (href: string) => {
        if (!assets.has(href)) {
          const file = path.join(options.clientDir!, path.normalize(href));
          assets.set(href, fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);
        }
        return assets.get(href) ?? null;
      }
    : null;

  const serveHit: express.RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" || res.locals.pageCacheKey) return next();
    if (isPersonal(req.get("cookie") ?? "")) return next();
    const rawPath = req.originalUrl.split("?")[0]!;
    const canonical = canonicalPath(rawPath);
    const scope = pageScope(canonical);
    if (!scope) return next();
    if (canonical !== rawPath) {
      // Rendered, never kept: the router would render `canonical`, not what the key would name.
      if (canonical.endsWith(".data")) return next();
      const query = req.originalUrl.slice(rawPath.length);
      res.redirect(301, `${canonical}${query}`);
      return;
    }
    let key: string;
    try {
      key = `${await contentVersionKey(options.db, scope)}|${req.originalUrl}`;
    } catch (error) {
      options.log.warn({ err: error }, "page cache: version lookup failed");
      return next();
    }
    const hit = store.get(key);
    if (!hit) {
      res.locals.pageCacheKey = key;
      return next();
    }
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    sendPage(req, res, hit, "HIT");
    options.onHit?.(req, res.statusCode);
  };

  const renderAndStore: express.RequestHandler = async (req, res, next) => {
    const key = res.locals.pageCacheKey as string | undefined;
    if (req.method !== "GET" || !key) return next();
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const response = await options.render(toRequest(req, controller.signal), res);
      if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) {
        await sendUncached(res, response);
        return;
      }
      for (const [name, value] of response.headers) {
        if (KEPT_HEADERS.has(name)) res.setHeader(name, value);
      }
      res.setHeader("cache-control", CACHE_CONTROL);
      res.setHeader("vary", "Accept-Encoding, Cookie");
      const type = response.headers.get("content-type") ?? "";
      let body = Buffer.from(await response.arrayBuffer());
      const textual = TEXTUAL.test(type);
      let text = textual ? body.toString("utf8") : "";
      if (readAsset && type.startsWith("text/html")) text = inlineStylesheets(text, readAsset);
      const rendered = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
        value === undefined || PER_REQUEST_HEADERS.has(name)
          ? []
          : [[name, String(value)] as [string, string]],
      );
      const nonce = String(res.locals.nonce ?? "");
      const shared = textual || !body.includes(nonce) ? withoutNonce(text, rendered, nonce) : null;
      if (!shared) {
        // The page needs its nonce (an inline script): this visitor's alone, never kept.
        res.removeHeader("cache-control");
        res.removeHeader("vary");
        res.status(response.status).end(textual ? text : body);
        return;
      }
      const { headers } = shared;
      for (const [name, value] of headers) res.setHeader(name, value);
      if (textual) body = Buffer.from(shared.body);
      const page = cachedPage(body, headers);
      res.setHeader("etag", page.etag);
      // Kept until what the page says stops being true, when it says so (at least a second).
      const until = Number(response.headers.get(FRESH_UNTIL_HEADER) ?? Number.NaN);
      const ttl = Number.isFinite(until) ? { ttl: Math.max(1000, until - Date.now()) } : undefined;
      store.set(key, { ...page, headers: [...headers, ["etag", page.etag]] }, ttl);
      sendPage(req, res, page, "MISS");
    } catch (error) {
      next(error);
    }
  };

  return { serveHit, renderAndStore };
}
