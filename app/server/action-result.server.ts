import { data } from "react-router";
import type { Failure } from "~/lib/result.ts";
import { toastMessage } from "~/lib/toast.ts";
import type { FieldErrors, FormValues } from "~/lib/forms.ts";

/**
 * A refused form: the status, the toast, the field errors, and the values typed
 * (never passwords) so the form comes back filled even without JavaScript.
 */
export function refused<Extra extends object = object>(
  failure: Failure,
  values: FormValues = {},
  extra?: Extra,
) {
  const safeValues: FormValues = Object.fromEntries(
    Object.entries(values).filter(([key]) => !/password/i.test(key)),
  );
  return data(
    {
      toast: toastMessage(failure.level, failure.message),
      fieldErrors: (failure.fieldErrors ?? {}) as FieldErrors,
      values: safeValues,
      ...(extra as Extra),
    },
    { status: failure.status },
  );
}
