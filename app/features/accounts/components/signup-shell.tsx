import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Spinner } from "~/components/ui/spinner.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { safeRedirect, withRedirectTo } from "~/lib/safe-redirect.ts";

/** Inside each sign-up form: where to go once the account is made (checked again by the action). */
export function RedirectToField() {
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
export function SignupShell({ kind, busy, children }: { kind: string; busy: boolean; children: ReactNode }) {
  const { t } = useI18n();
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return (
    <div className="mx-auto max-w-2xl rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-2xl font-bold">{t("Create Your Account")}</h1>
      <p className="mt-1 text-muted">{kind}</p>
      {busy ? <Spinner label={t("Creating your account…")} /> : null}
      <div hidden={busy} className="mt-6">
        {children}
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
