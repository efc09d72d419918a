import { Form, Link, NavLink, useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { LANGUAGE_NAME } from "~/lib/locale.ts";
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
  const { t } = useI18n();
  return (
    <>
      <NavLink to="/menus" className={navLink}>
        {t("Restaurants")}
      </NavLink>
      <NavLink to="/reviews" className={navLink}>
        {t("Reviews")}
      </NavLink>
      <NavLink to="/search" className={navLink}>
        {t("Search")}
      </NavLink>
      {viewer ? (
        <>
          <NavLink to={PROFILE_PATH[viewer.role]} end className={navLink}>
            {viewer.displayName}
          </NavLink>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass("secondary", "w-full")}>
              {t("Sign out")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <NavLink to="/login" className={navLink}>
            {t("Login")}
          </NavLink>
          <Link to="/signup" className={buttonClass("primary")}>
            {t("Register")}
          </Link>
        </>
      )}
    </>
  );
}

/**
 * One row on a phone (ADR 0024: at most 64 px, so the menu starts on the first screen):
 * the logo, search, and a menu button that opens the links. The menu is a `<details>`,
 * so it opens without scripts on pages that send visitors none.
 */
/**
 * The language switch: a plain link (no scripts needed) to this page with ?lang=,
 * which the server remembers in a cookie and answers with the page in that language.
 */
function LanguageSwitch() {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  const other = locale === "ur" ? "en" : "ur";
  const href = `${pathname}${search ? `${search}&` : "?"}lang=${other}`;
  return (
    <a
      href={href}
      lang={other}
      hrefLang={other}
      aria-label={t("Read this page in {{language}}", { language: LANGUAGE_NAME[other] })}
      className="inline-flex min-h-11 shrink-0 items-center rounded-md px-2 font-medium text-brand hover:bg-brand-soft"
    >
      {LANGUAGE_NAME[other]}
    </a>
  );
}

export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  // A new page closes the menu (for people React serves; a visitor's page is new anyway).
  const { pathname } = useLocation();
  const { t } = useI18n();
  return (
    <header className="h-16 border-b border-line bg-white">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-1 px-4">
        <Link to="/" className="me-auto flex min-h-11 items-center gap-2 text-xl font-bold text-brand">
          <Logo className="size-9" />
          <span>Foodverse</span>
        </Link>
        <nav aria-label={t("Main")} className="hidden items-center gap-1 md:flex">
          <NavLinks viewer={viewer} />
        </nav>
        <LanguageSwitch />
        <Link to="/search" aria-label={t("Search")} className={`${iconButton} md:hidden`}>
          <SearchIcon />
        </Link>
        <details key={pathname} className="relative md:hidden">
          <summary
            aria-label={t("Menu")}
            className={`${iconButton} list-none [&::-webkit-details-marker]:hidden`}
          >
            <MenuIcon />
          </summary>
          <nav
            aria-label={t("Main")}
            className="absolute end-0 top-full z-20 mt-2 flex w-60 flex-col gap-1 rounded-lg border border-line bg-white p-2 shadow-lg"
          >
            <NavLinks viewer={viewer} />
          </nav>
        </details>
      </div>
    </header>
  );
}
