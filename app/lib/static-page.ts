import type { IslandName } from "~/islands/island-names.ts";

interface StaticForVisitors {
  staticForVisitors: true;
  /** Standalone scripts the page still needs without React (app/islands). */
  islands?: readonly IslandName[];
  /** The route's word that its page, signed in, is the same for every reader of a role (see keptForRoles). */
  keptForRoles?: true;
}

/**
 * A route `handle` for read-only public pages: an anonymous visitor gets their
 * HTML and CSS and no JavaScript at all (links and GET forms work as they are),
 * which is what a cheap phone on a slow network needs from a QR scan. Signed-in
 * people, a pending toast, and error pages keep the scripts.
 */
export const STATIC_FOR_VISITORS: StaticForVisitors = { staticForVisitors: true };

/** The same, for a page whose visitors need one or two small islands instead of React. */
export function staticForVisitorsWith(...islands: IslandName[]): StaticForVisitors {
  return { staticForVisitors: true, islands };
}

export function isStaticForVisitors(handle: unknown): boolean {
  return (handle as Partial<StaticForVisitors> | undefined)?.staticForVisitors === true;
}

export function islandsOf(handle: unknown): readonly IslandName[] {
  return (handle as Partial<StaticForVisitors> | undefined)?.islands ?? [];
}

/**
 * ADR 0028: a signed-in reader's page may be kept once per role (their name spliced in)
 * only when its route says so here; every other page is the reader's own and is never
 * kept for anyone else. A route opting in promises that its loaders put nothing of one
 * reader on the page but what markPersonal declares (app/server/page-variant.server.ts).
 */
export function keptForRoles<T extends StaticForVisitors>(handle: T): T & { keptForRoles: true } {
  return { ...handle, keptForRoles: true };
}

export function isKeptForRoles(handle: unknown): boolean {
  return (handle as Partial<StaticForVisitors> | undefined)?.keptForRoles === true;
}
