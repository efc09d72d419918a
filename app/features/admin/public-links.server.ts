import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { qrDataUrl } from "~/server/qr.server.ts";
import type { Services } from "~/server/services.server.ts";
import { actorInLog, type Actor } from "./admin.server.ts";
import { insertAudit } from "./admin.queries.server.ts";
import { replaceLink, staleLinks, type StaleLink } from "./public-links.queries.server.ts";

/** Who rewrote codes when a server process started with a new PUBLIC_URL (server/http-app.ts). */
export const SERVER_START: Actor = { id: null, label: "server start" };

export interface LinksRewritten {
  /** The configured address every code now points under. */
  publicUrl: string;
  restaurants: number;
  branches: number;
}

/** Where a code points under `base`: the restaurant's page, or its branch's (SPEC: restQRcode, branchQRcode). */
function addressOf(base: string, link: StaleLink): string {
  return `${base}${link.branchId ? branchPath(link.urlName, link.branchUrl) : restaurantPath(link.urlName)}`;
}

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : url || "(none)");

/**
 * The QR codes and links stored with each restaurant and branch (SPEC's
 * restQRcode/restQRimg, branchQRcode/branchQRimg) follow the configured PUBLIC_URL. Those
 * under another address get the new address and a new image; nothing else in their rows
 * changes (the content-version triggers then refresh every cached page showing them).
 * The address is PUBLIC_URL only, never anything a request said.
 *
 * One query when every code is right. Per restaurant, its rows and an audit entry
 * commit together, each row only if it still holds the address read: two processes
 * starting at once change each row once, and a second run finds nothing to do.
 */
export async function rewritePublicLinks(services: Services, actor: Actor): Promise<LinksRewritten> {
  return rewriteLinks(services, actor, await linksToRewrite(services));
}

/**
 * At a process's start: the codes made under another address follow PUBLIC_URL (one query
 * when they already do). Only a PUBLIC_URL that was set: a process started without it (a
 * replica missing the variable, a one-off start against the real database) must not move
 * every code to its own localhost; `npm run admin -- update-links` can still do it on
 * purpose. A failure is logged and the site still starts.
 */
export async function rewriteLinksAtStart(services: Services): Promise<LinksRewritten | null> {
  if (!services.env.PUBLIC_URL_GIVEN) return null;
  return rewritePublicLinks(services, SERVER_START).catch((error: unknown) => {
    services.log.error({ err: error }, "QR codes and links not rewritten; run npm run admin -- update-links");
    return null;
  });
}

/** The codes not under PUBLIC_URL, as one process reads them before it rewrites them. */
export function linksToRewrite(services: Services): Promise<StaleLink[]> {
  return staleLinks(services.database.db, `${services.env.PUBLIC_URL}/r/`);
}

/** Rewrites the codes `stale` lists, each only if no other process did it since it was read. */
export async function rewriteLinks(
  services: Services,
  actor: Actor,
  stale: StaleLink[],
): Promise<LinksRewritten> {
  const base = services.env.PUBLIC_URL;
  const { db } = services.database;
  const done: LinksRewritten = { publicUrl: base, restaurants: 0, branches: 0 };
  for (const links of Map.groupBy(stale, (link) => link.restaurantId).values()) {
    // The images first: the transaction holds its writes only as long as the updates take.
    const rewritten = await Promise.all(
      links.map(async (link) => {
        const url = addressOf(base, link);
        return { link, url, image: await qrDataUrl(url) };
      }),
    );
    const changed = await db.transaction().execute(async (trx) => {
      const mine: StaleLink[] = [];
      for (const { link, url, image } of rewritten) {
        if (await replaceLink(trx, link, url, image)) mine.push(link);
      }
      if (mine.length > 0) {
        await insertAudit(trx, {
          id: crypto.randomUUID(),
          actorId: actor.id,
          actorLabel: actor.label,
          action: "links.rewrite",
          targetType: "restaurant",
          targetId: links[0]!.restaurantId,
          targetLabel: links[0]!.restName,
          reason: auditReason(mine, base),
          timestamp: new Date().toISOString(),
        });
      }
      return mine;
    });
    done.restaurants += changed.filter((link) => !link.branchId).length;
    done.branches += changed.filter((link) => link.branchId).length;
  }
  if (done.restaurants + done.branches > 0) {
    services.log.info({ actor: actorInLog(actor), ...done }, "QR codes and links rewritten to PUBLIC_URL");
  }
  return done;
}

/** "http://localhost:3000 → http://192.168.1.20:3000: restaurant page, branches F-7 Markaz, Saddar". */
function auditReason(changed: StaleLink[], base: string): string {
  const from = [...new Set(changed.map((link) => originOf(link.stored)))].join(", ");
  const branches = changed.filter((link) => link.branchId).map((link) => link.branchName);
  const what = [
    ...(changed.some((link) => !link.branchId) ? ["restaurant page"] : []),
    ...(branches.length > 0
      ? [`${branches.length === 1 ? "branch" : "branches"} ${branches.join(", ")}`]
      : []),
  ];
  return `${from} → ${base}: ${what.join("; ")}`;
}
