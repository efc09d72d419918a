import { parseCookies } from "better-auth/cookies";

/**
 * The cookies a request's answer depends on, read by name with better-auth's parser:
 * a cookie named like one of ours (`evil_session_token`, `not_fv_toast`) is not one
 * of ours. Behind https each carries its prefix (auth.server.ts `useSecureCookies`,
 * toast.server.ts), which the browser lets only a secure page of this host set.
 */

/** The session cookie better-auth sets, with `__Secure-` first as better-auth reads it. */
export const SESSION_COOKIE_NAMES = [
  "__Secure-better-auth.session_token",
  "better-auth.session_token",
] as const;
/** The one-shot toast cookie (toast.server.ts): behind https, then over http. */
export const TOAST_COOKIE_NAMES = ["__Host-fv_toast", "fv_toast"] as const;

export interface RequestCookies {
  /** The session cookie's value, null without one (or with an empty one). */
  sessionToken: string | null;
  /** A toast waits to be shown: the answer is this reader's alone. */
  toast: boolean;
}

const NONE: RequestCookies = { sessionToken: null, toast: false };

/** The page cache asks this of every request: a request without cookies is not parsed. */
export function requestCookies(cookieHeader: string | null | undefined): RequestCookies {
  if (!cookieHeader) return NONE;
  const cookies = parseCookies(cookieHeader);
  const [secure, plain] = SESSION_COOKIE_NAMES;
  return {
    sessionToken: cookies.get(secure) || cookies.get(plain) || null,
    toast: TOAST_COOKIE_NAMES.some((name) => cookies.has(name)),
  };
}

export function sessionTokenOf(cookieHeader: string | null | undefined): string | null {
  return requestCookies(cookieHeader).sessionToken;
}

export function hasToastCookie(cookieHeader: string | null | undefined): boolean {
  return requestCookies(cookieHeader).toast;
}

/** One cookie's value by its exact name, null when the request has none. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parseCookies(cookieHeader).get(name) ?? null;
}
