import { NavLink, Outlet } from "react-router";

const LINKS = [
  { to: "/admin", label: "Restaurants", end: true },
  { to: "/admin/reports", label: "Reported reviews", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
];

// Like the other protected areas, every child checks the admin role in its own
// loader and action (a layout's check would not guard a child's data request).
export default function AdminArea() {
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Admin" className="flex flex-wrap gap-2 border-b border-line pb-2">
        {LINKS.map((link) => (
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
