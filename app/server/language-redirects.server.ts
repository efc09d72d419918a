import type { MiddlewareFunction } from "react-router";
import { localeOfPath, localisedPath } from "~/lib/locale.ts";

/**
 * ADR 0026: use cases redirect to the SPEC's paths ("/profile/restaurant"); on an Urdu
 * page the reader stays in Urdu, so a same-site redirect gets the /ur prefix here,
 * once for every route. (React Router strips the basename again for its data requests.)
 */
export const keepLanguageInRedirects: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (response.status < 300 || response.status >= 400) return response;
  if (localeOfPath(new URL(request.url).pathname) !== "ur") return response;
  const location = response.headers.get("Location");
  if (!location?.startsWith("/") || location.startsWith("//") || location.startsWith("/\\")) return response;
  if (localeOfPath(location.split(/[?#]/u)[0]!) === "ur") return response;
  const headers = new Headers(response.headers);
  headers.set("Location", localisedPath(location, "ur"));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
