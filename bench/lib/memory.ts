// Resident memory of a process, from /proc (Linux).
import fs from "node:fs";

export interface Rss {
  /** Resident set size now. */
  rssBytes: number;
  /** The highest resident set size so far (VmHWM). */
  peakBytes: number;
  /** Of rssBytes: the process's own memory (heap, native allocations), files mapped (code, libraries) and shared memory (SQLite's WAL index). */
  anonBytes: number;
  fileBytes: number;
  shmemBytes: number;
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`no ${name} in /proc status`);
  return Number(match[1]) * 1024;
}

export function readRss(pid: number): Rss {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return {
    rssBytes: field(status, "VmRSS"),
    peakBytes: field(status, "VmHWM"),
    anonBytes: field(status, "RssAnon"),
    fileBytes: field(status, "RssFile"),
    shmemBytes: field(status, "RssShmem"),
  };
}

/** CPU time the process has used so far (user + system), in milliseconds, from /proc/{pid}/stat. */
export function readCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

// USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).
const CLOCK_TICKS_PER_SECOND = 100;
