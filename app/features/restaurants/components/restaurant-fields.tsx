import { SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SocialLinksField } from "~/features/accounts/components/social-links-field.tsx";
import { ALL_RESTAURANT_TYPES } from "~/lib/reference-data.ts";

interface FieldsProps {
  errors: FieldErrors;
  text: (key: string) => string | undefined;
  list: (key: string) => string[];
}

/** Type, other types and delivery: on the sign-up form and the profile edit form. */
export function RestaurantTypeFields({ errors, text: v, list }: FieldsProps) {
  const otherTypes = list("restOthertypes");
  return (
    <>
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
    </>
  );
}

/** Phone numbers, social accounts, website, address and links. */
export function RestaurantContactFields({ errors, text: v, list }: FieldsProps) {
  return (
    <>
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
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restInsta")}
        error={errors.restInsta}
      />
      <TextField
        label="Facebook"
        name="restFb"
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restFb")}
        error={errors.restFb}
      />
      <TextField
        label="X"
        name="restX"
        type="url"
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
    </>
  );
}
