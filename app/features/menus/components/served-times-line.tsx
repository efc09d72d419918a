import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { readServedTimes, windowsText } from "~/lib/served-times.ts";

/**
 * On the owner's lists: when a section or dish is served (ADR 0043), or that it is served
 * whenever the branch is open, with the link to change it. The link is named 'Serving
 * times' and described by the row's name (aria-description: no second copy of the name in
 * the page's text), so the dish's own link is the one its name finds.
 */
export function ServedTimesLine({
  servedTimes,
  href,
  name,
}: {
  servedTimes: string;
  href: string;
  name: string;
}) {
  const { t, locale } = useI18n();
  const windows = readServedTimes(servedTimes);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <span className={windows.length > 0 ? "font-medium" : "text-muted"}>
        {windows.length > 0
          ? t("Served {{times}}", { times: windowsText(windows, locale) })
          : t("Served whenever you are open")}
      </span>
      <Link
        to={href}
        className="inline-flex min-h-11 items-center text-brand underline"
        aria-description={name}
      >
        {t("Serving times")}
      </Link>
    </p>
  );
}
