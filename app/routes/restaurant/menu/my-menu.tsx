import { MenuSections } from "~/features/menus/components/menu-sections.tsx";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownerPrice } from "~/lib/price.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/my-menu";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("My menu")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  return { sections: await ownerMenu(services, viewer.userId) };
}

export default function MyMenu({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { sections } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("My menu")}</h1>
      {sections.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(MENU_MESSAGES.noMenu)}</p>
      ) : (
        <MenuSections
          sections={sections}
          itemHref={(id) => `/profile/restaurant/mymenu/${id}`}
          price={ownerPrice}
        />
      )}
    </section>
  );
}
