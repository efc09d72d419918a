import { keyed, type Message } from "./message.ts";
/**
 * product rules §3/§5: a restaurant's urlName (and a branch slug) is its name lowercased
 * with whitespace removed. NFC first, so the same Urdu name typed on two
 * keyboards gives one slug.
 */
export function toSlug(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/\s+/gu, "");
}

/** The public path of a restaurant page, safe for any script in the name. */
export function restaurantPath(urlName: string): string {
  return `/r/${encodeURIComponent(urlName)}`;
}

/** The public path of a branch page (what its QR code opens). */
export function branchPath(urlName: string, branchUrl: string): string {
  return `${restaurantPath(urlName)}/branch/${encodeURIComponent(branchUrl)}`;
}

/** The owner's screen of one of their branches. */
export function ownBranchPath(branchUrl: string): string {
  return `/profile/restaurant/mybranches/${encodeURIComponent(branchUrl)}`;
}

/**
 * The first path words of the site's own pages and files: app/routes.ts's
 * top-level routes, server/http-app.ts's mounts, the build's assets and public/.
 * A restaurant or branch slug may not be one of them, so a name never reads as
 * one of the site's own addresses. tests/integration/names-and-links.test.ts reads
 * the route config and server/http-app.ts and fails when a new word is missing here.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "signup",
  "login",
  "sign-in",
  "forgotpassword",
  "forgot-password",
  "reset-password",
  "logout",
  "profile",
  "admin",
  "menus",
  "search",
  "coming-soon",
  "vendorbestsellers",
  "reviews",
  "r",
  "sitemap.xml",
  "sitemaps",
  "robots.txt",
  "healthz",
  "readyz",
  "media",
  "data",
  "api",
  "uploads",
  "assets",
  "favicon.svg",
  "share",
]);

export const SLUG_MESSAGES = {
  dots: "The name cannot be only dots: its web address would open another page.",
  dataSuffix: "The name cannot end with .data: its web address would open another page.",
  reserved: (slug: string) =>
    keyed('"{{slug}}" is already the address of a Foodverse page. Try a different name.', { slug }),
  empty: "Please enter a name with letters or numbers.",
} as const;

/**
 * Why a name cannot be a web address of its own (its QR code would open the
 * wrong page), or null when it can: an empty slug, a dot segment (browsers
 * resolve `/r/..` to `/`), React Router's data suffix, or a reserved word.
 */
export function slugProblem(name: string): Message | null {
  const slug = toSlug(name.trim());
  if (slug === "") return SLUG_MESSAGES.empty;
  if (/^\.+$/.test(slug)) return SLUG_MESSAGES.dots;
  if (slug.endsWith(".data")) return SLUG_MESSAGES.dataSuffix;
  if (RESERVED_SLUGS.has(slug)) return SLUG_MESSAGES.reserved(slug);
  return null;
}
