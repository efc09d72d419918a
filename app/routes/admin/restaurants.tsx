import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, RESTAURANT_STATUSES, STATUS_LABEL } from "~/features/admin/admin.schema.ts";
import { restaurantQueue } from "~/features/admin/admin.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/restaurants";
import { requestedPage } from "~/lib/paging.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    { title: `${t("Restaurants")} · ${t("Admin")} · Foodverse` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const params = new URL(request.url).searchParams;
  const status = RESTAURANT_STATUSES.find((s) => s === params.get("status")) ?? "pending";
  return { status, ...(await restaurantQueue(services, status, requestedPage(params))) };
}

/** Product rules §2: restaurants by approval state, the longest-waiting first, each opening to its menu. */
export default function AdminRestaurants({ loaderData }: Route.ComponentProps) {
  const { status, counts, restaurants, page, pages } = loaderData;
  const { t, tm, date, locale, number } = useI18n();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("Restaurants")}</h1>
      <nav aria-label={t("Approval state")}>
        <ul className="flex flex-wrap gap-2">
          {RESTAURANT_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={`?status=${s}`}
                aria-current={s === status ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 ${s === status ? "border-brand bg-brand text-white" : "border-line bg-white"}`}
              >
                {t(STATUS_LABEL[s])} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {restaurants.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">
          {status === "pending"
            ? tm(ADMIN_MESSAGES.noPending)
            : t("No {{status}} restaurants.", { status: t(STATUS_LABEL[status]).toLowerCase() })}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {restaurants.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 shadow-sm">
              <Avatar src={r.profileImageUrl} name={r.restName} size={56} />
              <div className="min-w-40 flex-1">
                <h2 className="text-lg font-semibold">{r.restName}</h2>
                <p className="text-sm break-words text-muted">
                  {t(r.restType)} · {r.country} · {r.email} ·{" "}
                  {t("signed up {{date}}", { date: date(r.timestamp) })}
                </p>
                <p className="text-sm">
                  {t("{{count}} sections", { count: r.sections })}
                  {locale === "ur" ? "، " : ", "}
                  {t("{{count}} items", { count: r.items })}
                </p>
                <p className="text-sm">
                  {t("Last {{days}} days: {{scans}} QR scans, {{views}} page views", {
                    days: loaderData.viewDays,
                    scans: number(r.scans),
                    views: number(r.views),
                  })}
                </p>
                {r.approvalNote ? (
                  <p className="text-sm">{t("Reason: {{reason}}", { reason: r.approvalNote })}</p>
                ) : null}
              </div>
              <Link
                to={`/admin/restaurants/${encodeURIComponent(r.urlName)}`}
                className="inline-flex min-h-11 items-center rounded-md border border-brand px-4 font-semibold text-brand hover:bg-brand-soft"
                aria-label={t("Inspect {{name}}", { name: r.restName })}
              >
                {t("Inspect menu")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} label={t("Restaurant pages")} />
    </section>
  );
}
