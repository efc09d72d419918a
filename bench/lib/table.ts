// Output helpers: markdown tables and the units every bench script prints.

export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(headers), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** Kilobytes of 1,000 bytes, as browsers' developer tools and Lighthouse count them. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function formatMB(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}
