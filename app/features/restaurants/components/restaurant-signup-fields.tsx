import { TextField } from "~/components/ui/field.tsx";
import { AboutAndAccountFields, CountryField } from "~/features/accounts/components/account-fields.tsx";
import type { SignupForm } from "~/features/accounts/components/signup-shell.tsx";
import {
  RestaurantContactFields,
  RestaurantTypeFields,
} from "~/features/restaurants/components/restaurant-fields.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/** product rules §2: the restaurant's sign-up fields, in the order SPEC lists them. */
export function RestaurantSignupFields({ form }: { form: SignupForm }) {
  const { errors, text: v, list } = form;
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t("Restaurant name")}
        name="restName"
        required
        maxLength={80}
        defaultValue={v("restName")}
        error={errors.restName}
      />
      <RestaurantTypeFields errors={errors} text={v} list={list} />
      <CountryField errors={errors} text={v} required={true} />
      <AboutAndAccountFields errors={errors} text={v} />
      <RestaurantContactFields errors={errors} text={v} list={list} />
    </>
  );
}
