import { SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SocialLinksField } from "~/features/accounts/components/social-links-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { ALL_RESTAURANT_TYPES } from "~/lib/reference-data.ts";

interface FieldsProps {
  errors: FieldErrors;
  text: (key: string) => string | undefined;
  list: (key: string) => string[];
}

/** Type, other types and delivery: on the sign-up form and the profile edit form. */
export function RestaurantTypeFields({ errors, text: v, list }: FieldsProps) {
  const { t, tm } = useI18n();
  const otherTypes = list("restOthertypes");
  // The value sent stays the English type (the data); the label is in the page's language.
  const types = ALL_RESTAURANT_TYPES.map((type) => ({ value: type, label: t(type) }));
  return (
    <>
      <SelectField
        label={t("Restaurant type")}
        name="restType"
        required
        options={types}
        defaultValue={v("restType")}
        error={errors.restType}
      />
      <details className="rounded-md border border-line p-3" open={otherTypes.length > 0}>
        <summary className="min-h-11 cursor-pointer py-2 font-medium">{t("Other types (optional)")}</summary>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {types.map((type) => (
            <label key={type.value} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name="restOthertypes"
                value={type.value}
                defaultChecked={otherTypes.includes(type.value)}
                className="size-5"
              />
              {type.label}
            </label>
          ))}
        </div>
        {errors.restOthertypes ? <p className="text-sm text-danger">{tm(errors.restOthertypes)}</p> : null}
      </details>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">{t("Do you deliver?")}</legend>
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
              {option === "yes" ? t("Yes") : t("No")}
            </label>
          ))}
        </div>
        {errors.hasDelivery ? <p className="text-sm text-danger">{tm(errors.hasDelivery)}</p> : null}
      </fieldset>
    </>
  );
}

/** Phone numbers, social accounts, website, address and links. */
export function RestaurantContactFields({ errors, text: v, list }: FieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t("Mobile number")}
        name="contact"
        type="tel"
        optional
        maxLength={30}
        defaultValue={v("contact")}
        error={errors.contact}
      />
      <TextField
        label={t("Landline")}
        name="contacttwo"
        type="tel"
        optional
        maxLength={30}
        defaultValue={v("contacttwo")}
        error={errors.contacttwo}
      />
      <TextField
        label={t("WhatsApp")}
        name="restWhatsapp"
        type="tel"
        optional
        maxLength={30}
        defaultValue={v("restWhatsapp")}
        error={errors.restWhatsapp}
      />
      <TextField
        label={t("Instagram")}
        name="restInsta"
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restInsta")}
        error={errors.restInsta}
      />
      <TextField
        label={t("Facebook")}
        name="restFb"
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restFb")}
        error={errors.restFb}
      />
      <TextField
        label={t("X")}
        name="restX"
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restX")}
        error={errors.restX}
      />
      <TextField
        label={t("Website")}
        name="restWebsite"
        type="url"
        optional
        maxLength={100}
        defaultValue={v("restWebsite")}
        error={errors.restWebsite}
      />
      <TextAreaField
        label={t("Address")}
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
