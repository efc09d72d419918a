import { Avatar } from "~/components/ui/avatar.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { findCustomerProfile } from "~/features/accounts/accounts.queries.server.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: "My profile · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const customer = await findCustomerProfile(services.database.db, viewer.userId);
  if (!customer) notFound();
  return { customer };
}

export default function CustomerProfile({ loaderData }: Route.ComponentProps) {
  const c = loaderData.customer;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <Avatar src={c.profileImageUrl} name={c.firstName} />
        <div>
          <h1 className="text-2xl font-bold">
            {c.firstName} {c.lastName}
          </h1>
          <p className="text-muted">@{c.username}</p>
        </div>
      </div>
      <ReadMore text={c.about} />
      <p>
        <span className="font-medium">Country:</span> {c.country || "—"}
      </p>
    </section>
  );
}
