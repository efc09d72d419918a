import { randomBytes } from "node:crypto";
import { createContext } from "react-router";
import { sessionTokenOf } from "./request-cookies.server.ts";
import type { Viewer } from "./viewer.server.ts";

/**
 * ADR 0028: signed-in readers of public pages are served from the page
 * cache too. A public page differs for them only by role (the header's links, 'Add a
 * Review', the rating form) and, for a restaurant's owner on their own pages, by the
 * preview of what is not approved yet; and by one personal word, their name in the
 * header. So a page is kept once per variant, rendered with a slot where the name goes,
 * and each reader's name is put in the slot as it is sent (spliced-page.server.ts).
 */

/** "" for visitors; the reader's role; "self" for a restaurant's owner on their own restaurant's pages. */
export type PageVariant = "" | Viewer["role"] | "self";

export function variantOf(viewer: Viewer | null, pageRestaurant: string | null): PageVariant {
  if (!viewer) return "";
  if (viewer.role === "restaurant" && pageRestaurant !== null && viewer.urlName === pageRestaurant)
    return "self";
  return viewer.role;
}

/**
 * Handed to the loaders of a page rendered to be kept for a variant (server/http-app.ts),
 * null otherwise: the header shows the template's `slot` instead of the name (on a page
 * sent without React; one React hydrates is never kept, and shows the name), and a loader
 * that puts one reader's own data on the page (their rating of a dish) says so, and the
 * page is not kept.
 */
export interface PageTemplate {
  /** Set by a loader: this page holds the reader's own data. */
  personal: boolean;
  /**
   * What stands where the reader's name goes: drawn anew for each render, so no text
   * written before it (a review, an about text, a website, a dish name) can hold it.
   * A fixed marker was once spliced wherever content repeated it: a review greeting
   * each reader by name, a link carrying an admin's email to another site.
   */
  slot: string;
}

/** A template for one render: its slot is 24 random hex digits, plain ASCII React writes as it is. */
export function newPageTemplate(): PageTemplate {
  return { personal: false, slot: `fv-slot-${randomBytes(12).toString("hex")}` };
}

export const pageTemplateContext = createContext<PageTemplate | null>(null);

/** A loader's word that the page it renders holds this reader's own data. */
export function markPersonal(template: PageTemplate | null) {
  if (template) template.personal = true;
}

/**
 * Personal unless the page's route opted in (isKeptForRoles on its handle): a page
 * rendered to be kept for a role is marked personal, and so not kept, when the route
 * it ended on did not say it may be (app/entry.server.tsx calls this for each render).
 */
export function markPersonalUnlessKept(template: PageTemplate | null, keptForRoles: boolean) {
  if (!keptForRoles) markPersonal(template);
}

/** The name as React writes it in text (escapeTextForBrowser), to go in the slot. */
export function escapedText(text: string): string {
  return text.replace(
    /["&'<>]/g,
    (c) => `&${{ '"': "quot", "&": "amp", "'": "#x27", "<": "lt", ">": "gt" }[c]};`,
  );
}

/**
 * Who a session cookie belongs to, kept a few seconds per process: a hit must not cost
 * the session lookup (three queries) each time. A session ended on this browser sends no
 * cookie any more; one revoked elsewhere, or a name changed, shows in a cached page's
 * header for at most `ttlMs` in other processes (nothing it allows: every action and
 * every uncached page asks the database).
 */
export function createViewerCache(
  lookup: (cookieHeader: string) => Promise<Viewer | null>,
  options: { ttlMs: number; maxEntries: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const known = new Map<string, { viewer: Viewer | null; until: number }>();
  return {
    async viewerOf(cookieHeader: string): Promise<Viewer | null> {
      // Kept by the whole header, not the token read here: a header with two session
      // cookies (one planted from a sibling host) is looked up as better-auth reads it,
      // which may be the other one; only the same header may be answered from it. Only a
      // header holding a session cookie is ever kept, so a kept one is not parsed again.
      const kept = known.get(cookieHeader);
      if (kept && kept.until > now()) return kept.viewer;
      if (!sessionTokenOf(cookieHeader)) return null;
      const viewer = await lookup(cookieHeader);
      if (known.size >= options.maxEntries) known.clear();
      known.set(cookieHeader, { viewer, until: now() + options.ttlMs });
      return viewer;
    },
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
