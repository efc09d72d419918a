import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Menu · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, "restaurant");
  return null;
}

const ACTIONS = [
  { to: "addsection", label: "Add New Section" },
  { to: "sections", label: "View Added Sections" },
  { to: "additems", label: "Add Items to an Added Section" },
  { to: "items", label: "View All Items in Sections" },
];

export default function MenuDashboard() {
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">Your general menu</h1>
      <p className="text-muted">
        Sections first, then the items in them. Your branches follow this menu: a change here reaches them at once.
      </p>
      {ACTIONS.map((a) => (
        <Link key={a.to} to={a.to} className={buttonClass("primary", "w-full")}>
          {a.label}
        </Link>
      ))}
      <Link to="import" className={buttonClass("secondary", "w-full")}>
        Import a menu from a spreadsheet
      </Link>
      <Link to="/profile/restaurant/mymenu" className={buttonClass("secondary", "w-full")}>
        See my menu
      </Link>
    </section>
  );
}
