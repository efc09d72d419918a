import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { TimerSafeMemoryLimiter } from "./timer-safe-memory-limiter.server.ts";

const THIRTY_DAYS = 30 * 24 * 60 * 60;

describe("the in-memory fallback of a limit", () => {
  it("keeps a 30-day key and a 30-day block past the next tick", async () => {
    const limiter = new TimerSafeMemoryLimiter({ points: 1, duration: 24 * 24 * 60 * 60 });
    await limiter.set("known", 1, THIRTY_DAYS);
    await limiter.block("locked", THIRTY_DAYS);
    await sleep(20);
    expect((await limiter.get("known"))?.consumedPoints).toBe(1);
    expect((await limiter.get("locked"))?.consumedPoints).toBe(2);
  });
});
