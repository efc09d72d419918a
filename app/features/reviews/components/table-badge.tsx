import { useI18n } from "~/i18n/use-i18n.ts";
import { REVIEW_MESSAGES } from "../reviews.messages.ts";

/** The mark of a review posted after opening a printed table card of its branch (issue 33, ADR 0046). */
export function TableBadge() {
  const { tm } = useI18n();
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-emerald-700 bg-emerald-50 px-2 py-0.5 text-sm font-medium text-emerald-900">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
      {tm(REVIEW_MESSAGES.tableVerified)}
    </span>
  );
}
