import type { RouterContextProvider } from "react-router";
import { getViewer } from "~/features/accounts/access.server.ts";
import { fail } from "~/lib/result.ts";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { REVIEW_MESSAGES } from "./reviews.schema.ts";
import { replyToReview, reportReview } from "./reviews.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

/**
 * Report (anyone signed in) and reply (the reviewed restaurant's owner) from any
 * list of reviews; the answer goes back to the list the person was reading.
 */
export async function reviewListAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  back: string,
) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  if (!viewer) {
    return redirectWithToast(
      `/login?redirectTo=${encodeURIComponent(back)}`,
      "info",
      "Log in first, please.",
    );
  }
  const values = await readFormValues(request, context);
  if (values.intent === "report") {
    const result = await reportReview(services, viewer.userId, values);
    if (!result.ok) return refused(result);
    return redirectWithToast(back, "success", REVIEW_MESSAGES.reported);
  }
  if (values.intent === "reply") {
    if (viewer.role !== "restaurant") return refused(fail(403, REVIEW_MESSAGES.notFound));
    const result = await replyToReview(services, viewer.userId, values);
    if (!result.ok) return refused(result);
    return redirectWithToast(back, "success", REVIEW_MESSAGES.replySaved);
  }
  return refused(fail(400, "Unknown action."));
}
