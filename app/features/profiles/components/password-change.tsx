import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** product rules §4/§5: usable only in edit mode; the button waits for all three fields. */
export function PasswordChange({ editing, errors }: { editing: boolean; errors: FieldErrors }) {
  const { t } = useI18n();
  const [fields, setFields] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const complete = Object.values(fields).every((v) => v.length > 0);
  const bind = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    disabled: !editing,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [name]: e.target.value }),
    error: errors[name],
  });
  return (
    <section
      aria-labelledby="password-heading"
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm"
    >
      <h2 id="password-heading" className="text-xl font-bold">
        {t("Change password")}
      </h2>
      {editing ? null : <p className="text-muted">{t("Choose Edit to change your password.")}</p>}
      <Form method="post" action="?edit=1" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          label={t("Current password")}
          autoComplete="current-password"
          {...bind("currentPassword")}
        />
        <PasswordField label={t("New password")} autoComplete="new-password" {...bind("newPassword")} />
        <PasswordField
          label={t("Retype new password")}
          autoComplete="new-password"
          {...bind("confirmPassword")}
        />
        <button
          type="submit"
          className={buttonClass("primary", "self-start")}
          disabled={!editing || !complete || busy}
        >
          {busy ? t("Changing…") : t("Change Password")}
        </button>
      </Form>
    </section>
  );
}
