import { useI18n } from "~/i18n/use-i18n.ts";
import { DAY_NAMES, DAYS, dayText, type OpeningHours } from "~/lib/opening-hours.ts";

/** The week's opening hours, folded, with the owner's note (Ramadan, Eid). */
export function BranchHours({ hours }: { hours: OpeningHours }) {
  const { t, locale } = useI18n();
  return (
    <details className="rounded-xl bg-white px-4 py-1 shadow-sm">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">{t("Opening hours")}</summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pb-3">
        {DAYS.map((day) => (
          <div key={day} className="contents">
            <dt className="font-medium">{t(DAY_NAMES[day])}</dt>
            <dd>{dayText(hours.days[day], locale)}</dd>
          </div>
        ))}
      </dl>
      {hours.note ? <p className="pb-3 text-sm">{hours.note}</p> : null}
    </details>
  );
}
