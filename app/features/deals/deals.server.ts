import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { deleteImage, MediaError, saveImage } from "~/server/media/images.server.ts";
import { checkImageRoom } from "~/server/media/image-quota.server.ts";
import type { DB } from "~/server/db-schema.server.ts";
import type { Services } from "~/server/services.server.ts";
import type { FormValues } from "~/lib/forms.ts";
import type { Locale } from "~/lib/locale.ts";
import { plainDecimal } from "~/lib/numbers.ts";
import { fail, type Result } from "~/lib/result.ts";
import { earliest, readServedTimes, servedState, servedTimesJson, windowsText } from "~/lib/served-times.ts";
import type { Message } from "~/lib/message.ts";
import { readSizes } from "~/lib/sizes.ts";
import { instantIn, localTimeIn } from "~/lib/zoned-time.ts";
import { servedTimesValues } from "~/features/menus/served-times-form.ts";
import { removeUnusedImages } from "~/features/menus/menus.server.ts";
import {
  BLANK_PARTS,
  DEAL_MESSAGES as M,
  dishChoice,
  PART_FIELDS,
  parseDeal,
  type DealInput,
} from "./deals.schema.ts";
import * as q from "./deals.queries.server.ts";

/**
 * Deals and combos (issue 32, ADR 0044): a general deal is offered at every branch at its
 * price unless the branch hides it or charges its own; a branch's own deal only there.
 */

/** The deal form's list fields (a row of parts each), for reading the form: the rest is checked by parseDeal. */
export const DEAL_FORM_LISTS = z.object({
  [PART_FIELDS.dish]: z.array(z.string()),
  [PART_FIELDS.quantity]: z.array(z.string()),
  [PART_FIELDS.text]: z.array(z.string()),
});

/** "2 × Chicken Karahi (Full)", "1.5 L drink": a part as a menu reads it. */
function partText(part: q.PartRow, locale: Locale): string {
  if (!part.itemId) return part.quantity > 1 ? `${part.quantity} × ${part.text}` : part.text;
  const name = (locale === "ur" && part.nameUr) || part.name || "";
  const size = part.sizeLabel ? ` (${part.sizeLabel})` : "";
  const words = part.text ? ` ${part.text}` : "";
  return `${part.quantity} × ${name}${size}${words}`;
}

const byDeal = (parts: q.PartRow[]) => {
  const map = new Map<string, q.PartRow[]>();
  for (const part of parts) map.set(part.dealId, [...(map.get(part.dealId) ?? []), part]);
  return map;
};

/** The owner's general dishes as the part select offers them: one choice a dish, or a size. */
async function dishChoices(services: Services, ownerId: string) {
  const dishes = await q.generalDishes(services.database.db, ownerId);
  const choices: { value: string; label: string }[] = [];
  const known = new Map<string, { sizes: string[] }>();
  for (const dish of dishes) {
    const sizes = readSizes(dish.sizes);
    known.set(dish.id, { sizes: sizes.map((s) => s.label) });
    if (sizes.length === 0) choices.push({ value: dishChoice(dish.id), label: dish.name });
    for (const size of sizes)
      choices.push({ value: dishChoice(dish.id, size.label), label: `${dish.name} (${size.label})` });
  }
  return { choices, known, pictures: new Map(dishes.map((d) => [d.id, d.frontView])) };
}

/** The owner's deals for their list: each with its parts, where it is offered and when. */
export async function ownDeals(services: Services, ownerId: string, locale: Locale) {
  const { db } = services.database;
  const deals = await q.listDeals(db, ownerId);
  const parts = byDeal(
    await q.partsOf(
      db,
      deals.map((d) => d.id),
    ),
  );
  return deals.map((deal) => ({
    id: deal.id,
    name: deal.name,
    price: deal.price,
    serves: deal.serves,
    picture: deal.picture,
    branchName: deal.branchName ?? null,
    parts: (parts.get(deal.id) ?? []).map((p) => partText(p, locale)),
    times: windowsText(readServedTimes(deal.servedTimes), locale),
    validFrom: deal.validFrom,
    validUntil: deal.validUntil,
  }));
}

/** The form of a new deal (`dealId` null) or of one of the owner's; null when it is not theirs. */
export async function dealForm(services: Services, ownerId: string, dealId: string | null) {
  const { db } = services.database;
  const [{ choices }, branches] = await Promise.all([
    dishChoices(services, ownerId),
    q.ownBranches(db, ownerId),
  ]);
  const base = { choices, branches: branches.map((b) => ({ url: b.branchUrl, name: b.branchName })) };
  if (dealId === null)
    return {
      ...base,
      values: { ...servedTimesValues([]), serves: "2" } as FormValues,
      picture: "",
      rows: BLANK_PARTS + 1,
    };
  const deal = await q.findDeal(db, ownerId, dealId);
  if (!deal) return null;
  const parts = await q.partsOf(db, [deal.id]);
  const values: FormValues = {
    ...servedTimesValues(readServedTimes(deal.servedTimes)),
    name: deal.name,
    nameUr: deal.nameUr,
    price: String(deal.price),
    serves: String(deal.serves),
    validFrom: deal.validFrom,
    validUntil: deal.validUntil,
    iftar: deal.iftar ? "on" : "",
    branch: deal.branchUrl ?? "",
    [PART_FIELDS.dish]: parts.map((p) => (p.itemId ? dishChoice(p.itemId, p.sizeLabel) : "")),
    [PART_FIELDS.quantity]: parts.map((p) => String(p.quantity)),
    [PART_FIELDS.text]: parts.map((p) => p.text),
  };
  return { ...base, values, picture: deal.picture, rows: parts.length + BLANK_PARTS };
}

/** The deal's picture: the one sent, stored (and counted under the owner's photos), or none. */
async function storedPicture(
  services: Services,
  ownerId: string,
  dealId: string,
  bytes: Uint8Array | undefined,
) {
  if (!bytes) return { ok: true as const, url: null };
  try {
    await checkImageRoom(services.database.db, ownerId, services.env.MAX_IMAGES_PER_ACCOUNT, { adding: 1 });
    const url = await saveImage(services.storage, bytes, {
      maxBytes: services.env.MAX_IMAGE_BYTES,
      maxPixels: services.env.MAX_IMAGE_PIXELS,
      owner: ownerId,
      scope: `${ownerId}:deal:${dealId}`,
    });
    return { ok: true as const, url };
  } catch (error) {
    if (error instanceof MediaError) return { ok: false as const, status: error.status, message: error.said };
    throw error;
  }
}

/**
 * Adds a deal (`dealId` null) or saves one of the owner's: its parts name dishes of their
 * own general menu only, its branch is one of theirs, and bad input writes nothing.
 */
export async function saveDeal(
  services: Services,
  ownerId: string,
  dealId: string | null,
  form: { values: FormValues; files: Map<string, Uint8Array> },
): Promise<Result<{ id: string }>> {
  const { db } = services.database;
  const current = dealId === null ? null : await q.findDeal(db, ownerId, dealId);
  if (dealId !== null && !current) return fail(404, M.notFound);
  const { known, pictures } = await dishChoices(services, ownerId);
  const parsed = parseDeal(form.values, known);
  if (!parsed.ok)
    return fail(400, Object.values(parsed.fieldErrors)[0]!, { fieldErrors: parsed.fieldErrors });
  const deal: DealInput = parsed.deal;
  const branch = deal.branchUrl === null ? null : await q.ownBranch(db, ownerId, deal.branchUrl);
  if (deal.branchUrl !== null && !branch)
    return fail(400, M.branchUnknown, { fieldErrors: { branch: M.branchUnknown } });
  const id = current?.id ?? crypto.randomUUID();
  const picture = await storedPicture(services, ownerId, id, form.files.get("picture"));
  if (!picture.ok)
    return fail(picture.status, picture.message, { fieldErrors: { picture: picture.message } });
  // Without a picture of its own, the deal shows its first dish's.
  const firstDish = deal.parts.find((p) => p.itemId)?.itemId;
  const shown =
    picture.url ??
    (current?.picture && !isDishPicture(current.picture, pictures) ? current.picture : null) ??
    (firstDish ? (pictures.get(firstDish) ?? "") : "");
  try {
    await db
      .transaction()
      .execute((trx) =>
        writeDeal(
          trx,
          ownerId,
          { id, exists: !!current, branchId: branch?.id ?? null, picture: shown },
          deal,
        ),
      );
  } catch (error) {
    if (picture.url) await deleteImage(services.storage, picture.url).catch(() => undefined);
    services.log.error({ err: error, dealId: id }, "deal not saved");
    return fail(500, M.failed);
  }
  // The picture it replaced goes when no deal shows it (a dish's picture stays the dish's).
  if (picture.url && current?.picture && current.picture !== picture.url)
    await removeUnusedImages(services, [current.picture]);
  return { ok: true, id };
}

/**
 * Writes a deal and its parts inside `trx`: a new one (`exists` false) last in the list.
 * Without `windows` (an import's row says no times) a saved deal keeps its serving times.
 */
export async function writeDeal(
  trx: Transaction<DB>,
  ownerId: string,
  target: { id: string; exists: boolean; branchId: string | null; picture: string },
  deal: Omit<DealInput, "windows" | "branchUrl"> & { windows?: DealInput["windows"] },
) {
  const { id } = target;
  const row = {
    branchId: target.branchId,
    name: deal.name,
    nameUr: deal.nameUr,
    picture: target.picture,
    price: deal.price,
    serves: deal.serves,
    ...(deal.windows ? { servedTimes: servedTimesJson(deal.windows) } : {}),
    validFrom: deal.validFrom,
    validUntil: deal.validUntil,
    iftar: deal.iftar ? 1 : 0,
    timestamp: new Date().toISOString(),
  };
  if (target.exists) await q.updateDeal(trx, id, row);
  else
    await q.insertDeal(trx, {
      ...row,
      id,
      restaurantId: ownerId,
      position: await q.nextPosition(trx, ownerId),
    });
  await q.replaceParts(
    trx,
    id,
    deal.parts.map((part, position) => ({ ...part, dealId: id, position, restaurantId: ownerId })),
  );
}

const isDishPicture = (url: string, pictures: ReadonlyMap<string, string>) =>
  [...pictures.values()].includes(url);

export async function deleteDeal(
  services: Services,
  ownerId: string,
  dealId: string,
): Promise<Result<object>> {
  const { db } = services.database;
  const deal = await q.findDeal(db, ownerId, dealId);
  if (!deal) return fail(404, M.notFound);
  await q.deleteDeal(db, deal.id);
  // Its picture goes unless a dish or another deal shows it.
  await removeUnusedImages(services, [deal.picture]);
  return { ok: true };
}

/** A branch's screen of deals: each general deal with this branch's price and whether it is offered. */
export async function branchDeals(services: Services, ownerId: string, branchUrl: string, locale: Locale) {
  const { db } = services.database;
  const branch = await q.ownBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const [deals, choices] = await Promise.all([
    ownDeals(services, ownerId, locale),
    q.branchChoices(db, branch.id),
  ]);
  const chosen = new Map(choices.map((c) => [c.dealId, c]));
  const rows = await q.listDeals(db, ownerId);
  const generalIds = new Set(rows.filter((r) => r.branchId === null).map((r) => r.id));
  const ownIds = new Set(rows.filter((r) => r.branchId === branch.id).map((r) => r.id));
  return {
    branch: { name: branch.branchName, url: branch.branchUrl },
    deals: deals
      .filter((d) => generalIds.has(d.id) || ownIds.has(d.id))
      .map((d) => ({
        ...d,
        own: ownIds.has(d.id),
        priceOverride: chosen.get(d.id)?.priceOverride ?? null,
        offered: !chosen.get(d.id)?.hidden,
      })),
  };
}

/** A branch's price for a general deal ("" for the deal's own) and whether it offers it. */
export async function setBranchDeal(
  services: Services,
  ownerId: string,
  branchUrl: string,
  values: FormValues,
): Promise<Result<object>> {
  const { db } = services.database;
  const branch = await q.ownBranch(db, ownerId, branchUrl);
  if (!branch) return fail(404, M.branchUnknown);
  const deal = await q.findDeal(db, ownerId, String(values.dealId ?? ""));
  if (!deal || deal.branchId !== null) return fail(404, M.notFound);
  const priceText = typeof values.priceOverride === "string" ? values.priceOverride.trim() : "";
  const price = priceText ? plainDecimal(priceText) : null;
  if (priceText && (price === null || price <= 0 || price > 10_000_000))
    return fail(400, M.priceMissing, { fieldErrors: { priceOverride: M.priceMissing } });
  await q.setBranchChoice(db, {
    dealId: deal.id,
    branchId: branch.id,
    restaurantId: ownerId,
    priceOverride: price,
    hidden: values.offered === "on" ? 0 : 1,
  });
  return { ok: true };
}

/** A deal as the table page shows it. */
export interface ShownDeal {
  id: string;
  name: string;
  nameUr: string;
  picture: string;
  price: number;
  serves: number;
  parts: string[];
  /** What the dishes cost on their own, less the deal's price; null when a part is no priced dish. */
  saving: number | null;
  /** "Until 3:00 pm" for a deal of some hours. */
  until: Message | null;
  windows: string;
  validFrom: string;
  validUntil: string;
  /** 1 for an iftar deal (first on days of Ramadan hours). */
  iftar: number;
}

/** The day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The deals a branch offers at `at`, in its time zone: within their dates and windows,
 * at the branch's price, with the saving against the branch's own prices of their dishes;
 * and when that next changes (a window or a date starting or ending).
 */
export async function dealsOnAt(
  db: Kysely<DB>,
  restaurantId: string,
  branch: { id: string; timeZone: string },
  at: Date,
  locale: Locale,
): Promise<{ deals: ShownDeal[]; changesAt: Date | null }> {
  const rows = await q.dealsAtBranch(db, restaurantId, branch.id);
  if (rows.length === 0) return { deals: [], changesAt: null };
  const today = localTimeIn(at, branch.timeZone).slice(0, 10);
  const midnight = (date: string) => instantIn(`${date}T00:00`, branch.timeZone);
  let changesAt: Date | null = null;
  const live = rows.filter((deal) => {
    if (deal.validFrom && today < deal.validFrom) {
      changesAt = earliest(changesAt, midnight(deal.validFrom));
      return false;
    }
    if (deal.validUntil && today > deal.validUntil) return false;
    if (deal.validUntil) changesAt = earliest(changesAt, midnight(dayAfter(deal.validUntil)));
    return true;
  });
  const parts = byDeal(
    await q.partsOf(
      db,
      live.map((d) => d.id),
    ),
  );
  const dishIds = [...new Set([...parts.values()].flat().flatMap((p) => (p.itemId ? [p.itemId] : [])))];
  const copies = new Map(
    (await q.branchCopiesOf(db, branch.id, dishIds)).map((c) => [c.generalItemId!, c] as const),
  );
  const deals: ShownDeal[] = [];
  for (const deal of live) {
    const windows = readServedTimes(deal.servedTimes);
    const state = servedState(windows, at, branch.timeZone, locale);
    changesAt = earliest(changesAt, state.changesAt);
    if (!state.now) continue;
    const own = parts.get(deal.id) ?? [];
    const price = deal.priceOverride ?? deal.price;
    const worth = partsWorth(own, copies);
    deals.push({
      id: deal.id,
      name: deal.name,
      nameUr: deal.nameUr,
      picture: deal.picture,
      price,
      serves: deal.serves,
      parts: own.map((p) => partText(p, locale)),
      saving: worth !== null && worth > price ? worth - price : null,
      until: state.text,
      windows: windowsText(windows, locale),
      validFrom: deal.validFrom,
      validUntil: deal.validUntil,
      iftar: deal.iftar,
    });
  }
  return { deals, changesAt };
}

/** What the parts cost as dishes at this branch; null when one is words, or a dish it does not serve. */
function partsWorth(
  parts: q.PartRow[],
  copies: ReadonlyMap<string, Awaited<ReturnType<typeof q.branchCopiesOf>>[number]>,
) {
  if (parts.length === 0) return null;
  let sum = 0;
  for (const part of parts) {
    const copy = part.itemId ? copies.get(part.itemId) : undefined;
    if (!copy || copy.hidden || copy.sectionHidden) return null;
    let price = copy.priceOverride ?? copy.price;
    if (part.sizeLabel) {
      const size = readSizes(copy.sizes).find((s) => s.label === part.sizeLabel);
      if (!size) return null;
      price = size.priceOverride ?? size.price;
    }
    sum += price * part.quantity;
  }
  return sum;
}

/** A deal as a list shows it, with no moment: what it is, what it holds, and when it is offered. */
function listedDeal(
  deal: q.DealRow | q.FoundDealRow,
  parts: ReadonlyMap<string, q.PartRow[]>,
  locale: Locale,
) {
  return {
    id: deal.id,
    name: deal.name,
    nameUr: deal.nameUr,
    picture: deal.picture,
    price: deal.price,
    serves: deal.serves,
    parts: (parts.get(deal.id) ?? []).map((p) => partText(p, locale)),
    windows: windowsText(readServedTimes(deal.servedTimes), locale),
    validFrom: deal.validFrom,
    validUntil: deal.validUntil,
  };
}

const partsOfRows = async (db: Kysely<DB>, rows: readonly { id: string }[]) =>
  byDeal(
    await q.partsOf(
      db,
      rows.map((d) => d.id),
    ),
  );

/**
 * The restaurant page's deals: the general deals not past their last day, each with its
 * parts, price and when it is offered (the branch pages say whether it is on now).
 */
export async function restaurantDeals(db: Kysely<DB>, restaurantId: string, today: string, locale: Locale) {
  const rows = (await q.listDeals(db, restaurantId)).filter(
    (d) => d.branchId === null && (!d.validUntil || d.validUntil >= today),
  );
  const parts = await partsOfRows(db, rows);
  return rows.map((deal) => ({ ...listedDeal(deal, parts, locale), saving: null, until: null }));
}

/** The finder's deals (ADR 0044): a page of the public deals a search names, each with its restaurant. */
export async function searchDeals(
  db: Kysely<DB>,
  search: q.DealSearch,
  page: { offset: number; limit: number },
  locale: Locale,
) {
  const rows = await q.findDeals(db, search, page.offset, page.limit);
  const parts = await partsOfRows(db, rows);
  return rows.map((deal) => ({
    ...listedDeal(deal, parts, locale),
    restaurant: { name: deal.restName, urlName: deal.urlName },
  }));
}

export const countDeals = q.countDeals;
export type DealSearch = q.DealSearch;
