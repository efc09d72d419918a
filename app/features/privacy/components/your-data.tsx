import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";

/**
 * 'Your data' (issue 34, item 6; ADR 0038): download what Foodverse holds about you as
 * JSON, and delete the account. What goes is said in full before the password is asked.
 */
export function YourData({
  account,
  goes,
  errors,
  back,
}: {
  account: "customer" | "restaurant";
  /** What the deletion removes, each line already in the page's language. */
  goes: string[];
  errors: FieldErrors;
  back: string;
}) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const action = account === "customer" ? t("Delete my account") : t("Close restaurant and delete account");
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{t("Your data")}</h1>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t("Download your data")}</h2>
        <p>
          {t(
            "Everything Foodverse holds about you, in one JSON file: your account, profile, what you wrote and the devices signed in.",
          )}
        </p>
        {/* A file, not a page: the browser downloads it. */}
        <a href="data.json" download className={buttonClass("secondary", "self-start")} data-discover="false">
          {t("Download my data (JSON)")}
        </a>
      </div>
      <Form method="post" className="flex flex-col gap-3 border-t border-line pt-4" noValidate>
        <h2 className="text-lg font-semibold text-danger">{action}</h2>
        <p>{t("This cannot be undone. These go for good:")}</p>
        <ul className="flex list-disc flex-col gap-1 ps-5">
          {goes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-sm text-muted">{t("Download your data first if you want to keep a copy.")}</p>
        <FormAlert message={errors.form} />
        <PasswordField
          label={t("Your password")}
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <ConfirmSubmit
          question={t("{{action}}? This cannot be undone.", { action })}
          confirmLabel={action}
          className={buttonClass("danger", "self-start")}
        >
          {busy ? t("Deleting…") : action}
        </ConfirmSubmit>
      </Form>
      <Link to={back} className={buttonClass("ghost", "self-start")}>
        {t("Back to profile")}
      </Link>
    </section>
  );
}
