import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB } from "./db-schema.server.ts";

/**
 * The anonymous public pages a visitor can be served from the page cache, and
 * the restaurant (by urlName) a page belongs to. `.data` requests are the same
 * pages' data for client-side navigation ("/_root.data" is the home page's).
 */
const SITE_PAGES = new Set([
  "/",
  "/menus",
  "/search",
  "/reviews",
  "/coming-soon",
  "/sitemap.xml",
  "/robots.txt",
]);
const RESTAURANT_PAGE = /^\/(?:r|reviews|vendorbestsellers)\/([^/]+)(?:\/.*)?$/;
const SITEMAP_FILE = /^\/sitemaps\/[^/]+$/;

export type PageScope = { kind: "site" } | { kind: "restaurant"; urlName: string };

export function pageScope(pathname: string): PageScope | null {
  let path = pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (SITE_PAGES.has(path) || SITEMAP_FILE.test(path)) return { kind: "site" };
  const match = RESTAURANT_PAGE.exec(path);
  if (!match) return null;
  try {
    return { kind: "restaurant", urlName: decodeURIComponent(match[1]!) };
  } catch {
    return null;
  }
}

/**
 * The content versions a page depends on, as one string (migration 0006 keeps
 * them): site pages on 'all'; a restaurant's pages on that restaurant and on
 * 'customers' (reviewers' names and photos). One indexed query.
 */
export async function contentVersionKey(db: Kysely<DB>, scope: PageScope): Promise<string> {
  if (scope.kind === "site") {
    const row = await sql<{ version: string | number }>`
      select version from content_version where scope = 'all'`.execute(db);
    return `all:${row.rows[0]?.version ?? 0}`;
  }
  const { rows } = await sql<{ scope: string; version: string | number }>`
    select scope, version from content_version
    where scope = 'customers'
       or scope = (select 'r:' || id from restaurant where "urlName" = ${scope.urlName})`.execute(db);
  const restaurant = rows.find((r) => r.scope.startsWith("r:"));
  const customers = rows.find((r) => r.scope === "customers");
  // An unknown restaurant has no version: its 404 is never cached (only 200s are).
  return `${restaurant ? `${restaurant.scope}:${restaurant.version}` : "none"}|customers:${customers?.version ?? 0}`;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The headers are the whole answer's, CSP nonce included: a hit replays them as they were. */
export function cachedPage(body: Buffer, headers: [string, string][]): CachedPage {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  return { status: 200, headers, body, gzip: gzipSync(body), etag };
}

/** Per process, bounded by bytes; correctness comes from the version in the key, not from expiry. */
export function createPageStore(maxBytes: number) {
  return new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length + page.gzip.length + 512,
  });
}

export type PageStore = ReturnType<typeof createPageStore>;

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * A page that sends no React (a visitor's read-only page, perhaps with an island)
 * gets its stylesheet inline, so a phone on a slow network paints it without
 * waiting for a second request. Pages React hydrates keep the link: they fetch
 * assets anyway, and the stylesheet stays cached across pages.
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string | null): string {
  if (html.includes("modulepreload") || html.includes("__reactRouterContext")) return html;
  return html.replaceAll(STYLESHEET_LINK, (link, href: string) => {
    const css = readAsset(href);
    return css === null || css.includes("</style") ? link : `<style>${css}</style>`;
  });
}
