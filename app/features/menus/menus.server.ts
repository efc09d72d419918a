import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { checkImageRoom } from "~/server/media/image-quota.server.ts";
import { deleteImage, MediaError, saveImage } from "~/server/media/images.server.ts";
import type { Services } from "~/server/services.server.ts";
import { firstAnswer, recordAnswer, submissionOf } from "~/server/submissions.server.ts";
import { toSlug } from "~/lib/slug.ts";
import { fieldErrors, firstIssue, type FormValues } from "~/lib/forms.ts";
import { priceRangeOf } from "~/lib/price-range.ts";
import { ITEM_TYPES, itemCategoriesFor, PRICE_RANGES, TASTES } from "~/lib/reference-data.ts";
import { fail, type Result } from "~/lib/result.ts";
import {
  addItemSchema,
  addSectionSchema,
  editItemSchema,
  editSectionSchema,
  ITEM_VIEWS,
  MENU_MESSAGES,
  rateItemSchema,
  type ItemView,
} from "./menus.schema.ts";
import * as q from "./menus.queries.server.ts";
import { alignBranches } from "./menu-sync.server.ts";
import { branchIdsOf, copyRatingToBranches } from "./menu-sync.queries.server.ts";
import { priceColumns, writeSizes, type DishSize } from "~/lib/sizes.ts";
import type { Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { isPublicRestaurant } from "../restaurants/public-restaurants.queries.server.ts";
import type { Message } from "~/lib/message.ts";
import { editConflict, EditedMeanwhile, stillAsLoaded } from "~/server/edit-conflict.server.ts";
import {
  ITEM_EDIT_FORM,
  itemFormValues,
  SECTION_EDIT_FORM,
  sectionFormValues,
} from "./menu-edit-versions.ts";

type Done = Result<object>;
const M = MENU_MESSAGES;

async function ownerRestaurant(services: Services, ownerId: string) {
  return q.findOwnerRestaurant(services.database.db, ownerId);
}

/**
 * The branches a new section or dish goes to (ADR 0021): every branch, unless the
 * form says it chose (`branchChoice`), then the ticked ones among the owner's own.
 */
export async function chosenBranches(
  trx: Transaction<DB>,
  ownerId: string,
  choice: { branchChoice?: "chosen"; toBranches: string[] },
): Promise<Set<string>> {
  const all = await branchIdsOf(trx, ownerId);
  if (choice.branchChoice !== "chosen") return new Set(all);
  const ticked = new Set(choice.toBranches);
  return new Set(all.filter((id) => ticked.has(id)));
}

/**
 * After a change to the general menu: every branch follows it, in the same transaction.
 * `dishesOf`: the general sections whose dishes changed ([] when only sections did).
 */
async function followedByBranches(trx: Transaction<DB>, ownerId: string, dishesOf: readonly string[]) {
  await alignBranches(trx, ownerId, { dishesOf });
}

/** A section (and its copies, ADR 0021); the same post sent again adds it once (ADR 0032). */
export async function addSection(
  services: Services,
  ownerId: string,
  input: unknown,
): Promise<Result<{ id: string }>> {
  const submission = submissionOf("section", ownerId, input);
  const first = await firstAnswer<{ id: string }>(services, submission);
  if (first) return first;
  const parsed = addSectionSchema.safeParse(input);
  if (!parsed.success) return fail(400, M.sectionNameMissing, { fieldErrors: fieldErrors(parsed.error) });
  const restaurant = await ownerRestaurant(services, ownerId);
  if (!restaurant) return fail(404, M.userDataNotFound);
  const id = crypto.randomUUID();
  try {
    await services.database.db.transaction().execute(async (trx) => {
      await recordAnswer(trx, submission, { id });
      const count = await q.countSections(trx, ownerId);
      const branches = await chosenBranches(trx, ownerId, parsed.data);
      await q.insertSection(trx, {
        id,
        restaurantId: ownerId,
        restaurantName: restaurant.restName,
        urlName: restaurant.urlName,
        originalName: parsed.data.originalName,
        sectionName: toSlug(parsed.data.originalName),
        sectionNumber: count + 1,
        topNote: parsed.data.topNote,
        bottomNote: parsed.data.bottomNote,
        sectionNameUr: parsed.data.sectionNameUr,
        timestamp: new Date().toISOString(),
      });
      await alignBranches(trx, ownerId, { addedFor: new Map([[id, branches]]), dishesOf: [] });
    });
  } catch (error) {
    // A twin post of this submission committed first: its answer is this one's.
    const twin = await firstAnswer<{ id: string }>(services, submission);
    if (twin) return twin;
    services.log.error({ err: error, ownerId }, "add section failed");
    return fail(500, M.sectionAddFailed);
  }
  return { ok: true, id };
}

export async function updateSectionDetails(
  services: Services,
  ownerId: string,
  sectionId: string,
  input: unknown,
): Promise<Done> {
  const { db } = services.database;
  const current = await q.findOwnSection(db, ownerId, sectionId);
  if (!current) return fail(404, M.sectionNotFound);
  const parsed = editSectionSchema.safeParse(input);
  if (!parsed.success) return fail(400, M.sectionNameEmpty, { fieldErrors: fieldErrors(parsed.error) });
  // Saved by someone else after this form was loaded: nothing written (ADR 0037).
  const posted = input as FormValues;
  const stale = editConflict(sectionFormValues(current), posted, SECTION_EDIT_FORM);
  if (stale) return stale;
  try {
    await db.transaction().execute(async (trx) => {
      await q.lockSection(trx, sectionId);
      const now = await q.findOwnSection(trx, ownerId, sectionId);
      stillAsLoaded(now && sectionFormValues(now), posted, SECTION_EDIT_FORM);
      await q.updateSection(trx, sectionId, {
        originalName: parsed.data.originalName,
        sectionName: toSlug(parsed.data.originalName),
        topNote: parsed.data.topNote,
        bottomNote: parsed.data.bottomNote,
        sectionNameUr: parsed.data.sectionNameUr,
        timestamp: new Date().toISOString(),
      });
      await followedByBranches(trx, ownerId, []);
    });
  } catch (error) {
    if (error instanceof EditedMeanwhile) return error.failure;
    services.log.error({ err: error, sectionId }, "update section failed");
    return fail(500, M.sectionUpdateFailed);
  }
  return { ok: true };
}

/** product rules §4: the section, all its items (and so their search entries) go together, or nothing does. */
export async function deleteSection(services: Services, ownerId: string, sectionId: string): Promise<Done> {
  const { db } = services.database;
  if (!(await q.findOwnSection(db, ownerId, sectionId))) return fail(404, M.sectionNotFound);
  let images: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      // The branches' copies go too, with any dish a branch added to the section.
      const items = await q.listItemsOfSectionAndCopies(trx, sectionId);
      images = items.flatMap((item) => [item.topView, item.frontView, item.sideView]);
      await q.deleteItemsOfSection(trx, sectionId);
      await q.deleteSectionRow(trx, sectionId);
      await q.renumberSections(trx, ownerId);
      await q.refreshPriceAverage(trx, ownerId);
      await followedByBranches(trx, ownerId, []);
    });
  } catch (error) {
    services.log.error({ err: error, sectionId }, "delete section failed");
    return fail(500, M.sectionDeleteFailed);
  }
  await removeUnusedImages(services, images);
  return { ok: true };
}

/** Moves a section one place up or down by swapping numbers with its neighbour. */
export async function moveSection(
  services: Services,
  ownerId: string,
  sectionId: string,
  direction: -1 | 1,
): Promise<Done> {
  const { db } = services.database;
  if (!(await q.findOwnSection(db, ownerId, sectionId))) return fail(404, M.sectionNotFound);
  await db.transaction().execute(async (trx) => {
    await q.renumberSections(trx, ownerId);
    const sections = await q.listSections(trx, ownerId);
    const index = sections.findIndex((s) => s.id === sectionId);
    const other = sections[index + direction];
    const self = sections[index];
    if (!other || !self) return;
    await q.updateSection(trx, self.id, { sectionNumber: other.sectionNumber });
    await q.updateSection(trx, other.id, { sectionNumber: self.sectionNumber });
    await followedByBranches(trx, ownerId, []);
  });
  return { ok: true };
}

/** Deletes pictures no item shows any more (branch copies share their general item's pictures). */
export async function removeUnusedImages(services: Services, urls: string[]) {
  // One picture may show as several views of a dish: it is deleted once.
  for (const url of new Set(urls)) {
    if (!url || (await q.imageStillUsed(services.database.db, url))) continue;
    await deleteImage(services.storage, url).catch((error) =>
      services.log.warn({ err: error, url }, "could not delete an item image"),
    );
  }
}

/** Byte-for-byte the same file (one photo sent for several views). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a === b || Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * Stores the item's uploaded views; on a refused file removes what this call stored.
 * One photo sent for several views is encoded and stored once, and those views show
 * the same picture, so it counts once under the account's photo limit (ADR 0020).
 * `current` is the item being edited: the pictures its new views replace (and no
 * other view or dish shows) make room under that limit.
 */
async function storeItemImages(
  services: Services,
  ownerId: string,
  itemId: string,
  files: Map<string, Uint8Array>,
  current?: Record<ItemView, string>,
): Promise<
  | { ok: true; urls: Partial<Record<ItemView, string>> }
  | { ok: false; field: ItemView; message: Message; status: number }
> {
  const uploaded = ITEM_VIEWS.filter(({ field }) => files.has(field)).map(({ field }) => field);
  if (uploaded.length === 0) return { ok: true, urls: {} };
  // Each distinct photo once, with the views it is for (its first view names its storage scope).
  const photos: { bytes: Uint8Array; views: ItemView[] }[] = [];
  for (const field of uploaded) {
    const bytes = files.get(field)!;
    const same = photos.find((p) => sameBytes(p.bytes, bytes));
    if (same) same.views.push(field);
    else photos.push({ bytes, views: [field] });
  }
  const { db } = services.database;
  let freeing = 0;
  if (current) {
    const kept = new Set(
      ITEM_VIEWS.filter(({ field }) => !files.has(field)).map(({ field }) => current[field]),
    );
    for (const url of new Set(uploaded.map((field) => current[field]))) {
      if (url && !kept.has(url) && !(await q.imageStillUsed(db, url, itemId))) freeing++;
    }
  }
  try {
    await checkImageRoom(db, ownerId, services.env.MAX_IMAGES_PER_ACCOUNT, {
      adding: photos.length,
      freeing,
    });
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return { ok: false, field: uploaded[0]!, message: error.said, status: error.status };
  }
  const urls: Partial<Record<ItemView, string>> = {};
  for (const { bytes, views } of photos) {
    try {
      const url = await saveImage(services.storage, bytes, {
        maxBytes: services.env.MAX_IMAGE_BYTES,
        maxPixels: services.env.MAX_IMAGE_PIXELS,
        owner: ownerId,
        scope: `${ownerId}:item:${itemId}:${views[0]}`,
      });
      for (const view of views) urls[view] = url;
    } catch (error) {
      await removeUnusedImages(services, Object.values(urls));
      if (error instanceof MediaError)
        return { ok: false, field: views[0]!, message: error.said, status: error.status };
      throw error;
    }
  }
  return { ok: true, urls };
}

/** A general dish's price columns: its price, or with sizes the lowest, and the highest (ADR 0022). */
export function generalPrices(input: { price: number; sizes: DishSize[] }) {
  const { price, priceTo } = priceColumns({ price: input.price, priceOverride: null }, input.sizes);
  return { price, priceTo, sizes: writeSizes(input.sizes) };
}

export interface ItemForm {
  values: FormValues;
  files: Map<string, Uint8Array>;
}

/**
 * The views an Add Item form sends. With 'Use the top photo for all three views' ticked, the
 * top view's photo stands for a front or side view left out (a view sent is kept).
 */
function viewsOf(form: ItemForm): Map<string, Uint8Array> {
  const top = form.files.get("topView");
  if (form.values.sameViews !== "on" || !top) return form.files;
  const files = new Map(form.files);
  for (const { field } of ITEM_VIEWS) if (!files.has(field)) files.set(field, top);
  return files;
}

/**
 * Adds a dish to the general menu (and, ADR 0021, to the branches the form chose),
 * or with `menu` a branch's id, a dish of that branch only. The same post sent again
 * (with its token and photos) adds it once and is answered as the first (ADR 0032).
 */
export async function addItem(
  services: Services,
  ownerId: string,
  form: ItemForm,
  menu: q.MenuOf = null,
): Promise<Result<{ id: string }>> {
  const submission = submissionOf("dish", ownerId, form.values, form.files.values());
  const sentBefore = await firstAnswer<{ id: string }>(services, submission);
  if (sentBefore) return sentBefore;
  const parsed = addItemSchema.safeParse(form.values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const files = viewsOf(form);
  for (const { field, label } of ITEM_VIEWS) {
    // With the box ticked, a missing top view is the one thing to ask for.
    if (files.has(field) || (form.values.sameViews === "on" && errors.topView)) continue;
    errors[field] = M.imageMissing(label);
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    const first = errors.sectionId ?? errors.positionInSection ?? M.itemAddFailed;
    return fail(400, first, { fieldErrors: errors });
  }
  const input = parsed.data;
  const { db } = services.database;
  const restaurant = await ownerRestaurant(services, ownerId);
  if (!restaurant) return fail(404, M.userDataNotFound);
  if (!(await q.findOwnSection(db, ownerId, input.sectionId, menu))) {
    return fail(400, M.selectSection, { fieldErrors: { sectionId: M.selectSection } });
  }
  const taken = () =>
    fail(409, M.positionTaken(input.positionInSection), {
      fieldErrors: { positionInSection: M.positionTaken(input.positionInSection) },
    });
  if (await q.positionTaken(db, input.sectionId, input.positionInSection)) return taken();

  const id = crypto.randomUUID();
  const images = await storeItemImages(services, ownerId, id, files);
  if (!images.ok)
    return fail(images.status, M.itemAddFailed, { fieldErrors: { [images.field]: images.message } });
  try {
    await db.transaction().execute(async (trx) => {
      await recordAnswer(trx, submission, { id });
      const branches = menu === null ? await chosenBranches(trx, ownerId, input) : new Set<string>();
      await q.insertItem(trx, {
        id,
        branchId: menu,
        sectionId: input.sectionId,
        restaurantId: ownerId,
        urlName: restaurant.urlName,
        name: input.name,
        nameExtra: input.nameExtra,
        ...generalPrices(input),
        itemPriceRange: input.itemPriceRange ?? priceRangeOf(input.price),
        itemTaste: input.itemTaste,
        itemCat: input.itemCat,
        itemSubCat: input.itemSubCat,
        itemType: input.itemType,
        positionInSection: input.positionInSection,
        description: input.description,
        descriptionExtra: input.descriptionExtra,
        nameUr: input.nameUr,
        descriptionUr: input.descriptionUr,
        foodAllergies: input.foodAllergies,
        topView: images.urls.topView ?? "",
        frontView: images.urls.frontView ?? "",
        sideView: images.urls.sideView ?? "",
        timestamp: new Date().toISOString(),
      });
      if (menu !== null) return;
      await q.refreshPriceAverage(trx, ownerId);
      await alignBranches(trx, ownerId, {
        addedFor: new Map([[id, branches]]),
        dishesOf: [input.sectionId],
      });
    });
  } catch (error) {
    await removeUnusedImages(services, Object.values(images.urls));
    const twin = await firstAnswer<{ id: string }>(services, submission);
    if (twin) return twin;
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, ownerId }, "add item failed");
    return fail(500, M.itemAddFailed);
  }
  return { ok: true, id };
}

/**
 * What 'Save and add another' keeps for the next dish: most dishes of a section share
 * them, the price range too (ADR 0020; typing the next price still moves it).
 */
const CARRIED_TO_NEXT_ITEM = [
  "sectionId",
  "itemCat",
  "itemSubCat",
  "itemTaste",
  "itemType",
  "itemPriceRange",
] as const;

/** The query string that carries a saved dish's kept values to the next empty Add Item form. */
export function carriedToNextItem(values: FormValues): string {
  const query = new URLSearchParams();
  for (const key of CARRIED_TO_NEXT_ITEM) {
    const value = values[key];
    if (typeof value === "string" && value) query.set(key, value);
  }
  return query.toString();
}

/**
 * The Add Item form: the owner's sections, each with the position after its last
 * dish, and the values 'Save and add another' carried over (see carriedToNextItem)
 * as defaults. A carried value that is not one of the owner's choices is dropped.
 * Null when the owner has no restaurant.
 */
export async function addItemForm(
  services: Services,
  ownerId: string,
  carried: URLSearchParams,
  menu: q.MenuOf = null,
) {
  const restaurant = await ownerRestaurant(services, ownerId);
  if (!restaurant) return null;
  const { db } = services.database;
  const [sections, last, branches] = await Promise.all([
    q.listSections(db, ownerId, undefined, menu),
    q.lastPositions(db, ownerId, menu),
    menu === null ? q.listBranchNames(db, ownerId) : [],
  ]);
  const categories = itemCategoriesFor(restaurant.restType);
  const nextPosition = Object.fromEntries(sections.map((s) => [s.id, (last.get(s.id) ?? 0) + 1]));
  const pick = (key: (typeof CARRIED_TO_NEXT_ITEM)[number], allowed: readonly string[]) => {
    const value = carried.get(key) ?? "";
    return allowed.includes(value) ? value : undefined;
  };
  const sectionId = pick("sectionId", Object.keys(nextPosition));
  const itemCat = pick(
    "itemCat",
    categories.map((c) => c.category),
  );
  const subcategories = categories.find((c) => c.category === itemCat)?.subcategories ?? [];
  return {
    sections: sections.map((s) => ({ value: s.id, label: `${s.sectionNumber}. ${s.originalName}` })),
    categories,
    nextPosition,
    /** The branches a new dish may go to ('add to all branches' or a chosen set). */
    branches,
    defaults: {
      sectionId,
      itemCat,
      itemSubCat: pick("itemSubCat", subcategories),
      itemTaste: pick("itemTaste", TASTES),
      itemType: pick("itemType", ITEM_TYPES),
      itemPriceRange: pick("itemPriceRange", PRICE_RANGES),
      positionInSection: sectionId ? String(nextPosition[sectionId]) : undefined,
    },
  };
}

/** A dish of the general menu, or with `menu` a branch's id, a dish of that branch only (never a copy). */
async function findEditable(services: Services, ownerId: string, itemId: string, menu: q.MenuOf) {
  const item = await q.findOwnItem(services.database.db, ownerId, itemId, menu);
  return item && item.generalItemId === null ? item : undefined;
}

export async function updateItemDetails(
  services: Services,
  ownerId: string,
  itemId: string,
  form: ItemForm,
  menu: q.MenuOf = null,
): Promise<Done> {
  const { db } = services.database;
  const current = await findEditable(services, ownerId, itemId, menu);
  if (!current) return fail(404, M.itemNotFound);
  const parsed = editItemSchema.safeParse(form.values);
  if (!parsed.success) return fail(400, M.itemUpdateFailed, { fieldErrors: fieldErrors(parsed.error) });
  const input = parsed.data;
  // Someone else saved this dish after this form was loaded: nothing written (ADR 0037).
  const stale = editConflict(itemFormValues(current), form.values, ITEM_EDIT_FORM);
  if (stale) return stale;
  const taken = () =>
    fail(409, M.positionTaken(input.positionInSection), {
      fieldErrors: { positionInSection: M.positionTaken(input.positionInSection) },
    });
  if (await q.positionTaken(db, current.sectionId, input.positionInSection, itemId)) return taken();
  const images = await storeItemImages(services, ownerId, itemId, form.files, current);
  if (!images.ok)
    return fail(images.status, M.itemUpdateFailed, { fieldErrors: { [images.field]: images.message } });
  try {
    await db.transaction().execute(async (trx) => {
      await q.lockItem(trx, itemId);
      const now = await q.findOwnItem(trx, ownerId, itemId, menu);
      stillAsLoaded(now && itemFormValues(now), form.values, ITEM_EDIT_FORM);
      const { sizes: _sizes, price: _price, ...fields } = input;
      await q.updateItem(trx, itemId, {
        ...fields,
        ...generalPrices(input),
        ...images.urls,
        timestamp: new Date().toISOString(),
      });
      if (menu !== null) return;
      await q.refreshPriceAverage(trx, ownerId);
      await followedByBranches(trx, ownerId, [current.sectionId]);
    });
  } catch (error) {
    await removeUnusedImages(
      services,
      Object.values(images.urls).filter(
        (url) => ![current.topView, current.frontView, current.sideView].includes(url),
      ),
    );
    if (error instanceof EditedMeanwhile) return error.failure;
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, itemId }, "update item failed");
    return fail(500, M.itemUpdateFailed);
  }
  const replaced = ITEM_VIEWS.flatMap(({ field }) => {
    const next = images.urls[field];
    return next !== undefined && next !== current[field] ? [current[field]] : [];
  });
  await removeUnusedImages(services, replaced);
  return { ok: true };
}

export async function deleteItem(
  services: Services,
  ownerId: string,
  itemId: string,
  menu: q.MenuOf = null,
): Promise<Done> {
  const { db } = services.database;
  const current = await findEditable(services, ownerId, itemId, menu);
  if (!current) return fail(404, M.itemNotFound);
  try {
    await db.transaction().execute(async (trx) => {
      // Its branch copies go with it (they name it; the database removes them).
      await q.deleteItemRow(trx, itemId);
      if (menu !== null) return;
      await q.refreshPriceAverage(trx, ownerId);
      await followedByBranches(trx, ownerId, [current.sectionId]);
    });
  } catch (error) {
    services.log.error({ err: error, itemId }, "delete item failed");
    return fail(500, M.itemDeleteFailed);
  }
  await removeUnusedImages(services, [current.topView, current.frontView, current.sideView]);
  return { ok: true };
}

export async function setSoldOut(
  services: Services,
  ownerId: string,
  itemId: string,
  soldOut: boolean,
): Promise<Done> {
  const { db } = services.database;
  if (!(await q.findOwnItem(db, ownerId, itemId))) return fail(404, M.itemNotFound);
  await q.updateItem(db, itemId, { soldOut: soldOut ? 1 : 0 });
  return { ok: true };
}

/** Moves an item one place up or down in its section by swapping positions with its neighbour. */
export async function moveItem(
  services: Services,
  ownerId: string,
  itemId: string,
  direction: -1 | 1,
): Promise<Done> {
  const { db } = services.database;
  const item = await q.findOwnItem(db, ownerId, itemId);
  if (!item) return fail(404, M.itemNotFound);
  await db.transaction().execute(async (trx) => {
    const other = await q.neighbourItem(trx, item.sectionId, item.positionInSection, direction);
    if (!other) return;
    // Through a free position, so the unique (section, position) key holds at every step.
    await q.updateItem(trx, item.id, { positionInSection: -1 });
    await q.updateItem(trx, other.id, { positionInSection: item.positionInSection });
    await q.updateItem(trx, item.id, { positionInSection: other.positionInSection });
    await followedByBranches(trx, ownerId, [item.sectionId]);
  });
  return { ok: true };
}

/** One rating per customer per item, changeable; the item's average and count stay exact. */
export async function rateItem(
  services: Services,
  customerId: string,
  urlName: string,
  itemId: string,
  input: unknown,
): Promise<Done> {
  const parsed = rateItemSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstIssue(parsed.error) ?? "Choose 1 to 5 stars.");
  const { db } = services.database;
  const item = await q.findItemWithRestaurant(db, urlName, itemId);
  if (!item || !isPublicRestaurant(item)) return fail(404, M.itemPageNotFound);
  await db.transaction().execute(async (trx) => {
    // The item row's lock makes concurrent ratings of one dish recount one after another.
    await q.lockItem(trx, itemId);
    await q.upsertRating(trx, itemId, customerId, parsed.data.rating);
    await q.refreshItemRating(trx, itemId);
    await copyRatingToBranches(trx, itemId);
  });
  return { ok: true };
}
