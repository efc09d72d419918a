import { ownBranchPath } from "~/lib/slug.ts";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranchItem } from "~/features/branches/branches.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/branch-item";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.item.name ?? "Item"} · Foodverse` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownBranchItem(services, viewer.userId, params.branchName, params.itemId);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  const { branch, item } = found;
  if (!item) notFound(MENU_MESSAGES.itemPageNotFound);
  return { branch, item };
}

export default function OwnerBranchItem({ loaderData }: Route.ComponentProps) {
  const { branch, item } = loaderData;
  return (
    <article className="flex flex-col gap-4">
      <ItemDetail item={item} />
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        Back to {branch.branchName}
      </Link>
    </article>
  );
}
