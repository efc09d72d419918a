// Resident memory of a process, from /proc (Linux).
import fs from "node:fs";

export interface Rss {
  /** Resident set size now. */
  rssBytes: number;
  /** The highest resident set size so far (VmHWM). */
  peakBytes: number;
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`no ${name} in /proc status`);
  return Number(match[1]) * 1024;
}

export function readRss(pid: number): Rss {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssBytes: field(status, "VmRSS"), peakBytes: field(status, "VmHWM") };
}
