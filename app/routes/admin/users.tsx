import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, STATUS_LABEL } from "~/features/admin/admin.schema.ts";
import { userDirectory } from "~/features/admin/admin.server.ts";
import { roleLabel } from "~/features/admin/components/role-label.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/users";
import { requestedPage } from "~/lib/paging.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Users")} · ${t("Admin")} · Foodverse` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const params = new URL(request.url).searchParams;
  const text = params.get("q") ?? "";
  return { text, ...(await userDirectory(services, text, requestedPage(params))) };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { text, users, page, pages } = loaderData;
  const searching = useNavigation().state === "loading";
  const { t, tm, date } = useI18n();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("Users")}</h1>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label={t("Search by email or name")}
            name="q"
            type="search"
            defaultValue={text}
            maxLength={100}
          />
        </div>
        <Button type="submit" disabled={searching}>
          {searching ? t("Searching…") : t("Search")}
        </Button>
      </Form>
      {users.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(ADMIN_MESSAGES.noUsers)}</p>
      ) : (
        <DataTable caption={t("Users")} columns={[t("Name"), t("Email"), t("Kind"), t("Since")]}>
          {users.map((u) => (
            <tr key={u.id} className={ROW_CLASS}>
              <Cell label={t("Name")}>
                {u.urlName ? (
                  <Link
                    to={`/admin/restaurants/${encodeURIComponent(u.urlName)}`}
                    className="text-brand underline"
                  >
                    {u.name}
                  </Link>
                ) : (
                  u.name
                )}
              </Cell>
              <Cell label={t("Email")} className="md:break-all">
                <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="text-brand underline">
                  {u.email}
                </Link>
              </Cell>
              <Cell label={t("Kind")}>
                {roleLabel(t, u.role)}
                {u.approvalStatus ? ` (${t(STATUS_LABEL[u.approvalStatus])})` : ""}
                {u.suspension ? ` · ${t("Account suspended")}` : ""}
              </Cell>
              <Cell label={t("Since")} className="md:whitespace-nowrap">
                {date(u.since)}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pages={pages} label={t("User pages")} />
    </section>
  );
}
