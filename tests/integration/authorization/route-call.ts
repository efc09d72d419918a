import { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/lib/toast.ts";
import { servicesContext } from "~/server/context.ts";
import { takeToast } from "~/server/toast.server.ts";
import type { TestServices } from "../../setup/test-services.ts";

export const ORIGIN = "http://localhost:3000";

/** A form as a browser sends it: one value per field, or several (checkboxes). */
export type FormFields = Record<string, string | string[]>;

export interface RequestParts {
  method: string;
  path: string;
  cookies: Headers | null;
  form?: FormFields;
  /** With files the body is multipart/form-data, as the upload forms send it. */
  files?: Record<string, Uint8Array[]>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
}

export function buildRequest(parts: RequestParts): Request {
  const headers = new Headers(parts.cookies ?? undefined);
  // A browser's same-origin form post; the cross-origin check is Express's (server/http-app.ts).
  headers.set("origin", ORIGIN);
  for (const [k, v] of Object.entries(parts.headers ?? {})) headers.set(k, v);
  let body: BodyInit | undefined;
  if (parts.files) {
    const form = new FormData();
    for (const [k, v] of Object.entries(parts.form ?? {})) {
      for (const one of [v].flat()) form.append(k, one);
    }
    for (const [k, list] of Object.entries(parts.files)) {
      for (const bytes of list) form.append(k, new Blob([Buffer.from(bytes)]), `${k}.jpg`);
    }
    body = form;
  } else if (parts.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(parts.form)) {
      for (const one of [v].flat()) form.append(k, one);
    }
    body = form;
  } else if (parts.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(parts.json);
  } else if (parts.body) {
    body = Buffer.from(parts.body);
  }
  return new Request(`${ORIGIN}${parts.path}`, { method: parts.method, headers, body });
}

/** What came back, reduced to what the matrix judges: status, where to, and the toast. */
export interface Outcome {
  status: number;
  location: string | null;
  toast: ToastMessage | null;
  setCookies: string[];
  /** A thrown Error (a bug), which is never an acceptable answer. */
  error?: unknown;
  /** The JSON or text body of a Response, for failure messages. */
  detail?: unknown;
}

async function toastOf(setCookies: string[]): Promise<ToastMessage | null> {
  const flash = setCookies.find((c) => /^(__Host-)?fv_toast=[^;]/.test(c));
  if (!flash) return null;
  const request = new Request(ORIGIN, { headers: { cookie: flash.split(";")[0]! } });
  return (await takeToast(request)).toast;
}

function isDataWithInit(value: unknown): value is { data: unknown; init?: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** A loader or action's answer, returned or thrown: a Response, `data(...)`, or a plain object. */
export async function outcomeOf(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const setCookies = value.headers.getSetCookie();
    const detail = value.status >= 400 ? await value.text().catch(() => "") : undefined;
    return {
      status: value.status,
      location: value.headers.get("location"),
      toast: await toastOf(setCookies),
      setCookies,
      detail,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    const body = value.data as { toast?: ToastMessage } | null;
    return {
      status: value.init?.status ?? 200,
      location: headers.get("location"),
      toast: body?.toast ?? (await toastOf(headers.getSetCookie())),
      setCookies: headers.getSetCookie(),
      detail: body,
    };
  }
  if (value instanceof Error)
    return { status: 500, location: null, toast: null, setCookies: [], error: value };
  const body = value as { toast?: ToastMessage } | null;
  return { status: 200, location: null, toast: body?.toast ?? null, setCookies: [], detail: body };
}

/** Calls a route's loader or action as React Router would: what it returned, or the thrown redirect or response. */
async function invoke(
  services: TestServices,
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string>,
): Promise<unknown> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  try {
    return await handler({ request, context, params, unstable_pattern: "" } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** Calls a route's action as React Router would; a thrown redirect or response is its answer. */
export async function callRoute(
  services: TestServices,
  action: (args: never) => unknown,
  request: Request,
  params: Record<string, string>,
): Promise<Outcome> {
  return outcomeOf(await invoke(services, action, request, params));
}

/** A loader's answer with everything a reader gets: the data as JSON, or a file's headers and body. */
export interface LoaderAnswer extends Outcome {
  /** The data (JSON), or a Response's headers and body as text; what leaks would be in. */
  text: string;
  /** A Response's body (a PNG, an XLSX…), or null for data. */
  bytes: Uint8Array | null;
  contentType: string | null;
}

/** Calls a route's loader (a GET) as React Router would, keeping the whole answer. */
export async function callLoader(
  services: TestServices,
  loader: (args: never) => unknown,
  request: Request,
  params: Record<string, string>,
): Promise<LoaderAnswer> {
  const value = await invoke(services, loader, request, params);
  if (value instanceof Response) {
    const bytes = new Uint8Array(await value.clone().arrayBuffer());
    const headers = [...value.headers].map(([name, v]) => `${name}: ${v}`).join("\n");
    const text = `${value.statusText}\n${headers}\n${Buffer.from(bytes).toString("utf8")}`;
    return { ...(await outcomeOf(value)), text, bytes, contentType: value.headers.get("content-type") };
  }
  const shown = isDataWithInit(value) ? [value.data, value.init?.statusText] : value;
  const text = value instanceof Error ? String(value) : (JSON.stringify(shown) ?? "");
  return { ...(await outcomeOf(value)), text, bytes: null, contentType: null };
}
