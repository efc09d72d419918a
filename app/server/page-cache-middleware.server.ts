import fs from "node:fs";
import path from "node:path";
import type express from "express";
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import { createHash } from "node:crypto";
import type { DB } from "./db-schema.server.ts";
import {
  cachedPage,
  canonicalPath,
  contentVersionKey,
  FRESH_UNTIL_HEADER,
  createPageStores,
  inlineStylesheets,
  pageQuery,
  pageScope,
  withoutNonce,
  type CachedPage,
} from "./page-cache.server.ts";
import {
  escapedText,
  newPageTemplate,
  sessionTokenOf,
  variantOf,
  type PageTemplate,
  type PageVariant,
  type ViewerCache,
} from "./page-variant.server.ts";
import { filled, splicedPage, type SplicedPage } from "./spliced-page.server.ts";
import type { Viewer } from "./viewer.server.ts";
import { webRequest } from "./web-request.server.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";

/** Renders one request the way the React Router handler would, as a web Response. */
export type Render = (request: Request, res: express.Response) => Promise<Response>;

// A toast waiting to be shown: that answer is the reader's alone. (Behind https the
// cookies carry a prefix: __Host-fv_toast, __Secure-better-auth.session_token.)
const TOAST_COOKIE = /(?:^|;\s*)(?:__Host-)?fv_toast=/;

/** A request only its reader may be answered (a toast), or, without `viewers`, any signed-in one. */
export function isPersonal(cookieHeader: string): boolean {
  return TOAST_COOKIE.test(cookieHeader) || sessionTokenOf(cookieHeader) !== null;
}
// A CDN may keep these but must ask again (ETag) before each use.
const CACHE_CONTROL = "public, no-cache";
// A signed-in reader's copy (their name in it): their browser's only.
const PRIVATE_CACHE_CONTROL = "private, no-cache";
const KEPT_HEADERS = new Set(["content-type", "content-language", "x-remix-response", "link"]);
/** Bodies read as text (pages, React Router's .data, sitemaps): a nonce in them can be taken out. */
const TEXTUAL = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml)\b)/i;

// Set per request by the middleware in front; never replayed from a cached page.
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "date",
  "content-length",
  "content-encoding",
]);

function sendPage(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  outcome: "HIT" | "MISS" | "STALE",
  viewer: Viewer | null,
) {
  res.setHeader("x-page-cache", outcome);
  if (page.spliced) {
    sendSpliced(req, res, page, page.spliced, viewer!);
    return;
  }
  if (req.get("if-none-match") === page.etag) {
    res.status(304).end();
    return;
  }
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.status(page.status).end(gzip ? page.gzip : page.body);
}

/** A signed-in variant's page with this reader's name in its slots; its ETag is the filled page's. */
function sendSpliced(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  spliced: SplicedPage,
  viewer: Viewer,
) {
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const { parts, size, crc } = filled(spliced, Buffer.from(escapedText(viewer.displayName)), gzip);
  const etag = `${page.etag.slice(0, -1)}.${crc.toString(36)}"`;
  res.setHeader("etag", etag);
  if (req.get("if-none-match") === etag) {
    res.status(304).end();
    return;
  }
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", size);
  res.status(page.status);
  // The pieces are written as they are kept (one writev: end() uncorks), not copied into one buffer.
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
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

/** The reader's name in this render's slots: what they are sent when the page is not kept. */
function withName(text: string, viewer: Viewer, template: PageTemplate): string {
  return text.replaceAll(template.slot, escapedText(viewer.displayName));
}

/**
 * What of the reader a page rendered for a variant still holds (their id, or their name
 * outside the slot), or null. A variant page is everyone's in that role, so such a page
 * is not kept: a safety net under the loaders' markPersonal. A customer's review shows
 * their name, so they get the pages of their own reviews rendered. An owner's name is
 * their restaurant's, public on every list; and an owner on their own restaurant's pages
 * is the only reader of that variant.
 */
export function personalIn(body: string, viewer: Viewer, variant: PageVariant): string | null {
  if (variant === "self") return null;
  if (body.includes(viewer.userId)) return "id";
  if (viewer.role === "restaurant") return null;
  const name = viewer.displayName.trim();
  if (name && (body.includes(name) || body.includes(escapedText(name)))) return "name";
  return null;
}

async function sendFilledUncached(
  res: express.Response,
  response: Response,
  viewer: Viewer,
  template: PageTemplate,
) {
  const type = response.headers.get("content-type") ?? "";
  const body = Buffer.from(await response.arrayBuffer());
  const filledBody = TEXTUAL.test(type) ? withName(body.toString("utf8"), viewer, template) : body;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  await sendUncached(
    res,
    new Response(response.status === 304 ? null : filledBody, { status: response.status, headers }),
  );
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
  /** The canonical origin (PUBLIC_URL's) every page is rendered on, whatever the Host header says. */
  origin: string;
  /** The built client files (production), for stylesheets to inline; none in development. */
  clientDir: string | null;
  /** Who a session cookie belongs to (ADR 0028); without it signed-in readers are never served from the cache. */
  viewers?: Pick<ViewerCache, "viewerOf">;
  /** Told of each hit it answers and the status it sent (issue 19: page views are counted there). */
  onHit?: (req: express.Request, status: number) => void;
  /** Issue 28: while the database is down, a visitor's kept page is served as it last was. */
  databaseDown?: () => boolean;
}) {
  const stores = createPageStores(options.maxBytes);
  // Each scope's last version seen: during a database outage visitors keep reading the
  // pages kept under it (menus do not change while nobody can edit them), instead of a 503.
  const lastVersions = new Map<string, string>();
  const LAST_VERSIONS_KEPT = 100_000;
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
    const cookie = req.get("cookie") ?? "";
    if (cookie && TOAST_COOKIE.test(cookie)) return next();
    const signedIn = cookie !== "" && sessionTokenOf(cookie) !== null;
    if (signedIn && !options.viewers) return next();
    const rawPath = req.originalUrl.split("?")[0]!;
    const canonical = canonicalPath(rawPath);
    const scope = pageScope(canonical);
    if (!scope) return next();
    // React Router's data for a signed-in reader carries who they are: never kept.
    if (signedIn && canonical.endsWith(".data")) return next();
    if (canonical !== rawPath) {
      // Rendered, never kept: the router would render `canonical`, not what the key would name.
      if (canonical.endsWith(".data")) return next();
      const query = req.originalUrl.slice(rawPath.length);
      res.redirect(301, safeRedirect(`${canonical}${query}`, { fallback: canonical }));
      return;
    }
    const { query, filtered } = pageQuery(canonical, req.originalUrl.slice(rawPath.length));
    const url = `${canonical}${query}`;
    const store = filtered ? stores.filtered : stores.plain;
    let key: string;
    let viewer: Viewer | null = null;
    let variant: PageVariant;
    const scopeName = scope.kind === "restaurant" ? scope.urlName : "";
    try {
      const [version, reader] = await Promise.all([
        contentVersionKey(options.db, scope),
        signedIn ? options.viewers!.viewerOf(cookie) : null,
      ]);
      if (lastVersions.size >= LAST_VERSIONS_KEPT) lastVersions.clear();
      lastVersions.set(scopeName, version);
      viewer = reader;
      variant = variantOf(viewer, scope.kind === "restaurant" ? scope.urlName : null);
      key = `${version}|${variant}|${url}`;
    } catch (error) {
      const last = lastVersions.get(scopeName);
      if (!signedIn && last !== undefined && options.databaseDown?.()) {
        const stale = store.get(`${last}|${variantOf(null, null)}|${url}`);
        if (stale) {
          for (const [name, value] of stale.headers) res.setHeader(name, value);
          sendPage(req, res, stale, "STALE", null);
          options.onHit?.(req, res.statusCode);
          return;
        }
      }
      options.log.warn({ err: error }, "page cache: version lookup failed");
      return next();
    }
    // A session that has ended: rendered as it is (the app answers it as a visitor's).
    if (signedIn && !viewer) return next();
    const hit = store.get(key);
    if (!hit) {
      res.locals.pageCacheKey = key;
      res.locals.pageCacheUrl = url;
      res.locals.pageCacheFiltered = filtered;
      res.locals.pageCacheViewer = viewer;
      res.locals.pageCacheVariant = variant;
      return next();
    }
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    sendPage(req, res, hit, "HIT", viewer);
    options.onHit?.(req, res.statusCode);
  };

  // Concurrent misses of one visitor's page wait for a single render: a review posted
  // changes its restaurant's version, and every reader arriving until the page is kept
  // again rendered the same page at once (200 readers and 20 reviews a second made a
  // queue of renders that held some readers past 10 s). Signed-in readers render their own.
  const rendering = new Map<string, Promise<void>>();
  const renderAndStore: express.RequestHandler = async (req, res, next) => {
    const key = res.locals.pageCacheKey as string | undefined;
    if (req.method !== "GET" || !key || res.locals.pageCacheViewer) return renderOnce(req, res, next);
    const store = res.locals.pageCacheFiltered ? stores.filtered : stores.plain;
    const leader = rendering.get(key);
    if (leader) {
      await leader;
      const page = store.get(key);
      if (page) {
        for (const [name, value] of page.headers) res.setHeader(name, value);
        sendPage(req, res, page, "HIT", null);
        return;
      }
    }
    const { promise, resolve } = Promise.withResolvers<void>();
    rendering.set(key, promise);
    try {
      await renderOnce(req, res, next);
    } finally {
      rendering.delete(key);
      resolve();
    }
  };

  const renderOnce: express.RequestHandler = async (req, res, next) => {
    const key = res.locals.pageCacheKey as string | undefined;
    if (req.method !== "GET" || !key) return next();
    const viewer = (res.locals.pageCacheViewer as Viewer | null | undefined) ?? null;
    const variant = (res.locals.pageCacheVariant as PageVariant | undefined) ?? "";
    const url = res.locals.pageCacheUrl as string;
    const store = res.locals.pageCacheFiltered ? stores.filtered : stores.plain;
    // A signed-in reader's page is rendered with a slot for their name (ADR 0028).
    const template: PageTemplate | null = viewer ? newPageTemplate() : null;
    res.locals.pageTemplate = template;
    try {
      // Rendered for exactly what the key names: the canonical origin, path and query.
      const response = await options.render(webRequest(req, res, options.origin, url), res);
      if (
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        !response.body ||
        template?.personal
      ) {
        if (viewer && template) await sendFilledUncached(res, response, viewer, template);
        else await sendUncached(res, response);
        return;
      }
      for (const [name, value] of response.headers) {
        if (KEPT_HEADERS.has(name)) res.setHeader(name, value);
      }
      res.setHeader("cache-control", viewer ? PRIVATE_CACHE_CONTROL : CACHE_CONTROL);
      res.setHeader("vary", "Accept-Encoding, Cookie");
      const type = response.headers.get("content-type") ?? "";
      let body = Buffer.from(await response.arrayBuffer());
      const textual = TEXTUAL.test(type);
      let text = textual ? body.toString("utf8") : "";
      if (readAsset && type.startsWith("text/html")) text = await inlineStylesheets(text, readAsset);
      const rendered = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
        value === undefined || PER_REQUEST_HEADERS.has(name)
          ? []
          : [[name, String(value)] as [string, string]],
      );
      const nonce = String(res.locals.nonce ?? "");
      const shared = textual || !body.includes(nonce) ? withoutNonce(text, rendered, nonce) : null;
      const leak = shared && viewer ? personalIn(shared.body, viewer, variant) : null;
      if (leak)
        options.log.debug(
          { userId: viewer!.userId, found: leak },
          "page cache: a variant holds its reader's data; not kept",
        );
      if (!shared || leak) {
        // The page needs its nonce (an inline script), or holds its reader's own data: theirs alone, never kept.
        res.removeHeader("cache-control");
        res.removeHeader("vary");
        res
          .status(response.status)
          .end(textual ? (viewer && template ? withName(text, viewer, template) : text) : body);
        return;
      }
      const { headers } = shared;
      for (const [name, value] of headers) res.setHeader(name, value);
      if (textual) body = Buffer.from(shared.body);
      // Kept until what the page says stops being true, when it says so (at least a second).
      const until = Number(response.headers.get(FRESH_UNTIL_HEADER) ?? Number.NaN);
      const ttl = Number.isFinite(until) ? { ttl: Math.max(1000, until - Date.now()) } : undefined;
      if (viewer && template) {
        const page: CachedPage = {
          status: 200,
          headers,
          body: Buffer.alloc(0),
          gzip: Buffer.alloc(0),
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          spliced: splicedPage(body, template.slot),
        };
        store.set(key, page, ttl);
        sendPage(req, res, page, "MISS", viewer);
        return;
      }
      const page = cachedPage(body, headers);
      res.setHeader("etag", page.etag);
      store.set(key, { ...page, headers: [...headers, ["etag", page.etag]] }, ttl);
      sendPage(req, res, page, "MISS", null);
    } catch (error) {
      next(error);
    }
  };

  return {
    serveHit,
    renderAndStore,
    /** The pages kept now, with their keys (tests read them: no reader's name is ever in one). */
    kept: () => [...stores.plain.entries(), ...stores.filtered.entries()] as [string, CachedPage][],
  };
}
