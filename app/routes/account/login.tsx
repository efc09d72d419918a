import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { Logo } from "~/components/ui/logo.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { safeRedirect } from "~/features/accounts/accounts.schema.ts";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { refused } from "~/server/action-result.server.ts";
import { clientIp, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/login";
import { originOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

// /login and /sign-in render this screen; both name /login as the canonical address.
export const meta = ({ matches }: { matches: MetaMatches }) =>
  seoMeta({
    origin: originOf(matches),
    path: "/login",
    title: "Login",
    description: "Enter the Food Universe! Log in to Foodverse as a customer or a restaurant.",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const result = await logIn(servicesOf(context), values, {
    headers: request.headers,
    ip: clientIp(request),
  });
  if (!result.ok) return refused(result, values);
  return redirect(safeRedirect(String(values.redirectTo ?? "")), { headers: result.headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto grid max-w-4xl overflow-hidden rounded-xl bg-white shadow-sm md:grid-cols-2">
      <div className="flex flex-col items-center justify-center gap-4 bg-brand-soft p-4 text-center md:p-8">
        <Logo className="size-16 md:size-24" />
        <p className="text-lg font-semibold text-brand-dark">Menus, branches and reviews in one place.</p>
      </div>
      <div className="p-6 sm:p-10">
        <h1 className="mb-6 text-2xl font-bold">Enter the Food Universe!</h1>
        <Form method="post" className="flex flex-col gap-4" noValidate={false}>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={String(actionData?.values.email ?? "")}
            error={errors.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            {busy ? "LOGGING IN…" : "LOGIN"}
          </button>
        </Form>
        <div className="mt-6 flex flex-wrap justify-between gap-2">
          <Link to="/signup" className="inline-flex min-h-11 items-center font-medium text-brand underline">
            Register
          </Link>
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-brand underline"
          >
            Forgot Password?
          </Link>
        </div>
      </div>
    </div>
  );
}
