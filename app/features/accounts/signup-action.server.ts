import { redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Services } from "~/server/services.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import { MESSAGES } from "./messages.ts";
import type { Result } from "~/lib/result.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

/**
 * Both sign-up forms: create the account, then 'Sign Up was successful' on /, signed in;
 * or, when the form came from a login that had somewhere to go (the review form), there
 * instead, a path of this site only. `schema` is the form's, read here only
 * for its list fields (social links, other types).
 */
export async function signupAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: z.ZodType,
  signUp: (services: Services, input: unknown, headers: Headers) => Promise<Result<{ headers: Headers }>>,
) {
  const { redirectTo, ...values } = await readFormValues(request, context, schema);
  const services = servicesOf(context);
  const result = await signUp(services, values, request.headers);
  if (!result.ok) return refused(result, values);
  const to = safeRedirect(redirectTo, { origin: services.env.PUBLIC_URL, fallback: "/" });
  return redirect(to, { headers: await flashToast(result.headers, "success", MESSAGES.signupOk) });
}
