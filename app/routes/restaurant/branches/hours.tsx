import { useState, type MouseEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useScripted } from "~/components/ui/use-scripted.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES as B } from "~/features/branches/branches.schema.ts";
import { setOpeningHours } from "~/features/branches/branches.server.ts";
import {
  closedField,
  copyHoursOf,
  copyMonday,
  HOURS_SHORTCUT_MESSAGES as M,
  HOURS_EDIT_FORM,
  HOURS_FIELD_LABELS,
  HOURS_SHORTCUTS,
  hoursField,
  hoursValuesOf,
  type HoursValues,
} from "~/features/branches/hours-shortcuts.ts";
import { applyHoursShortcut, hoursForm } from "~/features/branches/hours-shortcuts.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { EDITED_FROM, editVersion, type EditConflict } from "~/lib/edit-version.ts";
import { DAY_NAMES, DAYS, RANGES_A_DAY, type Day } from "~/lib/opening-hours.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/hours";
import type { Message } from "~/lib/message.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const branch = loaderData?.branch.branchName ?? t(B.notFound);
  return [{ title: `${t("Opening hours: {{branch}}", { branch })} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await hoursForm(services, viewer.userId, params.branchName);
  if (!form) notFound(B.notFound);
  return form;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  if (values.intent) {
    // A shortcut without scripts: the form comes back filled, nothing saved.
    const shortcut = await applyHoursShortcut(services, viewer.userId, params.branchName, values);
    if (!shortcut.ok) return refused(shortcut, values, { notice: "" });
    // The form keeps the version it was loaded at (ADR 0037): a shortcut saves nothing.
    const kept = { ...shortcut.values, [EDITED_FROM]: String(values[EDITED_FROM] ?? "") };
    return { toast: undefined, fieldErrors: {}, values: kept, notice: shortcut.notice, conflict: undefined };
  }
  const result = await setOpeningHours(services, viewer.userId, params.branchName, values);
  if (!result.ok) return refused(result, values, { notice: "" });
  return redirectWithToast(ownBranchPath(params.branchName), "success", B.hoursSaved);
}

export default function BranchHours({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { branch } = loaderData;
  // What was sent (after a refusal) or a shortcut filled in, else what is saved.
  const initial = actionData ? hoursValuesOf(actionData.values) : loaderData.values;
  // The version the form was loaded at, kept through a refusal or a shortcut; after someone
  // else's save, the version of now (their hours, this person's changes on top).
  const sentVersion = actionData?.values[EDITED_FROM];
  const version =
    typeof sentVersion === "string" && sentVersion
      ? sentVersion
      : editVersion(loaderData.values, HOURS_EDIT_FORM);
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.branchName}</p>
      <h1 className="text-2xl font-bold">{t("Opening hours")}</h1>
      <p className="text-sm text-muted">
        {t(
          "Diners see ‘Open now’ and when you close, in Pakistan time. Leave a day empty when you are closed; a time after midnight (e.g. 19:00 to 02:00) runs into the next morning. Leave every day empty to show no hours.",
        )}
      </p>
      <HoursForm
        key={JSON.stringify(initial)}
        initial={initial}
        others={loaderData.others}
        errors={actionData?.fieldErrors ?? {}}
        notice={actionData?.notice ?? ""}
        version={version}
        conflict={actionData?.conflict}
      />
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </section>
  );
}

type Others = Route.ComponentProps["loaderData"]["others"];

/**
 * The week's times, a 'Closed' box a day, and the shortcuts. They are submit buttons
 * with their own intent, so they work without scripts (the server fills the form);
 * with scripts they fill it at once. Either way nothing is saved until 'Save'.
 */
function HoursForm({
  initial,
  others,
  errors,
  notice: sentNotice,
  version,
  conflict,
}: {
  initial: HoursValues;
  others: Others;
  errors: Record<string, string | undefined>;
  notice: Message;
  version: string;
  conflict?: EditConflict;
}) {
  const { t, tm } = useI18n();
  const busy = useNavigation().state === "submitting";
  const [values, setValues] = useState(initial);
  const [notice, setNotice] = useState<Message>(sentNotice);
  const [problem, setProblem] = useState<Message | undefined>(Object.values(errors).find(Boolean));
  const [fromBranch, setFromBranch] = useState(others[0]?.id ?? "");
  // A closed day's times are set aside only once scripts run: without them the box cannot
  // give the fields back, and the owner must still be able to fill a day that opens again.
  const scripted = useScripted();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const said = (message: Message | null, fill?: HoursValues) => {
    setProblem(fill ? undefined : (message ?? undefined));
    setNotice(fill ? (message ?? "") : "");
    if (fill) setValues(fill);
  };
  const onCopyMonday = (event: MouseEvent) => {
    event.preventDefault();
    const copied = copyMonday(values);
    said(copied ? M.mondayCopied : M.mondayEmpty, copied ?? undefined);
  };
  const onCopyBranch = (event: MouseEvent) => {
    event.preventDefault();
    const from = others.find((o) => o.id === fromBranch);
    if (!from) said(M.chooseBranch);
    else said(M.branchCopied(from.branchName), copyHoursOf(values, from.hours));
  };
  const dayRows = (day: Day) => {
    const dayName = t(DAY_NAMES[day]);
    const closed = scripted && values[closedField(day)] === "on";
    return Array.from({ length: RANGES_A_DAY }, (_, range) => {
      const error = errors[hoursField(day, range, "Opens")] ?? errors[hoursField(day, range, "Closes")];
      const second = range > 0;
      return (
        <div key={range} className="flex flex-wrap items-end gap-3">
          {(["Opens", "Closes"] as const).map((edge) => (
            <label key={edge} className="flex flex-col text-sm font-medium">
              {edge === "Opens" ? t("Opens") : t("Closes")}
              {second ? ` ${t("(second time)")}` : ""}
              <input
                type="time"
                name={hoursField(day, range, edge)}
                value={values[hoursField(day, range, edge)] ?? ""}
                onChange={(e) => set(hoursField(day, range, edge), e.target.value)}
                disabled={closed}
                aria-invalid={error ? true : undefined}
                aria-label={
                  edge === "Opens"
                    ? second
                      ? t("{{day}}: opens, second time", { day: dayName })
                      : t("{{day}}: opens", { day: dayName })
                    : second
                      ? t("{{day}}: closes, second time", { day: dayName })
                      : t("{{day}}: closes", { day: dayName })
                }
                className="min-h-11 w-32 rounded-md border border-line px-2 disabled:bg-gray-100 disabled:text-muted"
              />
            </label>
          ))}
          {error ? <p className="w-full text-sm text-danger">{tm(error)}</p> : null}
        </div>
      );
    });
  };
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      {/* Enter in a time field saves, as before: the form's first submit button is this one. */}
      <button type="submit" hidden tabIndex={-1}>
        {t("Save opening hours")}
      </button>
      <EditedFrom version={version} />
      <EditConflictNotice
        conflict={conflict}
        labels={HOURS_FIELD_LABELS}
        describe={(value) => (value === "Closed" ? t("Closed") : value)}
      />
      <FormAlert message={problem} />
      <p role="status" className={notice ? "rounded-md bg-brand-soft p-3" : "sr-only"}>
        {notice ? tm(notice) : ""}
      </p>
      {others.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3 rounded-md border border-line p-3">
          <label className="flex flex-col gap-1 font-medium">
            {t("Same hours as branch")}
            <select
              name="fromBranch"
              value={fromBranch}
              onChange={(e) => setFromBranch(e.target.value)}
              className="min-h-11 max-w-full rounded-md border border-line px-2"
            >
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.branchName}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            name="intent"
            value={HOURS_SHORTCUTS.copyBranch}
            onClick={onCopyBranch}
            className={buttonClass("secondary")}
          >
            {t("Copy their hours")}
          </button>
        </div>
      ) : null}
      {DAYS.map((day) => (
        <fieldset key={day} className="flex flex-col gap-2 border-b border-line pb-3">
          <legend className="font-semibold">{t(DAY_NAMES[day])}</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={closedField(day)}
              checked={values[closedField(day)] === "on"}
              onChange={(e) => set(closedField(day), e.target.checked ? "on" : "")}
              className="size-5 accent-brand"
            />
            {t("Closed on {{day}}", { day: t(DAY_NAMES[day]) })}
          </label>
          {dayRows(day)}
          {day === "mon" ? (
            <button
              type="submit"
              name="intent"
              value={HOURS_SHORTCUTS.copyMonday}
              onClick={onCopyMonday}
              className={buttonClass("secondary", "self-start")}
            >
              {t("Copy Monday to every day")}
            </button>
          ) : null}
        </fieldset>
      ))}
      <label className="flex flex-col gap-1 font-medium">
        {t("Note")}{" "}
        <span className="font-normal text-muted">{t("(optional, e.g. Ramadan: 7 pm to 3 am)")}</span>
        <textarea
          name="note"
          rows={2}
          maxLength={300}
          value={values.note ?? ""}
          onChange={(e) => set("note", e.target.value)}
          className="rounded-md border border-line px-3 py-2"
        />
      </label>
      <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
        {busy ? t("Saving…") : conflict ? t("Apply my changes on top") : t("Save opening hours")}
      </button>
    </Form>
  );
}
