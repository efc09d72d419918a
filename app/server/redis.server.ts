import { createClient, type RedisClientType } from "redis";
import type { Logger } from "./log.server.ts";
import { createDependencyHealth } from "./outage.server.ts";

export type Redis = RedisClientType;

/**
 * The connection to REDIS_URL, shared by the counters that several app processes
 * must agree on (auth rate limits, login locks). ADR 0031: while it is lost, commands
 * fail at once instead of waiting in the client's queue (each request would wait for
 * the whole outage), and each limit counts in this process alone (its insurance,
 * rate-limits.server.ts) until Redis is back; the connection is retried in the
 * background, the outage logged once when it starts and once when it ends, and
 * /readyz reports it.
 */
export function openRedis(url: string, log: Logger): Redis {
  const client: Redis = createClient({
    url,
    disableOfflineQueue: true,
    // Tried again every 0.1–0.5 s (the default backs off to 2 s): back within a second of Redis.
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number) => Math.min(100 * (retries + 1), 500),
    },
  });
  const health = createDependencyHealth("redis", log, "rate limits count in each process alone");
  client.on("error", (error: unknown) => {
    if (!health.failed(error)) log.error({ err: error }, "redis connection error");
  });
  client.on("ready", () => health.ok());
  client.connect().catch((error: unknown) => {
    if (!health.failed(error)) log.error({ err: error }, "redis: could not connect");
  });
  return client;
}

/**
 * Resolves once the client is connected, or after `timeoutMs` (it then keeps trying in
 * the background, and the limits count in this process meanwhile): with no offline queue,
 * a command sent before the first connection would not wait for it.
 */
export function redisReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.on("ready", done);
  });
}

/**
 * One request counted against `key` in a fixed window, atomically across processes:
 * the first request of a window starts its expiry.
 */
export async function countInWindow(
  redis: Redis,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const [count, , ttl] = (await redis.multi().incr(key).expire(key, windowSeconds, "NX").ttl(key).exec()) as [
    number,
    unknown,
    number,
  ];
  return { count, retryAfter: Math.max(ttl, 1) };
}
