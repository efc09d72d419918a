// One autocannon measurement against 127.0.0.1: a warm-up that is thrown away,
// then a timed run. Bounded in time; never aimed anywhere but this machine.
import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before the measurement (not counted). */
  warmup: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers, connection errors and time-outs. */
  failures: number;
}

function assertLocal(url: string) {
  const { hostname } = new URL(url);
  if (hostname !== "127.0.0.1" && hostname !== "localhost" && hostname !== "[::1]") {
    throw new Error(`refusing to load ${hostname}: benchmarks only target this machine`);
  }
}

async function fire(url: string, duration: number, options: LoadOptions) {
  return autocannon({
    url,
    connections: options.connections,
    duration,
    headers: options.headers,
    timeout: 10,
  });
}

export async function measureLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  assertLocal(url);
  if (options.warmup > 0) await fire(url, options.warmup, options);
  const result = await fire(url, options.duration, options);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}
