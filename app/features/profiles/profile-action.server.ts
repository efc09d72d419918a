import { redirect, type RouterContextProvider } from "react-router";
import type { Role } from "~/server/viewer.queries.server.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Services } from "~/server/services.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { Result } from "~/lib/result.ts";
import { PASSWORD_MESSAGES, PROFILE_MESSAGES, profileSchemaOf } from "./profiles.schema.ts";
import { changePassword, type ProfileForm } from "./profiles.server.ts";

/**
 * The action behind both 'Update Your Profile' screens: the signed-in person's
 * own record only (there is no id in the request to point elsewhere), then back
 * to the read-only view with a toast.
 */
export async function profileEditAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: Role,
  update: (services: Services, userId: string, form: ProfileForm) => Promise<Result<{ changed: string[] }>>,
  here: string,
) {
  const { viewer, services } = await requireRole(request, context, role);
  const form = await readUploadForm(request, context, {
    maxFileBytes: services.env.MAX_IMAGE_BYTES,
    maxFiles: 2,
    // The password form has no list fields, so the profile's schema reads both.
    schema: profileSchemaOf(role),
  });
  if (!form.ok) {
    const failure = { ...form, message: PROFILE_MESSAGES.failed, fieldErrors: { form: form.message } };
    return refused(failure, {}, { intent: "profile" });
  }

  if (form.values.intent === "password") {
    const result = await changePassword(services, viewer.userId, form.values, request.headers);
    if (!result.ok) return refused(result, {}, { intent: "password" });
    return redirect(here, {
      headers: await flashToast(result.headers, "success", PASSWORD_MESSAGES.changed),
    });
  }
  const result = await update(services, viewer.userId, form);
  if (!result.ok) return refused(result, form.values, { intent: "profile" });
  return redirect(here, { headers: await flashToast(new Headers(), "success", PROFILE_MESSAGES.updated) });
}
