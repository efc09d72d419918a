import { Link } from "react-router";
import { getViewer } from "~/features/accounts/access.server.ts";
import { branchItem } from "~/features/branches/branches.server.ts";
import { menuItemMeta } from "~/lib/json-ld.ts";
import { errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { staticForVisitorsWith } from "~/lib/static-page.ts";
import { branchPath } from "~/lib/slug.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-item";

export const handle = staticForVisitorsWith("carousel");

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

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return errorMeta(MENU_MESSAGES.itemPageNotFound);
  const origin = originOf(matches);
  const where = `${data.restName} ${data.branchName}`;
  // An owner's preview is never described: only an approved menu's item reaches meta.
  const item = data.visibility === "public" ? data.item : null;
  if (!item) {
    return seoMeta({
      origin,
      locale: localeOf(matches),
      path: data.back,
      title: where,
      description: `The menu of ${where}: coming soon.`,
      noindex: true,
    });
  }
  return menuItemMeta({ origin, path: `${data.back}/menu/${item.id}`, place: where, item });
}

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
