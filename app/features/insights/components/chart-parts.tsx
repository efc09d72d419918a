import type { ReactNode } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Locale } from "~/lib/locale.ts";

/**
 * What the insights charts share. A chart is an SVG drawn on the server (no script):
 * a viewBox about as wide as a phone's page, so its 12-unit labels read at ~11 px on a
 * 360 px screen, and it grows with the page up to a width where they stay comfortable.
 */

/** The theme's colours (app.css @theme): SVG attributes cannot read Tailwind classes. */
export const COLOURS = {
  brand: "#b4410c",
  ink: "#1f2328",
  muted: "#57606a",
  line: "#d0d7de",
} as const;

export const WIDTH = 320;
export const FONT_SIZE = 12;

/** A round top for the value axis and its ticks (0 included), whole numbers only. */
export function valueAxis(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / 3;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

/** At most `count` indexes of `n`, spread evenly, first and last included. */
export function labelIndexes(n: number, count: number): number[] {
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round((i * (n - 1)) / (count - 1)));
}

/** A label under a few bars or points sits under it; the first and last of a crowded axis stay inside the picture. */
export function anchorOf(n: number, count: number, roomy: boolean): "start" | "middle" | "end" {
  if (roomy || count < 2) return "middle";
  if (n === 0) return "start";
  return n === count - 1 ? "end" : "middle";
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "5 Jan" ("5 جنوری") for a 'YYYY-MM-DD' day. */
export function shortDay(day: string, locale: Locale): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ur" ? "ur-PK" : "en-GB", {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
      numberingSystem: "latn",
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The chart's frame: time runs left to right on Urdu pages too (dir="ltr"), the whole
 * picture has one summary for screen readers (role="img"), and the numbers are in a
 * table under "Show the numbers", which follows the page's direction.
 */
/** The dates under a chart's x axis, at the given indexes of its points. */
export function DayLabels({
  indexes,
  dayAt,
  x,
  y,
  roomy,
  locale,
}: {
  indexes: number[];
  dayAt: (i: number) => string;
  x: (i: number) => number;
  y: number;
  roomy: boolean;
  locale: Locale;
}) {
  return indexes.map((i, n) => (
    <text key={i} x={x(i)} y={y} textAnchor={anchorOf(n, indexes.length, roomy)} fill={COLOURS.muted}>
      {shortDay(dayAt(i), locale)}
    </text>
  ));
}

export function ChartFigure({
  label,
  height,
  legend,
  table,
  children,
}: {
  label: string;
  height: number;
  legend?: ReactNode;
  table: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <figure className="flex flex-col gap-2">
      {legend}
      <div dir="ltr">
        <svg
          role="img"
          aria-label={label}
          direction="ltr"
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          className="block h-auto w-full max-w-lg"
          fontSize={FONT_SIZE}
        >
          {children}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand underline">
          {t("Show the numbers")}
        </summary>
        {table}
      </details>
    </figure>
  );
}

/** A table of a chart's numbers: the first column names the row (a day, a week). */
export function NumbersTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-start">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          {columns.map((column, i) => (
            <th key={column} scope="col" className={`p-2 ${i === 0 ? "text-start" : "text-end"}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line last:border-0">
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="p-2 text-start font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="p-2 text-end tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A legend entry: a swatch (a square, or a line for a line series) and its name. */
export function LegendItem({
  colour,
  kind,
  children,
}: {
  colour: string;
  kind: "bar" | "line";
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-2">
      <svg aria-hidden="true" width="16" height="12" viewBox="0 0 16 12">
        {kind === "bar" ? (
          <rect x="2" y="1" width="12" height="10" fill={colour} />
        ) : (
          <>
            <line x1="0" y1="6" x2="16" y2="6" stroke={colour} strokeWidth="2" />
            <circle cx="8" cy="6" r="3" fill={colour} />
          </>
        )}
      </svg>
      {children}
    </li>
  );
}
