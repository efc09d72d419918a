import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { exactBytes } from "./exact-bytes.server.ts";
import { sql, type CompiledQuery, type Kysely } from "kysely";
import type { DB } from "./db-schema.server.ts";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";
import { withoutLocale } from "~/lib/locale.ts";
import type { SplicedPage } from "./spliced-page.server.ts";
import { usedCss } from "./used-css.server.ts";

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

/**
 * Which reviews a restaurant's page shows (migration 0022): none (its menu, branches
 * list, best sellers), the whole restaurant's (its page, its reviews page: the default),
 * one branch's (that branch's page and reviews page), or only the photos reviews tag with
 * a dish (a dish's page, issue 33: migration 0027's 'rp:' scope, read as cheaply as a
 * menu's, so a dish page's hit costs no branch lookup).
 */
export type PageReviews = "none" | "restaurant" | "photos" | { branchUrl: string };
export type PageScope = { kind: "site" } | { kind: "restaurant"; urlName: string; reviews?: PageReviews };
/** Pages that show no review and no reviewer: a review leaves them as they are. */
const WITHOUT_REVIEWS = /^\/(?:vendorbestsellers\/[^/]+|r\/[^/]+\/(?:menu|branches))$/;
/** A dish's page, general or a branch's: it shows the diners' photos of the dish (issue 33). */
const DISH_PAGE = /^\/r\/[^/]+\/(?:branch\/[^/]+\/)?menu\/[^/]+$/;
const BRANCH_PAGE = /^\/r\/[^/]+\/branch\/([^/]+)(?:\/reviews)?$/;

/**
 * A page that says something true only until a moment (a branch's "Open now · closes
 * 11:30 pm") sends that moment, in milliseconds since 1970, in this header: the cache
 * keeps it until then and not after. Never sent to a browser from the cache.
 */
export const FRESH_UNTIL_HEADER = "x-fresh-until";

const PLAIN_PATH = /^(?:\/[\w~!$&'()*+,;=:@-]+)+$/;

/**
 * docs/threat-model.md: the path a request names, as the page is rendered for it. The
 * router renders `new Request(url)`, whose path has its dot-segments resolved
 * (`/r/./x/menu`, `/r/y/../x/menu`, `/r/%2e/x/menu`, `\` read as `/`), so a page
 * would be rendered for one restaurant and kept under another's versions (or under
 * none), out of reach of invalidation. Only a path that is already canonical is
 * cached: dot-segments resolved, no empty segment (`//`), no trailing slash. Any
 * other is redirected to its canonical form (or, for `.data`, rendered uncached).
 * Case needs nothing: the prefixes are matched as written (`/R/x` is never cached)
 * and restaurant names exactly, as the database compares them.
 */
export function canonicalPath(rawPath: string): string {
  // Most paths are plain segments (no dot, percent, backslash, empty segment or trailing
  // slash): already canonical, so a cache hit is spared parsing a URL.
  if (PLAIN_PATH.test(rawPath)) return rawPath;
  let path = rawPath;
  for (let i = 0; i < 5; i++) {
    // A fixed origin, concatenated: a path of "//host" stays a path.
    const resolved = new URL(`http://page-cache.invalid${path.startsWith("/") ? "" : "/"}${path}`).pathname;
    const next = resolved.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
    if (next === path) return next;
    path = next;
  }
  return path;
}

export function pageScope(pathname: string): PageScope | null {
  // Both languages of a page depend on the same content (ADR 0026).
  let path = withoutLocale(pathname);
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (SITE_PAGES.has(path) || SITEMAP_FILE.test(path)) return { kind: "site" };
  const match = RESTAURANT_PAGE.exec(path);
  if (!match) return null;
  try {
    const urlName = decodeURIComponent(match[1]!);
    if (WITHOUT_REVIEWS.test(path)) return { kind: "restaurant", urlName, reviews: "none" };
    if (DISH_PAGE.test(path)) return { kind: "restaurant", urlName, reviews: "photos" };
    const branch = BRANCH_PAGE.exec(path);
    // Decoded as the router decodes the branch's name for its loader, so the version read is that branch's.
    if (branch)
      return { kind: "restaurant", urlName, reviews: { branchUrl: decodeURIComponent(branch[1]!) } };
    return { kind: "restaurant", urlName };
  } catch {
    return null;
  }
}

/**
 * The name a page's content versions are remembered under (the last ones seen, the
 * older copies): one per set of versions a page's key holds.
 */
export function scopeName(scope: PageScope): string {
  if (scope.kind === "site") return "";
  const reviews = scope.reviews ?? "restaurant";
  return typeof reviews === "string"
    ? `${reviews}|${scope.urlName}`
    : `branch|${scope.urlName}|${reviews.branchUrl}`;
}

/**
 * The query parameters each public page reads (its loader's `searchParams`): only these
 * go into a kept page's key and into the URL it is rendered for. Any other parameter
 * (`?src=qr`, a tracker's `utm_…`, `?z=123` made up to miss the cache) is left out of
 * both, so it can neither make a new kept copy of a page nor reach its render. A page
 * that starts reading a new parameter names it here.
 */
const PAGE_PARAMS: [RegExp, ReadonlySet<string>][] = [
  [
    /^\/search$/,
    new Set([
      "tab",
      "q",
      "country",
      "city",
      "area",
      "price",
      "type",
      "rating",
      "taste",
      "itemType",
      "show",
      "page",
    ]),
  ],
  // `at` is the owner's preview (ADR 0043): anyone else is sent to the page without it.
  [/^\/r\/[^/]+\/branch\/[^/]+$/, new Set(["page", "type", "taste", "avoid", "available", "posted", "at"])],
  // `verified`: the table-verified reviews only (issue 33).
  [/^\/reviews\/[^/]+$/, new Set(["review", "verified"])],
  [/^\/r\/[^/]+\/branch\/[^/]+\/reviews$/, new Set(["page", "verified"])],
  [/^\/reviews$/, new Set(["page", "verified"])],
  [/^\/(?:menus|r\/[^/]+\/menu)$/, new Set(["page"])],
];
const NO_PARAMS: ReadonlySet<string> = new Set();
/** A plain page number ("2", not "02" or "2.0"): the pages diners page through. */
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

/**
 * The query a kept page is keyed and rendered under (`""` or `?…`): the parameters its
 * page reads, in a fixed order (sorted by name, repeated names in their order), and
 * React Router's `_routes` on a `.data` request. `filtered` when it holds more than a
 * plain page number: a filter or search, kept in its own share of the cache (see
 * createPageStores) so a flood of made-up filters cannot evict the pages diners read.
 */
export function pageQuery(pathname: string, search: string): { query: string; filtered: boolean } {
  if (search.length <= 1) return { query: "", filtered: false };
  let path = withoutLocale(pathname);
  const data = path.endsWith(".data");
  if (data) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  const read = PAGE_PARAMS.find(([pattern]) => pattern.test(path))?.[1] ?? NO_PARAMS;
  const kept = [...new URLSearchParams(search)].filter(
    ([name]) => read.has(name) || (data && name === "_routes"),
  );
  if (kept.length === 0) return { query: "", filtered: false };
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const filtered = kept.some(
    ([name, value]) => name !== "_routes" && !(name === "page" && PAGE_NUMBER.test(value)),
  );
  return { query: `?${new URLSearchParams(kept).toString()}`, filtered };
}

/**
 * The content versions a page depends on, as one string (migrations 0006 and 0022 keep
 * them): site pages on 'all'; a restaurant's pages on that restaurant ('r:'), and those
 * that show reviews also on the reviews they show ('rv:' the restaurant's, 'rb:' one
 * branch's) and on 'customers' (reviewers' names and photos). One indexed query.
 */
export async function contentVersionKey(db: Kysely<DB>, scope: PageScope): Promise<string> {
  const queries = compiledVersionQueries(db);
  if (scope.kind === "site") {
    const row = await db.executeQuery<{ version: string | number }>(queries.site);
    return `all:${row.rows[0]?.version ?? 0}`;
  }
  const reviews = scope.reviews ?? "restaurant";
  const { rows } = await db.executeQuery<{ scope: string; version: string | number }>(
    reviews === "none"
      ? { ...queries.menus, parameters: [scope.urlName] }
      : reviews === "restaurant"
        ? { ...queries.restaurantReviews, parameters: [scope.urlName, scope.urlName] }
        : reviews === "photos"
          ? { ...queries.dishPhotos, parameters: [scope.urlName, scope.urlName] }
          : { ...queries.branchReviews, parameters: [scope.urlName, scope.urlName, reviews.branchUrl] },
  );
  const version = (prefix: string) => rows.find((r) => r.scope.startsWith(prefix))?.version ?? 0;
  const restaurant = rows.find((r) => r.scope.startsWith("r:"));
  // An unknown restaurant has no version: its 404 is never cached (only 200s are).
  const key = restaurant ? `${restaurant.scope}:${restaurant.version}` : "none";
  if (reviews === "none") return key;
  const shown =
    reviews === "restaurant"
      ? `rv:${version("rv:")}`
      : reviews === "photos"
        ? `rp:${version("rp:")}`
        : `rb:${version("rb:")}`;
  return `${key}|customers:${version("customers")}|${shown}`;
}

/** A scope of the restaurant a page names ('r:…', 'rv:…'), its urlName a parameter. */
const restaurantScope = (prefix: string) =>
  sql`(select ${sql.lit(prefix)} || id from restaurant where "urlName" = ${""})`;

// Compiled once per database: every request of a page asks these, and building the SQL
// through Kysely each time cost more CPU than SQLite's answer (ADR 0030).
const compiledVersions = new WeakMap<
  Kysely<DB>,
  Record<"site" | "menus" | "restaurantReviews" | "dishPhotos" | "branchReviews", CompiledQuery>
>();
function compiledVersionQueries(db: Kysely<DB>) {
  let queries = compiledVersions.get(db);
  if (!queries) {
    queries = {
      site: sql`select version from content_version where scope = 'all'`.compile(db),
      menus: sql`select scope, version from content_version where scope = ${restaurantScope("r:")}`.compile(
        db,
      ),
      restaurantReviews: sql`
        select scope, version from content_version
        where scope = 'customers' or scope = ${restaurantScope("r:")} or scope = ${restaurantScope("rv:")}`.compile(
        db,
      ),
      dishPhotos: sql`
        select scope, version from content_version
        where scope = 'customers' or scope = ${restaurantScope("r:")} or scope = ${restaurantScope("rp:")}`.compile(
        db,
      ),
      // The branch by its restaurant's id, not a join: SQLite walked the join from the
      // branch side (22 µs a hit against 4.7 µs; a third of a cached branch page's CPU).
      branchReviews: sql`
        select scope, version from content_version
        where scope = 'customers' or scope = ${restaurantScope("r:")}
           or scope = (select 'rb:' || b.id from branch b
                       where b."restaurantId" = (select id from restaurant where "urlName" = ${""})
                         and b."branchUrl" = ${""})`.compile(db),
    };
    compiledVersions.set(db, queries);
  }
  return queries;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * Kept only for a page that is not gzipped (a test's, or a spliced page's empty one): a
   * kept page is its gzip alone (ADR 0034 §5), unzipped for the rare reader without gzip.
   */
  body?: Buffer;
  gzip: Buffer;
  etag: string;
  /** A signed-in variant's page (ADR 0028): kept in pieces around the reader's name; body and gzip are empty. */
  spliced?: SplicedPage;
}

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
/** JSON data blocks (JSON-LD), which a browser never runs. */
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json(?=["'\s]|$)/i;

/**
 * True when the page holds a script that runs without a `src` (React's hydration,
 * ScrollRestoration): one that needs the response's nonce. The island loader is the
 * exception, allowed by its hash (ADR 0029).
 */
export function hasInlineScript(html: string): boolean {
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attributes = match[1]!;
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    if (DATA_BLOCK_TYPE.test(attributes)) continue;
    const start = match.index + match[0].length;
    if (html.startsWith(`${ISLAND_LOADER}</script>`, start)) continue;
    return true;
  }
  return false;
}

/**
 * docs/threat-model.md: a cached page is the same bytes for every visitor until its content
 * changes, so a nonce in it is public. A page kept in the cache therefore carries no
 * nonce at all: the `'nonce-…'` source leaves its Content-Security-Policy (scripts
 * from this origin, `'self'`, remain: the islands of ADR 0013 are module files under
 * /assets) and the `nonce` attributes leave its markup. A page that needs its nonce
 * (an inline script: a page React hydrates) is not cached: null.
 */
export function withoutNonce(
  body: string,
  headers: [string, string][],
  nonce: string,
): { body: string; headers: [string, string][] } | null {
  const html = headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
  if (html && hasInlineScript(body)) return null;
  const stripped = body.replaceAll(` nonce="${nonce}"`, "").replaceAll(`"${nonce}"`, '""');
  if (nonce === "" || stripped.includes(nonce)) return null;
  const csp = (value: string) => value.replaceAll(` 'nonce-${nonce}'`, "").replaceAll(`'nonce-${nonce}'`, "");
  const shared = headers.map(([name, value]): [string, string] => [
    name,
    name === "content-security-policy" ? csp(value) : value,
  ]);
  if (shared.some(([, value]) => value.includes(nonce))) return null;
  return { body: stripped, headers: shared };
}

/** The headers are the whole answer's, with no nonce (see withoutNonce): a hit replays them as they were. */
export function cachedPage(body: Buffer, headers: [string, string][]): CachedPage {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  return { status: 200, headers, gzip: exactBytes(gzipSync(body)), etag };
}

/** A kept page's plain bytes: kept, or unzipped from its gzip (ADR 0034 §5). */
export function pageBody(page: CachedPage): Buffer {
  return page.body ?? gunzipSync(page.gzip);
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * A page that sends no React (a visitor's read-only page, perhaps with an island)
 * gets its stylesheet inline, the rules it uses only (used-css.server.ts), so a phone
 * on a slow network paints it without waiting for a second request. Pages React hydrates keep the link: they fetch
 * assets anyway, and the stylesheet stays cached across pages.
 */
export async function inlineStylesheets(
  html: string,
  readAsset: (href: string) => string | null,
): Promise<string> {
  if (html.includes("modulepreload") || html.includes("__reactRouterContext")) return html;
  const sheets = new Map<string, string>();
  for (const [link, href] of html.matchAll(STYLESHEET_LINK)) {
    const css = readAsset(href!);
    // Only the rules this page's markup can use (ADR 0030: the whole sheet was half the page).
    if (css !== null && !css.includes("</style")) sheets.set(link, await usedCss(html, css, href!));
  }
  return html.replaceAll(STYLESHEET_LINK, (link) => {
    const css = sheets.get(link);
    return css === undefined ? link : `<style>${css}</style>`;
  });
}
