import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, AUDIT_ACTION_LABEL } from "~/features/admin/admin.schema.ts";
import { auditLog } from "~/features/admin/admin.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/audit";
import { requestedPage } from "~/lib/paging.ts";
import { formatDateTime } from "~/lib/dates.ts";

export const meta = () => [
  { title: "Audit log · Admin · Foodverse" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  return auditLog(services, requestedPage(request));
}

/** Every admin action: who, what, on which restaurant or review, when, and why. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Audit log</h1>
      {entries.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{ADMIN_MESSAGES.noAudit}</p>
      ) : (
        <DataTable caption="Admin actions, newest first" columns={["When", "Who", "What", "Reason"]}>
          {entries.map((e) => (
            <tr key={e.id} className={ROW_CLASS}>
              <Cell label="When" className="md:whitespace-nowrap">
                <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time>
              </Cell>
              <Cell label="Who">{e.actorLabel}</Cell>
              <Cell label="What">
                {AUDIT_ACTION_LABEL[e.action] ?? e.action}: {e.targetLabel}
              </Cell>
              <Cell label="Reason">{e.reason}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pages={pages} label="Audit log pages" />
    </section>
  );
}
