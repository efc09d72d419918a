import type { Message } from "~/lib/message.ts";
import { Form, Link, useNavigation } from "react-router";
import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TextAreaField } from "~/components/ui/field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { ADMIN_MESSAGES, LOCK_LABEL, STATUS_LABEL } from "~/features/admin/admin.schema.ts";
import { accountForAdmin, decideAccount, unlockUser } from "~/features/admin/admin.server.ts";
import { roleLabel } from "~/features/admin/components/role-label.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/user";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    { title: `${loaderData?.user.email ?? t("Account")} · ${t("Admin")} · Foodverse` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const account = await accountForAdmin(services, params.userId);
  if (!account) notFound(ADMIN_MESSAGES.userNotFound);
  // Milliseconds to ISO text: a lock kept without an expiry (never written so) has no end.
  const locks = account.locks?.map((lock) => ({
    limit: lock.limit,
    until: Number.isFinite(lock.until) ? new Date(lock.until).toISOString() : null,
  }));
  return { user: account.user, locks: locks ?? null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "admin");
  // The Unlock form has no fields, but a body that is no form is refused like any form's (400).
  const values = await readFormValues(request, context);
  const actor = { id: viewer.userId, label: viewer.displayName };
  const back = `/admin/users/${encodeURIComponent(params.userId)}`;
  // ADR 0033: Suspend and Restore send an intent (the use case's schema knows them all);
  // the Unlock form (ADR 0031) sends none.
  if (values.intent) {
    const decided = await decideAccount(services, actor, params.userId, values);
    if (!decided.ok) return refused(decided, values);
    return redirectWithToast(back, "success", decided.message);
  }
  const result = await unlockUser(services, actor, { id: params.userId });
  if (!result.ok) return refused(result);
  return redirectWithToast(back, "success", result.message);
}

/** ADR 0033: suspend with a reason the person reads at login, or restore; an admin's account has neither. */
function Suspension({
  user,
  error,
}: {
  user: Route.ComponentProps["loaderData"]["user"];
  error: Message | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const { t, dateTime } = useI18n();
  if (user.role !== "customer" && user.role !== "restaurant") return null;
  const suspension = user.suspension;
  return (
    <section aria-labelledby="suspension" className="flex flex-col gap-3">
      <h2 id="suspension" className="text-xl font-bold">
        {t("Suspension")}
      </h2>
      <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        {suspension ? (
          <>
            <p className="font-bold">{t("Suspended since {{date}}", { date: dateTime(suspension.since) })}</p>
            <p className="break-words">
              {t("Reason")}: <bdi>{suspension.reason}</bdi>
            </p>
            <p>
              {t(
                "Restoring lets this person log in again and shows their reviews again. It is written in the audit log.",
              )}
            </p>
            <input type="hidden" name="intent" value="restore" />
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? t("Saving…") : t("Restore account")}
            </Button>
          </>
        ) : (
          <>
            <p>
              {user.role === "restaurant"
                ? t(
                    "Suspending signs this owner out at once and keeps them from logging in; their restaurant is suspended too, so its menus are hidden. It is written in the audit log.",
                  )
                : t(
                    "Suspending signs this customer out at once, keeps them from logging in and hides their reviews from every page, count and rating. It is written in the audit log.",
                  )}
            </p>
            <input type="hidden" name="intent" value="suspend" />
            <TextAreaField
              label={t("Reason for suspending (the person sees it when they log in)")}
              name="reason"
              rows={3}
              maxLength={500}
              required
              error={error}
            />
            <Button type="submit" variant="danger" disabled={busy} className="self-start">
              {busy ? t("Saving…") : t("Suspend account")}
            </Button>
          </>
        )}
      </Form>
    </section>
  );
}

/** ADR 0031: an account, the locks on it (and until when), and the button that clears them. */
export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { user, locks } = loaderData;
  const busy = useNavigation().state === "submitting";
  const { t, tm, date, dateTime } = useI18n();
  return (
    <article className="flex flex-col gap-6">
      <Link to="/admin/users" className="font-medium text-brand underline">
        {t("Back to users")}
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold break-words">{user.name}</h1>
        <p className="break-all text-muted">{user.email}</p>
        <p>
          {roleLabel(t, user.role)}
          {user.approvalStatus ? ` (${t(STATUS_LABEL[user.approvalStatus])})` : ""}
          {user.since ? ` · ${t("since {{date}}", { date: date(user.since) })}` : ""}
          {user.suspension ? ` · ${t("Account suspended")}` : ""}
        </p>
        {user.urlName ? (
          <Link
            to={`/admin/restaurants/${encodeURIComponent(user.urlName)}`}
            className="self-start text-brand underline"
          >
            {t("Restaurant and menu")}
          </Link>
        ) : null}
      </header>

      <Suspension user={user} error={actionData?.fieldErrors.reason} />

      <section aria-labelledby="locks" className="flex flex-col gap-3">
        <h2 id="locks" className="text-xl font-bold">
          {t("Locks")}
        </h2>
        {locks === null ? (
          <p role="alert" className="rounded-xl bg-white p-6 shadow-sm">
            {tm(ADMIN_MESSAGES.locksUnavailable)}
          </p>
        ) : locks.length === 0 ? (
          <p className="rounded-xl bg-white p-6 shadow-sm">{t("No locks: this account can sign in.")}</p>
        ) : (
          <>
            <DataTable caption={t("Locks on this account")} columns={[t("Locked out of"), t("Until")]}>
              {locks.map((lock, i) => (
                <tr key={`${lock.limit}-${i}`} className={ROW_CLASS}>
                  <Cell label={t("Locked out of")}>{t(LOCK_LABEL[lock.limit] ?? lock.limit)}</Cell>
                  <Cell label={t("Until")} className="md:whitespace-nowrap">
                    {lock.until ? <time dateTime={lock.until}>{dateTime(lock.until)}</time> : "—"}
                  </Cell>
                </tr>
              ))}
            </DataTable>
            <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
              <p>
                {t(
                  "Unlocking clears these locks and the wrong attempts counted so far, on every server. It is written in the audit log.",
                )}
              </p>
              <Button type="submit" disabled={busy} className="self-start">
                {busy ? t("Unlocking…") : t("Unlock")}
              </Button>
            </Form>
          </>
        )}
      </section>
    </article>
  );
}
