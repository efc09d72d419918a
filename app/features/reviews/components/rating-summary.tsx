import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { RatingSummary as Summary } from "../rating-summary.server.ts";

/**
 * The average, the number of reviews and how many gave each number of stars (5 to 1),
 * as a diner reads it at a glance; the bars are decoration, the numbers are text.
 */
export function RatingSummary({ summary, reviewsHref }: { summary: Summary; reviewsHref?: string }) {
  const { t } = useI18n();
  if (summary.count === 0) return <p className="text-muted">{t("No reviews yet.")}</p>;
  const reviews = t("{{count}} reviews", { count: summary.count });
  return (
    <section aria-label={t("Rating")} className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <div className="flex flex-col items-center">
        <p className="text-4xl font-bold">{summary.average.toFixed(1)}</p>
        <p aria-hidden="true" className="text-amber-600">
          {"★".repeat(Math.round(summary.average))}
          <span className="text-gray-300">{"★".repeat(5 - Math.round(summary.average))}</span>
        </p>
        {reviewsHref ? (
          <Link to={reviewsHref} className="text-sm text-brand underline">
            {reviews}
          </Link>
        ) : (
          <p className="text-sm text-muted">{reviews}</p>
        )}
      </div>
      <ul className="flex min-w-48 flex-1 flex-col gap-0.5">
        {summary.stars.map((n, i) => (
          <li key={5 - i} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-2 text-sm">
            <span>{t("{{count}} stars", { count: 5 - i })}</span>
            <progress
              max={summary.count}
              value={n}
              aria-hidden="true"
              className="h-2 w-full accent-amber-600"
            />
            <span className="text-end">{n}</span>
          </li>
        ))}
      </ul>
      <p className="basis-full text-sm">
        {summary.verified.count > 0
          ? t("Table-verified: {{average}} from {{reviews}}", {
              average: summary.verified.average.toFixed(1),
              reviews: t("{{count}} reviews", { count: summary.verified.count }),
            })
          : t("No table-verified reviews yet.")}
      </p>
    </section>
  );
}
