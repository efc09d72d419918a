import type { RouterContextProvider } from "react-router";
import type { Result } from "~/features/accounts/result.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/server/request.server.ts";
import type { Services } from "~/server/services.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { ItemForm } from "./menus.server.ts";

/** Add Item and Edit Item: a form with up to three pictures, then back with a toast. */
export async function itemFormAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  run: (services: Services, ownerId: string, form: ItemForm) => Promise<Result<object>>,
  done: { to: string; message: string; failure: string },
) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await readUploadForm(request, { maxFileBytes: services.env.MAX_IMAGE_BYTES, maxFiles: 3 });
  if (!form.ok) return refused({ ...form, message: done.failure, fieldErrors: { form: form.message } });
  const result = await run(services, viewer.userId, form);
  if (!result.ok) return refused(result, form.values);
  return redirectWithToast(done.to, "success", done.message);
}
