// How busy the machine is with other work, from /proc/stat (Linux), so that
// a run taken on a busy machine says so instead of reporting figures as if it were quiet.
import fs from "node:fs";
import os from "node:os";

/** Above this share of all cores busy while the benchmark itself idles, a run is flagged. */
export const BUSY_THRESHOLD = 0.25;

function cpuTimes(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
  // cpu  user nice system idle iowait irq softirq steal …
  const [, ...fields] = line.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The share (0–1) of all cores busy during the next `ms`, whoever used them. */
export async function busyShare(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

export interface QuietReading {
  /** Share of all cores busy while the benchmark idled. */
  busy: number;
  /** The one-minute load average then. */
  loadAverage: number;
  at: string;
}

export async function quietReading(ms = 2_000): Promise<QuietReading> {
  const busy = await busyShare(ms);
  return {
    busy: Number(busy.toFixed(3)),
    loadAverage: Number(os.loadavg()[0]!.toFixed(2)),
    at: new Date().toISOString(),
  };
}

export const isBusy = (readings: QuietReading[]) => readings.some((r) => r.busy > BUSY_THRESHOLD);
