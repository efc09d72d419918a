import { RateLimiterMemory } from "rate-limiter-flexible";

/** Node's timers hold at most 2^31 − 1 ms (24.8 days); a longer one fires at once. */
export const MAX_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/**
 * The memory store expires each key with a timer, so a 30-day known address would be
 * forgotten a millisecond after it was learned while Redis is away. Capped, it is kept
 * 24 days in memory instead, which outlasts any outage.
 */
export class TimerSafeMemoryLimiter extends RateLimiterMemory {
  override set(key: string | number, points: number, secDuration: number, options?: Record<string, unknown>) {
    return super.set(key, points, Math.min(secDuration, MAX_TIMER_SECONDS), options);
  }
  override block(key: string | number, secDuration: number, options?: Record<string, unknown>) {
    return super.block(key, Math.min(secDuration, MAX_TIMER_SECONDS), options);
  }
}
