import { Link } from "react-router";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { Pagination } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/access.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { MenuSections } from "~/features/menus/components/menu-sections.tsx";
import { publicMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { menuJsonLd, withContext } from "~/lib/json-ld.ts";
import { shareImageUrl } from "~/lib/media.ts";
import { publicPrice } from "~/lib/price.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/menu";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";
import { requestedPage } from "~/lib/paging.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  const menu = await publicMenu(services, params.restaurantName, requestedPage(request), viewer?.userId);
  if (!menu) notFound();
  return inLanguage(menu, requestLocale(request));
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(t("Not Found"));
  const name = data.restaurant.restName;
  const origin = originOf(matches);
  const base = `${restaurantPath(data.restaurant.urlName)}/menu`;
  // Only an approved menu reaches meta: an owner's preview never becomes a description or JSON-LD.
  const shown = data.visibility === "public";
  const sectionNames = shown ? data.sections.map((s) => s.originalName).join(", ") : "";
  return seoMeta({
    origin,
    locale,
    path: pagedPath(base, data.page),
    title: t("Our Menu · {{name}}", { name }),
    description: sectionNames
      ? t("The menu of {{name}}: {{sections}}.", { name, sections: sectionNames })
      : t("The menu of {{name}}: coming soon.", { name }),
    image: shareImageUrl(data.restaurant.profileImageUrl),
    noindex: !shown,
    jsonLd: shown
      ? withContext(
          menuJsonLd({
            name: t("{{name}} menu", { name }),
            url: absoluteUrl(origin, base),
            sections: data.sections.map((s) => ({
              name: s.originalName,
              alternateName: s.alternateName,
              items: s.items.map((i) => ({
                name: i.name,
                alternateName: i.alternateName,
                description: i.description,
                price: i.price,
                soldOut: i.soldOut,
                url: absoluteUrl(origin, `${base}/${i.id}`),
              })),
            })),
          }),
        )
      : null,
  });
}

export default function OurMenu({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { restaurant, sections, page, pages, visibility } = loaderData;
  const base = `${restaurantPath(restaurant.urlName)}/menu`;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <Link to={restaurantPath(restaurant.urlName)} className="font-medium text-brand underline">
          {restaurant.restName}
        </Link>
        <h1 className="text-3xl font-bold">{t("Our Menu")}</h1>
      </header>
      <ApprovalNote visibility={visibility} />
      {visibility !== "awaiting-approval" && sections.length === 0 ? <p>{tm(MENU_MESSAGES.noMenu)}</p> : null}
      <MenuSections sections={sections} itemHref={(id) => `${base}/${id}`} price={publicPrice} />
      <Pagination page={page} pages={pages} label={t("Menu pages")} />
    </article>
  );
}
