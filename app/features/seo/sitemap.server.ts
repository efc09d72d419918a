import { localisedPath } from "~/lib/locale.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import type { Services } from "~/server/services.server.ts";
import * as q from "./seo.queries.server.ts";

/**
 * /sitemap.xml is a sitemap index; the URLs are in files under /sitemaps/. A file may
 * hold at most 50,000 URLs, and 10,000 restaurants with their pages and branches
 * are more than that, so restaurants and branches are split into numbered files.
 */
export const SITEMAP_LIMITS = {
  /** Five pages each, in two languages: 40,000 URLs a file. */
  restaurantsPerFile: 4_000,
  /** One page each, in two languages. */
  branchesPerFile: 20_000,
};
export type SitemapLimits = typeof SITEMAP_LIMITS;

/** Crawlers re-read sitemaps often; a few minutes of staleness costs nothing. */
export const SITEMAP_CACHE = "public, max-age=600";

/** Pages that are public whatever is in the database. */
export const SITE_PAGES = ["/", "/menus", "/reviews", "/search"];

/** The public pages of one approved restaurant (its branch pages come in the branch files). */
export function restaurantPages(urlName: string): string[] {
  const base = restaurantPath(urlName);
  const name = encodeURIComponent(urlName);
  return [base, `${base}/menu`, `${base}/branches`, `/reviews/${name}`, `/vendorbestsellers/${name}`];
}

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML = "http://www.w3.org/1999/xhtml";

/**
 * Every page in both languages (ADR 0026): each URL lists all its language versions,
 * itself included, and English for readers of neither, as search engines ask.
 */
function urlSet(origin: string, paths: string[]): string {
  const urls = paths.flatMap((p) => {
    const english = xmlEscape(`${origin}${p}`);
    const urdu = xmlEscape(`${origin}${localisedPath(p, "ur")}`);
    const alternates =
      `<xhtml:link rel="alternate" hreflang="en" href="${english}"/>` +
      `<xhtml:link rel="alternate" hreflang="ur" href="${urdu}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`;
    return [`<url><loc>${english}</loc>${alternates}</url>`, `<url><loc>${urdu}</loc>${alternates}</url>`];
  });
  return `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The index: the site pages' file, then one file per slice of restaurants and of branches. */
export async function sitemapIndex(services: Services, limits: SitemapLimits = SITEMAP_LIMITS) {
  const { db } = services.database;
  const [restaurants, branches] = await Promise.all([
    q.countApprovedRestaurants(db),
    q.countApprovedBranches(db),
  ]);
  const files = ["pages.xml"];
  for (let n = 1; n <= Math.ceil(restaurants / limits.restaurantsPerFile); n++)
    files.push(`restaurants-${n}.xml`);
  for (let n = 1; n <= Math.ceil(branches / limits.branchesPerFile); n++) files.push(`branches-${n}.xml`);
  const origin = services.env.PUBLIC_URL;
  const entries = files
    .map((f) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${f}`)}</loc></sitemap>`)
    .join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries}\n</sitemapindex>\n`;
}

const FILE_NAME = /^(?:(pages)|(restaurants|branches)-([1-9]\d{0,6}))\.xml$/;

/** One file of the index, or null for a name it does not list (a 404). */
export async function sitemapFile(
  services: Services,
  name: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<string | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const origin = services.env.PUBLIC_URL;
  if (match[1]) return urlSet(origin, SITE_PAGES);
  const { db } = services.database;
  const page = Number(match[3]);
  if (match[2] === "restaurants") {
    const per = limits.restaurantsPerFile;
    const rows = await q.approvedRestaurantsPage(db, (page - 1) * per, per);
    if (rows.length === 0) return null;
    return urlSet(
      origin,
      rows.flatMap((r) => restaurantPages(r.urlName)),
    );
  }
  const per = limits.branchesPerFile;
  const rows = await q.approvedBranchesPage(db, (page - 1) * per, per);
  if (rows.length === 0) return null;
  return urlSet(
    origin,
    rows.map((b) => branchPath(b.urlName, b.branchUrl)),
  );
}

/** Search engines need not crawl accounts, owner and admin screens, or the API. */
export const DISALLOWED_PATHS = [
  "/admin",
  "/profile",
  "/api",
  "/login",
  "/sign-in",
  "/signup",
  "/forgotpassword",
  "/forgot-password",
  "/reset-password",
  "/logout",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.flatMap((p) => [`Disallow: ${p}`, `Disallow: ${localisedPath(p, "ur")}`]),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
