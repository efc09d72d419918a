import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * An owner's strip on /: their restaurant, the reviews waiting for a reply,
 * and the way to insights, in one short band at the top that wraps on a 360 px phone.
 */
export function OwnerStripView({ restName, waiting }: { restName: string; waiting: number }) {
  const { t } = useI18n();
  return (
    // Above the page's h1, so named by a label rather than a heading out of order.
    <section
      aria-labelledby="owner-strip"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-brand-soft px-4 py-2"
    >
      <p id="owner-strip" className="font-bold">
        {t("Your restaurant")}
      </p>
      <Link to="/profile/restaurant" className="inline-flex min-h-11 items-center font-medium underline">
        {restName}
      </Link>
      {waiting > 0 ? (
        <Link
          to="/profile/restaurant/insights#waiting-for-reply"
          className="inline-flex min-h-11 items-center underline"
        >
          {t("{{count}} reviews waiting for a reply", { count: waiting })}
        </Link>
      ) : (
        <span>{t("Every review has a reply.")}</span>
      )}
      <Link
        to="/profile/restaurant/insights"
        className="inline-flex min-h-11 items-center font-medium text-brand underline"
      >
        {t("Insights")}
      </Link>
    </section>
  );
}
