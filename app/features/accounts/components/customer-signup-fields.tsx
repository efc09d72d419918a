import { SelectField, TextField } from "~/components/ui/field.tsx";
import { AboutAndAccountFields, CountryField } from "~/features/accounts/components/account-fields.tsx";
import type { SignupForm } from "~/features/accounts/components/signup-shell.tsx";
import { SocialLinksField } from "~/features/accounts/components/social-links-field.tsx";
import { GENDERS } from "~/features/accounts/accounts.schema.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** product rules §2: the customer's sign-up fields, in the order SPEC lists them. */
export function CustomerSignupFields({ form }: { form: SignupForm }) {
  const { errors, text: v, list } = form;
  const { t } = useI18n();
  // The value sent stays English (the schema's list); the label is the page's language.
  const genderLabel: Record<(typeof GENDERS)[number], string> = {
    Male: t("Male"),
    Female: t("Female"),
    Other: t("Other"),
    "Prefer Not To Tell": t("Prefer Not To Tell"),
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("First name")}
          name="firstName"
          required
          maxLength={60}
          autoComplete="given-name"
          defaultValue={v("firstName")}
          error={errors.firstName}
        />
        <TextField
          label={t("Last name")}
          name="lastName"
          required
          maxLength={60}
          autoComplete="family-name"
          defaultValue={v("lastName")}
          error={errors.lastName}
        />
      </div>
      <SelectField
        label={t("Gender")}
        name="gender"
        required
        options={GENDERS.map((g) => ({ value: g, label: genderLabel[g] }))}
        defaultValue={v("gender")}
        error={errors.gender}
      />
      <AboutAndAccountFields errors={errors} text={v} />
      <CountryField errors={errors} text={v} required={false} />
      <TextField
        label={t("Mobile number")}
        name="contact"
        type="tel"
        optional
        maxLength={30}
        defaultValue={v("contact")}
        error={errors.contact}
      />
      <SocialLinksField initial={list("sociallinks")} error={errors.sociallinks} />
    </>
  );
}
