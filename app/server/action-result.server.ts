import { data } from "react-router";
import type { Failure } from "~/lib/result.ts";
import { toastMessage } from "~/lib/toast.ts";
import type { FieldErrors, FormValues } from "~/lib/forms.ts";

/**
 * A refused form: the status, the toast, the field errors, and the values typed
 * (never passwords) so the form comes back filled even without JavaScript. An edit
 * refused because someone else saved first comes back with the record as it is now
 * and this person's changes on top, and what changed (`conflict`).
 */
export function refused<Extra extends object = object>(
  failure: Failure,
  values: FormValues = {},
  extra?: Extra,
) {
  const shown = failure.conflict?.merged ?? values;
  const safeValues: FormValues = Object.fromEntries(
    Object.entries(shown).filter(([key]) => !/password/i.test(key)),
  );
  const conflict = failure.conflict
    ? { changes: failure.conflict.changes, version: failure.conflict.version }
    : undefined;
  return data(
    {
      toast: toastMessage(failure.level, failure.message),
      fieldErrors: (failure.fieldErrors ?? {}) as FieldErrors,
      values: safeValues,
      conflict,
      ...(extra as Extra),
    },
    { status: failure.status },
  );
}
