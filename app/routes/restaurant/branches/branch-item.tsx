import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { findBranch, findBranchItem } from "~/features/branches/branches.queries.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-item";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.item.name ?? "Item"} · Foodverse` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const { db } = services.database;
  const branch = await findBranch(db, viewer.userId, params.branchName);
  if (!branch) notFound(BRANCH_MESSAGES.notFound);
  const item = await findBranchItem(db, branch.id, params.itemId);
  if (!item) notFound(MENU_MESSAGES.itemPageNotFound);
  return { branch, item: { ...item, price: item.priceOverride ?? item.price } };
}

export default function OwnerBranchItem({ loaderData }: Route.ComponentProps) {
  const { branch, item } = loaderData;
  return (
    <article className="flex flex-col gap-4">
      <ItemDetail item={item} />
      <Link
        to={`/profile/restaurant/mybranches/${encodeURIComponent(branch.branchUrl)}`}
        className={buttonClass("ghost", "self-start")}
      >
        Back to {branch.branchName}
      </Link>
    </article>
  );
}
