import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { formValues, type FormValues } from "~/lib/forms.ts";
import { fail, type Failure } from "~/lib/result.ts";
import { BodyLimitError, bodyLimitsOf, readLimitedBody } from "./body-limit.server.ts";
import { servicesContext } from "./context.ts";
import { MEDIA_MESSAGES } from "./media/images.server.ts";

/** A body that is no form at all (no or another Content-Type, cut short): a broken client, not a person. */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

/**
 * A form body without files, read with FORM_MAX_KB and FORM_READ_TIMEOUT_SECONDS
 * (app/server/body-limit.server.ts), then parsed; never the `formData()` of the
 * request itself, which buffers a body of any size.
 */
async function readSmallForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const bytes = await readLimitedBody(request, bodyLimitsOf(context.get(servicesContext).env));
  const type = request.headers.get("content-type");
  return new Response(bytes, type === null ? {} : { headers: { "content-type": type } }).formData();
}

/**
 * The fields of a form without files. A body past the limit is a 413, one that
 * takes too long a 408, and one that is not a form (`formData()` throws a TypeError,
 * which would be a 500) a 400, each with its message (shown under 'Oops!' like a
 * 404's status text); the action never runs. A form with list fields (checkboxes,
 * repeated inputs) passes its schema, which declares them (app/lib/forms.ts).
 */
export async function readFormValues(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema?: z.ZodType,
): Promise<FormValues> {
  try {
    return formValues(await readSmallForm(request, context), schema);
  } catch (error) {
    if (error instanceof BodyLimitError)
      throw data({ message: error.said }, { status: error.status, statusText: error.message });
    throw data(null, { status: 400, statusText: FORM_UNREADABLE });
  }
}

/**
 * For an action that needs nothing from its body (sign-out): the body is still read
 * through the limit, so a large one is refused (413) like any form's, but a missing
 * or broken one is no error.
 */
export async function readUnusedBody(request: Request, context: Readonly<RouterContextProvider>) {
  try {
    await readLimitedBody(request, bodyLimitsOf(context.get(servicesContext).env));
  } catch (error) {
    if (error instanceof BodyLimitError)
      throw data({ message: error.said }, { status: error.status, statusText: error.message });
  }
}

export interface UploadForm {
  ok: true;
  values: FormValues;
  /** The first file of each field. */
  files: Map<string, Uint8Array>;
  /** Every file of each field (an input with `multiple`). */
  fileLists: Map<string, Uint8Array[]>;
  /** The same files with the names the browser sent (only ever shown back, never a storage key). */
  namedFiles: Map<string, { name: string; bytes: Uint8Array }[]>;
}

/**
 * Reads a form that may carry files, stopping as soon as a file passes the size
 * limit (the body is streamed, never buffered whole). Empty file inputs are
 * dropped. Also reads ordinary url-encoded forms, which carry no files and so get
 * the small limit of readFormValues (as does any other body that is not multipart).
 */
export async function readUploadForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limits: { maxFileBytes: number; maxFiles: number; schema?: z.ZodType },
): Promise<UploadForm | Failure> {
  let form: FormData;
  try {
    // Multipart bodies are what parseFormData streams with its limits; anything else is read small.
    form = request.headers.get("content-type")?.startsWith("multipart/")
      ? await parseFormData(request, {
          maxFiles: limits.maxFiles,
          maxFileSize: limits.maxFileBytes,
          maxTotalSize: limits.maxFiles * limits.maxFileBytes + 1024 * 1024,
        })
      : await readSmallForm(request, context);
  } catch (error) {
    if (error instanceof BodyLimitError) return fail(error.status, error.said);
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return fail(413, MEDIA_MESSAGES.tooBig(limits.maxFileBytes));
    }
    if (error instanceof MaxFilesExceededError) return fail(413, "Too many files in one form.");
    return fail(400, FORM_UNREADABLE);
  }
  const namedFiles = new Map<string, { name: string; bytes: Uint8Array }[]>();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" || value.size === 0) continue;
    const list = namedFiles.get(name) ?? [];
    list.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    namedFiles.set(name, list);
  }
  const fileLists = new Map([...namedFiles].map(([name, list]) => [name, list.map((f) => f.bytes)]));
  const files = new Map([...fileLists].map(([name, list]) => [name, list[0]!]));
  return { ok: true, values: formValues(form, limits.schema), files, fileLists, namedFiles };
}
