import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ADMIN_MESSAGES, STATUS_LABEL } from "~/features/admin/admin.schema.ts";
import { userDirectory } from "~/features/admin/admin.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/users";
import { requestedPage } from "~/lib/paging.ts";
import { formatDate } from "~/lib/dates.ts";

export const meta = () => [{ title: "Users · Admin · Foodverse" }, { name: "robots", content: "noindex" }];

const ROLE_LABEL: Record<string, string> = {
  admin: "Admin",
  restaurant: "Restaurant",
  customer: "Customer",
  none: "No profile",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const params = new URL(request.url).searchParams;
  const text = params.get("q") ?? "";
  return { text, ...(await userDirectory(services, text, requestedPage(params))) };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { text, users, page, pages } = loaderData;
  const searching = useNavigation().state === "loading";
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Users</h1>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label="Search by email or name"
            name="q"
            type="search"
            defaultValue={text}
            maxLength={100}
          />
        </div>
        <Button type="submit" disabled={searching}>
          {searching ? "Searching…" : "Search"}
        </Button>
      </Form>
      {users.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{ADMIN_MESSAGES.noUsers}</p>
      ) : (
        <DataTable caption="Users" columns={["Name", "Email", "Kind", "Since"]}>
          {users.map((u) => (
            <tr key={u.id} className={ROW_CLASS}>
              <Cell label="Name">
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
              <Cell label="Email" className="md:break-all">
                {u.email}
              </Cell>
              <Cell label="Kind">
                {ROLE_LABEL[u.role]}
                {u.approvalStatus ? ` (${STATUS_LABEL[u.approvalStatus]})` : ""}
              </Cell>
              <Cell label="Since" className="md:whitespace-nowrap">
                {formatDate(u.since)}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pages={pages} label="User pages" />
    </section>
  );
}
