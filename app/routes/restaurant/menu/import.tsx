import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from "~/features/menu-import/menu-import.messages.ts";
import { openImports, startImport } from "~/features/menu-import/menu-import.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { refused } from "~/server/action-result.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/import";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Import a menu")} · Foodverse` }];
}

const IMPORT = "/profile/restaurant/addmenu/import";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  return { imports: await openImports(services, viewer.userId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await readUploadForm(request, context, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 });
  if (!form.ok) return refused({ ...form, fieldErrors: { sheet: form.message } });
  const result = await startImport(services, viewer.userId, form.namedFiles.get("sheet")?.[0]);
  if (!result.ok) return refused({ ...result, fieldErrors: { sheet: result.message } });
  return redirect(`${IMPORT}/${result.importId}`);
}

export default function ImportMenu({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm, dateTime, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const error = actionData?.fieldErrors.sheet;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold">{t("Import a menu")}</h1>
        <p>
          {t(
            "Put your whole menu online at once: one row a dish in a spreadsheet, and a folder of its photos. You see every row checked before anything is saved, and the import is saved whole or not at all. Importing the same spreadsheet again updates the dishes it names.",
          )}
        </p>
        <ol className="flex list-decimal flex-col gap-1 ps-6">
          <li>
            {t("Download the template and fill in one row a dish (up to {{max}}).", { max: IMPORT_MAX_ROWS })}
          </li>
          <li>{t("Upload it here: every row is checked.")}</li>
          <li>{t("Upload the photos it names, then import.")}</li>
        </ol>
        <p className="text-sm text-muted">
          {t(
            'Deals and combos too: write "deal" in a row\'s kind column, its name and price, and its parts in the parts column (see the columns below).',
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={href(`${IMPORT}/template.xlsx`)} download className={buttonClass("secondary")}>
            {t("Template (Excel)")}
          </a>
          <a href={href(`${IMPORT}/template.csv`)} download className={buttonClass("secondary")}>
            {t("Template (CSV)")}
          </a>
        </div>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:p-6"
      >
        <FormAlert message={error} />
        <label className="flex flex-col gap-1 font-medium">
          {t("Your spreadsheet (.xlsx or .csv, up to {{size}} MB)", { size: IMPORT_MAX_BYTES / 1024 / 1024 })}
          <input
            type="file"
            name="sheet"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={error ? true : undefined}
            className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
          />
        </label>
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? t("Checking…") : t("Check the spreadsheet")}
        </button>
      </Form>
      {loaderData.imports.length > 0 ? (
        <section className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="waiting">
          <h2 id="waiting" className="text-lg font-semibold">
            {t("Imports not finished")}
          </h2>
          <ul className="flex flex-col divide-y divide-line">
            {loaderData.imports.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-mono">{i.fileName}</span>{" "}
                  <span className="text-sm text-muted">{dateTime(i.createdAt)}</span>
                </span>
                <Link to={i.id} className={buttonClass("ghost", "px-3")}>
                  {t("Continue")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <details className="rounded-xl bg-white p-4 shadow-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t("The columns")}</summary>
        <dl className="flex flex-col gap-2">
          {IMPORT_COLUMNS.map((c) => (
            <div key={c.key}>
              <dt className="font-mono font-semibold">
                {c.header}
                {"required" in c && c.required ? ` ${t("(required)")}` : ""}
              </dt>
              {c.note ? <dd className="text-sm text-muted">{tm(c.note)}</dd> : null}
            </div>
          ))}
        </dl>
      </details>
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
