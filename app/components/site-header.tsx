import { Form, Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "./ui/button.tsx";
import { MenuIcon, SearchIcon } from "./ui/icons.tsx";
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

const iconButton =
  "inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-ink hover:bg-brand-soft";

/** The site's links: in a row on wide screens, in the menu's panel on phones. */
function NavLinks({ viewer }: { viewer: HeaderViewer | null }) {
  return (
    <>
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
            <button type="submit" className={buttonClass("secondary", "w-full")}>
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
    </>
  );
}

/**
 * One row on a phone (issue 17: at most 64 px, so the menu starts on the first screen):
 * the logo, search, and a menu button that opens the links. The menu is a `<details>`,
 * so it opens without scripts on pages that send visitors none.
 */
export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  // A new page closes the menu (for people React serves; a visitor's page is new anyway).
  const { pathname } = useLocation();
  return (
    <header className="h-16 border-b border-line bg-white">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-1 px-4">
        <Link to="/" className="me-auto flex min-h-11 items-center gap-2 text-xl font-bold text-brand">
          <Logo className="size-9" />
          <span>Foodverse</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLinks viewer={viewer} />
        </nav>
        <Link to="/search" aria-label="Search" className={`${iconButton} md:hidden`}>
          <SearchIcon />
        </Link>
        <details key={pathname} className="relative md:hidden">
          <summary aria-label="Menu" className={`${iconButton} list-none [&::-webkit-details-marker]:hidden`}>
            <MenuIcon />
          </summary>
          <nav
            aria-label="Main"
            className="absolute end-0 top-full z-20 mt-2 flex w-60 flex-col gap-1 rounded-lg border border-line bg-white p-2 shadow-lg"
          >
            <NavLinks viewer={viewer} />
          </nav>
        </details>
      </div>
    </header>
  );
}
