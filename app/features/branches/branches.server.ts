import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { qrDataUrl } from "~/server/qr.server.ts";
import { shownCode } from "~/server/shown-code.server.ts";
import { locationsOf } from "~/server/reference-files.server.ts";
import type { Services } from "~/server/services.server.ts";
import { firstAnswer, recordAnswer, submissionOf } from "~/server/submissions.server.ts";
import { branchPath, toSlug } from "~/lib/slug.ts";
import { pageWindow } from "~/lib/paging.ts";
import { qrAddressNote } from "~/lib/public-address.ts";
import { fieldErrors, firstIssue, type FormValues } from "~/lib/forms.ts";
import { readHours } from "~/lib/opening-hours.ts";
import { editConflict, EditedMeanwhile, stillAsLoaded } from "~/server/edit-conflict.server.ts";
import { HOURS_EDIT_FORM, hoursValues } from "./hours-shortcuts.ts";
import { fail, type Failure, type Result } from "~/lib/result.ts";
import type { z } from "zod";
import { menuVisibility, menuWithItems, type Visibility } from "../menus/menu-read.server.ts";
import { alignBranches, branchDifferences, inLine } from "../menus/menu-sync.server.ts";
import { addItemForm, removeUnusedImages } from "../menus/menus.server.ts";
import * as menuQ from "../menus/menus.queries.server.ts";
import { priceColumns, readSizes, sizePrices, writeSizes, type DishSize } from "~/lib/sizes.ts";
import { menuAllergens } from "~/lib/allergens.ts";
import { NO_FILTERS, type BranchFilters } from "./branch-filters.ts";
import {
  addBranchSchema,
  BRANCH_ITEMS_PER_PAGE,
  BRANCH_MESSAGES as B,
  branchItemSchema,
  bringInLineSchema,
  parseOpeningHours,
} from "./branches.schema.ts";
import * as q from "./branches.queries.server.ts";
import { servedAtBranch } from "./served-now.server.ts";
import { branchClock } from "./special-hours.server.ts";
import { dealsOnAt } from "../deals/deals.server.ts";
import { earliest } from "~/lib/served-times.ts";
import type { Locale } from "~/lib/locale.ts";
import { instantIn } from "~/lib/zoned-time.ts";
import { withoutStatus } from "../restaurants/public-restaurants.queries.server.ts";

/** Province → city → area must exist in the country's file; stored as slugs with their labels. */
function resolveLocation(
  country: string,
  input: { provinceLabel: string; cityLabel: string; areaLabel: string },
) {
  const province = locationsOf(country).provinces.find((p) => p.label === input.provinceLabel);
  const city = province?.cities.find((c) => c.label === input.cityLabel);
  const area = city?.areas.find((a) => a === input.areaLabel);
  const errors: Record<string, string> = {};
  if (input.provinceLabel && !province) errors.provinceLabel = B.badLocation;
  if (input.cityLabel && !city) errors.cityLabel = B.badLocation;
  if (input.areaLabel && !area) errors.areaLabel = B.badLocation;
  return {
    errors,
    location: {
      province: toSlug(province?.label ?? ""),
      city: toSlug(city?.label ?? ""),
      area: toSlug(area ?? ""),
      provinceLabel: province?.label ?? "",
      cityLabel: city?.label ?? "",
      areaLabel: area ?? "",
    },
  };
}

class NoSectionsError extends Error {}

/**
 * A branch dish as a diner pays for it: the branch's price, and each size's; with the
 * general menu's price beside it where the branch charges differently (ADR 0024).
 */
function branchPriced<T extends { price: number; priceOverride: number | null; sizes: string }>(item: T) {
  const menuPrice = item.priceOverride !== null && item.priceOverride !== item.price ? item.price : null;
  return {
    ...item,
    price: item.priceOverride ?? item.price,
    sizes: sizePrices(readSizes(item.sizes)),
    menuPrice,
  };
}

const taken = () => fail(409, B.nameTaken, { level: "warning", fieldErrors: { branchName: B.nameTaken } });

/**
 * product rules §4: the branch and a copy of every section and item of the general menu
 * are written in one transaction; any failure leaves no branch and no partial copy.
 * The same post sent again adds it once and is answered as the first (ADR 0032).
 */
export async function addBranch(
  services: Services,
  ownerId: string,
  input: unknown,
): Promise<Result<{ branchUrl: string }>> {
  const submission = submissionOf("branch", ownerId, input);
  const first = await firstAnswer<{ branchUrl: string }>(services, submission);
  if (first) return first;
  const parsed = addBranchSchema.safeParse(input);
  if (!parsed.success) return fail(400, B.nameMissing, { fieldErrors: fieldErrors(parsed.error) });
  const { db } = services.database;
  const restaurant = await q.findBranchOwner(db, ownerId);
  if (!restaurant) return fail(404, B.addFailed);
  const { errors, location } = resolveLocation(restaurant.country, parsed.data);
  if (Object.keys(errors).length > 0) return fail(400, B.badLocation, { fieldErrors: errors });

  const branchUrl = toSlug(parsed.data.branchName);
  if (await q.branchUrlTaken(db, ownerId, branchUrl)) return taken();
  if ((await menuQ.countSections(db, ownerId)) === 0) return fail(409, B.noSections, { level: "warning" });

  const publicUrl = `${services.env.PUBLIC_URL}${branchPath(restaurant.urlName, branchUrl)}`;
  const qr = await qrDataUrl(publicUrl);
  const now = new Date().toISOString();
  const branchId = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await recordAnswer(trx, submission, { branchUrl });
      await q.insertBranch(trx, {
        id: branchId,
        restaurantId: ownerId,
        restaurantName: restaurant.restName,
        urlName: restaurant.urlName,
        branchName: parsed.data.branchName,
        branchUrl,
        branchQRcode: publicUrl,
        branchQRimg: qr,
        country: restaurant.country,
        ...location,
        address: parsed.data.address,
        contact: parsed.data.contact,
        timestamp: now,
      });
      if ((await menuQ.countSections(trx, ownerId)) === 0) throw new NoSectionsError();
      // The copy of the general menu is the first alignment of the new branch (ADR 0021).
      await alignBranches(trx, ownerId, { branchIds: [branchId] });
      await q.refreshBranchCount(trx, ownerId);
    });
  } catch (error) {
    const twin = await firstAnswer<{ branchUrl: string }>(services, submission);
    if (twin) return twin;
    if (error instanceof NoSectionsError) return fail(409, B.noSections, { level: "warning" });
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, ownerId }, "add branch failed");
    return fail(500, B.addFailed);
  }
  services.log.info({ ownerId, branchUrl }, "branch added");
  return { ok: true, branchUrl };
}

export async function ownerBranchMenu(services: Services, ownerId: string, branchUrl: string) {
  const found = await q.findBranch(services.database.db, ownerId, branchUrl);
  if (!found) return null;
  const branch = await withShownCode(services, found);
  const sections = await menuWithItems(services, ownerId, branch.id);
  return { branch, sections, qrNote: qrAddressNote(branch.branchQRcode) };
}

/** The owner's branch at `branchUrl` and the input as `schema` reads it, or why not. */
async function ownBranchWith<T>(
  services: Services,
  ownerId: string,
  branchUrl: string,
  schema: z.ZodType<T>,
  input: unknown,
  invalid: (error: z.ZodError) => Failure,
): Promise<Result<{ branch: q.BranchRow; data: T }>> {
  const branch = await q.findBranch(services.database.db, ownerId, branchUrl);
  if (!branch) return fail(404, B.notFound);
  const parsed = schema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return { ok: true, branch, data: parsed.data };
}

/**
 * Per-branch price (of the dish, or of each of its sizes) and sold out, on a dish of
 * the owner's own branch only. An empty price is the general menu's.
 */
export async function setBranchItemDetails(
  services: Services,
  ownerId: string,
  branchUrl: string,
  input: unknown,
): Promise<Result<object>> {
  const read = await ownBranchWith(services, ownerId, branchUrl, branchItemSchema, input, (error) =>
    fail(400, firstIssue(error) ?? "Check the price.", { fieldErrors: fieldErrors(error) }),
  );
  if (!read.ok) return read;
  const { branch } = read;
  const { db } = services.database;
  const { itemId, priceOverride, sizeOverride, sizeOverrideLabel, soldOut } = read.data;
  const item = await menuQ.findOwnItem(db, ownerId, itemId, branch.id);
  if (!item) return fail(404, "Item not found");
  const sizes = sizesWithOverrides(readSizes(item.sizes), sizeOverrideLabel, sizeOverride);
  if (!sizes) return fail(409, B.sizesChanged);
  const prices = priceColumns({ price: item.price, priceOverride }, sizes);
  await q.setBranchItem(db, branch.id, itemId, {
    priceOverride: prices.priceOverride,
    priceTo: prices.priceTo,
    sizes: writeSizes(sizes),
    soldOut: soldOut ? 1 : 0,
  });
  return { ok: true };
}

/**
 * Each size's branch price, matched by the size's name (case aside), never by its place
 * in the list: a size added to the general dish while the branch form was open would
 * otherwise take its neighbour's price. Null when the form's sizes are not the dish's
 * sizes now (one added, removed or renamed since it was loaded): nothing is saved.
 */
const sizeKey = (label: string) => label.trim().toLowerCase();

function sizesWithOverrides(sizes: DishSize[], labels: string[], prices: (number | null)[]) {
  const sent = new Map(labels.map((label, i) => [sizeKey(label), prices[i] ?? null]));
  const same =
    sent.size === labels.length &&
    labels.length === prices.length &&
    sizes.length === sent.size &&
    sizes.every((size) => sent.has(sizeKey(size.label)));
  if (!same) return null;
  return sizes.map((size) => ({ ...size, priceOverride: sent.get(sizeKey(size.label)) ?? null }));
}

/** Hides a dish (or a whole section) at one branch, or shows it again; the general menu is untouched. */
export async function setShownAtBranch(
  services: Services,
  ownerId: string,
  branchUrl: string,
  target: { kind: "dish" | "section"; id: string },
  shown: boolean,
): Promise<Result<object>> {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return fail(404, B.notFound);
  const updated =
    target.kind === "dish"
      ? await q.setItemHidden(db, branch.id, target.id, !shown)
      : await q.setSectionHidden(db, branch.id, target.id, !shown);
  if (updated) return { ok: true };
  const missing = target.kind === "dish" ? "Item not found" : "Section not found";
  return fail(404, missing);
}

/** How one of the owner's branches differs from the general menu; null when it is not theirs. */
export async function ownBranchDifferences(services: Services, ownerId: string, branchUrl: string) {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const differences = await branchDifferences(db, ownerId, branch.id);
  return { branch, differences, inLine: inLine(differences) };
}

/**
 * 'Bring this branch in line with the general menu': one transaction that makes
 * every copy say what the general menu says, adds what the branch lacks, and keeps
 * or drops the branch's prices, sold-out marks, hidden dishes and own dishes as the
 * owner chose. Pictures of dropped dishes are deleted once nothing shows them.
 */
export async function bringBranchInLine(
  services: Services,
  ownerId: string,
  branchUrl: string,
  input: unknown,
): Promise<Result<object>> {
  const read = await ownBranchWith(services, ownerId, branchUrl, bringInLineSchema, input, () =>
    fail(400, "Unknown action."),
  );
  if (!read.ok) return read;
  const { branch, data: keep } = read;
  const { db } = services.database;
  let dropped: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      ({ droppedImages: dropped } = await alignBranches(trx, ownerId, { branchIds: [branch.id], keep }));
    });
  } catch (error) {
    services.log.error({ err: error, ownerId, branchUrl }, "bring branch in line failed");
    return fail(500, B.inLineFailed);
  }
  await removeUnusedImages(services, dropped);
  return { ok: true };
}

/** The forms of a branch's own dishes: the branch's sections, the restaurant's categories. */
export async function branchItemForm(services: Services, ownerId: string, branchUrl: string) {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const form = await addItemForm(services, ownerId, new URLSearchParams(), branch.id);
  return form && { branch, ...form };
}

/** Adds, edits or deletes a dish of this branch only (the general menu and other branches are untouched). */
export async function withOwnBranch<T>(
  services: Services,
  ownerId: string,
  branchUrl: string,
  run: (branchId: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const branch = await q.findBranch(services.database.db, ownerId, branchUrl);
  if (!branch) return fail(404, B.notFound);
  return run(branch.id);
}

async function restaurantByUrl(services: Services, urlName: string) {
  return menuQ.findRestaurantByUrlName(services.database.db, urlName);
}

/** The public branches list; empty to visitors until the restaurant is public (ADR 0017). */
export async function publicBranches(services: Services, urlName: string, viewerId?: string) {
  const found = await restaurantByUrl(services, urlName);
  if (!found) return null;
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.id);
  const restaurant = withoutStatus(found);
  if (visibility === "awaiting-approval") return { restaurant, visibility, branches: [] };
  return { restaurant, visibility, branches: await q.listBranches(services.database.db, found.id) };
}

/** The branch with its code as shown (app/server/shown-code.server.ts): under PUBLIC_URL even before its row is rewritten. */
async function withShownCode<
  T extends { urlName: string; branchUrl: string; branchQRcode: string; branchQRimg: string },
>(services: Services, branch: T): Promise<T> {
  const code = await shownCode(
    services.env,
    { url: branch.branchQRcode, image: branch.branchQRimg },
    branchPath(branch.urlName, branch.branchUrl),
  );
  return code.url === branch.branchQRcode
    ? branch
    : { ...branch, branchQRcode: code.url, branchQRimg: code.image };
}

/**
 * A branch's address and place as a public page's data carries them: empty to anyone
 * but its owner until the restaurant is public (ADR 0017: the names and the note only).
 */
export function shownBranchDetails(
  branch: Record<"address" | "contact" | "areaLabel" | "cityLabel" | "provinceLabel" | "country", string>,
  visibility: Visibility,
) {
  const detail = (value: string) => (visibility === "awaiting-approval" ? "" : value);
  return {
    address: detail(branch.address),
    contact: detail(branch.contact),
    areaLabel: detail(branch.areaLabel),
    cityLabel: detail(branch.cityLabel),
    provinceLabel: detail(branch.provinceLabel),
    country: detail(branch.country),
  };
}

/**
 * The moment a branch's page is shown as at, and the language its times are written in;
 * `previewAt` ("2026-11-27T11:30" on the branch's clocks) only for the restaurant's owner.
 */
export interface PageMoment {
  now: Date;
  locale: Locale;
  previewAt?: string | null;
}

/**
 * The scan page: 6 dishes a page in menu order (product rules §9), at the branch's own
 * prices, narrowed by the diner's filters (ADR 0024); each section with the page it
 * starts on (the section tabs), and the allergen words its dishes mention (the filter).
 * Sections and dishes served only at some hours are listed after what is served at the
 * moment, marked with when they are (ADR 0043).
 */
export async function publicBranch(
  services: Services,
  urlName: string,
  branchUrl: string,
  requestedPage: number,
  viewerId?: string,
  filters: BranchFilters = NO_FILTERS,
  moment: PageMoment = { now: services.now(), locale: "en" },
) {
  const { db } = services.database;
  const found = await restaurantByUrl(services, urlName);
  if (!found) return null;
  const stored = await q.findBranch(db, found.id, branchUrl);
  if (!stored) return null;
  const branch = await withShownCode(services, stored);
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.id);
  const restaurant = withoutStatus(found);
  // The owner's preview 'as at' another moment; anyone else sees now.
  const previewAt =
    moment.previewAt && viewerId === found.id ? instantIn(moment.previewAt, branch.timeZone) : null;
  const at = previewAt ?? moment.now;
  const shown = { at, previewAt, ownerViewing: viewerId === found.id, servedChangesAt: null as Date | null };
  if (visibility === "awaiting-approval")
    return {
      restaurant,
      branch,
      visibility,
      items: [],
      page: 1,
      pages: 0,
      sections: [],
      allergens: [],
      deals: [],
      clock: null,
      ...shown,
    };
  const [served, allergenTexts, deals, clock] = await Promise.all([
    servedAtBranch(db, branch.id, at, branch.timeZone, moment.locale),
    q.branchAllergenTexts(db, branch.id),
    dealsOnAt(db, found.id, branch, at, moment.locale),
    branchClock(db, branch, readHours(branch.openingHours), at, moment.locale),
  ]);
  // On a day of Ramadan hours the iftar deals lead (ADR 0045).
  const shownDeals = clock.ramadan ? deals.deals.toSorted((a, b) => b.iftar - a.iftar) : deals.deals;
  const counts = await q.branchSectionCounts(db, branch.id, filters, served.later);
  // Every dish is in a section and both count the same filtered dishes: one query fewer (ADR 0030).
  const total = counts.reduce((sum, section) => sum + section.count, 0);
  const { page, pages, offset, limit } = pageWindow(requestedPage, total, BRANCH_ITEMS_PER_PAGE);
  const rows = await q.branchItemsPage(db, branch.id, offset, limit, filters, served.later);
  const items = rows.map(({ sizes, ...row }) => ({
    ...row,
    price: row.priceOverride ?? row.price,
    sizes: sizePrices(readSizes(sizes)),
    served: served.items.get(row.id) ?? null,
    sectionServed: served.sections.get(row.sectionId) ?? null,
  }));
  let before = 0;
  const sections = counts.map(({ id, name, nameUr, count }) => {
    const section = { id, name, nameUr, page: Math.floor(before / BRANCH_ITEMS_PER_PAGE) + 1 };
    before += count;
    return section;
  });
  const allergens = menuAllergens(allergenTexts);
  return {
    restaurant,
    branch,
    visibility,
    items,
    page,
    pages,
    sections,
    allergens,
    // Deals lead the first page only: the pages of six stay the dishes' (product rules §9).
    deals: page === 1 ? shownDeals : [],
    clock,
    ...shown,
    servedChangesAt: earliest(served.changesAt, deals.changesAt),
  };
}

export async function branchItem(
  services: Services,
  urlName: string,
  branchUrl: string,
  itemId: string,
  viewerId?: string,
) {
  const { db } = services.database;
  const found = await restaurantByUrl(services, urlName);
  if (!found) return null;
  const branch = await q.findBranch(db, found.id, branchUrl);
  if (!branch) return null;
  const item = await q.findBranchItem(db, branch.id, itemId);
  if (!item) return null;
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.id);
  // A dish hidden at this branch is not on its menu: only its owner still reaches the page.
  if (item.hidden && visibility !== "owner-preview") return null;
  const restaurant = withoutStatus(found);
  return { restaurant, branch, visibility, item: branchPriced(item) };
}

/** The owner's own branches. */
export function ownBranches(services: Services, ownerId: string) {
  return q.listBranches(services.database.db, ownerId);
}

/** An item of one of the owner's own branches, at its branch price; null when either is not theirs. */
export async function ownBranchItem(services: Services, ownerId: string, branchUrl: string, itemId: string) {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const item = await q.findBranchItem(db, branch.id, itemId);
  return { branch, item: item ? branchPriced(item) : null };
}

/** One of the owner's branches with its opening hours, for their form; null when it is not theirs. */
export async function ownBranchHours(services: Services, ownerId: string, branchUrl: string) {
  const branch = await q.findBranch(services.database.db, ownerId, branchUrl);
  return branch
    ? { branchName: branch.branchName, branchUrl: branch.branchUrl, openingHours: branch.openingHours }
    : null;
}

/** Sets (or clears) a branch's weekly opening hours; only its owner may. */
/** A branch's stored hours as the hours form shows them. */
const hoursShown = (openingHours: string) => hoursValues(readHours(openingHours));

export async function setOpeningHours(
  services: Services,
  ownerId: string,
  branchUrl: string,
  values: Record<string, unknown>,
): Promise<Result<object>> {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return fail(404, B.notFound);
  const parsed = parseOpeningHours(values);
  if (!parsed.ok)
    return fail(400, Object.values(parsed.fieldErrors)[0]!, { fieldErrors: parsed.fieldErrors });
  // Saved from another tab or device after this form was loaded: nothing written (ADR 0037).
  const posted = values as FormValues;
  const stale = editConflict(hoursShown(branch.openingHours), posted, HOURS_EDIT_FORM);
  if (stale) return stale;
  try {
    await db.transaction().execute(async (trx) => {
      const now = await q.lockedBranchHours(trx, branch.id);
      stillAsLoaded(now === undefined ? undefined : hoursShown(now), posted, HOURS_EDIT_FORM);
      await q.setBranchHours(trx, branch.id, parsed.hours ? JSON.stringify(parsed.hours) : "");
    });
  } catch (error) {
    if (error instanceof EditedMeanwhile) return error.failure;
    throw error;
  }
  return { ok: true };
}

/** A dish of the owner's branch that only this branch has, as its edit form shows it; null otherwise. */
export async function ownBranchDish(services: Services, ownerId: string, branchUrl: string, itemId: string) {
  const { db } = services.database;
  const branch = await q.findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const item = await menuQ.findOwnItem(db, ownerId, itemId, branch.id);
  return item && item.generalItemId === null ? { branch, item } : null;
}

/** What the Add a Branch form is prefilled with: the restaurant's own address and contact. */
export async function addBranchForm(services: Services, ownerId: string) {
  const restaurant = await q.findBranchDefaults(services.database.db, ownerId);
  if (!restaurant) return null;
  return { restaurant, locations: locationsOf(restaurant.country) };
}
