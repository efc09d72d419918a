import type { EditConflict } from "./edit-version.ts";
import type { FieldErrors, FormValues } from "./forms.ts";
import type { Message } from "./message.ts";
import type { ToastLevel } from "./toast.ts";

/** What a use case answers when it refuses: an HTTP status and the words a person reads. */
export interface Failure {
  ok: false;
  status: number;
  message: Message;
  level: ToastLevel;
  fieldErrors?: FieldErrors;
  /** An edit refused because the record changed since the form was loaded (app/server/edit-conflict.server.ts). */
  conflict?: EditConflict & { merged: FormValues };
}

export type Result<T> = ({ ok: true } & T) | Failure;

export function fail(
  status: number,
  message: Message,
  extra: { level?: ToastLevel; fieldErrors?: FieldErrors } = {},
): Failure {
  return { ok: false, status, message, level: extra.level ?? "error", fieldErrors: extra.fieldErrors };
}
