import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import type { FieldErrors, FormValues } from "~/lib/forms.ts";
import { requestPasswordReset } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { toastMessage } from "~/lib/toast.ts";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/forgot-password";
import { localeOf, siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

// /forgotpassword and /forgot-password render this screen; both name /forgotpassword as canonical.
export const meta = ({ matches }: { matches: MetaMatches }) => {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/forgotpassword",
    title: t("Forgot password"),
    description: t("Send yourself a link to reset your Foodverse password."),
    noindex: true,
  });
};

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request, context);
  const result = await requestPasswordReset(servicesOf(context), values, request.headers);
  if (!result.ok) return refused(result, values);
  // The same answer whether or not an account has this address.
  return {
    toast: toastMessage("success", MESSAGES.resetSent),
    fieldErrors: {} as FieldErrors,
    values: {} as FormValues,
    sent: true,
  };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData;
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <h1 className="mb-2 text-2xl font-bold">{t("Forgot Password")}</h1>
      <p className="mb-6 text-muted">
        {t("Enter your account's email and we will send you a link to choose a new password.")}
      </p>
      {sent ? (
        <p role="status" className="mb-4 rounded-md bg-brand-soft p-3">
          {t("Email was sent. If an account uses this address, the link in it works for one hour.")}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <TextField
          label={t("Email")}
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={String(actionData?.values.email ?? "")}
          error={actionData?.fieldErrors.email}
        />
        <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
          {busy ? t("Sending…") : t("Send Reset Password")}
        </button>
      </Form>
      <Link to="/sign-in" className="mt-6 inline-flex min-h-11 items-center font-medium text-brand underline">
        {t("Sign In Instead")}
      </Link>
    </div>
  );
}
