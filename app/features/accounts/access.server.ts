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

/** The signed-in person, or null. */
export function getViewer(services: Services, requestHeaders: Headers): Promise<Viewer | null> {
  return viewerOf(services.auth, services.database.db, requestHeaders);
}

export const HOME_OF: Record<Role, string> = {
  restaurant: "/profile/restaurant",
  customer: "/profile/customer",
  admin: "/admin",
};

/**
 * Where a login with no `redirectTo` ends: product rules §4 sends owners and customers to
 * / (an owner's / shows their own strip: the restaurant, reviews waiting, insights).
 * Admins, whom the rules do not cover, go to /admin, where their work is (issue 17).
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
  const viewer = await getViewer(services, request.headers);
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
