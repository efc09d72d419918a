import { redirect, type RouterContextProvider } from "react-router";
import { withoutLocale } from "~/lib/locale.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Services } from "~/server/services.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Role } from "~/server/viewer.queries.server.ts";
import { viewerOf, type Viewer } from "~/server/viewer.server.ts";

/**
 * Who may do what, in one place: routes and use cases ask here (never the database
 * or the session themselves) whether the request's person may go on.
 */

/**
 * One session lookup (better-auth's getSession and the account's row) per request, however
 * many loaders ask: the answer is kept on the Request object, for a GET or HEAD only.
 * - A GET's loaders, the root's and the route's, all receive the one Request React Router
 *   was handed, so they share one answer.
 * - After an action of a document POST, React Router gives the loaders a new Request (the
 *   static handler's `submit`: `loaderRequest`), so whatever the action did to the session
 *   (signed in or out, renamed, suspended) is looked up afresh; a fetcher's or a .data POST
 *   runs no loaders at all, and its revalidation is a GET of its own.
 * - An action's own request is never memoized: it may ask, change the session, and ask again.
 * - A Headers (a cookie, no request) is always looked up.
 * Keyed on the object, not the cookie: two requests with one cookie never share an answer.
 * Nothing may change the session in a loader (a GET), or the loaders after it would not see it.
 */
const requestViewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in person, or null. */
export function getViewer(services: Services, from: Request | Headers): Promise<Viewer | null> {
  if (!(from instanceof Request)) return viewerOf(services.auth, services.database.db, from);
  if (from.method !== "GET" && from.method !== "HEAD")
    return viewerOf(services.auth, services.database.db, from.headers);
  let viewer = requestViewers.get(from);
  if (!viewer) {
    viewer = viewerOf(services.auth, services.database.db, from.headers);
    requestViewers.set(from, viewer);
  }
  return viewer;
}

/**
 * A viewer this request's server already looked up (the page cache's, ADR 0028): the
 * loaders of the page it renders ask no more. A GET's or HEAD's only, as the memo above.
 */
export function rememberViewer(request: Request, viewer: Viewer | null) {
  if (request.method === "GET" || request.method === "HEAD")
    requestViewers.set(request, Promise.resolve(viewer));
}

export const HOME_OF: Record<Role, string> = {
  restaurant: "/profile/restaurant",
  customer: "/profile/customer",
  admin: "/admin",
};

/**
 * Where a login with no `redirectTo` ends: product rules §4 sends owners and customers to
 * / (an owner's / shows their own strip: the restaurant, reviews waiting, insights).
 * Admins, whom the rules do not cover, go to /admin, where their work is (ADR 0024).
 */
export function landingAfterLogin(role: Role): string {
  return role === "admin" ? HOME_OF.admin : "/";
}

/**
 * The protected-route rule of product rules §2: signed out → /login (and back after);
 * signed in with another role → that person's own area.
 */
export async function requireRole(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: Role,
  signedOut: { loginPath: string; message?: string } = { loginPath: "/login" },
): Promise<{ viewer: Viewer; services: Services }> {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  if (!viewer) {
    const url = new URL(request.url);
    const to = `${signedOut.loginPath}?redirectTo=${encodeURIComponent(withoutLocale(url.pathname.replace(/\.data$/, "")) + url.search)}`;
    if (signedOut.message) throw await redirectWithToast(to, "error", signedOut.message);
    throw redirect(to);
  }
  if (viewer.role !== role) {
    services.log.warn({ userId: viewer.userId, role: viewer.role, wanted: role }, "authorization denied");
    throw redirect(HOME_OF[viewer.role]);
  }
  return { viewer, services };
}
