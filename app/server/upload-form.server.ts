import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import { formValues, type FormValues } from "~/features/accounts/accounts.schema.ts";
import { fail, type Failure } from "~/features/accounts/result.ts";
import { MEDIA_MESSAGES } from "./media/images.server.ts";

/** A body that is no form at all (no or another Content-Type, cut short): a broken client, not a person. */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

/**
 * The fields of a form without files. `request.formData()` throws a TypeError on
 * a body that is not a form, which would be a 500: it is a 400 with the message
 * (shown under 'Oops!' like a 404's status text), and the action never runs.
 */
export async function readFormValues(request: Request): Promise<FormValues> {
  try {
    return formValues(await request.formData());
  } catch {
    throw data(null, { status: 400, statusText: FORM_UNREADABLE });
  }
}

export interface UploadForm {
  ok: true;
  values: FormValues;
  /** The first file of each field. */
  files: Map<string, Uint8Array>;
  /** Every file of each field (an input with `multiple`). */
  fileLists: Map<string, Uint8Array[]>;
}

/**
 * Reads a form that may carry files, stopping as soon as a file passes the size
 * limit (the body is streamed, never buffered whole). Empty file inputs are
 * dropped. Also reads ordinary url-encoded forms.
 */
export async function readUploadForm(
  request: Request,
  limits: { maxFileBytes: number; maxFiles: number },
): Promise<UploadForm | Failure> {
  let form: FormData;
  try {
    form = await parseFormData(request, {
      maxFiles: limits.maxFiles,
      maxFileSize: limits.maxFileBytes,
      maxTotalSize: limits.maxFiles * limits.maxFileBytes + 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return fail(413, MEDIA_MESSAGES.tooBig(limits.maxFileBytes));
    }
    if (error instanceof MaxFilesExceededError) return fail(413, "Too many files in one form.");
    return fail(400, FORM_UNREADABLE);
  }
  const fileLists = new Map<string, Uint8Array[]>();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" || value.size === 0) continue;
    const list = fileLists.get(name) ?? [];
    list.push(new Uint8Array(await value.arrayBuffer()));
    fileLists.set(name, list);
  }
  const files = new Map([...fileLists].map(([name, list]) => [name, list[0]!]));
  return { ok: true, values: formValues(form), files, fileLists };
}
