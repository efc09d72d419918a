import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { Logo } from "~/components/ui/logo.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { landingAfterLogin } from "~/features/accounts/access.server.ts";
import { refused } from "~/server/action-result.server.ts";
import { clientIp, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/login";
import { safeRedirect, withRedirectTo } from "~/lib/safe-redirect.ts";
import { localeOf, siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

// /login and /sign-in render this screen; both name /login as the canonical address.
export const meta = ({ matches }: { matches: MetaMatches }) => {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/login",
    title: t("Login"),
    description: t("Enter the Food Universe! Log in to Foodverse as a customer or a restaurant."),
    noindex: true,
  });
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const values = await readFormValues(request, context);
  const result = await logIn(services, values, {
    headers: request.headers,
    ip: clientIp(request),
  });
  // A refused account (suspended, or with no record) keeps its message on the screen,
  // not in a toast: a suspension's reason takes longer to read than a toast stays.
  if (!result.ok) return refused(result, values, { notice: result.status === 403 ? result.message : null });
  // Back to where the person came from; else where product rules §4 says (landingAfterLogin).
  // The browser follows this redirect (a Location, or React Router's client navigation).
  const landing = landingAfterLogin(result.role);
  return redirect(safeRedirect(values.redirectTo, { origin: services.env.PUBLIC_URL, fallback: landing }), {
    headers: result.headers,
  });
}

export default function Login({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.notice ? null : actionData?.toast);
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const { t } = useI18n();
  return (
    <div className="mx-auto grid max-w-4xl overflow-hidden rounded-xl bg-white shadow-sm md:grid-cols-2">
      <div className="flex flex-col items-center justify-center gap-4 bg-brand-soft p-4 text-center md:p-8">
        <Logo className="size-16 md:size-24" />
        <p className="text-lg font-semibold text-brand-dark">
          {t("Menus, branches and reviews in one place.")}
        </p>
      </div>
      <div className="p-6 sm:p-10">
        <h1 className="mb-6 text-2xl font-bold">{t("Enter the Food Universe!")}</h1>
        {/* Arriving from 'Add a Review': say why the review form asks for a login first. */}
        {params.get("redirectTo")?.startsWith("/profile/customer/addreview/") ? (
          <p role="status" className="mb-4 rounded-md bg-brand-soft px-3 py-2 font-medium">
            {t("Log in to post your review")}
          </p>
        ) : null}
        <div className="mb-4 empty:hidden">
          <FormAlert message={actionData?.notice ?? undefined} />
        </div>
        <Form method="post" className="flex flex-col gap-4" noValidate={false}>
          <input
            type="hidden"
            name="redirectTo"
            value={safeRedirect(params.get("redirectTo"), { fallback: "" })}
          />
          <TextField
            label={t("Email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={String(actionData?.values.email ?? "")}
            error={errors.email}
          />
          <PasswordField
            label={t("Password")}
            name="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            {busy ? t("LOGGING IN…") : t("LOGIN")}
          </button>
        </Form>
        <div className="mt-6 flex flex-wrap justify-between gap-2">
          {/* A diner on the way to the review form who has no account yet keeps the way there. */}
          <Link
            to={withRedirectTo("/signup", params.get("redirectTo"))}
            className="inline-flex min-h-11 items-center font-medium text-brand underline"
          >
            {t("Register")}
          </Link>
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-brand underline"
          >
            {t("Forgot Password?")}
          </Link>
        </div>
      </div>
    </div>
  );
}
