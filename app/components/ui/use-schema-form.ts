import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors, type FormValues } from "~/lib/forms.ts";

/**
 * Checks a form with the same zod schema the server uses, before it is sent, so a
 * person on a slow network sees a mistake at once. The server checks again.
 */
export function useSchemaForm(
  schema: z.ZodType,
  answer: { fieldErrors: FieldErrors; values: FormValues } | undefined,
) {
  const serverErrors = answer?.fieldErrors;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    // A new answer from the server replaces what the browser found.
    setSeenServerErrors(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(formValues(new FormData(form), schema));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrors(result.error);
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }
  // What was typed, as the server sent it back (for a form re-rendered without JavaScript).
  const text = (key: string) => {
    const value = answer?.values[key];
    return typeof value === "string" ? value : undefined;
  };
  const list = (key: string) => {
    const value = answer?.values[key];
    return Array.isArray(value) ? value : [];
  };
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, text, list };
}
