import type express from "express";
import { sql } from "kysely";
import type { Services } from "./services.server.ts";

/** A dependency's answer must come within this, or it counts as down for this check. */
const PROBE_MS = 2000;

type State = "up" | "down" | "off";

async function probe(check: () => Promise<unknown>): Promise<State> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), PROBE_MS);
      }),
    ]);
    return "up";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /readyz (docs/operations.md): whether a load balancer should send this process traffic.
 * 503 only for what is this process's own: it is stopping. A database or Redis that every
 * process shares being down is reported ("degraded") but answered 200: taking every
 * process out at once would turn the app's own 503 page (in the reader's language, with
 * Retry-After, and kept pages still served) into the balancer's error for everyone, and
 * would put them back only after its next checks. Starting up needs no answer here: a
 * process listens only once it is migrated and ready.
 */
export function readiness(services: Services, draining: () => boolean): express.RequestHandler {
  return async (_req, res) => {
    const [database, redis] = await Promise.all([
      probe(() => sql`select 1`.execute(services.database.db)),
      services.redis
        ? probe(() => services.redis!.withAbortSignal(AbortSignal.timeout(PROBE_MS)).ping())
        : Promise.resolve<State>("off"),
    ]);
    const stopping = draining();
    const status = stopping ? "stopping" : database === "up" && redis !== "down" ? "ready" : "degraded";
    res.setHeader("Cache-Control", "no-store");
    res.status(stopping ? 503 : 200).json({ status, database, dialect: services.database.dialect, redis });
  };
}
