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
  inlineStylesheets,
  pageQuery,
  pageScope,
  scopeName as scopeNameOf,
  withoutNonce,
  type CachedPage,
  type PageScope,
} from "./page-cache.server.ts";
import { createVersionMemo } from "./content-version-memo.server.ts";
import {
  newPageTemplate,
  variantOf,
  type PageTemplate,
  type PageVariant,
  type ViewerCache,
} from "./page-variant.server.ts";
import { requestCookies } from "./request-cookies.server.ts";
import { createPageStores, type PageStore } from "./page-store.server.ts";
import type { DiskPageStore } from "./page-disk-store.server.ts";
import type { SharedPageTier } from "./page-shared-tier.server.ts";
import { createVersionHistory } from "./page-versions.server.ts";
import { splicedPage } from "./spliced-page.server.ts";
import type { Viewer } from "./viewer.server.ts";
import { webRequest } from "./web-request.server.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { redactUrl } from "./log-redaction.server.ts";
import {
  personalIn,
  sendFilledUncached,
  sendPage,
  sendUncached,
  sentStale,
  TEXTUAL,
  withName,
} from "./page-cache-send.server.ts";

export { personalIn } from "./page-cache-send.server.ts";

/** ADR 0034: how long after a write a page's previous copy may still be sent while the new one renders. */
export const STALE_WHILE_RENDERING_MS = 2000;
/** How long a process waits for another's render of a page before rendering it itself. */
const SHARED_WAIT_MS = 3000;
/** A render, or a wait for one, longer than this is logged as a warning: readers time out near 10 s. */
const SLOW_MS = 4000;

/** Renders one request the way the React Router handler would, as a web Response. */
export type Render = (request: Request, res: express.Response) => Promise<Response>;

/** A request only its reader may be answered (a toast), or, without `viewers`, any signed-in one. */
export function isPersonal(cookieHeader: string): boolean {
  const cookies = requestCookies(cookieHeader);
  return cookies.toast || cookies.sessionToken !== null;
}
// A CDN may keep these but must ask again (ETag) before each use.
const CACHE_CONTROL = "public, no-cache";
// A signed-in reader's copy (their name in it): their browser's only.
const PRIVATE_CACHE_CONTROL = "private, no-cache";
const KEPT_HEADERS = new Set(["content-type", "content-language", "x-remix-response", "link"]);

// Set per request by the middleware in front; never replayed from a cached page.
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "date",
  "content-length",
  "content-encoding",
]);

export interface PageCacheOptions {
  db: Kysely<DB>;
  /** ADR 0047: the database's change stamp (SQLite's); with it, content versions are remembered while it holds. */
  changeStamp?: (() => number) | null;
  maxBytes: number;
  log: Logger;
  render: Render;
  /** The canonical origin (PUBLIC_URL's) every page is rendered on, whatever the Host header says. */
  origin: string;
  /** The built client files (production), for stylesheets to inline; none in development. */
  clientDir: string | null;
  /** Who a session cookie belongs to (ADR 0028); without it signed-in readers are never served from the cache. */
  viewers?: Pick<ViewerCache, "viewerOf">;
  /** Told of each hit it answers and the status it sent (ADR 0027: page views are counted there). */
  onHit?: (req: express.Request, status: number) => void;
  /** docs/operations.md: while the database is down, a visitor's kept page is served as it last was. */
  databaseDown?: () => boolean;
  /** Milliseconds, for how long ago a page's content changed and how long a page is kept (tests pass their own clock). */
  now?: () => number;
  /** ADR 0034: pages shared with the other processes (Redis), so each is rendered once per change across them. */
  shared?: SharedPageTier | null;
  /** How long after its content changed a visitor may still be sent a page's previous copy while it renders (ADR 0034). */
  staleMs?: number;
  /** ADR 0034 §5: visitors' pages on disk behind memory, shared by the processes of a host. */
  disk?: DiskPageStore | null;
}

/** What the page cache's middlewares share: its options, its stores and its bookkeeping. */
interface PageCache {
  options: PageCacheOptions;
  stores: ReturnType<typeof createPageStores>;
  now: () => number;
  staleMs: number;
  versions: ReturnType<typeof createVersionHistory>;
  /**
   * The key of this page's copy under the newest older content still kept, or null; with
   * `within`, only if that content stopped being current at most that long ago.
   */
  olderCopy(store: PageStore, scope: string, slot: string, within?: number): string | null;
  /** A built client file's text (stylesheets to inline), or null in development. */
  readAsset: ((href: string) => string | null) | null;
  // Concurrent misses of one visitor's page wait for a single render: a review posted
  // changes its restaurant's version, and every reader arriving until the page is kept
  // again rendered the same page at once (200 readers and 20 reviews a second made a
  // queue of renders that held some readers past 10 s). Signed-in readers render their own.
  rendering: Map<string, Promise<void>>;
  /** The content versions a page's scope is at now (contentVersionKey, remembered where the database allows). */
  versionKey: (scope: PageScope) => Promise<string>;
}

function versionKeyOf(options: PageCacheOptions): PageCache["versionKey"] {
  const read = (scope: PageScope) => contentVersionKey(options.db, scope);
  if (!options.changeStamp) return read;
  const remembered = createVersionMemo(options.changeStamp);
  // JSON, not scopeName: a restaurant's name may hold the `|` that joins scopeName's parts.
  return (scope) => remembered(JSON.stringify(scope), () => read(scope));
}

/**
 * docs/performance.md: anonymous GETs of public pages are answered from memory
 * when nothing they show has changed. The key holds the content versions the
 * page depends on (read from the database on every request, so several
 * processes sharing one database stay exact; on SQLite remembered while its change
 * stamp says nothing was written, ADR 0047), and the URL. Everything else
 * (signed-in visitors, forms, other pages) goes on to the normal handler.
 *
 * Two middlewares: `serveHit` goes first of all, so a hit costs one indexed
 * query and a write of bytes kept gzipped with their headers (security headers
 * included; a kept page carries no CSP nonce, see withoutNonce); `renderAndStore`
 * sits where pages are rendered and keeps what a miss produced. Only canonical
 * paths are kept (see canonicalPath): any other spelling of a page is redirected.
 */
export function createPageCache(options: PageCacheOptions) {
  const stores = createPageStores(options.maxBytes, options.now);
  const now = options.now ?? (() => performance.now());
  const staleMs = options.staleMs ?? STALE_WHILE_RENDERING_MS;
  // Each scope's last versions seen: during a database outage visitors keep reading the
  // pages kept under the newest (menus do not change while nobody can edit them), instead
  // of a 503; and a page's copy under older content can be found (ADR 0034).
  const versions = createVersionHistory({ now, maxScopes: 100_000 });

  const olderCopy = (store: PageStore, scope: string, slot: string, within?: number): string | null => {
    for (const { version, supersededAt } of versions.older(scope)) {
      const key = `${version}|${slot}`;
      if (!store.has(key)) continue;
      return within === undefined || now() - supersededAt <= within ? key : null;
    }
    return null;
  };
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

  const c: PageCache = {
    options,
    stores,
    now,
    staleMs,
    versions,
    olderCopy,
    readAsset,
    rendering: new Map(),
    versionKey: versionKeyOf(options),
  };

  return {
    serveHit: ((req, res, next) => serveHit(c, req, res, next)) as express.RequestHandler,
    renderAndStore: ((req, res, next) => renderAndStore(c, req, res, next)) as express.RequestHandler,
    /** The pages kept now, with their keys (tests read them: no reader's name is ever in one). */
    kept: () => [...stores.plain.entries(), ...stores.filtered.entries()] as [string, CachedPage][],
  };
}

/** A visitor's or a signed-in reader's kept page, sent; a miss marked for renderAndStore; anything else passed on. */
async function serveHit(
  c: PageCache,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (req.method !== "GET" || res.locals.pageCacheKey) return next();
  const cookie = req.get("cookie") ?? "";
  const cookies = requestCookies(cookie);
  // A toast waiting to be shown: that answer is the reader's alone.
  if (cookies.toast) return next();
  const signedIn = cookies.sessionToken !== null;
  if (signedIn && !c.options.viewers) return next();
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
  const store = filtered ? c.stores.filtered : c.stores.plain;
  let key: string;
  let viewer: Viewer | null = null;
  let variant: PageVariant;
  const scopeName = scopeNameOf(scope);
  try {
    const [version, reader] = await Promise.all([
      c.versionKey(scope),
      signedIn ? c.options.viewers!.viewerOf(cookie) : null,
    ]);
    c.versions.record(scopeName, version);
    viewer = reader;
    variant = variantOf(viewer, scope.kind === "restaurant" ? scope.urlName : null);
    key = `${version}|${variant}|${url}`;
  } catch (error) {
    const last = c.versions.latest(scopeName);
    if (!signedIn && last !== undefined && c.options.databaseDown?.()) {
      const stale = store.get(`${last}|${variantOf(null, null)}|${url}`);
      if (stale) {
        for (const [name, value] of stale.headers) res.setHeader(name, value);
        sendPage(req, res, stale, "STALE", null);
        c.options.onHit?.(req, res.statusCode);
        return;
      }
    }
    c.options.log.warn({ err: error }, "page cache: version lookup failed");
    return next();
  }
  // A session that has ended: rendered as it is (the app answers it as a visitor's).
  if (signedIn && !viewer) return next();
  const hit =
    store.get(key) ??
    (signedIn || filtered ? undefined : fromDisk(c, store, key, scopeName, `${variant}|${url}`));
  if (!hit) {
    res.locals.pageCacheKey = key;
    res.locals.pageCacheUrl = url;
    res.locals.pageCacheFiltered = filtered;
    res.locals.pageCacheViewer = viewer;
    res.locals.pageCacheVariant = variant;
    res.locals.pageCacheScope = scopeName;
    res.locals.pageCacheSlot = `${variant}|${url}`;
    return next();
  }
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  sendPage(req, res, hit, "HIT", viewer);
  c.options.onHit?.(req, res.statusCode);
}

/** A visitor's page kept on disk (ADR 0034 §5), taken back into memory. */
function fromDisk(
  c: PageCache,
  store: PageStore,
  key: string,
  scope: string,
  slot: string,
): CachedPage | undefined {
  const copy = c.options.disk?.get(key);
  if (!copy) return undefined;
  const replaces = c.olderCopy(store, scope, slot) ?? undefined;
  store.set(key, copy.page, { ttl: copy.ttlMs, replaces });
  return copy.page;
}

async function renderAndStore(
  c: PageCache,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  const key = res.locals.pageCacheKey as string | undefined;
  if (req.method !== "GET" || !key || res.locals.pageCacheViewer) return renderOnce(c, req, res, next);
  const store = res.locals.pageCacheFiltered ? c.stores.filtered : c.stores.plain;
  const leader = c.rendering.get(key);
  if (leader) {
    // ADR 0034: while the page is rendered again after a write, the readers arriving
    // meanwhile are sent its previous copy, if that content changed at most `staleMs`
    // ago; the first reader after a write (the one rendering) always gets the new page.
    const older = c.olderCopy(
      store,
      res.locals.pageCacheScope as string,
      res.locals.pageCacheSlot as string,
      c.staleMs,
    );
    // Past serveHit: the page view is counted by the middleware the misses go through, not onHit.
    if (sentStale(req, res, store, older)) return;
    const waiting = c.now();
    await leader;
    const waited = c.now() - waiting;
    if (waited > SLOW_MS)
      c.options.log.warn(
        { url: redactUrl(req.originalUrl), ms: Math.round(waited) },
        "page cache: a reader waited long for a render",
      );
    const page = store.get(key);
    if (page) {
      for (const [name, value] of page.headers) res.setHeader(name, value);
      sendPage(req, res, page, "HIT", null);
      return;
    }
  }
  const { promise, resolve } = Promise.withResolvers<void>();
  c.rendering.set(key, promise);
  const shared = res.locals.pageCacheFiltered ? null : (c.options.shared ?? null);
  let claimed = false;
  try {
    if (shared) {
      const outcome = await fromOtherProcesses(c, shared, req, res, store, key);
      if (outcome === "sent") return;
      claimed = outcome === "claimed";
    }
    await renderOnce(c, req, res, next);
  } finally {
    if (claimed) await shared!.release(key);
    c.rendering.delete(key);
    resolve();
  }
}

/**
 * A visitor's page another process has rendered (sent from Redis and kept here), or
 * is rendering (its previous copy sent if recent enough, else its copy awaited).
 * "claimed": this process renders it; "render": Redis could not help, render anyway.
 */
async function fromOtherProcesses(
  c: PageCache,
  shared: SharedPageTier,
  req: express.Request,
  res: express.Response,
  store: PageStore,
  key: string,
): Promise<"sent" | "claimed" | "render"> {
  const scope = res.locals.pageCacheScope as string;
  const slot = res.locals.pageCacheSlot as string;
  let copy = await shared.get(key);
  if (!copy) {
    if (await shared.claim(key)) return "claimed";
    if (sentStale(req, res, store, c.olderCopy(store, scope, slot, c.staleMs))) return "sent";
    copy = await shared.waitFor(key, SHARED_WAIT_MS);
    if (!copy) return "render";
  }
  store.set(key, copy.page, { ttl: copy.ttlMs, replaces: c.olderCopy(store, scope, slot) ?? undefined });
  for (const [name, value] of copy.page.headers) res.setHeader(name, value);
  sendPage(req, res, copy.page, "HIT", null);
  return "sent";
}

/** Renders a miss for exactly what its key names, keeps it when it may be kept, and sends it. */
async function renderOnce(
  c: PageCache,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  const key = res.locals.pageCacheKey as string | undefined;
  if (req.method !== "GET" || !key) return next();
  const viewer = (res.locals.pageCacheViewer as Viewer | null | undefined) ?? null;
  const variant = (res.locals.pageCacheVariant as PageVariant | undefined) ?? "";
  const url = res.locals.pageCacheUrl as string;
  const store = res.locals.pageCacheFiltered ? c.stores.filtered : c.stores.plain;
  // A signed-in reader's page is rendered with a slot for their name (ADR 0028).
  const template: PageTemplate | null = viewer ? newPageTemplate() : null;
  res.locals.pageTemplate = template;
  try {
    // Rendered for exactly what the key names: the canonical origin, path and query.
    const started = c.now();
    const response = await c.options.render(webRequest(req, res, c.options.origin, url), res);
    const took = c.now() - started;
    if (took > SLOW_MS)
      c.options.log.warn({ url: redactUrl(url), ms: Math.round(took) }, "page cache: a render took long");
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
    const body = Buffer.from(await response.arrayBuffer());
    const textual = TEXTUAL.test(type);
    let text = textual ? body.toString("utf8") : "";
    if (c.readAsset && type.startsWith("text/html")) text = await inlineStylesheets(text, c.readAsset);
    const rendered = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
      value === undefined || PER_REQUEST_HEADERS.has(name) ? [] : [[name, String(value)] as [string, string]],
    );
    const nonce = String(res.locals.nonce ?? "");
    const shared = textual || !body.includes(nonce) ? withoutNonce(text, rendered, nonce) : null;
    const leak = shared && viewer ? personalIn(shared.body, viewer, variant) : null;
    if (leak)
      c.options.log.debug(
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
    for (const [name, value] of shared.headers) res.setHeader(name, value);
    const page = { headers: shared.headers, body: textual ? Buffer.from(shared.body) : body };
    await keepAndSend(c, req, res, { key, store, response, ...page, viewer, template });
  } catch (error) {
    next(error);
  }
}

/** A render that may be kept, kept (a visitor's page whole; a variant's in pieces around its name's slot) and sent. */
async function keepAndSend(
  c: PageCache,
  req: express.Request,
  res: express.Response,
  render: {
    key: string;
    store: PageStore;
    response: Response;
    headers: [string, string][];
    body: Buffer;
    viewer: Viewer | null;
    template: PageTemplate | null;
  },
) {
  const { key, store, response, headers, body, viewer, template } = render;
  // Kept until what the page says stops being true, when it says so (at least a second).
  const until = Number(response.headers.get(FRESH_UNTIL_HEADER) ?? Number.NaN);
  const ttl = Number.isFinite(until) ? Math.max(1000, until - Date.now()) : undefined;
  const replaces =
    c.olderCopy(store, res.locals.pageCacheScope as string, res.locals.pageCacheSlot as string) ?? undefined;
  if (viewer && template) {
    const page: CachedPage = {
      status: 200,
      headers,
      body: Buffer.alloc(0),
      gzip: Buffer.alloc(0),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      spliced: splicedPage(body, template.slot),
    };
    store.set(key, page, { ttl, replaces });
    sendPage(req, res, page, "MISS", viewer);
    return;
  }
  const page = cachedPage(body, headers);
  res.setHeader("etag", page.etag);
  const kept = { ...page, headers: [...headers, ["etag", page.etag]] as [string, string][] };
  store.set(key, kept, { ttl, replaces });
  sendPage(req, res, page, "MISS", null);
  // After the answer: the reader who waited for the render does not wait for the disk too.
  if (!res.locals.pageCacheFiltered) c.options.disk?.put(key, kept, { ttlMs: ttl, replaces });
  // Before the claim is released (renderAndStore), so the processes waiting find it.
  if (c.options.shared && !res.locals.pageCacheFiltered) await c.options.shared.put(key, kept, ttl);
}
