import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { translatorFor, type Translate } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { safeRedirect, withRedirectTo } from "~/lib/safe-redirect.ts";
import type { FieldErrors, FormValues } from "~/lib/forms.ts";
import { localeOf, seoMeta, siteOf, type MetaMatches } from "~/lib/seo.ts";
import { newSubmissionToken } from "~/lib/submissions.ts";
import type { ToastMessage } from "~/lib/toast.ts";

/** A sign-up page's meta: its path, title and description in the page's language; never indexed. */
export function signupMeta(path: string, words: (t: Translate) => { title: string; description: string }) {
  return ({ matches }: { matches: MetaMatches }) =>
    seoMeta({ ...siteOf(matches), path, ...words(translatorFor(localeOf(matches))), noindex: true });
}

/** A sign-up posted twice makes one account and signs its owner in both times (ADR 0032). */
export function signupLoader() {
  return { submission: newSubmissionToken() };
}

/** A sign-up form's state: its answer's toast, whether it is being sent, and its fields. */
export function useSignupForm(
  schema: z.ZodType,
  actionData: { fieldErrors: FieldErrors; values: FormValues; toast?: ToastMessage | null } | undefined,
) {
  useToastMessage(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  return { ...useSchemaForm(schema, actionData), busy };
}

/** What a sign-up form's fields read: their errors and the values sent last. */
export type SignupForm = ReturnType<typeof useSignupForm>;

/** Inside each sign-up form: where to go once the account is made (checked again by the action). */
function RedirectToField() {
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return <input type="hidden" name="redirectTo" value={safeRedirect(redirectTo, { fallback: "" })} />;
}

/**
 * product rules §2: 'Create Your Account', links to /sign-in and /forgotpassword, and a
 * loading view in place of the form while it is sent. The form is hidden, not
 * removed, so a refused sign-up comes back with everything still filled in.
 * `kind` arrives translated. A `redirectTo` the page was opened with (from the login's
 * Register) goes with the form (RedirectToField), and with Sign In: an address that
 * already has an account is told to check its mail (ADR 0016), and its owner logs in
 * and still ends there.
 */
export function SignupShell({
  kind,
  busy,
  submission,
  onSubmit,
  children,
}: {
  kind: string;
  busy: boolean;
  submission: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return (
    <div className="mx-auto max-w-2xl rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-2xl font-bold">{t("Create Your Account")}</h1>
      <p className="mt-1 text-muted">{kind}</p>
      {busy ? <Spinner label={t("Creating your account…")} /> : null}
      <div hidden={busy} className="mt-6">
        <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <SubmissionField token={submission} />
          <RedirectToField />
          {children}
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            {t("Sign Up")}
          </button>
        </Form>
      </div>

      <p className="mt-6 flex flex-wrap gap-x-4 gap-y-2">
        <span>
          {t("Already have an account?")}{" "}
          <Link to={withRedirectTo("/sign-in", redirectTo)} className="font-medium text-brand underline">
            {t("Sign In")}
          </Link>
        </span>
        <Link to="/forgotpassword" className="font-medium text-brand underline">
          {t("Forgot Password?")}
        </Link>
      </p>
    </div>
  );
}
