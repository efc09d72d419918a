import { useI18n } from "~/i18n/use-i18n.ts";
import { DAY_NAMES, DAYS, dayText, type OpeningHours } from "~/lib/opening-hours.ts";
import { rangesText, type SpecialRange } from "~/lib/special-hours.ts";

/** A Ramadan or Eid schedule as the page lists it (ADR 0045). */
export interface ShownSchedule {
  kind: string;
  validFrom: string;
  validUntil: string;
  ranges: SpecialRange[];
}

/** The week's opening hours, folded, with the owner's note, then the dated Ramadan and Eid hours. */
export function BranchHours({
  hours,
  schedules = [],
}: {
  hours: OpeningHours | null;
  schedules?: ShownSchedule[];
}) {
  const { t, locale } = useI18n();
  return (
    <details
      className="rounded-xl bg-white px-4 py-1 shadow-sm"
      open={schedules.length > 0 ? true : undefined}
    >
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">{t("Opening hours")}</summary>
      {hours ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pb-3">
          {DAYS.map((day) => (
            <div key={day} className="contents">
              <dt className="font-medium">{t(DAY_NAMES[day])}</dt>
              <dd>{dayText(hours.days[day], locale)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {schedules.map((s) => (
        <p key={`${s.kind}-${s.validFrom}`} className="pb-3">
          <span className="font-medium">{s.kind === "ramadan" ? t("Ramadan hours") : t("Eid hours")}</span>{" "}
          <bdi dir="ltr">{`${s.validFrom} – ${s.validUntil}`}</bdi>
          {t(": ")}
          {rangesText(s.ranges, locale)}
        </p>
      ))}
      {hours?.note ? <p className="pb-3 text-sm">{hours.note}</p> : null}
    </details>
  );
}
