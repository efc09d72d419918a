import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { requireRole } from "~/features/accounts/access.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Menu")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, "restaurant");
  return null;
}

export default function MenuDashboard() {
  const { t } = useI18n();
  const actions = [
    { to: "addsection", label: t("Add New Section") },
    { to: "sections", label: t("View Added Sections") },
    { to: "additems", label: t("Add Items to an Added Section") },
    { to: "items", label: t("View All Items in Sections") },
    { to: "deals", label: t("Deals and combos") },
  ];
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{t("Your general menu")}</h1>
      <p className="text-muted">
        {t(
          "Sections first, then the items in them. Your branches follow this menu: a change here reaches them at once.",
        )}
      </p>
      {actions.map((a) => (
        <Link key={a.to} to={a.to} className={buttonClass("primary", "w-full")}>
          {a.label}
        </Link>
      ))}
      <Link to="import" className={buttonClass("secondary", "w-full")}>
        {t("Import a menu from a spreadsheet")}
      </Link>
      <Link to="/profile/restaurant/mymenu" className={buttonClass("secondary", "w-full")}>
        {t("See my menu")}
      </Link>
    </section>
  );
}
