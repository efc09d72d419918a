import { TextField } from "~/components/ui/field.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { PASSWORD_MIN } from "../accounts.schema.ts";
import type { FieldErrors } from "~/lib/forms.ts";

/** The sign-in part of both sign-up forms: username (the display name), email, password. */
export function AccountFields({
  errors,
  text,
}: {
  errors: FieldErrors;
  text: (key: string) => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t("Username")}
        name="username"
        required
        maxLength={40}
        autoComplete="username"
        defaultValue={text("username")}
        error={errors.username}
      />
      <TextField
        label={t("Email")}
        name="email"
        type="email"
        required
        autoComplete="email"
        defaultValue={text("email")}
        error={errors.email}
      />
      <PasswordField
        label={t("Password")}
        name="password"
        required
        minLength={PASSWORD_MIN}
        autoComplete="new-password"
        error={errors.password}
      />
    </>
  );
}
