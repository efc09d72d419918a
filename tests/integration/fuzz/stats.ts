import fs from "node:fs";
import type { Family } from "./families.ts";

/** What bench/fuzz.ts prints per family; the test file writes it to FUZZ_STATS_FILE. */
export interface FamilyStats {
  cases: number;
  refusals: number;
  acceptances: number;
  failures: number;
  ms: number;
  /** The first few failures, each with its case, for the report. */
  examples: string[];
}

export class FuzzStats {
  readonly families = new Map<Family, FamilyStats>();

  of(family: Family): FamilyStats {
    let stats = this.families.get(family);
    if (!stats) {
      stats = { cases: 0, refusals: 0, acceptances: 0, failures: 0, ms: 0, examples: [] };
      this.families.set(family, stats);
    }
    return stats;
  }

  record(family: Family, kind: "refused" | "accepted", failure: string | null, ms: number) {
    const stats = this.of(family);
    stats.cases++;
    stats.ms += ms;
    if (kind === "refused") stats.refusals++;
    else stats.acceptances++;
    if (failure !== null) {
      stats.failures++;
      if (stats.examples.length < 10) stats.examples.push(failure);
    }
  }

  write(file: string) {
    fs.writeFileSync(file, JSON.stringify(Object.fromEntries(this.families), null, 2));
  }
}
