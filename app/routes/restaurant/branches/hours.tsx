import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES as B, hoursField } from "~/features/branches/branches.schema.ts";
import { ownBranchHours, setOpeningHours } from "~/features/branches/branches.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { DAY_NAMES, DAYS, RANGES_A_DAY, readHours } from "~/lib/opening-hours.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/hours";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const branch = loaderData?.branch.branchName ?? t(B.notFound);
  return [{ title: `${t("Opening hours: {{branch}}", { branch })} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const branch = await ownBranchHours(services, viewer.userId, params.branchName);
  if (!branch) notFound(B.notFound);
  return { branch };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const result = await setOpeningHours(services, viewer.userId, params.branchName, values);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(ownBranchPath(params.branchName), "success", B.hoursSaved);
}

export default function BranchHours({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { branch } = loaderData;
  const saved = readHours(branch.openingHours);
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  // What was sent (after a refusal), else what is saved.
  const value = (name: string, fallback: string) =>
    actionData ? String(actionData.values[name] ?? "") : fallback;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.branchName}</p>
      <h1 className="text-2xl font-bold">{t("Opening hours")}</h1>
      <p className="text-sm text-muted">
        {t(
          "Diners see ‘Open now’ and when you close, in Pakistan time. Leave a day empty when you are closed; a time after midnight (e.g. 19:00 to 02:00) runs into the next morning. Leave every day empty to show no hours.",
        )}
      </p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormAlert message={Object.values(errors)[0]} />
        {DAYS.map((day) => (
          <fieldset key={day} className="flex flex-col gap-2 border-b border-line pb-3">
            <legend className="font-semibold">{t(DAY_NAMES[day])}</legend>
            {Array.from({ length: RANGES_A_DAY }, (_, range) => {
              const [opens, closes] = saved?.days[day][range] ?? ["", ""];
              const error =
                errors[hoursField(day, range, "Opens")] ??
                errors[hoursField(day, range, "Closes")] ??
                undefined;
              const dayName = t(DAY_NAMES[day]);
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
                        defaultValue={value(hoursField(day, range, edge), edge === "Opens" ? opens : closes)}
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
                        className="min-h-11 w-36 rounded-md border border-line px-2"
                      />
                    </label>
                  ))}
                  {error ? <p className="w-full text-sm text-danger">{tm(error)}</p> : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <label className="flex flex-col gap-1 font-medium">
          {t("Note")}{" "}
          <span className="font-normal text-muted">{t("(optional, e.g. Ramadan: 7 pm to 3 am)")}</span>
          <textarea
            name="note"
            rows={2}
            maxLength={300}
            defaultValue={value("note", saved?.note ?? "")}
            className="rounded-md border border-line px-3 py-2"
          />
        </label>
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? t("Saving…") : t("Save opening hours")}
        </button>
      </Form>
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </section>
  );
}
