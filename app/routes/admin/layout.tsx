import { NavLink, Outlet } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";

// Like the other protected areas, every child checks the admin role in its own
// loader and action (a layout's check would not guard a child's data request).
export default function AdminArea() {
  const { t } = useI18n();
  const links = [
    { to: "/admin", label: t("Restaurants"), end: true },
    { to: "/admin/reports", label: t("Reported reviews"), end: false },
    { to: "/admin/users", label: t("Users"), end: false },
    { to: "/admin/audit", label: t("Audit log"), end: false },
  ];
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("Admin")} className="flex flex-wrap gap-2 border-b border-line pb-2">
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) =>
              `inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-brand-soft ${isActive ? "bg-brand-soft text-brand" : ""}`
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
