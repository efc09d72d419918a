import { useI18n } from "~/i18n/use-i18n.ts";
import {
  DayLabels,
  ChartFigure,
  COLOURS,
  FONT_SIZE,
  labelIndexes,
  NumbersTable,
  WIDTH,
} from "./chart-parts.tsx";

const HEIGHT = 180;
const LEFT = 30;
const RIGHT = 10;
const TOP = 12;
// Room under the axis for Nastaliq's day names too.
const BOTTOM = 32;
const STARS = [1, 2, 3, 4, 5];

interface Week {
  from: string;
  to: string;
  average: number | null;
  count: number;
}

/** The average rating week by week (1 to 5 stars), oldest week on the left; a week without reviews leaves a gap. */
export function RatingLine({ weeks, label }: { weeks: Week[]; label: string }) {
  const { t, locale, number, date } = useI18n();
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, weeks.length);
  const x = (i: number) => LEFT + slot * i + slot / 2;
  const y = (stars: number) => TOP + plotHeight - ((stars - 1) / 4) * plotHeight;
  // Runs of consecutive weeks with reviews, each drawn as one line.
  const runs: { i: number; average: number }[][] = [];
  weeks.forEach((week, i) => {
    if (week.average === null) return;
    const last = runs.at(-1);
    if (last && last.at(-1)!.i === i - 1) last.push({ i, average: week.average });
    else runs.push([{ i, average: week.average }]);
  });
  const labels = labelIndexes(weeks.length, weeks.length <= 5 ? 5 : 4);
  const weekName = (week: Week) =>
    week.from === week.to
      ? date(`${week.from}T12:00:00Z`)
      : t("{{from}} to {{to}}", { from: date(`${week.from}T12:00:00Z`), to: date(`${week.to}T12:00:00Z`) });
  return (
    <ChartFigure
      label={label}
      height={HEIGHT}
      table={
        <NumbersTable
          caption={t("Average rating per week")}
          columns={[t("Week"), t("Average rating"), t("Reviews")]}
          rows={weeks.map((week) => ({
            key: week.from,
            cells: [
              weekName(week),
              week.average === null ? "—" : number(week.average, { maximumFractionDigits: 2 }),
              number(week.count),
            ],
          }))}
        />
      }
    >
      {STARS.map((stars) => (
        <g key={stars}>
          <line
            x1={LEFT}
            x2={WIDTH - RIGHT}
            y1={y(stars)}
            y2={y(stars)}
            stroke={COLOURS.line}
            strokeWidth="1"
          />
          <text x={LEFT - 6} y={y(stars) + FONT_SIZE / 3} textAnchor="end" fill={COLOURS.muted}>
            {`${stars}★`}
          </text>
        </g>
      ))}
      {runs.map((run) => (
        <polyline
          key={run[0]!.i}
          points={run.map((p) => `${x(p.i).toFixed(1)},${y(p.average).toFixed(1)}`).join(" ")}
          fill="none"
          stroke={COLOURS.brand}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      ))}
      {runs.flat().map((p) => (
        <circle key={p.i} cx={x(p.i)} cy={y(p.average)} r="4" fill={COLOURS.brand} />
      ))}
      <DayLabels
        indexes={labels}
        dayAt={(i) => weeks[i]!.from}
        x={x}
        y={HEIGHT - 12}
        roomy={weeks.length <= 5}
        locale={locale}
      />
    </ChartFigure>
  );
}
