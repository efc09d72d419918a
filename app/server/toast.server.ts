import { createCookie, redirect } from "react-router";
import { toastMessage, type ToastLevel, type ToastMessage } from "~/lib/toast.ts";
import { processEnv } from "./env.server.ts";
import { hasToastCookie, TOAST_COOKIE_NAMES } from "./request-cookies.server.ts";
import { isMessage, type Message } from "~/lib/message.ts";

/**
 * A one-shot cookie carries a toast across a redirect (e.g. 'Sign Up was successful' then /).
 * Behind https it is Secure and `__Host-` prefixed, so no subdomain or plain-http
 * page can plant one.
 */
export function createToastCookie(secure: boolean) {
  const [hostOnly, plain] = TOAST_COOKIE_NAMES;
  return createCookie(secure ? hostOnly : plain, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 60,
  });
}

// Made on first use: the public URL is process configuration (env.server.ts), fixed at start.
let madeCookie: ReturnType<typeof createToastCookie> | undefined;
function toastCookie() {
  madeCookie ??= createToastCookie(processEnv().PUBLIC_URL.startsWith("https://"));
  return madeCookie;
}

export async function flashToast(headers: Headers, level: ToastLevel, message: Message): Promise<Headers> {
  headers.append("set-cookie", await toastCookie().serialize(toastMessage(level, message)));
  return headers;
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (!hasToastCookie(cookie)) return { toast: null, headers };
  const value: unknown = await toastCookie().parse(cookie);
  headers.append("set-cookie", await toastCookie().serialize("", { maxAge: 0 }));
  const toast = isToast(value) ? value : null;
  return { toast, headers };
}

function isToast(value: unknown): value is ToastMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    isMessage((value as ToastMessage).message) &&
    typeof (value as ToastMessage).id === "string"
  );
}

export async function redirectWithToast(
  to: string,
  level: ToastLevel,
  message: Message,
  headers = new Headers(),
) {
  return redirect(to, { headers: await flashToast(headers, level, message) });
}
