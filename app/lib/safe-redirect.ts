/**
 * Where a person may be sent after logging in (`/login?redirectTo=…`): a path on
 * this site, nothing else. The one check for the server's redirect (the login
 * action) and the browser's (the login form's hidden field, the client navigation
 * that follows the action's redirect).
 *
 * Browsers are lenient with a Location: they drop tabs and newlines anywhere
 * (`/\t/evil.example` is `//evil.example`), read `\` as `/`, and take `//host` as
 * another site. So a value passes only when it starts with one `/`, holds no control
 * character and no backslash (also once percent-decoded, for anything downstream that
 * decodes), resolves against this origin to this origin, and its resolved path
 * (dot-segments gone: `/.//evil.example` is `//evil.example`) passes the same test.
 */

/** Control characters: C0 (tab, newline, NUL…), DEL and C1. */
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Longer than any page of this site; a longer value is no address of ours. */
const MAX_LENGTH = 2048;
/** Any origin works for the comparison; the caller's own is used when given. */
const PLACEHOLDER_ORIGIN = "http://foodverse.invalid";

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** One `/` first, no control character, no backslash: as written and once decoded. */
function isPlainPath(value: string): boolean {
  for (const text of [value, decoded(value)]) {
    if (text === null) return false;
    if (!text.startsWith("/") || text.startsWith("//")) return false;
    if (text.includes("\\") || CONTROL.test(text)) return false;
  }
  return true;
}

/**
 * `to` when it is a path on this site (normalised: `/a/./b` → `/a/b`), otherwise
 * `fallback`. `origin` is this site's (PUBLIC_URL on the server, `location.origin`
 * in the browser); absolute URLs are refused even when they name it.
 */
export function safeRedirect(
  to: unknown,
  { origin = PLACEHOLDER_ORIGIN, fallback = "/" }: { origin?: string; fallback?: string } = {},
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  if (!isPlainPath(to)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(path) ? path : fallback;
}

/**
 * `path` carrying `?redirectTo=` on, when `to` is a destination safeRedirect allows:
 * every hop from the login to a new account (Register, the choice of account, the
 * sign-up form, its Sign In link) passes it along, so a diner sent to log in from
 * 'Add a Review' ends on the review form however many pages it takes.
 */
export function withRedirectTo(path: string, to: unknown): string {
  const safe = safeRedirect(to, { fallback: "" });
  return safe ? `${path}?redirectTo=${encodeURIComponent(safe)}` : path;
}
