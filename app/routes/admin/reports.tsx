import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { Stars } from "~/components/ui/stars.tsx";
import { ADMIN_MESSAGES } from "~/features/admin/admin.schema.ts";
import { decideReview, reportQueue } from "~/features/admin/admin.server.ts";
import { branchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import type { Route } from "./+types/reports";
import { readFormValues } from "~/server/upload-form.server.ts";
import { requestedPage } from "~/lib/paging.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    { title: `${t("Reported reviews")} · ${t("Admin")} · Foodverse` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const params = new URL(request.url).searchParams;
  const status = params.get("status") === "hidden" ? "hidden" : "open";
  return { status, ...(await reportQueue(services, status, requestedPage(params))) } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "admin");
  const values = await readFormValues(request, context);
  const result = await decideReview(services, { id: viewer.userId, label: viewer.displayName }, values);
  if (!result.ok) return refused(result);
  const back = values.intent === "restore" ? "/admin/reports?status=hidden" : "/admin/reports";
  return redirectWithToast(back, "success", result.message);
}

function ModerationButton({ reviewId, intent, label }: { reviewId: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={intent === "hide" ? "danger" : "secondary"}>
        {label}
      </Button>
    </Form>
  );
}

/** Reported reviews: hide (out of every list and rating), dismiss the reports, or restore a hidden one. */
export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { status, reviews, page, pages } = loaderData;
  const { t, tm, date } = useI18n();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("Reported reviews")}</h1>
      <nav aria-label={t("Report state")} className="flex gap-2">
        {(["open", "hidden"] as const).map((s) => (
          <Link
            key={s}
            to={s === "open" ? "?" : "?status=hidden"}
            aria-current={s === status ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 ${s === status ? "border-brand bg-brand text-white" : "border-line bg-white"}`}
          >
            {s === "open" ? t("Open reports") : t("Hidden reviews")}
          </Link>
        ))}
      </nav>
      {reviews.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(ADMIN_MESSAGES.noReports)}</p>
      ) : null}
      <ul className="flex flex-col gap-4">
        {reviews.map((r) => (
          <li key={r.id} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">
                {t("{{name}} on", { name: `${r.firstName} ${r.lastName}` })}{" "}
                <Link to={branchPath(r.urlName, r.branchUrl)} className="text-brand underline">
                  {r.restName}, {r.branchName}
                </Link>
              </h2>
              <Stars value={r.rating} />
            </div>
            {r.review ? (
              <p className="whitespace-pre-line">{r.review}</p>
            ) : (
              <p className="text-muted">{t("No text.")}</p>
            )}
            {r.reviewPics !== "[]" || r.reviewVideo ? (
              <p className="text-sm text-muted">{t("Has photos or a video: see it on the branch page.")}</p>
            ) : null}
            <div>
              <h3 className="font-medium">{t("{{count}} reports", { count: r.reports.length })}</h3>
              <ul className="list-disc ps-6 text-sm">
                {r.reports.map((report, i) => (
                  <li key={i}>
                    {report.reason} <span className="text-muted">({date(report.timestamp)})</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              {status === "open" ? (
                <>
                  <ModerationButton reviewId={r.id} intent="hide" label={t("Hide review")} />
                  <ModerationButton reviewId={r.id} intent="dismiss" label={t("Dismiss reports")} />
                </>
              ) : (
                <ModerationButton reviewId={r.id} intent="restore" label={t("Restore review")} />
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} label={t("Report pages")} />
    </section>
  );
}
