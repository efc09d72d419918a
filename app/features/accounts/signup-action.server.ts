import { redirect, type RouterContextProvider } from "react-router";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Services } from "~/server/services.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import { MESSAGES } from "./messages.ts";
import type { Result } from "./result.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

/** Both sign-up forms: create the account, then 'Sign Up was successful' on /, signed in. */
export async function signupAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  signUp: (services: Services, input: unknown, headers: Headers) => Promise<Result<{ headers: Headers }>>,
) {
  const values = await readFormValues(request);
  const result = await signUp(servicesOf(context), values, request.headers);
  if (!result.ok) return refused(result, values);
  return redirect("/", { headers: await flashToast(result.headers, "success", MESSAGES.signupOk) });
}
