import { qrSvg } from "../restaurants/qr-download.server.ts";
import { findRestaurantProfile, lockRestaurant } from "../restaurants/restaurants.queries.server.ts";
import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { withinTablePassLimit } from "~/server/rate-limits.server.ts";
import type { Services } from "~/server/services.server.ts";
import { shownAddress } from "~/server/shown-code.server.ts";
import { passHeader, readPass } from "~/server/table-pass.server.ts";
import type { FormValues } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { branchPath } from "~/lib/slug.ts";
import { findBranch } from "../branches/branches.queries.server.ts";
import { findRestaurantByUrlName } from "../menus/menus.queries.server.ts";
import { isNumbered, parseTableLabels, TABLE_MESSAGES as M, TABLES_MAX } from "./tables.schema.ts";
import * as q from "./tables.queries.server.ts";

/**
 * Table codes (issue 33, ADR 0046): each table of a branch has a short random code its
 * printed card carries; opening it gives the diner's browser a table pass and sends it on
 * to the branch page. Changing a code (one table's, or every one of the branch's) stops
 * the old cards and the passes they gave.
 */

/** Letters and digits no one misreads on a card (no 0/o, 1/l/i). */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const CODE_LENGTH = 8;
/** What a code in a URL may look like before it is looked up. */
const CODE_SHAPE = /^[a-z0-9]{1,16}$/u;

/** A new code: 8 of 31 characters (about 40 bits), drawn without bias. */
export function newTableCode(): string {
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_LENGTH))) {
      // 248 = 8 × 31: bytes past it would favour the first letters.
      if (byte < 248 && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** The owner's branch and restaurant, for their tables; null when the branch is not theirs. */
async function ownBranch(services: Services, ownerId: string, branchUrl: string) {
  const { db } = services.database;
  const [restaurant, branch] = await Promise.all([
    findRestaurantProfile(db, ownerId),
    findBranch(db, ownerId, branchUrl),
  ]);
  if (!restaurant || !branch) return null;
  // Where the branch's page is now (a PUBLIC_URL changed since its code was stored, ADR 0034).
  const page = shownAddress(
    services.env,
    branch.branchQRcode,
    branchPath(restaurant.urlName, branch.branchUrl),
  );
  return { restaurant, branch, tableUrl: (code: string) => `${page}/t/${code}` };
}

/** A table's events are listed this far back on its screen. */
const EVENTS_SHOWN = 20;

/** The branch's tables, each with the address its card carries, and the latest changes of the codes. */
export async function ownTables(services: Services, ownerId: string, branchUrl: string) {
  const found = await ownBranch(services, ownerId, branchUrl);
  if (!found) return null;
  const { db } = services.database;
  const [tables, events] = await Promise.all([
    q.tablesOf(db, found.branch.id),
    q.eventsOf(db, found.branch.id, EVENTS_SHOWN),
  ]);
  return {
    branch: { name: found.branch.branchName, url: found.branch.branchUrl },
    tables: tables.map((t) => ({
      id: t.id,
      label: t.label,
      numbered: isNumbered(t.label),
      url: found.tableUrl(t.code),
    })),
    events,
  };
}

/** Tries a write that draws new codes again when one is already taken (one in 10¹² per pair). */
async function withFreshCodes<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Adds the tables the form names to the branch, each with a new code; refused whole when one is there already. */
export async function addTables(
  services: Services,
  ownerId: string,
  branchUrl: string,
  values: FormValues,
): Promise<Result<{ added: number }>> {
  const found = await ownBranch(services, ownerId, branchUrl);
  if (!found) return fail(404, M.notFound);
  const parsed = parseTableLabels(values.tables);
  if (!parsed.ok) return fail(400, parsed.fieldErrors.tables!, { fieldErrors: parsed.fieldErrors });
  const { labels } = parsed;
  const branchId = found.branch.id;
  const result = await withFreshCodes(() =>
    services.database.db.transaction().execute(async (trx) => {
      // Two adds at once are counted and checked one after the other.
      await lockRestaurant(trx, ownerId);
      const tables = await q.tablesOf(trx, branchId);
      if (tables.length + labels.length > TABLES_MAX) return fail(400, M.tooMany(TABLES_MAX));
      const taken = new Set(tables.map((t) => t.label.toLowerCase()));
      const twice = labels.find((label) => taken.has(label.toLowerCase()));
      if (twice) return fail(400, M.taken(twice), { fieldErrors: { tables: M.taken(twice) } });
      const now = new Date().toISOString();
      const last = Math.max(0, ...tables.map((t) => t.position));
      await q.insertTables(
        trx,
        labels.map((label, i) => ({
          id: crypto.randomUUID(),
          restaurantId: ownerId,
          branchId,
          label,
          code: newTableCode(),
          position: last + i + 1,
          timestamp: now,
        })),
      );
      await q.addEvent(trx, event(ownerId, branchId, labels.join(", ").slice(0, 200), "added"));
      return { ok: true as const, added: labels.length };
    }),
  );
  return result;
}

function event(
  restaurantId: string,
  branchId: string,
  tableLabel: string,
  action: "added" | "changed" | "removed",
) {
  return {
    id: crypto.randomUUID(),
    restaurantId,
    branchId,
    tableLabel,
    action,
    timestamp: new Date().toISOString(),
  };
}

/**
 * Removes one table, gives it a new code ("change"), or gives every table of the branch
 * a new code ("change-all"): the cards printed before stop giving passes, and so do the
 * passes they gave. Each is written down with when it happened.
 */
export async function changeTables(
  services: Services,
  ownerId: string,
  branchUrl: string,
  action: { intent: "remove" | "change"; tableId: string } | { intent: "change-all" },
): Promise<Result<object>> {
  const found = await ownBranch(services, ownerId, branchUrl);
  if (!found) return fail(404, M.notFound);
  const branchId = found.branch.id;
  return withFreshCodes(() =>
    services.database.db.transaction().execute(async (trx) => {
      await lockRestaurant(trx, ownerId);
      if (action.intent === "change-all") {
        for (const table of await q.tablesOf(trx, branchId)) await q.setCode(trx, table.id, newTableCode());
        await q.addEvent(trx, event(ownerId, branchId, "", "changed"));
        return { ok: true as const };
      }
      const table = await q.findTable(trx, branchId, action.tableId);
      if (!table) return fail(404, M.notFound);
      if (action.intent === "remove") await q.deleteTable(trx, table.id);
      else await q.setCode(trx, table.id, newTableCode());
      await q.addEvent(
        trx,
        event(ownerId, branchId, table.label, action.intent === "remove" ? "removed" : "changed"),
      );
      return { ok: true as const };
    }),
  );
}

export type CardLayout = "a6" | "a4";

/** The cards to print for the branch's tables (all, or one), each with its code as SVG; null when not theirs. */
export async function tableCards(
  services: Services,
  ownerId: string,
  branchUrl: string,
  tableId: string | null,
) {
  const found = await ownBranch(services, ownerId, branchUrl);
  if (!found) return null;
  const tables = (await q.tablesOf(services.database.db, found.branch.id)).filter(
    (t) => tableId === null || t.id === tableId,
  );
  const cards = await Promise.all(
    tables.map(async (t) => {
      const url = found.tableUrl(t.code);
      return {
        id: t.id,
        label: t.label,
        numbered: isNumbered(t.label),
        svg: await qrSvg(url),
        shortUrl: url.replace(/^https?:\/\//u, ""),
      };
    }),
  );
  return {
    restaurantName: found.restaurant.restName,
    branch: { name: found.branch.branchName, url: found.branch.branchUrl },
    cards,
  };
}

/**
 * A printed table code opened (issue 33): where to send the diner (the branch page), and
 * the pass to give when the code is one of the
 * branch's tables' and the client address has not had too many passes this hour. Null
 * when the restaurant or branch is not there.
 */
export async function openTableCode(
  services: Services,
  target: { urlName: string; branchUrl: string; code: string },
  client: { address: string; cookies: string | null },
): Promise<{ location: string; setCookie: string | null } | null> {
  const { db } = services.database;
  const restaurant = await findRestaurantByUrlName(db, target.urlName);
  const branch = restaurant && (await findBranch(db, restaurant.id, target.branchUrl));
  if (!restaurant || !branch) return null;
  // React Router puts an Urdu request's redirect under /ur itself (its basename, ADR 0026).
  const location = branchPath(restaurant.urlName, branch.branchUrl);
  const code = target.code.toLowerCase();
  const table = CODE_SHAPE.test(code) ? await q.tableByCode(db, branch.id, code) : undefined;
  if (!table) return { location, setCookie: null };
  // A phone that holds this table's pass already (a second scan) is given it afresh without
  // spending its address's allowance: a family hall's Wi-Fi is many phones scanning again.
  const held = await readPass(services.tablePassKey, secureCookies(services), client.cookies, services.now());
  const again = held?.branchId === branch.id && held.tableId === table.id && held.code === table.code;
  if (!again && !(await withinTablePassLimit(services, client.address)).ok)
    return { location, setCookie: null };
  const setCookie = await passHeader(
    services.tablePassKey,
    secureCookies(services),
    { branchId: branch.id, tableId: table.id, code: table.code },
    services.now(),
  );
  return { location, setCookie };
}

const secureCookies = (services: Services) => services.env.PUBLIC_URL.startsWith("https://");

/**
 * Whether a review of `branchId` by `authorId`, sent with these cookies, was written at a
 * table (issue 33): the request carries a pass signed by us, not ended, for this branch,
 * from a code its table still has; and the author is not the restaurant's own account.
 */
export async function reviewedAtTable(
  services: Services,
  cookieHeader: string | null,
  review: { branchId: string; restaurantId: string; authorId: string },
): Promise<boolean> {
  if (review.authorId === review.restaurantId) return false;
  const pass = await readPass(services.tablePassKey, secureCookies(services), cookieHeader, services.now());
  if (!pass || pass.branchId !== review.branchId) return false;
  return q.codeCurrent(services.database.db, review.branchId, pass.tableId, pass.code);
}
