import type { Services } from "~/server/services.server.ts";
import type { Viewer } from "~/server/viewer.server.ts";
import { unansweredCount } from "./insights.server.ts";

/** What an owner's own strip on / shows: their restaurant and how many reviews wait for their reply. */
export interface OwnerStrip {
  restName: string;
  waiting: number;
}

/**
 * Product rules §4 send an owner to / after login, so / gives them a short
 * strip of their own. Null for anyone else. It is one owner's data: the caller marks the
 * page personal, so the page cache never keeps it for another reader (ADR 0028).
 */
export async function ownerStrip(services: Services, viewer: Viewer | null): Promise<OwnerStrip | null> {
  if (viewer?.role !== "restaurant") return null;
  return { restName: viewer.displayName, waiting: await unansweredCount(services, viewer.userId) };
}
