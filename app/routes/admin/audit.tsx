import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, AUDIT_ACTION_LABEL } from "~/features/admin/admin.schema.ts";
import { auditLog } from "~/features/admin/admin.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/audit";
import { requestedPage } from "~/lib/paging.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Audit log")} · ${t("Admin")} · Foodverse` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  return auditLog(services, requestedPage(request));
}

/** Every admin action: who, what, on which restaurant or review, when, and why. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  const { t, tm, dateTime } = useI18n();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("Audit log")}</h1>
      {entries.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(ADMIN_MESSAGES.noAudit)}</p>
      ) : (
        <DataTable
          caption={t("Admin actions, newest first")}
          columns={[t("When"), t("Who"), t("What"), t("Reason")]}
        >
          {entries.map((e) => (
            <tr key={e.id} className={ROW_CLASS}>
              <Cell label={t("When")} className="md:whitespace-nowrap">
                <time dateTime={e.timestamp}>{dateTime(e.timestamp)}</time>
              </Cell>
              <Cell label={t("Who")}>{e.actorLabel}</Cell>
              <Cell label={t("What")}>
                {/* The target's label is stored with the entry (names): it stays as written. */}
                {t(AUDIT_ACTION_LABEL[e.action] ?? e.action)}: {e.targetLabel}
              </Cell>
              {/* Empty without a reason (an approval, a hidden review): app.css hides it on a phone. */}
              <Cell label={t("Reason")} className="break-words">
                {e.reason ? <span dir="auto">{e.reason}</span> : null}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pages={pages} label={t("Audit log pages")} />
    </section>
  );
}
