import { Link } from "react-router";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { branchItem } from "~/features/branches/branches.server.ts";
import { menuItemMeta } from "~/lib/json-ld.ts";
import { translateMessage, translatorFor } from "~/i18n/i18n.ts";
import { errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { keptForRoles, staticForVisitorsWith } from "~/lib/static-page.ts";
import { branchPath } from "~/lib/slug.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { DinersPhotos } from "~/features/reviews/components/diners-photos.tsx";
import { dinersPhotos } from "~/features/reviews/dish-photos.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-item";

export const handle = keptForRoles(staticForVisitorsWith("carousel"));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
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
    item: shown ? inLanguage(found.item, requestLocale(request)) : null,
    // Photos reviewers said show this dish (issue 33), once the restaurant is public.
    photos: found.visibility === "public" ? await dinersPhotos(services, { itemId: found.item.id }) : [],
    back: branchPath(found.restaurant.urlName, found.branch.branchUrl),
    branchName: found.branch.branchName,
    restName: found.restaurant.restName,
  };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(translateMessage(locale, MENU_MESSAGES.itemPageNotFound));
  const origin = originOf(matches);
  const where = `${data.restName} ${data.branchName}`;
  // An owner's preview is never described: only an approved menu's item reaches meta.
  const item = data.visibility === "public" ? data.item : null;
  if (!item) {
    return seoMeta({
      origin,
      locale,
      path: data.back,
      title: where,
      description: t("The menu of {{name}}: coming soon.", { name: where }),
      noindex: true,
    });
  }
  return menuItemMeta({
    origin,
    locale: localeOf(matches),
    path: `${data.back}/menu/${item.id}`,
    place: where,
    item,
  });
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
      <DinersPhotos photos={loaderData.photos} />
    </article>
  );
}
