import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { TableName } from "~/features/tables/components/table-name.tsx";
import { TABLE_MESSAGES as M } from "~/features/tables/tables.schema.ts";
import { addTables, changeTables, ownTables } from "~/features/tables/tables.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/tables";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Tables: {{branch}}", { branch: loaderData?.branch.name ?? "" })} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownTables(services, viewer.userId, params.branchName);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const back = `${ownBranchPath(params.branchName)}/tables`;
  const intent = values.intent;
  if (intent === "add") {
    const result = await addTables(services, viewer.userId, params.branchName, values);
    if (!result.ok && result.status === 404) notFound(BRANCH_MESSAGES.notFound);
    if (!result.ok) return refused(result, values);
    return redirectWithToast(back, "success", M.added(result.added));
  }
  const tableId = String(values.tableId ?? "");
  const change =
    intent === "change-all"
      ? ({ intent } as const)
      : intent === "remove" || intent === "change"
        ? ({ intent, tableId } as const)
        : null;
  if (!change) return refused({ ok: false, status: 400, message: "Unknown action.", level: "error" });
  const result = await changeTables(services, viewer.userId, params.branchName, change);
  if (!result.ok) return refused(result);
  const said = intent === "change-all" ? M.allChanged : intent === "remove" ? M.removed : M.changed;
  return redirectWithToast(back, "success", said);
}

/** A branch's tables, each with its own printed code (issue 33, ADR 0046), and when the codes changed. */
export default function Tables({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, dateTime } = useI18n();
  const busy = useNavigation().state === "submitting";
  const { branch, tables, events } = loaderData;
  const cards = `${ownBranchPath(branch.url)}/tables/cards`;
  const error = actionData?.fieldErrors?.tables;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.name}</p>
      <h1 className="text-2xl font-bold">{t("Tables and their cards")}</h1>
      <p className="text-sm text-muted">
        {t(
          "Each table's card has a code of its own. A diner who opens it and then posts a review of this branch from that phone gets the mark 'Reviewed after scanning at the table'. The branch's own QR code stays as it is and gives no mark.",
        )}
      </p>
      <Form method="post" noValidate className="flex flex-col gap-3">
        <FormAlert message={error} />
        <TextField
          label={t("Tables to add")}
          name="tables"
          hint={t("Numbers and names, separated by commas: 1-12, Family hall 1")}
          defaultValue={typeof actionData?.values?.tables === "string" ? actionData.values.tables : ""}
          error={error}
        />
        <button
          type="submit"
          name="intent"
          value="add"
          className={buttonClass("primary", "self-start")}
          disabled={busy}
        >
          {busy ? t("Saving…") : t("Add tables")}
        </button>
      </Form>
      <h2 className="text-xl font-bold">{t("Tables ({{number}})", { number: tables.length })}</h2>
      {tables.length === 0 ? (
        <p>{t("No tables yet. Add them above to print a card for each.")}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Link to={`${cards}?layout=a4`} className={buttonClass("secondary")}>
              {t("Print every card: four on an A4 page")}
            </Link>
            <Link to={`${cards}?layout=a6`} className={buttonClass("secondary")}>
              {t("One card on each A6 page")}
            </Link>
          </div>
          <ul className="flex flex-col divide-y divide-line">
            {tables.map((table) => (
              <li key={table.id} className="flex flex-col gap-2 py-3">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">
                    <TableName label={table.label} numbered={table.numbered} />
                  </span>
                  <bdi dir="ltr" className="font-mono text-sm break-all text-muted">
                    {table.url.replace(/^https?:\/\//u, "")}
                  </bdi>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link to={`${cards}?table=${table.id}`} className={buttonClass("ghost", "px-3")}>
                    {t("Print this card")}
                  </Link>
                  <Form method="post" className="contents">
                    <input type="hidden" name="tableId" value={table.id} />
                    <ConfirmSubmit
                      name="intent"
                      value="change"
                      question={t("Make a new code for this table? Its printed card stops giving passes.")}
                      className={buttonClass("secondary")}
                    >
                      {t("New code")}
                    </ConfirmSubmit>
                    <ConfirmSubmit name="intent" value="remove" question={t("Remove this table?")}>
                      {t("Remove")}
                    </ConfirmSubmit>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
          <Form method="post">
            <ConfirmSubmit
              name="intent"
              value="change-all"
              question={t("Make new codes for every table? Every printed card stops giving passes.")}
              className={buttonClass("secondary")}
            >
              {t("New codes for every table")}
            </ConfirmSubmit>
          </Form>
        </>
      )}
      {events.length > 0 ? (
        <section aria-labelledby="code-changes" className="flex flex-col gap-2">
          <h2 id="code-changes" className="text-xl font-bold">
            {t("Changes of the codes")}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {events.map((e, i) => (
              <li key={i}>
                <span className="text-muted">{dateTime(e.timestamp)}</span>{" "}
                {e.action === "added"
                  ? t("Added: {{tables}}", { tables: e.tableLabel })
                  : e.action === "removed"
                    ? t("Removed: {{tables}}", { tables: e.tableLabel })
                    : e.tableLabel
                      ? t("New code: {{tables}}", { tables: e.tableLabel })
                      : t("New codes for every table")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to={ownBranchPath(branch.url)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.name })}
      </Link>
    </section>
  );
}
