import { Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { AccountFields } from "~/features/accounts/components/account-fields.tsx";
import { SignupShell } from "~/features/accounts/components/signup-shell.tsx";
import { SocialLinksField } from "~/features/accounts/components/social-links-field.tsx";
import { formValues, restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { ALL_RESTAURANT_TYPES, COUNTRIES } from "~/lib/reference-data.ts";
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
  const otherTypes = list("restOthertypes");
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
        <SelectField
          label="Restaurant type"
          name="restType"
          required
          options={ALL_RESTAURANT_TYPES}
          defaultValue={v("restType")}
          error={errors.restType}
        />
        <details className="rounded-md border border-line p-3" open={otherTypes.length > 0}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Other types (optional)</summary>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {ALL_RESTAURANT_TYPES.map((t) => (
              <label key={t} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="restOthertypes"
                  value={t}
                  defaultChecked={otherTypes.includes(t)}
                  className="size-5"
                />
                {t}
              </label>
            ))}
          </div>
          {errors.restOthertypes ? <p className="text-sm text-danger">{errors.restOthertypes}</p> : null}
        </details>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">Do you deliver?</legend>
          <div className="flex gap-6">
            {(["yes", "no"] as const).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="hasDelivery"
                  value={option}
                  required
                  defaultChecked={v("hasDelivery") === option}
                  className="size-5"
                />
                {option === "yes" ? "Yes" : "No"}
              </label>
            ))}
          </div>
          {errors.hasDelivery ? <p className="text-sm text-danger">{errors.hasDelivery}</p> : null}
        </fieldset>
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
        <TextField
          label="Mobile number"
          name="contact"
          type="tel"
          optional
          maxLength={30}
          defaultValue={v("contact")}
          error={errors.contact}
        />
        <TextField
          label="Landline"
          name="contacttwo"
          type="tel"
          optional
          maxLength={30}
          defaultValue={v("contacttwo")}
          error={errors.contacttwo}
        />
        <TextField
          label="WhatsApp"
          name="restWhatsapp"
          type="tel"
          optional
          maxLength={30}
          defaultValue={v("restWhatsapp")}
          error={errors.restWhatsapp}
        />
        <TextField
          label="Instagram"
          name="restInsta"
          optional
          maxLength={100}
          defaultValue={v("restInsta")}
          error={errors.restInsta}
        />
        <TextField
          label="Facebook"
          name="restFb"
          optional
          maxLength={100}
          defaultValue={v("restFb")}
          error={errors.restFb}
        />
        <TextField
          label="X"
          name="restX"
          optional
          maxLength={100}
          defaultValue={v("restX")}
          error={errors.restX}
        />
        <TextField
          label="Website"
          name="restWebsite"
          type="url"
          optional
          maxLength={100}
          defaultValue={v("restWebsite")}
          error={errors.restWebsite}
        />
        <TextAreaField
          label="Address"
          name="address"
          optional
          rows={2}
          maxLength={300}
          defaultValue={v("address")}
          error={errors.address}
        />
        <SocialLinksField initial={list("sociallinks")} error={errors.sociallinks} />
        <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
          Sign Up
        </button>
      </Form>
    </SignupShell>
  );
}
