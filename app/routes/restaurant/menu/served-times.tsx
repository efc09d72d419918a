import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import {
  FOLLOW_FIELD,
  SERVED_TIMES_EDIT_FORM,
  SERVED_TIMES_FIELD_LABELS,
  SERVED_TIMES_MESSAGES as M,
  servedTimesValuesOf,
} from "~/features/menus/served-times-form.ts";
import { WindowFields } from "~/features/menus/components/window-fields.tsx";
import { servedTimesForm, setServedTimes, type TimedTarget } from "~/features/menus/served-times.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { EDITED_FROM, editVersion } from "~/lib/edit-version.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/served-times";

/**
 * When a section or dish is served (ADR 0043), on the general menu or at one branch: one
 * module for four addresses, told apart by their parameters.
 */
function targetOf(params: { sectionId?: string; itemId?: string; branchName?: string }): TimedTarget {
  return {
    kind: params.sectionId ? "section" : "item",
    id: params.sectionId ?? params.itemId ?? "",
    branchUrl: params.branchName ?? null,
  };
}

/** Where the owner came from and goes back to. */
function backTo(target: TimedTarget): string {
  if (target.branchUrl !== null) return ownBranchPath(target.branchUrl);
  return target.kind === "section"
    ? "/profile/restaurant/addmenu/sections"
    : "/profile/restaurant/addmenu/items";
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    {
      title: `${t("Serving times: {{name}}", { name: loaderData?.form.name ?? t(M.notFound) })} · Foodverse`,
    },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const target = targetOf(params);
  const form = await servedTimesForm(services, viewer.userId, target);
  if (!form) notFound(M.notFound);
  return { form, back: backTo(target) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const target = targetOf(params);
  const result = await setServedTimes(services, viewer.userId, target, values);
  if (!result.ok && result.status === 404) notFound(M.notFound);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(backTo(target), "success", M.saved);
}

export default function ServedTimes({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { form, back } = loaderData;
  const busy = useNavigation().state === "submitting";
  const conflict = actionData?.conflict;
  const initial = actionData ? servedTimesValuesOf(actionData.values) : form.values;
  const sentVersion = actionData?.values[EDITED_FROM];
  const version =
    conflict?.version ??
    (typeof sentVersion === "string" && sentVersion
      ? sentVersion
      : editVersion(form.values, SERVED_TIMES_EDIT_FORM));
  const errors = actionData?.fieldErrors ?? {};
  const [follow, setFollow] = useState(initial[FOLLOW_FIELD] ?? "");
  const following = follow === "general";
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      {form.branch ? <p className="text-muted">{form.branch.branchName}</p> : null}
      <h1 className="text-2xl font-bold">{t("Serving times: {{name}}", { name: form.name })}</h1>
      <p className="text-sm text-muted">
        {t(
          "Leave the times empty when it is served whenever you are open. A time past midnight (e.g. 23:00 to 03:00) runs into the next morning. Diners still see it on the menu at other times, marked with when it is served, after what is served now.",
        )}
      </p>
      <Form method="post" noValidate className="flex flex-col gap-4" key={conflict?.version ?? "loaded"}>
        <EditedFrom version={version} />
        <EditConflictNotice
          conflict={conflict}
          labels={SERVED_TIMES_FIELD_LABELS}
          describe={(value) =>
            value === "general"
              ? t("Same as the general menu")
              : value === "own"
                ? t("Own times at this branch")
                : value
          }
        />
        <FormAlert message={Object.values(errors).find(Boolean)} />
        {form.generalText !== null ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
            <legend className="px-1 font-semibold">{t("At this branch")}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={FOLLOW_FIELD}
                value="general"
                checked={following}
                onChange={() => setFollow("general")}
                className="size-5 accent-brand"
              />
              <span>
                {t("Same as the general menu")}{" "}
                <span className="text-muted">({form.generalText || t("whenever you are open")})</span>
              </span>
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={FOLLOW_FIELD}
                value="own"
                checked={follow === "own"}
                onChange={() => setFollow("own")}
                className="size-5 accent-brand"
              />
              {t("Own times at this branch")}
            </label>
          </fieldset>
        ) : null}
        <WindowFields initial={initial} errors={errors} />
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? t("Saving…") : conflict ? t("Apply my changes on top") : t("Save serving times")}
        </button>
      </Form>
      <Link to={back} className={buttonClass("ghost", "self-start")}>
        {form.branch ? t("Back to {{name}}", { name: form.branch.branchName }) : t("Back to the menu")}
      </Link>
    </section>
  );
}
