import { SelectField, TextAreaField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { PasswordField } from "~/components/ui/password-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { PASSWORD_MIN } from "../accounts.schema.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { COUNTRIES } from "~/lib/reference-data.ts";

/** What a sign-up form's parts read: the errors and the values sent last. */
interface FieldsProps {
  errors: FieldErrors;
  text: (key: string) => string | undefined;
}

/** The sign-in part of both sign-up forms: username (the display name), email, password. */
export function AccountFields({ errors, text }: FieldsProps) {
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

/** What both sign-up forms ask after their own first fields: About, then the sign-in part. */
export function AboutAndAccountFields({ errors, text }: FieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <TextAreaField
        label={t("About")}
        name="about"
        required
        maxLength={2000}
        defaultValue={text("about")}
        error={errors.about}
      />
      <AccountFields errors={errors} text={text} />
    </>
  );
}

/** The country list of both sign-up forms (a restaurant must give one; a customer may). */
export function CountryField({ errors, text, required }: FieldsProps & { required: boolean }) {
  const { t } = useI18n();
  return (
    <SelectField
      label={t("Country")}
      name="country"
      required={required}
      optional={!required}
      options={translatedOptions(COUNTRIES, t)}
      defaultValue={text("country")}
      error={errors.country}
    />
  );
}
