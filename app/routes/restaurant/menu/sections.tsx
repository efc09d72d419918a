import { Form, Link } from "react-router";
import { ServedTimesLine } from "~/features/menus/components/served-times-line.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { MoveButtons } from "~/components/ui/move-buttons.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ownSections } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { deleteSection, moveSection } from "~/features/menus/menus.server.ts";
import { ownerListAction } from "~/features/menus/owner-menu-action.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/sections";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("View Your Sections")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  try {
    return { sections: await ownSections(services, viewer.userId), loadError: null };
  } catch (error) {
    services.log.error({ err: error }, "sections could not be loaded");
    return { sections: [], loadError: MENU_MESSAGES.sectionsLoadFailed };
  }
}

const id = (v: Record<string, unknown>) => String(v.sectionId ?? "");

export function action({ request, context }: Route.ActionArgs) {
  return ownerListAction(request, context, "/profile/restaurant/addmenu/sections", {
    delete: { run: (s, owner, v) => deleteSection(s, owner, id(v)), success: MENU_MESSAGES.sectionDeleted },
    up: { run: (s, owner, v) => moveSection(s, owner, id(v), -1), success: MENU_MESSAGES.moved },
    down: { run: (s, owner, v) => moveSection(s, owner, id(v), 1), success: MENU_MESSAGES.moved },
  });
}

export default function Sections({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { sections } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("View Your Sections")}</h1>
      <FormAlert message={loaderData.loadError ?? undefined} />
      {sections.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(MENU_MESSAGES.noSections)}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {sections.map((section, i) => (
            <li key={section.id} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
              <div>
                <h2 className="text-lg font-semibold">
                  {section.sectionNumber}. {section.originalName}
                </h2>
                {section.topNote ? <p className="text-sm text-muted">{section.topNote}</p> : null}
                <ServedTimesLine
                  servedTimes={section.servedTimes}
                  href={`${section.id}/times`}
                  name={section.originalName}
                />
              </div>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="sectionId" value={section.id} />
                <Link to={`edit/${section.id}`} className={buttonClass("secondary")}>
                  {t("Edit Section")}
                </Link>
                <ConfirmSubmit
                  name="intent"
                  value="delete"
                  question={
                    // The SPEC's question, and what it does not say: the dishes branches added go too.
                    section.branchOnlyDishes > 0
                      ? `${t('Delete section "{{name}}" and all its items?', { name: section.originalName })} ${t(
                          "{{count}} branch-only dishes go with it.",
                          { count: section.branchOnlyDishes },
                        )}`
                      : t('Delete section "{{name}}" and all its items?', { name: section.originalName })
                  }
                >
                  {t("Delete Section")}
                </ConfirmSubmit>
                <MoveButtons label={section.originalName} first={i === 0} last={i === sections.length - 1} />
              </Form>
            </li>
          ))}
        </ol>
      )}
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
