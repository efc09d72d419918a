import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { SectionForm } from "~/features/menus/components/section-form.tsx";
import { ownSection } from "~/features/menus/menu-read.server.ts";
import { editSectionSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { updateSectionDetails } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { SECTION_EDIT_FORM, sectionFormValues } from "~/features/menus/menu-edit-versions.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/edit-section";
import { readFormValues } from "~/server/upload-form.server.ts";

const LIST = "/profile/restaurant/addmenu/sections";

/** Each field's label, for what someone else changed (ADR 0037). */
const SECTION_FIELD_LABELS: Record<string, string> = {
  originalName: "Section name",
  sectionNameUr: "Name in Urdu",
  topNote: "Top note",
  bottomNote: "Bottom note",
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Edit section")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const section = await ownSection(services, viewer.userId, params.sectionId).catch(async (error) => {
    services.log.error({ err: error }, "section could not be loaded");
    throw await redirectWithToast(LIST, "error", MENU_MESSAGES.sectionLoadFailed);
  });
  // product rules §8: an unknown (or someone else's) section sends the owner back to the list.
  if (!section) throw await redirectWithToast(LIST, "error", MENU_MESSAGES.sectionNotFound);
  return { section };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const result = await updateSectionDetails(services, viewer.userId, params.sectionId, values);
  // A field left out, or someone else saved first (ADR 0037): the form comes back filled.
  if (!result.ok && (result.status === 400 || result.status === 409)) return refused(result, values);
  if (!result.ok)
    return redirectWithToast(
      LIST,
      "error",
      result.status === 404 ? MENU_MESSAGES.sectionNotFound : MENU_MESSAGES.sectionUpdateFailed,
    );
  return redirectWithToast(LIST, "success", MENU_MESSAGES.sectionUpdated);
}

export default function EditSection({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { errors, onSubmit, text } = useSchemaForm(editSectionSchema, actionData);
  const saved: Record<string, string | number> = loaderData.section;
  const conflict = actionData?.conflict;
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t("Edit Section")}</h1>
      <SectionForm
        key={conflict?.version ?? "loaded"}
        errors={errors}
        value={(k) => (actionData ? text(k) : String(saved[k] ?? ""))}
        onSubmit={onSubmit}
        submitLabel={conflict ? t("Apply my changes on top") : t("Save Section")}
        first={
          <>
            <EditedFrom
              version={conflict?.version ?? editVersion(sectionFormValues(saved), SECTION_EDIT_FORM)}
            />
            <EditConflictNotice conflict={conflict} labels={SECTION_FIELD_LABELS} />
          </>
        }
      />
      <Link to={LIST} className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
