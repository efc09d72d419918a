import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { FormValues } from "~/lib/forms.ts";
import type { Result } from "~/lib/result.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Services } from "~/server/services.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { ItemForm } from "./menus.server.ts";

/**
 * Add Item and Edit Item: a form with up to three pictures, then back with a toast.
 * `to` may depend on what was sent (Add Item's 'Save and add another' keeps some of it).
 */
export async function itemFormAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  run: (services: Services, ownerId: string, form: ItemForm) => Promise<Result<object>>,
  done: {
    /** The form's schema: it declares the list fields (sizes, branches) to read as lists. */
    schema: z.ZodType;
    to: string | ((values: FormValues) => string);
    message: string;
    failure: string;
  },
) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await readUploadForm(request, context, {
    maxFileBytes: services.env.MAX_IMAGE_BYTES,
    maxFiles: 3,
    schema: done.schema,
  });
  if (!form.ok) return refused({ ...form, message: done.failure, fieldErrors: { form: form.message } });
  const result = await run(services, viewer.userId, form);
  if (!result.ok) return refused(result, form.values);
  const to = typeof done.to === "function" ? done.to(form.values) : done.to;
  return redirectWithToast(to, "success", done.message);
}
