import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  benchSection,
  DOC,
  END,
  KEPT_REPORT,
  START,
  withSection,
  type BenchReport,
} from "../../bench/report-doc.ts";

const report: BenchReport = {
  date: "2026-11-25T04:00:00.000Z",
  machine: {
    cpus: 2,
    cpuModel: "Some CPU",
    memoryGiB: 24,
    os: "Linux",
    node: "v24",
    loadAverage: [0.1, 0.2, 0.3],
  },
  options: { load: { connections: 50, duration: 10, warmup: 2 }, lighthouseRuns: 1, skipped: ["scale"] },
  figures: [
    {
      part: "throughput",
      measure: "raw node:http",
      value: "20,000 req/s (19,000–21,000, ±5 %)",
      ratio: "baseline",
    },
  ],
  throughput: { options: { rounds: 3 }, busy: false },
};

describe("docs/performance.md's figures (issue 20)", () => {
  it("are the kept report's, as bench:doc writes them: never edited by hand", () => {
    const kept = JSON.parse(fs.readFileSync(KEPT_REPORT, "utf8")) as BenchReport;
    const doc = fs.readFileSync(DOC, "utf8");
    expect(doc).toContain(START);
    expect(withSection(doc, benchSection(kept))).toBe(doc);
  });

  it("say how the run was taken, and flag a busy machine", () => {
    const quiet = benchSection(report);
    expect(quiet).toContain("`npm run bench -- --skip scale`");
    expect(quiet).toContain("3 alternating rounds");
    expect(quiet).toMatch(
      /\| throughput \| raw node:http +\| 20,000 req\/s \(19,000–21,000, ±5 %\) +\| baseline +\|/,
    );
    expect(quiet).not.toContain("BUSY");
    expect(benchSection({ ...report, throughput: { busy: true } })).toContain("**BUSY MACHINE**");
  });

  it("replace the section between the markers and nothing else", () => {
    const doc = `# Performance\n\nprose\n\n## Figures\n\nold history\n`;
    const once = withSection(doc, benchSection(report));
    expect(once.indexOf(START)).toBeGreaterThan(once.indexOf("## Figures"));
    expect(once).toContain("old history");
    const again = withSection(once, benchSection({ ...report, date: "2026-12-01T00:00:00.000Z" }));
    expect(again.match(new RegExp(START.replace(/[()]/g, "\\$&"), "g"))).toHaveLength(1);
    expect(again).toContain("2026-12-01");
    expect(again.indexOf(END)).toBeLessThan(again.indexOf("old history"));
  });
});
