import type { MetaDescriptor } from "react-router";
import { isLocale, localisedPath, type Locale } from "./locale.ts";

// Client-safe: route `meta` functions run in the browser too, after client navigations.

export const SITE_NAME = "Foodverse";

/**
 * The share image of pages that have none of their own: a committed 1200×630
 * JPEG well under the 300 KB WhatsApp accepts (scripts/make-share-image.ts makes it).
 */
export const DEFAULT_SHARE_IMAGE = "/share/foodverse.jpg";

/** Every share image the app links (default and uploaded og.jpg variants) has this size and type. */
const SHARE_IMAGE = { type: "image/jpeg", width: "1200", height: "630" } as const;

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

export type JsonLd = Record<string, unknown>;

export interface SeoInput {
  /** The site's public origin (PUBLIC_URL), without a trailing slash. */
  origin: string;
  /** The page's language (siteOf): its canonical URL has the language's prefix, with hreflang links to both. */
  locale?: Locale;
  /** Path (and query, for page 2 on) of the page's one canonical address. */
  path: string;
  /** The page's own title; ' · Foodverse' is added unless it already names the site. */
  title: string;
  description: string;
  /** A root-relative or absolute URL of a 1200×630 JPEG; the default image otherwise. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "restaurant.restaurant" | "article";
  /** One script per page, so tools that read "the" JSON-LD of a page find it. */
  jsonLd?: JsonLd | null;
  /** Account screens, error pages and not-yet-approved restaurants stay out of search results. */
  noindex?: boolean;
}

/** Collapses whitespace and cuts at a word boundary, so previews never end mid-word. */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:·-]+$/u, "")}…`;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}

/** A paginated page's canonical path: page 1 is the bare path, later pages keep `?page=N`. */
export function pagedPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** What a meta function receives as `matches` (only the root's data is read). */
export type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The origin the root loader hands every page (meta functions see every match's data). */
export function originOf(matches: MetaMatches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  const origin = (root as { origin?: unknown } | undefined)?.origin;
  return typeof origin === "string" ? origin : "";
}

/** The page's language, from the root loader's data. */
export function localeOf(matches: MetaMatches): Locale {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  const locale = (root as { locale?: unknown } | undefined)?.locale;
  return isLocale(locale) ? locale : "en";
}

/** Origin and language of the page, for seoMeta. */
export function siteOf(matches: MetaMatches): { origin: string; locale: Locale } {
  return { origin: originOf(matches), locale: localeOf(matches) };
}

/**
 * Title, description, canonical link, Open Graph, Twitter card and JSON-LD for one page.
 * React Router renders `script:ld+json` with <, > and & escaped, so text such as
 * "</script>" inside a value cannot end the script early (tests/integration/seo.test.ts).
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title} · ${SITE_NAME}`;
  const description = metaDescription(input.description);
  const locale = input.locale ?? "en";
  const url = absoluteUrl(input.origin, localisedPath(input.path, locale));
  const image = absoluteUrl(input.origin, input.image || DEFAULT_SHARE_IMAGE);
  const imageAlt = input.imageAlt ?? (input.image ? input.title : SITE_NAME);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    // Each language is its own page; crawlers are told of the other, English for everyone else.
    { tagName: "link", rel: "alternate", hrefLang: "en", href: absoluteUrl(input.origin, input.path) },
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "ur",
      href: absoluteUrl(input.origin, localisedPath(input.path, "ur")),
    },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(input.origin, input.path) },
    { property: "og:locale", content: locale === "ur" ? "ur_PK" : "en_PK" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: SHARE_IMAGE.type },
    { property: "og:image:width", content: SHARE_IMAGE.width },
    { property: "og:image:height", content: SHARE_IMAGE.height },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) meta.push({ "script:ld+json": input.jsonLd });
  return meta;
}

/** What a page whose loader failed (404 and the like) tells crawlers: its title, and not to index it. */
export function errorMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}
