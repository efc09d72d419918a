import { Link, useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { buttonClass } from "./button.tsx";

/** A link to page n that keeps the other query parameters (filters, tabs). */
function usePageHref() {
  const { search } = useLocation();
  return (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete("page");
    else params.set("page", String(n));
    return `?${params.toString()}`;
  };
}

/** Previous / Next with 'Page X of Y'; the page lives in the URL (?page=N) so it can be shared. */
export function Pagination({ page, pages, label }: { page: number; pages: number; label: string }) {
  const { t } = useI18n();
  const to = usePageHref();
  if (pages <= 1) return null;
  const disabled = "pointer-events-none opacity-40";
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Link
        to={to(page - 1)}
        className={buttonClass("secondary", page <= 1 ? disabled : "")}
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        preventScrollReset={false}
      >
        {t("Previous")}
      </Link>
      <span aria-live="polite">{t("Page {{page}} of {{pages}}", { page, pages })}</span>
      <Link
        to={to(page + 1)}
        className={buttonClass("secondary", page >= pages ? disabled : "")}
        aria-disabled={page >= pages}
        tabIndex={page >= pages ? -1 : undefined}
      >
        {t("Next")}
      </Link>
    </nav>
  );
}

/** Numbered page buttons (the public branch menu, product rules §2); the current page is marked for screen readers. */
export function PageNumbers({ page, pages, label }: { page: number; pages: number; label: string }) {
  const { t } = useI18n();
  const to = usePageHref();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap justify-center gap-2">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={to(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={t("Page {{page}}", { page: n })}
              className={buttonClass(n === page ? "primary" : "secondary", "min-w-11")}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
