import { SelectField, TextAreaField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { AccountFields } from "~/features/accounts/components/account-fields.tsx";
import {
  SignupShell,
  signupLoader,
  signupMeta,
  useSignupForm,
} from "~/features/accounts/components/signup-shell.tsx";
import { SocialLinksField } from "~/features/accounts/components/social-links-field.tsx";
import { customerSignupSchema, GENDERS } from "~/features/accounts/accounts.schema.ts";
import { signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { signupAction } from "~/features/accounts/signup-action.server.ts";
import { COUNTRIES } from "~/lib/reference-data.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/customer-signup";
import { keepFormWhenUnanswered, notAfterUnanswered } from "~/lib/submissions.ts";

export const meta = signupMeta("/signup/customersignup", (t) => ({
  title: t("Customer sign up"),
  description: t("Are you a Customer? Join now to explore food options near you!"),
}));

export const loader = signupLoader;

export function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context, customerSignupSchema, signUpCustomer);
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormWhenUnanswered(args, customerSignupSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function CustomerSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit, text: v, list, busy } = useSignupForm(customerSignupSchema, actionData);
  const { t } = useI18n();
  // The value sent stays English (the schema's list); the label is the page's language.
  const genderLabel: Record<(typeof GENDERS)[number], string> = {
    Male: t("Male"),
    Female: t("Female"),
    Other: t("Other"),
    "Prefer Not To Tell": t("Prefer Not To Tell"),
  };
  return (
    <SignupShell
      kind={t("For customers: find food near you and share your reviews.")}
      busy={busy}
      submission={loaderData.submission}
      onSubmit={onSubmit}
    >
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
      <TextAreaField
        label={t("About")}
        name="about"
        required
        maxLength={2000}
        defaultValue={v("about")}
        error={errors.about}
      />
      <AccountFields errors={errors} text={v} />
      <SelectField
        label={t("Country")}
        name="country"
        optional
        options={translatedOptions(COUNTRIES, t)}
        defaultValue={v("country")}
        error={errors.country}
      />
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
    </SignupShell>
  );
}
