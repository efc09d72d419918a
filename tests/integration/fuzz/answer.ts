import { RouterContextProvider } from "react-router";
import { servicesContext } from "~/server/context.ts";
import type { TestServices } from "../../setup/test-services.ts";
import type { MutatingAction } from "../authorization/action-entry.ts";
import { outcomeOf, type Outcome } from "../authorization/route-call.ts";
import { inEnglish, isKeyedMessage } from "~/lib/message.ts";

/**
 * One answer as a client sees it: the matrix's outcome (status, where to, toast)
 * plus everything readable in it (the body, the status text) and the human
 * message a refusal shows, so the fuzz can judge both.
 */
export interface Answer {
  outcome: Outcome;
  /** The body (or the action's data) and status text, as a client could read them. */
  readable: string;
  /** The words a person is shown: a toast, a field error, a message, a status text; null when none. */
  message: string | null;
}

const isDataWithInit = (value: unknown): value is { data: unknown; init?: ResponseInit | null } =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

/** The first non-empty text among a data object's toast, field errors and message. */
function messageIn(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as {
    toast?: { message?: unknown };
    fieldErrors?: unknown;
    message?: unknown;
    error?: unknown;
  };
  const candidates = [
    d.toast?.message,
    ...(typeof d.fieldErrors === "object" && d.fieldErrors !== null ? Object.values(d.fieldErrors) : []),
    d.message,
    typeof d.error === "object" && d.error !== null ? (d.error as { message?: unknown }).message : d.error,
  ];
  // A message with values (app/lib/message.ts) is read in English, as the fuzz's rules are written.
  const texts = candidates.map((c) => (isKeyedMessage(c) ? inEnglish(c) : c));
  const found = texts.find((c): c is string => typeof c === "string" && c.trim() !== "");
  return found ?? null;
}

/** A form's `values` are the person's own input sent back to refill it: not the app's words. */
function withoutEcho(data: unknown): unknown {
  if (typeof data !== "object" || data === null || !("values" in data)) return data;
  const { values: _echo, ...rest } = data as Record<string, unknown>;
  return rest;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function fromResponse(response: Response, error?: unknown): Promise<Answer> {
  const text = await response
    .clone()
    .text()
    .catch(() => "");
  const outcome = await outcomeOf(response);
  const body = parseJson(text);
  const message =
    (outcome.toast ? inEnglish(outcome.toast.message) : "") ||
    messageIn(body) ||
    (response.status >= 400 ? text.trim() || response.statusText : null) ||
    null;
  return {
    outcome: error === undefined ? outcome : { ...outcome, error },
    readable: `${response.statusText}\n${body === null ? text : JSON.stringify(withoutEcho(body))}`,
    message,
  };
}

/** Reads what an action returned or threw: a Response, `data(...)`, a plain object or an Error. */
export async function answerOf(value: unknown): Promise<Answer> {
  if (value instanceof Response) return fromResponse(value);
  const outcome = await outcomeOf(value);
  // A thrown error is a failure by itself; production hides its text, so there is nothing to read.
  if (value instanceof Error) return { outcome, readable: "", message: null };
  const data = isDataWithInit(value) ? value.data : value;
  const statusText = isDataWithInit(value) ? (value.init?.statusText ?? "") : "";
  return {
    outcome,
    readable: `${statusText}\n${JSON.stringify(withoutEcho(data)) ?? ""}`,
    message: (outcome.toast ? inEnglish(outcome.toast.message) : "") || messageIn(data) || statusText || null,
  };
}

function thrownAnswer(thrown: unknown): Answer {
  const error = thrown instanceof Error ? thrown : new Error(`threw ${JSON.stringify(thrown)}`);
  return {
    outcome: { status: 500, location: null, toast: null, setCookies: [], error },
    readable: "",
    message: null,
  };
}

/** Sends a request to an entry's target in-process, as Express and React Router would hand it over. */
export async function send(
  services: TestServices,
  entry: MutatingAction,
  request: Request,
  params: Record<string, string>,
): Promise<Answer> {
  let value: unknown;
  try {
    if (entry.target.kind === "route") {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      value = await entry.target.action({ request, context, params, unstable_pattern: "" } as never);
    } else {
      value = await entry.target.handle(services, request);
    }
  } catch (thrown) {
    // React Router answers a thrown Response or data() as it is; anything else is a 500.
    if (thrown instanceof Response || isDataWithInit(thrown)) value = thrown;
    else return thrownAnswer(thrown);
  }
  return answerOf(value);
}
