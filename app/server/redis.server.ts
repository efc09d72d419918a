import { createClient, type RedisClientType } from "redis";
import type { Logger } from "./log.server.ts";

export type Redis = RedisClientType;

/**
 * The connection to REDIS_URL, shared by the counters that several app processes
 * must agree on (auth rate limits, login locks). Commands wait in the client's
 * queue until it is connected; a lost connection is retried in the background
 * and logged, and /readyz reports it.
 */
export function openRedis(url: string, log: Logger): Redis {
  const client: Redis = createClient({ url });
  client.on("error", (error: unknown) => log.error({ err: error }, "redis connection error"));
  client.connect().catch((error: unknown) => log.error({ err: error }, "redis: could not connect"));
  return client;
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
