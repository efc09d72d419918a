import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { FormValues } from "~/lib/forms.ts";
import type { Result } from "~/lib/result.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Services } from "~/server/services.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

type Handler = (services: Services, ownerId: string, values: FormValues) => Promise<Result<object>>;

/**
 * The owner's list screens post small forms with an `intent` (delete, move,
 * sold-out…). Each intent names its use case and the toast for success; the
 * answer is a redirect back to the list, so a reload never repeats the action.
 */
export async function ownerListAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  back: string,
  intents: Record<string, { run: Handler; success: string | ((values: FormValues) => string) }>,
  /** The schema whose list fields the forms send (the branch screen's size prices). */
  schema?: z.ZodType,
) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context, schema);
  // Own keys only: "__proto__", "constructor" or "toString" are no intent (they were a 500).
  const key = String(values.intent);
  const intent = Object.hasOwn(intents, key) ? intents[key] : undefined;
  if (!intent) {
    return refused({ ok: false, status: 400, message: "Unknown action.", level: "error" });
  }
  const result = await intent.run(services, viewer.userId, values);
  if (!result.ok) return refused(result);
  const message = typeof intent.success === "function" ? intent.success(values) : intent.success;
  return redirectWithToast(back, "success", message);
}
