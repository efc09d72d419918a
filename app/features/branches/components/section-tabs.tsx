import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { filterQuery, type BranchFilters } from "../branch-filters.ts";

/**
 * The menu's sections as tabs that stay at the top while the diner scrolls: each
 * jumps to the page (of 6 dishes, product rules §9) where its section starts.
 */
export function SectionTabs({
  sections,
  filters,
  page,
}: {
  sections: readonly { id: string; name: string; page: number }[];
  filters: BranchFilters;
  page: number;
}) {
  const { t } = useI18n();
  if (sections.length < 2) return null;
  return (
    <nav
      aria-label={t("Menu sections")}
      className="sticky top-0 z-10 -mx-4 overflow-x-auto border-b border-line bg-gray-50/95 px-4 py-2"
    >
      <ul className="flex gap-2 whitespace-nowrap">
        {sections.map((section, i) => {
          const next = sections[i + 1];
          const here = page >= section.page && (!next || page < next.page || next.page === section.page);
          return (
            <li key={section.id}>
              <Link
                to={`${filterQuery(filters, section.page)}#s-${section.id}`}
                aria-current={here ? "true" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 font-medium ${
                  here ? "border-brand bg-brand text-white" : "border-line bg-white"
                }`}
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
