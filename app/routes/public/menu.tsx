import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/accounts.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { MenuSections } from "~/features/menus/components/menu-sections.tsx";
import { publicMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { publicPrice } from "~/lib/price.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/menu";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request.headers);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const menu = await publicMenu(services, params.restaurantName, page, viewer?.userId);
  if (!menu) notFound();
  return { ...menu, pageUrl: `${services.env.PUBLIC_URL}${restaurantPath(menu.restaurant.urlName)}/menu` };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Not Found · Foodverse" }];
  const name = data.restaurant.restName;
  const title = `Our Menu · ${name} · Foodverse`;
  const description = `The menu of ${name}: ${data.sections.map((s) => s.originalName).join(", ") || "coming soon"}.`;
  const jsonLd =
    data.visibility === "public"
      ? {
          "@context": "https://schema.org",
          "@type": "Menu",
          name: `${name} menu`,
          url: data.pageUrl,
          hasMenuSection: data.sections.map((s) => ({
            "@type": "MenuSection",
            name: s.originalName,
            hasMenuItem: s.items.map((i) => ({
              "@type": "MenuItem",
              name: i.name,
              description: i.description || undefined,
              offers: { "@type": "Offer", price: i.price, priceCurrency: "PKR" },
            })),
          })),
        }
      : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: `${name} · Our Menu` },
    { property: "og:description", content: description },
    { property: "og:url", content: data.pageUrl },
    ...(jsonLd ? [{ "script:ld+json": jsonLd }] : []),
  ];
}

export default function OurMenu({ loaderData }: Route.ComponentProps) {
  const { restaurant, sections, page, pages, visibility } = loaderData;
  const base = `${restaurantPath(restaurant.urlName)}/menu`;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <Link to={restaurantPath(restaurant.urlName)} className="font-medium text-brand underline">
          {restaurant.restName}
        </Link>
        <h1 className="text-3xl font-bold">Our Menu</h1>
      </header>
      <ApprovalNote visibility={visibility} />
      {visibility !== "awaiting-approval" && sections.length === 0 ? <p>{MENU_MESSAGES.noMenu}</p> : null}
      <MenuSections sections={sections} itemHref={(id) => `${base}/${id}`} price={publicPrice} />
      <Pagination page={page} pages={pages} label="Menu pages" />
    </article>
  );
}
