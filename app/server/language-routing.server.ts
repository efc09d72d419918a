import type express from "express";
import {
  isLocale,
  LANGUAGE_COOKIE,
  localeOfPath,
  localisedPath,
  withoutLocale,
  type Locale,
} from "~/lib/locale.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { canonicalPath } from "./page-cache.server.ts";
import { cookieValue } from "./request-cookies.server.ts";

// ADR 0026. Runs ahead of the page cache: a page's language is its URL, so a kept
// page never depends on a cookie or a header; only this redirect does.

const ONE_YEAR = 365 * 24 * 60 * 60;
// Files and endpoints, never pages in a language: left alone whatever they are asked with.
const NOT_PAGES =
  /^\/(?:media|data|assets|api|uploads|share|healthz|readyz|sitemaps?|robots)(?:[/.]|$)|\.\w+$/;

export function rememberedLocale(cookieHeader: string): Locale | null {
  const found = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLocale(found) ? found : null;
}

/**
 * Where a page in `locale` is: built from the request's path, so it goes through the
 * canonical path (no `//` or `\` left to read as another host) and safeRedirect,
 * like every redirect built from a request (docs/threat-model.md, "redirects").
 * `/ur//evil.example?lang=en` once redirected to `//evil.example`.
 */
export function localeLocation(pathname: string, query: string, locale: Locale): string {
  const path = canonicalPath(withoutLocale(pathname));
  const page = localisedPath(path, locale);
  const fallback = safeRedirect(page);
  return safeRedirect(query ? localisedPath(`${path}?${query}`, locale) : page, { fallback });
}

function languageCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The switch (`?lang=ur` on any page link) remembers the choice in a cookie and sends
 * the reader to the page in that language. Without a choice, a first visit to an
 * English address follows Accept-Language; a remembered choice wins over the
 * address (a shared link opens in the reader's language). Only page navigations are
 * redirected: scripts' data requests, files and crawlers without preferences are not.
 */
export function languageRedirect(options: {
  secureCookies: boolean;
}): (req: express.Request, res: express.Response) => boolean {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // Every page request passes here, cache hits too: the cheap tests come first.
    const url = req.originalUrl;
    const at = url.indexOf("?");
    const pathname = at === -1 ? url : url.slice(0, at);
    const query = at === -1 ? "" : url.slice(at + 1);
    if (query.includes("lang=")) {
      const params = new URLSearchParams(query);
      const asked = params.get("lang");
      if (isLocale(asked)) {
        params.delete("lang");
        const rest = params.toString();
        res.setHeader("Set-Cookie", languageCookie(asked, options.secureCookies));
        res.setHeader("Cache-Control", "no-store");
        res.redirect(302, localeLocation(pathname, rest, asked));
        return true;
      }
    }
    if (!req.headers.accept?.includes("text/html") || NOT_PAGES.test(pathname)) return false;
    const current = localeOfPath(pathname);
    const cookie = req.headers.cookie;
    const remembered = cookie?.includes(LANGUAGE_COOKIE) ? rememberedLocale(cookie) : null;
    const wanted =
      remembered ??
      (current === "en" && req.headers["accept-language"] ? req.acceptsLanguages("en", "ur") : null);
    if (!isLocale(wanted) || wanted === current) return false;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Accept-Language, Cookie");
    res.redirect(302, localeLocation(pathname, query, wanted));
    return true;
  };
}
