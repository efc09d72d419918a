import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { addSchedule, deleteSchedule, ownSchedules } from "~/features/branches/special-hours.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FormValues } from "~/lib/forms.ts";
import { requestLocale } from "~/lib/locale.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { RANGES_MAX, rangeField, SPECIAL_HOURS_MESSAGES as M } from "~/lib/special-hours.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/special-hours";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    {
      title: `${t("Ramadan and Eid hours: {{branch}}", { branch: loaderData?.branch.name ?? "" })} · Foodverse`,
    },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownSchedules(services, viewer.userId, params.branchName, requestLocale(request));
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const back = `${ownBranchPath(params.branchName)}/special-hours`;
  if (values.intent === "delete") {
    const result = await deleteSchedule(
      services,
      viewer.userId,
      params.branchName,
      String(values.scheduleId ?? ""),
    );
    if (!result.ok) return refused(result);
    return redirectWithToast(back, "success", M.deleted);
  }
  const result = await addSchedule(services, viewer.userId, params.branchName, values);
  if (!result.ok && result.status === 404) notFound(BRANCH_MESSAGES.notFound);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(back, "success", M.saved);
}

/** Ramadan and Eid hours of a branch: dated schedules kept instead of its weekly hours (ADR 0045). */
export default function SpecialHours({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const busy = useNavigation().state === "submitting";
  const { branch, schedules } = loaderData;
  const values: FormValues = actionData?.values ?? { kind: "ramadan" };
  const errors = actionData?.fieldErrors ?? {};
  const value = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.name}</p>
      <h1 className="text-2xl font-bold">{t("Ramadan and Eid hours")}</h1>
      <p className="text-sm text-muted">
        {t(
          "On these days diners see these hours instead of your weekly ones, and during Ramadan the time to iftar or the end of sehri in your branch's city. A time past midnight runs into the next morning; 'iftar' and 'sehri' follow each day's times.",
        )}
      </p>
      {schedules.length === 0 ? <p>{t("No Ramadan or Eid hours yet.")}</p> : null}
      <ul className="flex flex-col gap-2">
        {schedules.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line p-3"
          >
            <span>
              <span className="font-semibold">
                {s.kind === "ramadan" ? t("Ramadan hours") : t("Eid hours")}
              </span>{" "}
              <bdi dir="ltr">{`${s.validFrom} – ${s.validUntil}`}</bdi>
              {t(": ")}
              {s.hours}
            </span>
            <Form method="post">
              <input type="hidden" name="scheduleId" value={s.id} />
              <ConfirmSubmit name="intent" value="delete" question={t("Delete these hours?")}>
                {t("Delete")}
              </ConfirmSubmit>
            </Form>
          </li>
        ))}
      </ul>
      <h2 className="text-xl font-bold">{t("Add Ramadan or Eid hours")}</h2>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <FormAlert message={Object.values(errors).find(Boolean)} />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="font-semibold">{t("For")}</legend>
          {(["ramadan", "eid"] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={kind}
                defaultChecked={value("kind") === kind}
                className="size-5 accent-brand"
              />
              {kind === "ramadan" ? t("Ramadan") : t("Eid")}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <TextField
            label={t("First day")}
            name="validFrom"
            type="date"
            required
            defaultValue={value("validFrom")}
            error={errors.validFrom}
          />
          <TextField
            label={t("Last day")}
            name="validUntil"
            type="date"
            required
            defaultValue={value("validUntil")}
            error={errors.validUntil}
          />
        </div>
        {Array.from({ length: RANGES_MAX }, (_, i) => {
          const error = errors[rangeField(i, "From")] ?? errors[rangeField(i, "To")];
          return (
            <fieldset key={i} className="flex flex-col gap-2 border-b border-line pb-3">
              <legend className="font-semibold">{t("Time {{number}}", { number: i + 1 })}</legend>
              <div className="flex flex-wrap items-end gap-3">
                {(["From", "To"] as const).map((edge) => (
                  <div key={edge} className="flex flex-wrap items-end gap-2">
                    <label className="flex flex-col text-sm font-medium">
                      {edge === "From" ? t("From") : t("To")}
                      <select
                        name={rangeField(i, `${edge}At`)}
                        defaultValue={value(rangeField(i, `${edge}At`))}
                        aria-label={
                          edge === "From"
                            ? t("Time {{number}}: from", { number: i + 1 })
                            : t("Time {{number}}: to", { number: i + 1 })
                        }
                        className="min-h-11 rounded-md border border-line px-2"
                      >
                        <option value="">{t("at a time")}</option>
                        <option value="iftar">{t("at iftar")}</option>
                        <option value="sehri">{t("at sehri")}</option>
                      </select>
                    </label>
                    <input
                      type="time"
                      name={rangeField(i, edge)}
                      defaultValue={value(rangeField(i, edge))}
                      aria-label={
                        edge === "From"
                          ? t("Time {{number}}: starts at", { number: i + 1 })
                          : t("Time {{number}}: ends at", { number: i + 1 })
                      }
                      className="min-h-11 w-32 rounded-md border border-line px-2"
                    />
                  </div>
                ))}
              </div>
              {error ? <p className="text-sm text-danger">{tm(error)}</p> : null}
            </fieldset>
          );
        })}
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            name="closed"
            defaultChecked={value("closed") === "on"}
            className="size-5 accent-brand"
          />
          {t("Closed on these days")}
        </label>
        <button
          type="submit"
          name="intent"
          value="add"
          className={buttonClass("primary", "self-start")}
          disabled={busy}
        >
          {busy ? t("Saving…") : t("Save these hours")}
        </button>
      </Form>
      <Link to={ownBranchPath(branch.url)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.name })}
      </Link>
    </section>
  );
}
