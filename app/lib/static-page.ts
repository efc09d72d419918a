/**
 * A route `handle` for read-only public pages: an anonymous visitor gets their
 * HTML and CSS and no JavaScript at all (links and GET forms work as they are),
 * which is what a cheap phone on a slow network needs from a QR scan. Signed-in
 * people, a pending toast, and error pages keep the scripts.
 */
export const STATIC_FOR_VISITORS = { staticForVisitors: true } as const;

export function isStaticForVisitors(handle: unknown): boolean {
  return (handle as { staticForVisitors?: unknown } | undefined)?.staticForVisitors === true;
}
