// The one shape every benchmark reports in: a figure, its baseline or ratio,
// its budget (docs/performance.md) and whether it meets it. run.ts prints them as one table.
import { markdownTable } from "./table.ts";

export interface Figure {
  part: string;
  measure: string;
  value: string;
  /** The baseline it is compared with, or the ratio to it. */
  ratio?: string;
  budget?: string;
  /** true: within budget; false: missed; undefined: no budget. */
  ok?: boolean;
}

export function figuresTable(figures: Figure[]): string {
  return markdownTable(
    ["part", "measure", "value", "ratio / baseline", "budget", "verdict"],
    figures.map((f) => [
      f.part,
      f.measure,
      f.value,
      f.ratio ?? "",
      f.budget ?? "",
      f.ok === undefined ? "" : f.ok ? "ok" : "MISSED",
    ]),
  );
}

/** The middle value (the upper one of an even count): what the benches report of several rounds. */
export const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reads --name value flags shared by the bench scripts. */
export function numberFlag(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
}

/** Progress lines go to stderr, so stdout holds only the table. */
export function progress(line: string): void {
  console.error(line);
}
