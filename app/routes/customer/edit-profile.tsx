import { Form, useNavigation, useSearchParams } from "react-router";
import { TextAreaField, TextField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { ImageField } from "~/components/ui/image-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { EditToolbar } from "~/features/profiles/components/edit-toolbar.tsx";
import { PasswordChange } from "~/features/profiles/components/password-change.tsx";
import { profileEditAction } from "~/features/profiles/profile-action.server.ts";
import { customerForEdit } from "~/features/profiles/profiles.server.ts";
import { customerProfileSchema } from "~/features/profiles/profiles.schema.ts";
import { updateCustomerProfile } from "~/features/profiles/profiles.server.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/edit-profile";
import { translatorFor } from "~/i18n/i18n.ts";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

/** Each field's label, for what someone else changed (ADR 0037). */
const CUSTOMER_FIELD_LABELS: Record<string, string> = {
  username: "Username",
  firstName: "First name",
  lastName: "Last name",
  about: "About",
  contact: "Mobile number",
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Update Your Profile")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const found = await customerForEdit(services, viewer.userId);
  if (!found) notFound();
  return { customer: found.row, version: found.version };
}

export function action({ request, context }: Route.ActionArgs) {
  return profileEditAction(request, context, "customer", updateCustomerProfile, "/profile/customer/edit");
}

export default function EditCustomerProfile({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const c = loaderData.customer;
  const [params] = useSearchParams();
  const editing = params.has("edit");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const profileAnswer = actionData?.intent === "profile" ? actionData : undefined;
  const { errors, onSubmit, text } = useSchemaForm(customerProfileSchema, profileAnswer);
  const value = (key: keyof typeof c) => text(key) ?? c[key];
  const conflict = profileAnswer?.conflict;
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <section className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("Update Your Profile")}</h1>
        <Form
          id="profile-form"
          method="post"
          action="?edit=1"
          encType="multipart/form-data"
          onSubmit={onSubmit}
          noValidate
          // A new key per mode resets the fields to the saved values on Cancel; a refused
          // save's merged values (ADR 0037) replace what the fields hold.
          key={editing ? `editing ${conflict?.version ?? ""}` : "viewing"}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value="profile" />
          <EditedFrom version={conflict?.version ?? loaderData.version} />
          <EditConflictNotice conflict={conflict} labels={CUSTOMER_FIELD_LABELS} />
          <FormAlert message={errors.form} />
          <TextField
            label={t("Username")}
            name="username"
            readOnly={!editing}
            required
            maxLength={40}
            defaultValue={value("username")}
            error={errors.username}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("First name")}
              name="firstName"
              readOnly={!editing}
              required
              maxLength={60}
              defaultValue={value("firstName")}
              error={errors.firstName}
            />
            <TextField
              label={t("Last name")}
              name="lastName"
              readOnly={!editing}
              required
              maxLength={60}
              defaultValue={value("lastName")}
              error={errors.lastName}
            />
          </div>
          <TextAreaField
            label={t("About")}
            name="about"
            readOnly={!editing}
            required
            maxLength={2000}
            defaultValue={value("about")}
            error={errors.about}
          />
          <TextField
            label={t("Mobile number")}
            name="contact"
            type="tel"
            optional
            readOnly={!editing}
            maxLength={30}
            defaultValue={value("contact")}
            error={errors.contact}
          />
          <TextField
            label={t("Email")}
            name="email-readonly"
            type="email"
            readOnly
            value={c.email}
            hint={t("Your sign-in email cannot be changed here.")}
          />
          <ImageField
            label={t("Cover image")}
            name="coverImage"
            currentUrl={c.coverImageUrl}
            disabled={!editing}
            error={errors.coverImage}
          />
          <ImageField
            label={t("Profile image")}
            name="profileImage"
            currentUrl={c.profileImageUrl}
            disabled={!editing}
            error={errors.profileImage}
            shape="round"
          />
        </Form>
        <EditToolbar editing={editing} busy={busy} formId="profile-form" conflicted={Boolean(conflict)} />
      </section>
      <PasswordChange
        editing={editing}
        errors={actionData?.intent === "password" ? actionData.fieldErrors : {}}
      />
    </div>
  );
}
