import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { ownItem } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/my-menu-item";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${loaderData?.item.name ?? t("Item")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const item = await ownItem(services, viewer.userId, params.itemId);
  if (!item) notFound(MENU_MESSAGES.itemPageNotFound);
  return { item };
}

export default function MyMenuItem({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <article className="flex flex-col gap-4">
      <ItemDetail item={loaderData.item} />
      <div className="flex gap-2">
        <Link
          to={`/profile/restaurant/addmenu/items/edit/${loaderData.item.id}`}
          className={buttonClass("secondary")}
        >
          {t("Edit")}
        </Link>
        <Link to="/profile/restaurant/mymenu" className={buttonClass("ghost")}>
          {t("Back to my menu")}
        </Link>
      </div>
    </article>
  );
}
