import { SelectField, TextAreaField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { AccountFields } from "~/features/accounts/components/account-fields.tsx";
import {
  SignupShell,
  signupLoader,
  signupMeta,
  useSignupForm,
} from "~/features/accounts/components/signup-shell.tsx";
import {
  RestaurantContactFields,
  RestaurantTypeFields,
} from "~/features/restaurants/components/restaurant-fields.tsx";
import { restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { signupAction } from "~/features/accounts/signup-action.server.ts";
import { COUNTRIES } from "~/lib/reference-data.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/restaurant-signup";
import { keepFormWhenUnanswered, notAfterUnanswered } from "~/lib/submissions.ts";

export const meta = signupMeta("/signup/restaurantsignup", (t) => ({
  title: t("Restaurant sign up"),
  description: t("Are you a Restaurant? Join now to avail our services for free!"),
}));

export const loader = signupLoader;

export function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context, restaurantSignupSchema, signUpRestaurant);
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormWhenUnanswered(args, restaurantSignupSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function RestaurantSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit, text: v, list, busy } = useSignupForm(restaurantSignupSchema, actionData);
  const { t } = useI18n();
  return (
    <SignupShell
      kind={t("For restaurants: your public page, menus, branches and QR codes.")}
      busy={busy}
      submission={loaderData.submission}
      onSubmit={onSubmit}
    >
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
    </SignupShell>
  );
}
