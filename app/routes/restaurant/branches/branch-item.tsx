import { ownBranchPath } from "~/lib/slug.ts";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranchItem } from "~/features/branches/branches.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/branch-item";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${loaderData?.item.name ?? t("Item")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownBranchItem(services, viewer.userId, params.branchName, params.itemId);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  const { branch, item } = found;
  if (!item) notFound(MENU_MESSAGES.itemPageNotFound);
  return { branch, item };
}

export default function OwnerBranchItem({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { branch, item } = loaderData;
  return (
    <article className="flex flex-col gap-4">
      <ItemDetail item={item} />
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </article>
  );
}
