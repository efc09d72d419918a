// The abuse test's probe: in a thread of its own (the attacks keep the main thread
// busy sending), it asks /healthz and a cached page in turn, every 25 ms, and reads the
// server's RSS from /proc, until told to stop; then hands back every sample.
import { Worker } from "node:worker_threads";

export interface Sample {
  /** Date.now() when the request was sent. */
  at: number;
  /** "healthz", or the cached page's path. */
  target: string;
  ms: number;
  ok: boolean;
  /** The server process's resident memory, bytes. */
  rss: number;
}

// Plain JavaScript, run with eval: the worker needs no module of this project.
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
let running = true;
const samples = [];
parentPort.on("message", () => { running = false; });
const rss = () => {
  try {
    const status = fs.readFileSync("/proc/" + workerData.pid + "/status", "utf8");
    return Number(/VmRSS:\\s+(\\d+)/.exec(status)[1]) * 1024;
  } catch { return 0; }
};
(async () => {
  let turn = 0;
  while (running) {
    const target = turn++ % 2 === 0 ? "healthz" : workerData.page;
    const at = Date.now();
    const from = performance.now();
    let ok = false;
    try {
      const answer = await fetch(workerData.url + (target === "healthz" ? "/healthz" : target), {
        signal: AbortSignal.timeout(30000),
      });
      await answer.arrayBuffer();
      ok = answer.ok;
    } catch {}
    samples.push({ at, target, ms: performance.now() - from, ok, rss: rss() });
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  parentPort.postMessage(samples);
})();
`;

export function startProbe(url: string, pid: number, page: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, pid, page } });
  return {
    async stop(): Promise<Sample[]> {
      const done = new Promise<Sample[]>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      // A worker thread's port, not a window: there is no origin to name.
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      worker.postMessage({ stop: true });
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

/** The p-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
