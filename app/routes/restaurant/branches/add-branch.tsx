import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextAreaField, TextField } from "~/components/ui/field.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { addBranchSchema, BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { addBranch, addBranchForm } from "~/features/branches/branches.server.ts";
import { LocationFields } from "~/features/branches/components/location-fields.tsx";
import { refused } from "~/server/action-result.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/add-branch";
import { readFormValues } from "~/server/upload-form.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Add a Branch")} · Foodverse` }];
}

const BRANCHES = "/profile/restaurant/mybranches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await addBranchForm(services, viewer.userId);
  if (!form) notFound();
  // A branch posted twice is added once (ADR 0032).
  return { ...form, submission: newSubmissionToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const result = await addBranch(services, viewer.userId, values);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(BRANCHES, "success", BRANCH_MESSAGES.added);
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);
export const shouldRevalidate = notAfterUnanswered;

export default function AddBranch({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { restaurant, locations } = loaderData;
  const { errors, onSubmit, text } = useSchemaForm(addBranchSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t("Add a Branch")}</h1>
      <p>
        {/* Isolated: an English name in an Urdu line keeps the separator between it and the country. */}
        <bdi className="font-semibold">{restaurant.restName}</bdi> · {t(restaurant.country)}
      </p>
      <p role="note" className="rounded-md bg-brand-soft p-3">
        {tm(BRANCH_MESSAGES.approvalNote)}
      </p>
      <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SubmissionField token={loaderData.submission} />
        <TextField
          label={t("Branch Name")}
          name="branchName"
          required
          maxLength={80}
          defaultValue={text("branchName")}
          error={errors.branchName}
        />
        <LocationFields locations={locations} errors={errors} />
        <TextAreaField
          label={t("Address")}
          name="address"
          optional
          rows={2}
          maxLength={300}
          defaultValue={text("address") ?? restaurant.address}
          error={errors.address}
        />
        <TextField
          label={t("Contact")}
          name="contact"
          type="tel"
          optional
          maxLength={30}
          defaultValue={text("contact") ?? restaurant.contact}
          error={errors.contact}
        />
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? t("Adding…") : t("Add Branch")}
        </button>
      </Form>
      <Link to="/profile/restaurant" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
