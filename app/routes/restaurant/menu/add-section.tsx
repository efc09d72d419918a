import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { BranchChoiceField } from "~/features/menus/components/branch-choice-field.tsx";
import { SectionForm } from "~/features/menus/components/section-form.tsx";
import { ownBranchNames } from "~/features/menus/menu-read.server.ts";
import { addSectionSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/add-section";
import { readFormValues } from "~/server/upload-form.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Add section")} · Foodverse` }];
}

const ADD_SECTION = "/profile/restaurant/addmenu/addsection";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  // A section posted twice is added once (ADR 0032).
  return { branches: await ownBranchNames(services, viewer.userId), submission: newSubmissionToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context, addSectionSchema);
  const result = await addSection(services, viewer.userId, values);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(ADD_SECTION, "success", MENU_MESSAGES.sectionAdded);
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args, addSectionSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function AddSection({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { errors, onSubmit, text, list } = useSchemaForm(addSectionSchema, actionData);
  // A new location after each save empties the form for the next section.
  const { key } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{t("Add New Section")}</h1>
      <SectionForm key={key} errors={errors} value={text} onSubmit={onSubmit} submitLabel={t("Add Section")}>
        <SubmissionField token={loaderData.submission} />
        <BranchChoiceField
          branches={loaderData.branches}
          chosen={actionData ? list("toBranches") : undefined}
        />
      </SectionForm>
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
