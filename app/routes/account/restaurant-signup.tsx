import { Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { AccountFields } from "~/features/accounts/components/account-fields.tsx";
import { SignupShell } from "~/features/accounts/components/signup-shell.tsx";
import {
  RestaurantContactFields,
  RestaurantTypeFields,
} from "~/features/restaurants/components/restaurant-fields.tsx";
import { formValues, restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { COUNTRIES } from "~/lib/reference-data.ts";
import { refused } from "~/server/action-result.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/restaurant-signup";

export const meta = () => [{ title: "Restaurant sign up · Foodverse" }];

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const result = await signUpRestaurant(servicesOf(context), values, request.headers);
  if (!result.ok) return refused(result, values);
  return redirect("/", { headers: await flashToast(result.headers, "success", MESSAGES.signupOk) });
}

export default function RestaurantSignup({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, text: v, list } = useSchemaForm(restaurantSignupSchema, actionData);
  return (
    <SignupShell kind="For restaurants: your public page, menus, branches and QR codes." busy={busy}>
      <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Restaurant name"
          name="restName"
          required
          maxLength={80}
          defaultValue={v("restName")}
          error={errors.restName}
        />
        <RestaurantTypeFields errors={errors} text={v} list={list} />
        <SelectField
          label="Country"
          name="country"
          required
          options={COUNTRIES}
          defaultValue={v("country")}
          error={errors.country}
        />
        <TextAreaField
          label="About"
          name="about"
          required
          maxLength={2000}
          defaultValue={v("about")}
          error={errors.about}
        />
        <AccountFields errors={errors} text={v} />
        <RestaurantContactFields errors={errors} text={v} list={list} />
        <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
          Sign Up
        </button>
      </Form>
    </SignupShell>
  );
}
