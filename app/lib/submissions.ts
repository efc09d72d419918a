import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import type { z } from "zod";
import { formValues, type FieldErrors, type FormValues } from "./forms.ts";
import { SUBMISSION_MESSAGES } from "./submissions.messages.ts";
import { toastMessage, type ToastMessage } from "./toast.ts";

/**
 * A create form's token (ADR 0032): the hidden field that makes its post count once.
 * The page's loader makes one per render, so it is in the HTML and a form posted
 * without scripts carries it too; only pages no cache keeps carry one.
 */
export const SUBMISSION_FIELD = "submission";

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function newSubmissionToken(): string {
  return crypto.randomUUID();
}

export function isSubmissionToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/** The answer a form gets when its post got none: shaped as a refusal, so the form stays as it was. */
export interface Unanswered {
  unanswered: true;
  toast: ToastMessage;
  fieldErrors: FieldErrors;
  values: FormValues;
}

function isUnanswered(value: unknown): value is Unanswered {
  return typeof value === "object" && value !== null && "unanswered" in value;
}

/**
 * No answer from the app: the connection failed or dropped (fetch's TypeError), or a
 * proxy answered for it (nginx's 502/504 page while a process restarts, a 503). React
 * Router's own answers carry X-Remix-Response and never reach here as these.
 */
function noAnswer(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return isRouteErrorResponse(error) && [502, 503, 504].includes(error.status);
}

/**
 * A route's clientAction: the post as usual, but when it gets no answer the form
 * stays on the screen, filled and with its token, and says to send it again (the
 * server stores it once, whichever of the two posts reached it). Without this the
 * error page replaced the form, and the next page brought a new token. `schema` names
 * the form's list fields, so what the form shows from the answer keeps every value.
 */
export async function keepFormWhenUnanswered<T>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
  schema?: z.ZodType,
): Promise<T | Unanswered> {
  // Read before the post: the request's body is sent once.
  const sent = request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!noAnswer(error)) throw error;
    const values = Object.fromEntries(
      Object.entries(formValues(await sent, schema)).filter(([key]) => !/password/i.test(key)),
    );
    return {
      unanswered: true,
      toast: toastMessage("warning", SUBMISSION_MESSAGES.unanswered),
      fieldErrors: {},
      values,
    };
  }
}

/**
 * shouldRevalidate for every route above such a form, the form's own included: after a
 * post that got no answer, reloading the page's data would fail the same way and put
 * the error page in the form's place.
 */
export function notAfterUnanswered({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isUnanswered(actionResult) ? false : defaultShouldRevalidate;
}
