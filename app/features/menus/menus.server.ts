import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { deleteImage, MediaError, saveImage } from "~/server/media/images.server.ts";
import type { Services } from "~/server/services.server.ts";
import { toSlug } from "~/lib/slug.ts";
import { fieldErrors, type FormValues } from "../accounts/accounts.schema.ts";
import { fail, type Result } from "../accounts/result.ts";
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

type Done = Result<object>;
const M = MENU_MESSAGES;

async function ownerRestaurant(services: Services, ownerId: string) {
  return q.findOwnerRestaurant(services.database.db, ownerId);
}

export async function addSection(
  services: Services,
  ownerId: string,
  input: unknown,
): Promise<Result<{ id: string }>> {
  const parsed = addSectionSchema.safeParse(input);
  if (!parsed.success) return fail(400, M.sectionNameMissing, { fieldErrors: fieldErrors(parsed.error) });
  const restaurant = await ownerRestaurant(services, ownerId);
  if (!restaurant) return fail(404, M.userDataNotFound);
  const id = crypto.randomUUID();
  try {
    await services.database.db.transaction().execute(async (trx) => {
      const count = await q.countSections(trx, ownerId);
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
        timestamp: new Date().toISOString(),
      });
    });
  } catch (error) {
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
  if (!(await q.findOwnSection(db, ownerId, sectionId))) return fail(404, M.sectionNotFound);
  const parsed = editSectionSchema.safeParse(input);
  if (!parsed.success) return fail(400, M.sectionNameEmpty, { fieldErrors: fieldErrors(parsed.error) });
  try {
    await q.updateSection(db, sectionId, {
      originalName: parsed.data.originalName,
      sectionName: toSlug(parsed.data.originalName),
      topNote: parsed.data.topNote,
      bottomNote: parsed.data.bottomNote,
      timestamp: new Date().toISOString(),
    });
  } catch (error) {
    services.log.error({ err: error, sectionId }, "update section failed");
    return fail(500, M.sectionUpdateFailed);
  }
  return { ok: true };
}

/** SPEC §4: the section, all its items (and so their search entries) go together, or nothing does. */
export async function deleteSection(services: Services, ownerId: string, sectionId: string): Promise<Done> {
  const { db } = services.database;
  if (!(await q.findOwnSection(db, ownerId, sectionId))) return fail(404, M.sectionNotFound);
  let images: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const items = await q.listItemsOfSections(trx, [sectionId]);
      images = items.flatMap((item) => [item.topView, item.frontView, item.sideView]);
      await q.deleteItemsOfSection(trx, sectionId);
      await q.deleteSectionRow(trx, sectionId);
      await q.renumberSections(trx, ownerId);
      await q.refreshPriceAverage(trx, ownerId);
    });
  } catch (error) {
    services.log.error({ err: error, sectionId }, "delete section failed");
    return fail(500, M.sectionDeleteFailed);
  }
  await removeImages(services, images);
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
  });
  return { ok: true };
}

/** Deletes pictures no item shows any more (branch copies share their general item's pictures). */
async function removeImages(services: Services, urls: string[]) {
  for (const url of urls) {
    if (!url || (await q.imageStillUsed(services.database.db, url))) continue;
    await deleteImage(services.storage, url).catch((error) =>
      services.log.warn({ err: error, url }, "could not delete an item image"),
    );
  }
}

/** Stores the item's uploaded views; on a refused file removes what this call stored. */
async function storeItemImages(
  services: Services,
  ownerId: string,
  itemId: string,
  files: Map<string, Uint8Array>,
): Promise<
  | { ok: true; urls: Partial<Record<ItemView, string>> }
  | { ok: false; field: ItemView; message: string; status: number }
> {
  const urls: Partial<Record<ItemView, string>> = {};
  for (const { field } of ITEM_VIEWS) {
    const bytes = files.get(field);
    if (!bytes) continue;
    try {
      urls[field] = await saveImage(services.storage, bytes, {
        maxBytes: services.env.MAX_IMAGE_BYTES,
        maxPixels: services.env.MAX_IMAGE_PIXELS,
        scope: `${ownerId}:item:${itemId}:${field}`,
      });
    } catch (error) {
      await removeImages(services, Object.values(urls));
      if (error instanceof MediaError)
        return { ok: false, field, message: error.message, status: error.status };
      throw error;
    }
  }
  return { ok: true, urls };
}

export interface ItemForm {
  values: FormValues;
  files: Map<string, Uint8Array>;
}

export async function addItem(
  services: Services,
  ownerId: string,
  form: ItemForm,
): Promise<Result<{ id: string }>> {
  const parsed = addItemSchema.safeParse(form.values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const { field, label } of ITEM_VIEWS) {
    if (!form.files.has(field)) errors[field] = M.imageMissing(label);
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    const first = errors.sectionId ?? errors.positionInSection ?? M.itemAddFailed;
    return fail(400, first, { fieldErrors: errors });
  }
  const input = parsed.data;
  const { db } = services.database;
  const restaurant = await ownerRestaurant(services, ownerId);
  if (!restaurant) return fail(404, M.userDataNotFound);
  if (!(await q.findOwnSection(db, ownerId, input.sectionId))) {
    return fail(400, M.selectSection, { fieldErrors: { sectionId: M.selectSection } });
  }
  const taken = () =>
    fail(409, M.positionTaken(input.positionInSection), {
      fieldErrors: { positionInSection: M.positionTaken(input.positionInSection) },
    });
  if (await q.positionTaken(db, input.sectionId, input.positionInSection)) return taken();

  const id = crypto.randomUUID();
  const images = await storeItemImages(services, ownerId, id, form.files);
  if (!images.ok)
    return fail(images.status, M.itemAddFailed, { fieldErrors: { [images.field]: images.message } });
  try {
    await db.transaction().execute(async (trx) => {
      await q.insertItem(trx, {
        id,
        sectionId: input.sectionId,
        restaurantId: ownerId,
        urlName: restaurant.urlName,
        name: input.name,
        nameExtra: input.nameExtra,
        price: input.price,
        itemPriceRange: input.itemPriceRange,
        itemTaste: input.itemTaste,
        itemCat: input.itemCat,
        itemSubCat: input.itemSubCat,
        itemType: input.itemType,
        positionInSection: input.positionInSection,
        description: input.description,
        descriptionExtra: input.descriptionExtra,
        foodAllergies: input.foodAllergies,
        topView: images.urls.topView ?? "",
        frontView: images.urls.frontView ?? "",
        sideView: images.urls.sideView ?? "",
        timestamp: new Date().toISOString(),
      });
      await q.refreshPriceAverage(trx, ownerId);
    });
  } catch (error) {
    await removeImages(services, Object.values(images.urls));
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, ownerId }, "add item failed");
    return fail(500, M.itemAddFailed);
  }
  return { ok: true, id };
}

export async function updateItemDetails(
  services: Services,
  ownerId: string,
  itemId: string,
  form: ItemForm,
): Promise<Done> {
  const { db } = services.database;
  const current = await q.findOwnItem(db, ownerId, itemId);
  if (!current) return fail(404, M.itemNotFound);
  const parsed = editItemSchema.safeParse(form.values);
  if (!parsed.success) return fail(400, M.itemUpdateFailed, { fieldErrors: fieldErrors(parsed.error) });
  const input = parsed.data;
  const taken = () =>
    fail(409, M.positionTaken(input.positionInSection), {
      fieldErrors: { positionInSection: M.positionTaken(input.positionInSection) },
    });
  if (await q.positionTaken(db, current.sectionId, input.positionInSection, itemId)) return taken();
  const images = await storeItemImages(services, ownerId, itemId, form.files);
  if (!images.ok)
    return fail(images.status, M.itemUpdateFailed, { fieldErrors: { [images.field]: images.message } });
  try {
    await db.transaction().execute(async (trx) => {
      await q.updateItem(trx, itemId, { ...input, ...images.urls, timestamp: new Date().toISOString() });
      await q.refreshPriceAverage(trx, ownerId);
    });
  } catch (error) {
    await removeImages(
      services,
      Object.values(images.urls).filter(
        (url) => ![current.topView, current.frontView, current.sideView].includes(url),
      ),
    );
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, itemId }, "update item failed");
    return fail(500, M.itemUpdateFailed);
  }
  const replaced = ITEM_VIEWS.flatMap(({ field }) => {
    const next = images.urls[field];
    return next !== undefined && next !== current[field] ? [current[field]] : [];
  });
  await removeImages(services, replaced);
  return { ok: true };
}

export async function deleteItem(services: Services, ownerId: string, itemId: string): Promise<Done> {
  const { db } = services.database;
  const current = await q.findOwnItem(db, ownerId, itemId);
  if (!current) return fail(404, M.itemNotFound);
  try {
    await db.transaction().execute(async (trx) => {
      await q.deleteItemRow(trx, itemId);
      await q.refreshPriceAverage(trx, ownerId);
    });
  } catch (error) {
    services.log.error({ err: error, itemId }, "delete item failed");
    return fail(500, M.itemDeleteFailed);
  }
  await removeImages(services, [current.topView, current.frontView, current.sideView]);
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
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Choose 1 to 5 stars.");
  const { db } = services.database;
  const item = await q.findItemWithRestaurant(db, urlName, itemId);
  if (!item || item.approvalStatus !== "approved") return fail(404, M.itemPageNotFound);
  await db.transaction().execute(async (trx) => {
    // The item row's lock makes concurrent ratings of one dish recount one after another.
    await q.lockItem(trx, itemId);
    await q.upsertRating(trx, itemId, customerId, parsed.data.rating);
    await q.refreshItemRating(trx, itemId);
  });
  return { ok: true };
}
