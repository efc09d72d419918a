import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { filterQuery, type BranchFilters } from "../branch-filters.ts";
import { followSections } from "../section-tabs-behaviour.ts";

/**
 * The menu's sections as tabs that stay at the top while the diner scrolls: each
 * jumps to the page (of 6 dishes, product rules §9) where its section starts.
 * Exactly one is marked (marking every section that starts on the page lit
 * two on page 1): the section of the page's first dish as the page opens, then the one
 * at the top of the screen as the diner scrolls (section-tabs-behaviour.ts; the
 * `sections` island does it for visitors).
 */
export function SectionTabs({
  sections,
  filters,
  current,
}: {
  sections: readonly { id: string; name: string; page: number }[];
  filters: BranchFilters;
  /** The section of the page's first dish. */
  current: string | undefined;
}) {
  const { t } = useI18n();
  const nav = useRef<HTMLElement>(null);
  // After every render (a page or filter change): React sets the server's mark on
  // the tabs whose mark changed, so the scroll's mark is worked out afresh.
  useEffect(() => (nav.current ? followSections(nav.current) : undefined));
  if (sections.length < 2) return null;
  return (
    <nav
      ref={nav}
      data-current={current}
      aria-label={t("Menu sections")}
      className="sticky top-0 z-10 -mx-4 overflow-x-auto border-b border-line bg-gray-50/95 px-4 py-2"
    >
      <ul className="flex gap-2 whitespace-nowrap">
        {sections.map((section) => {
          const here = section.id === current;
          return (
            <li key={section.id}>
              <Link
                to={`${filterQuery(filters, section.page)}#s-${section.id}`}
                data-section={section.id}
                aria-current={here ? "true" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 font-medium aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white"
              >
                {section.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
