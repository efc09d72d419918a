import { Form, Link, NavLink } from "react-router";
import { buttonClass } from "./ui/button.tsx";
import { Logo } from "./ui/logo.tsx";

export interface HeaderViewer {
  role: "restaurant" | "customer" | "admin";
  displayName: string;
}

const PROFILE_PATH = {
  restaurant: "/profile/restaurant",
  customer: "/profile/customer",
  admin: "/admin",
} as const;

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-brand-soft ${isActive ? "text-brand underline underline-offset-4" : ""}`;

export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-xl font-bold text-brand">
          <Logo className="size-9" />
          <span>Foodverse</span>
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
          <NavLink to="/menus" className={navLink}>
            Restaurants
          </NavLink>
          <NavLink to="/reviews" className={navLink}>
            Reviews
          </NavLink>
          <NavLink to="/search" className={navLink}>
            Search
          </NavLink>
          {viewer ? (
            <>
              <NavLink to={PROFILE_PATH[viewer.role]} end className={navLink}>
                {viewer.displayName}
              </NavLink>
              <Form method="post" action="/logout">
                <button type="submit" className={buttonClass("secondary")}>
                  Sign out
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLink}>
                Login
              </NavLink>
              <Link to="/signup" className={buttonClass("primary")}>
                Register
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
