import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { resetPassword } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/reset-password";
import { localeOf, siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

export const meta = ({ matches }: { matches: MetaMatches }) => {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/reset-password",
    title: t("Choose a new password"),
    description: t("Choose a new password for your Foodverse account."),
    noindex: true,
  });
};

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request, context);
  const result = await resetPassword(servicesOf(context), values);
  if (!result.ok) return refused(result, {}, { expired: result.message === MESSAGES.resetInvalid });
  return redirect("/login", { headers: await flashToast(new Headers(), "success", MESSAGES.resetDone) });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const expired = !token || actionData?.expired;
  const { t, tm } = useI18n();
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <h1 className="mb-6 text-2xl font-bold">{t("Choose a new password")}</h1>
      {expired ? (
        <div role="alert" className="flex flex-col gap-4">
          <p>{tm(MESSAGES.resetInvalid)}</p>
          <Link to="/forgot-password" className={buttonClass("primary")}>
            {t("Send a new link")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <PasswordField
            label={t("New password")}
            name="password"
            required
            minLength={8}
            autoComplete="new-password"
            error={errors.password}
          />
          <PasswordField
            label={t("Retype new password")}
            name="confirmPassword"
            required
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            {busy ? t("Saving…") : t("Change password")}
          </button>
        </Form>
      )}
    </div>
  );
}
