import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { ImportRows } from "~/features/menu-import/components/import-rows.tsx";
import { PhotoUploader } from "~/features/menu-import/components/photo-uploader.tsx";
import { IMPORT_MESSAGES as M, matchPhoto } from "~/features/menu-import/menu-import.messages.ts";
import { commitImport, discardImport, importScreen } from "~/features/menu-import/menu-import.server.ts";
import { previewPage } from "~/features/menu-import/import-preview.server.ts";
import { BranchChoiceField } from "~/features/menus/components/branch-choice-field.tsx";
import { ownBranchNames } from "~/features/menus/menu-read.server.ts";
import { branchChoiceFields } from "~/features/menus/menus.schema.ts";
import { refused } from "~/server/action-result.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { requestedPage } from "~/lib/paging.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import { z } from "zod";
import type { Route } from "./+types/import-preview";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Check your import")} · Foodverse` }];
}

const IMPORT = "/profile/restaurant/addmenu/import";
const ITEMS = "/profile/restaurant/addmenu/items";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await importScreen(services, viewer.userId, params.importId);
  if (!found) notFound(M.notFound);
  const screen = previewPage(found, requestedPage(request));
  return {
    screen,
    // The names the spreadsheet uses that have a photo (matched with or without the extension).
    uploadedMatches: screen.plan.photos.filter((name) => matchPhoto(name, found.uploaded)),
    branches: await ownBranchNames(services, viewer.userId),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context, z.object(branchChoiceFields));
  if (values.intent === "discard") {
    const result = await discardImport(services, viewer.userId, params.importId);
    if (!result.ok) return refused(result);
    return redirectWithToast(IMPORT, "success", M.discarded);
  }
  if (values.intent === "commit") {
    const result = await commitImport(services, viewer.userId, params.importId, values);
    if (!result.ok) return refused(result);
    const said =
      result.deals > 0
        ? M.importedWithDeals(result.added, result.updated, result.deals)
        : M.imported(result.added, result.updated);
    return redirectWithToast(ITEMS, "success", said);
  }
  return refused({ ok: false, status: 400, message: "Unknown action.", level: "error" });
}

export default function ImportPreview({ loaderData, actionData, params }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { screen, uploadedMatches, branches } = loaderData;
  const navigation = useNavigation();
  const committing = navigation.state === "submitting" && navigation.formData?.get("intent") === "commit";
  const updates = screen.total - screen.adds;
  const ready = screen.problemRows === 0 && screen.missing.length === 0;
  const counts = {
    dishes: t("{{count}} dishes", { count: screen.total }),
    added: screen.adds,
    updates: t("{{count}} updates", { count: updates }),
  };
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <p className="font-mono text-sm text-muted">{screen.fileName}</p>
        <h1 className="text-2xl font-bold">{t("Check your import")}</h1>
        <p>
          {screen.total === 0 && screen.dealTotal > 0
            ? null
            : screen.plan.newSections.length > 0
              ? t("{{dishes}}: {{added}} new, {{updates}}; new sections: {{sections}}.", {
                  ...counts,
                  sections: screen.plan.newSections.join(", "),
                })
              : t("{{dishes}}: {{added}} new, {{updates}}.", counts)}{" "}
          {screen.dealTotal > 0
            ? `${t("{{dishes}}: {{added}} new, {{updates}}.", {
                dishes: t("{{count}} deals", { count: screen.dealTotal }),
                added: screen.dealAdds,
                updates: t("{{count}} updates", { count: screen.dealTotal - screen.dealAdds }),
              })} `
            : null}
          {t("Nothing is saved until you import.")}
        </p>
        {screen.problemRows > 0 ? (
          <FormAlert
            message={t("{{count}} rows need changes. Fix them in your spreadsheet and upload it again.", {
              count: screen.problemRows,
            })}
          />
        ) : null}
      </div>
      {screen.plan.photos.length > 0 ? (
        <PhotoUploader
          action={`${IMPORT}/${params.importId}/photos`}
          needed={screen.plan.photos}
          uploaded={uploadedMatches}
        />
      ) : null}
      <ImportRows screen={screen} uploadedMatches={uploadedMatches} />
      <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <BranchChoiceField branches={branches} />
        {!ready ? (
          <p className="text-muted">
            {tm(screen.problemRows > 0 ? M.hasProblems : M.waitingForPhotos(screen.missing.length))}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="commit"
            className={buttonClass("primary")}
            disabled={!ready || committing}
          >
            {committing
              ? t("Importing…")
              : screen.dealTotal > 0
                ? t("Import {{count}} rows", { count: screen.total + screen.dealTotal })
                : t("Import {{count}} dishes", { count: screen.total })}
          </button>
          <button type="submit" name="intent" value="discard" className={buttonClass("ghost")} formNoValidate>
            {t("Discard this import")}
          </button>
        </div>
      </Form>
      <Link to={IMPORT} className={buttonClass("ghost", "self-start")}>
        {t("Upload another spreadsheet")}
      </Link>
    </section>
  );
}
