import { useI18n } from "~/i18n/use-i18n.ts";
import {
  ChartFigure,
  COLOURS,
  FONT_SIZE,
  labelIndexes,
  DayLabels,
  LegendItem,
  NumbersTable,
  valueAxis,
  WIDTH,
} from "./chart-parts.tsx";

const HEIGHT = 200;
const RIGHT = 8;
const TOP = 10;
// Room under the axis for Nastaliq's day names too.
const BOTTOM = 30;

/** Views per day as bars, scans per day as a line over them: one bar a day, oldest on the left. */
export function DailyBars({
  days,
  label,
}: {
  days: { day: string; scans: number; views: number }[];
  label: string;
}) {
  const { t, locale, number, date } = useI18n();
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const { top, ticks } = valueAxis(Math.max(0, ...days.map((d) => Math.max(d.views, d.scans))));
  // As wide as the longest number on the axis needs.
  const left = 10 + Math.max(...ticks.map((tick) => number(tick).length)) * 7;
  const plotWidth = WIDTH - left - RIGHT;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const x = (i: number) => left + slot * i + slot / 2;
  const scansLine = days.map((d, i) => `${x(i).toFixed(1)},${y(d.scans).toFixed(1)}`).join(" ");
  const labels = labelIndexes(days.length, 4);
  return (
    <ChartFigure
      label={label}
      height={HEIGHT}
      legend={
        <ul className="flex flex-wrap gap-4 text-sm">
          <LegendItem colour={COLOURS.brand} kind="bar">
            {t("Views")}
          </LegendItem>
          <LegendItem colour={COLOURS.ink} kind="line">
            {t("Scans")}
          </LegendItem>
        </ul>
      }
      table={
        <NumbersTable
          caption={t("Views and scans per day")}
          columns={[t("Day"), t("Views"), t("Scans")]}
          rows={days.map((d) => ({
            key: d.day,
            cells: [date(`${d.day}T12:00:00Z`), number(d.views), number(d.scans)],
          }))}
        />
      }
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={left}
            x2={WIDTH - RIGHT}
            y1={y(tick)}
            y2={y(tick)}
            stroke={COLOURS.line}
            strokeWidth="1"
          />
          <text x={left - 4} y={y(tick) + FONT_SIZE / 3} textAnchor="end" fill={COLOURS.muted}>
            {number(tick)}
          </text>
        </g>
      ))}
      {days.map((d, i) =>
        d.views > 0 ? (
          <rect
            key={d.day}
            x={x(i) - barWidth / 2}
            y={y(d.views)}
            width={barWidth}
            height={TOP + plotHeight - y(d.views)}
            fill={COLOURS.brand}
          />
        ) : null,
      )}
      <polyline points={scansLine} fill="none" stroke={COLOURS.ink} strokeWidth="2" strokeLinejoin="round" />
      {days.length <= 7
        ? days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d.scans)} r="2.5" fill={COLOURS.ink} />)
        : null}
      <DayLabels
        indexes={labels}
        dayAt={(i) => days[i]!.day}
        x={x}
        y={HEIGHT - 12}
        roomy={days.length <= 7}
        locale={locale}
      />
    </ChartFigure>
  );
}
