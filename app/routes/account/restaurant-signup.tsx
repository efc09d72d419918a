import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextAreaField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { AccountFields } from "~/features/accounts/components/account-fields.tsx";
import { RedirectToField, SignupShell } from "~/features/accounts/components/signup-shell.tsx";
import {
  RestaurantContactFields,
  RestaurantTypeFields,
} from "~/features/restaurants/components/restaurant-fields.tsx";
import { restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { signupAction } from "~/features/accounts/signup-action.server.ts";
import { COUNTRIES } from "~/lib/reference-data.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/restaurant-signup";
import { localeOf, siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";

export const meta = ({ matches }: { matches: MetaMatches }) => {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/signup/restaurantsignup",
    title: t("Restaurant sign up"),
    description: t("Are you a Restaurant? Join now to avail our services for free!"),
    noindex: true,
  });
};

// A sign-up posted twice makes one account and signs its owner in both times (ADR 0032).
export function loader() {
  return { submission: newSubmissionToken() };
}

export function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context, restaurantSignupSchema, signUpRestaurant);
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormWhenUnanswered(args, restaurantSignupSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function RestaurantSignup({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, text: v, list } = useSchemaForm(restaurantSignupSchema, actionData);
  const { t } = useI18n();
  return (
    <SignupShell kind={t("For restaurants: your public page, menus, branches and QR codes.")} busy={busy}>
      <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SubmissionField token={loaderData.submission} />
        <RedirectToField />
        <TextField
          label={t("Restaurant name")}
          name="restName"
          required
          maxLength={80}
          defaultValue={v("restName")}
          error={errors.restName}
        />
        <RestaurantTypeFields errors={errors} text={v} list={list} />
        <SelectField
          label={t("Country")}
          name="country"
          required
          options={translatedOptions(COUNTRIES, t)}
          defaultValue={v("country")}
          error={errors.country}
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
        <RestaurantContactFields errors={errors} text={v} list={list} />
        <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
          {t("Sign Up")}
        </button>
      </Form>
    </SignupShell>
  );
}
