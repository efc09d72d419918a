import { data, redirect, type RouterContextProvider } from "react-router";
import { getViewer, type Viewer } from "~/features/accounts/accounts.server.ts";
import type { Role } from "~/features/accounts/accounts.queries.server.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { servicesContext } from "./context.ts";
import { redirectWithToast } from "./toast.server.ts";
import type { Services } from "./services.server.ts";

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export const HOME_OF: Record<Role, string> = {
  restaurant: "/profile/restaurant",
  customer: "/profile/customer",
  admin: "/admin",
};

/**
 * The protected-route rule of SPEC §2: signed out → /login (and back after);
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
    const to = `${signedOut.loginPath}?redirectTo=${encodeURIComponent(url.pathname.replace(/\.data$/, "") + url.search)}`;
    if (signedOut.message) throw await redirectWithToast(to, "error", signedOut.message);
    throw redirect(to);
  }
  if (viewer.role !== role) {
    services.log.warn({ userId: viewer.userId, role: viewer.role, wanted: role }, "authorization denied");
    throw redirect(HOME_OF[viewer.role]);
  }
  return { viewer, services };
}

/** A 404 that the root error page shows under 'Oops!' with its text ("Not Found", 'Item Not Found'…). */
export function notFound(statusText = "Not Found"): never {
  throw data(null, { status: 404, statusText });
}
