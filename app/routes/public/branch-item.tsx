import { Link } from "react-router";
import { getViewer } from "~/features/accounts/accounts.server.ts";
import { branchItem } from "~/features/branches/branches.server.ts";
import { branchPath } from "~/lib/slug.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-item";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request.headers);
  const found = await branchItem(
    services,
    params.restaurantName,
    params.branchName,
    params.itemId,
    viewer?.userId,
  );
  if (!found) notFound(MENU_MESSAGES.itemPageNotFound);
  const shown = found.visibility !== "awaiting-approval";
  return {
    visibility: found.visibility,
    item: shown ? found.item : null,
    back: branchPath(found.restaurant.urlName, found.branch.branchUrl),
    branchName: found.branch.branchName,
    restName: found.restaurant.restName,
  };
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => [
  { title: data?.item ? `${data.item.name} · ${data.restName} ${data.branchName} · Foodverse` : "Foodverse" },
  { name: "description", content: data?.item?.description ?? "" },
];

export default function PublicBranchItem({ loaderData }: Route.ComponentProps) {
  const { item, visibility, back, branchName, restName } = loaderData;
  return (
    <article className="flex flex-col gap-6">
      <Link to={back} className="font-medium text-brand underline">
        {restName} · {branchName}
      </Link>
      <ApprovalNote visibility={visibility} />
      {item ? <ItemDetail item={item} /> : null}
    </article>
  );
}
