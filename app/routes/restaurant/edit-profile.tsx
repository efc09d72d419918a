import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextAreaField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { ImageField } from "~/components/ui/image-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { profileEditAction } from "~/features/profiles/profile-action.server.ts";
import { restaurantForEdit } from "~/features/profiles/profiles.server.ts";
import { restaurantProfileSchema } from "~/features/profiles/profiles.schema.ts";
import { updateRestaurantProfile } from "~/features/profiles/profiles.server.ts";
import {
  RestaurantContactFields,
  RestaurantTypeFields,
} from "~/features/restaurants/components/restaurant-fields.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/edit-profile";

/** Each field's label, for what someone else changed (ADR 0037). */
const RESTAURANT_FIELD_LABELS: Record<string, string> = {
  restType: "Restaurant type",
  restOthertypes: "Other types (optional)",
  hasDelivery: "Do you deliver?",
  about: "About",
  contact: "Mobile number",
  contacttwo: "Landline",
  address: "Address",
  restWebsite: "Website",
  restWhatsapp: "WhatsApp",
  restInsta: "Instagram",
  restFb: "Facebook",
  restX: "X",
  sociallinks: "Social links",
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Edit restaurant profile")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await restaurantForEdit(services, viewer.userId);
  if (!found) notFound();
  const { restOthertypes, sociallinks, ...rest } = found.row;
  return {
    restaurant: {
      ...rest,
      restOthertypes: JSON.parse(restOthertypes) as string[],
      sociallinks: JSON.parse(sociallinks) as string[],
    },
    version: found.version,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return profileEditAction(
    request,
    context,
    "restaurant",
    updateRestaurantProfile,
    "/profile/restaurant/edit",
  );
}

export default function EditRestaurantProfile({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const r = loaderData.restaurant;
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, text, list } = useSchemaForm(restaurantProfileSchema, actionData);
  // After a refused save, show what was typed; otherwise what is saved.
  const saved = r as unknown as Record<string, string | string[]>;
  const textOrSaved = (key: string) => (actionData ? text(key) : (saved[key] as string | undefined));
  const listOrSaved = (key: string) =>
    actionData ? list(key) : ((saved[key] as string[] | undefined) ?? []);
  const conflict = actionData?.conflict;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t("Edit restaurant profile")}</h1>
      <p>
        <span className="font-medium">{r.restName}</span>{" "}
        <span className="text-muted">{t("(the name and its web address stay as they are)")}</span>
      </p>
      <Form
        // A refused save's merged values (ADR 0037) replace what the fields hold.
        key={conflict?.version ?? "loaded"}
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="profile" />
        <EditedFrom version={conflict?.version ?? loaderData.version} />
        <EditConflictNotice conflict={conflict} labels={RESTAURANT_FIELD_LABELS} />
        <FormAlert message={errors.form} />
        <ImageField
          label={t("Logo")}
          name="profileImage"
          currentUrl={r.profileImageUrl}
          error={errors.profileImage}
          shape="round"
        />
        <ImageField
          label={t("Cover image")}
          name="coverImage"
          currentUrl={r.coverImageUrl}
          error={errors.coverImage}
        />
        <RestaurantTypeFields errors={errors} text={textOrSaved} list={listOrSaved} />
        <TextAreaField
          label={t("About")}
          name="about"
          required
          maxLength={2000}
          defaultValue={textOrSaved("about")}
          error={errors.about}
        />
        <RestaurantContactFields errors={errors} text={textOrSaved} list={listOrSaved} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? t("Saving…") : conflict ? t("Apply my changes on top") : t("Save changes")}
          </button>
          <Link to="/profile/restaurant" className={buttonClass("ghost")}>
            {t("Back to profile")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
