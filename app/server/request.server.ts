import { data, type RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { servicesContext } from "./context.ts";
import type { Services } from "./services.server.ts";

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** A 404 that the root error page shows under 'Oops!' with its text ("Not Found", 'Item Not Found'…). */
export function notFound(statusText = "Not Found"): never {
  throw data(null, { status: 404, statusText });
}
