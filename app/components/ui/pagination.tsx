import { Link } from "react-router";
import { buttonClass } from "./button.tsx";

const to = (n: number) => (n <= 1 ? "?" : `?page=${n}`);

/** Previous / Next with 'Page X of Y'; the page lives in the URL (?page=N) so it can be shared. */
export function Pagination({ page, pages, label }: { page: number; pages: number; label: string }) {
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
        Previous
      </Link>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Link
        to={to(page + 1)}
        className={buttonClass("secondary", page >= pages ? disabled : "")}
        aria-disabled={page >= pages}
        tabIndex={page >= pages ? -1 : undefined}
      >
        Next
      </Link>
    </nav>
  );
}
