import { DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, AUDIT_ACTION_LABEL } from "~/features/admin/admin.schema.ts";
import { auditLog } from "~/features/admin/admin.server.ts";
import { requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/audit";

export const meta = () => [
  { title: "Audit log · Admin · Foodverse" },
  { name: "robots", content: "noindex" },
];

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Karachi",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return auditLog(services, page);
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
              <td className="p-3 whitespace-nowrap">
                <time dateTime={e.timestamp}>{timeFormat.format(new Date(e.timestamp))}</time>
              </td>
              <td className="p-3">{e.actorLabel}</td>
              <td className="p-3">
                {AUDIT_ACTION_LABEL[e.action] ?? e.action}: {e.targetLabel}
              </td>
              <td className="p-3">{e.reason}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pages={pages} label="Audit log pages" />
    </section>
  );
}
