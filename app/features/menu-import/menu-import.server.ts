import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { checkImageRoom } from "~/server/media/image-quota.server.ts";
import { MediaError, saveImage } from "~/server/media/images.server.ts";
import { withinImportLimit } from "~/server/rate-limits.server.ts";
import { firstAnswer, namedSubmission, recordAnswer } from "~/server/submissions.server.ts";
import type { Services } from "~/server/services.server.ts";
import { fail, type Result } from "~/lib/result.ts";
import { toSlug } from "~/lib/slug.ts";
import { alignBranches } from "../menus/menu-sync.server.ts";
import { menuRows } from "../menus/menu-sync.queries.server.ts";
import * as menuQ from "../menus/menus.queries.server.ts";
import { branchChoiceFields } from "../menus/menus.schema.ts";
import { chosenBranches, generalPrices, removeUnusedImages } from "../menus/menus.server.ts";
import { matchPhoto, planImport, type ImportPlan, type PlannedDish } from "./import-plan.server.ts";
import { IMPORT_MESSAGES as M, photoKey } from "./menu-import.messages.ts";
import * as q from "./menu-import.queries.server.ts";
import * as dealsQ from "../deals/deals.queries.server.ts";
import { writeDeal } from "../deals/deals.server.ts";
import { readSheet } from "./sheet.server.ts";
import { templateCsv, templateXlsx } from "./template.server.ts";
import { itemCategoriesFor } from "~/lib/reference-data.ts";
import { z } from "zod";
import type { Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

/**
 * Importing a menu from a spreadsheet (docs/decisions/0023-menu-import.md): the sheet
 * is read and checked row by row with nothing written (the preview); the photos it
 * names are uploaded and stored against the import; then one transaction writes every
 * section and dish, or none. Importing the same sheet again updates the dishes it
 * names instead of adding them twice.
 */

/** An import not written within a day is dropped when its owner starts another. */
const IMPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Imports an owner may have waiting at once; starting one more drops the oldest. */
const MAX_OPEN_IMPORTS = 3;

/** What importing `rows` would do to the owner's general menu, with their restaurant type's categories. */
async function planFor(services: Services, ownerId: string, rows: string[][]) {
  const { db } = services.database;
  const [menu, restaurant, deals] = await Promise.all([
    menuRows(db, ownerId, null),
    menuQ.findOwnerRestaurant(db, ownerId),
    dealsQ.listDeals(db, ownerId),
  ]);
  const general = deals.filter((d) => d.branchId === null);
  return planImport(rows, { ...menu, deals: general }, itemCategoriesFor(restaurant?.restType ?? ""));
}

/** Deletes an import, then the photos of it that no dish shows. */
async function dropImport(services: Services, importId: string) {
  const { db } = services.database;
  const photos = await q.listPhotos(db, importId);
  await q.deleteImport(db, importId);
  await removeUnusedImages(
    services,
    photos.map((p) => p.url),
  );
}

async function sweepImports(services: Services, ownerId: string) {
  const imports = await q.listImports(services.database.db, ownerId);
  const expired = Date.now() - IMPORT_LIFETIME_MS;
  for (const [index, old] of imports.entries()) {
    if (index >= MAX_OPEN_IMPORTS - 1 || Date.parse(old.createdAt) < expired)
      await dropImport(services, old.id);
  }
}

/**
 * How long an import being read keeps its owner from starting another: far past the
 * sheet reader's time limit, so only one left by a process that died runs out.
 */
const READING_LEASE_MS = 2 * 60 * 1000;

/**
 * Reads and checks a spreadsheet; stores its rows as a new import (nothing of the
 * menu is written). One at a time per owner, in every process: the import is marked
 * as being read in the database before the file is handed to the reader.
 */
export async function startImport(
  services: Services,
  ownerId: string,
  file: { name: string; bytes: Uint8Array } | undefined,
): Promise<Result<{ importId: string }>> {
  const { db, dialect } = services.database;
  if (!(await menuQ.findOwnerRestaurant(db, ownerId))) return fail(404, "User data not found");
  if (!file) return fail(400, M.noFile);
  // Every sheet read costs a worker's time: a few an hour is what an owner needs.
  if (!(await withinImportLimit(services, ownerId)).ok) return fail(429, M.tooManyImports);
  const importId = crypto.randomUUID();
  const fileName = photoKey(file.name).slice(0, 200) || "menu";
  const staleBefore = new Date(Date.now() - READING_LEASE_MS).toISOString();
  if (!(await q.startReading(db, dialect, { id: importId, ownerId, fileName }, staleBefore)))
    return fail(429, M.oneAtATime);
  let stored = false;
  try {
    const sheet = await readSheet(file.bytes);
    if (!sheet.ok) return sheet;
    const plan = await planFor(services, ownerId, sheet.rows);
    if (plan.problems.length > 0)
      // The first problem: the page shows one sentence beside the file (each is a key of its own).
      return fail(400, plan.problems[0]!, { fieldErrors: { sheet: plan.problems[0]! } });
    await sweepImports(services, ownerId);
    await q.finishReading(db, importId, JSON.stringify(sheet.rows));
    stored = true;
    return { ok: true, importId };
  } finally {
    if (!stored) await q.deleteImport(db, importId);
  }
}

export interface ImportScreen {
  id: string;
  fileName: string;
  plan: ImportPlan;
  /** The photo names uploaded so far. */
  uploaded: string[];
  /** Photos the plan names that are not uploaded yet. */
  missing: string[];
  /** Rows with problems; none, and no missing photo: the import can be written. */
  problemRows: number;
}

/** The preview of one of the owner's imports, checked against the menu as it is now; null when it is not theirs. */
export async function importScreen(
  services: Services,
  ownerId: string,
  importId: string,
): Promise<ImportScreen | null> {
  const { db } = services.database;
  const found = await q.findImport(db, ownerId, importId);
  if (!found) return null;
  const plan = await planFor(services, ownerId, JSON.parse(found.rows) as string[][]);
  const uploaded = (await q.listPhotos(db, importId)).map((p) => p.fileName);
  return {
    id: found.id,
    fileName: found.fileName,
    plan,
    uploaded,
    missing: plan.photos.filter((name) => !matchPhoto(name, uploaded)),
    problemRows:
      [...plan.dishes, ...plan.deals].filter((d) => d.problems.length > 0).length + plan.problems.length,
  };
}

/**
 * Stores the photos the import names (encoded like every picture, counted under the
 * owner's photos); a file the spreadsheet does not name is left out and said so.
 */
export async function addImportPhotos(
  services: Services,
  ownerId: string,
  importId: string,
  files: { name: string; bytes: Uint8Array }[],
): Promise<Result<{ stored: string[]; ignored: string[] }>> {
  const { db } = services.database;
  const screen = await importScreen(services, ownerId, importId);
  if (!screen) return fail(404, M.notFound);
  const wanted: { name: string; bytes: Uint8Array }[] = [];
  const ignored: string[] = [];
  for (const file of files) {
    const key = photoKey(file.name);
    // The name the spreadsheet uses, matched with or without the file's extension.
    const named = screen.plan.photos.find((name) => matchPhoto(name, [key]) === key || name === key);
    if (named && !wanted.some((w) => w.name === named)) wanted.push({ name: named, bytes: file.bytes });
    else ignored.push(file.name);
  }
  if (wanted.length === 0) return { ok: true, stored: [], ignored };
  const replacing = wanted.filter((w) => screen.uploaded.includes(w.name)).length;
  try {
    await checkImageRoom(db, ownerId, services.env.MAX_IMAGES_PER_ACCOUNT, {
      adding: wanted.length,
      freeing: replacing,
    });
  } catch (error) {
    if (error instanceof MediaError) return fail(error.status, error.said);
    throw error;
  }
  const stored: string[] = [];
  for (const photo of wanted) {
    let url: string;
    try {
      url = await saveImage(services.storage, photo.bytes, {
        maxBytes: services.env.MAX_IMAGE_BYTES,
        maxPixels: services.env.MAX_IMAGE_PIXELS,
        owner: ownerId,
        scope: `${ownerId}:import:${importId}:${photo.name}`,
      });
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      // The photos stored before it stay stored: the preview lists them as uploaded.
      return fail(error.status, `${photo.name}: ${error.message}`);
    }
    const before = await q.putPhoto(db, importId, photo.name, url);
    if (before && before !== url) await removeUnusedImages(services, [before]);
    stored.push(photo.name);
  }
  return { ok: true, stored, ignored };
}

const commitSchema = z.object(branchChoiceFields);

class ImportGone extends Error {}

type Imported = { added: number; updated: number; deals: number };
type Submission = ReturnType<typeof namedSubmission>;
type OwnerRestaurant = NonNullable<Awaited<ReturnType<typeof menuQ.findOwnerRestaurant>>>;

/**
 * Writes the import: its new sections, then every dish added or updated, then every
 * branch follows (new ones go to the branches chosen), in one transaction. Refused,
 * with nothing written, while any row has a problem or a photo is missing. Confirmed
 * again (a post that got no answer), it is answered as the first time (ADR 0032).
 */
export async function commitImport(
  services: Services,
  ownerId: string,
  importId: string,
  input: unknown,
): Promise<Result<Imported>> {
  const { db } = services.database;
  const submission = namedSubmission("import", ownerId, importId, input);
  const first = await firstAnswer<Imported>(services, submission);
  if (first) return first;
  const screen = await importScreen(services, ownerId, importId);
  if (!screen || screen.problemRows > 0 || screen.missing.length > 0)
    return notReady(services, submission, screen);
  const restaurant = await menuQ.findOwnerRestaurant(db, ownerId);
  if (!restaurant) return fail(404, "User data not found");
  const choice = commitSchema.safeParse(input);
  if (!choice.success) return fail(400, "Unknown action.");
  const photos = await q.listPhotos(db, importId);
  let written: Imported & { replaced: string[] };
  try {
    written = await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const branches = await chosenBranches(trx, ownerId, choice.data);
      const target: ImportTarget = { trx, ownerId, restaurant, plan: screen.plan, now };
      const sectionIds = await insertNewSections(target);
      await nameSectionsInUrdu(target);
      const urlOf = photoUrls(photos);
      const dishes = await writeDishes(target, sectionIds, urlOf);
      const deals = await writeDeals(target, dishes, urlOf);
      const addedIds = [...sectionIds.values(), ...dishes.addedIds];
      await menuQ.refreshPriceAverage(trx, ownerId);
      await alignBranches(trx, ownerId, { addedFor: new Map(addedIds.map((id) => [id, branches])) });
      // Two confirmations of one import: the second finds it gone and writes nothing.
      if (!(await q.deleteImport(trx, importId))) throw new ImportGone();
      const answer = { added: dishes.added, updated: dishes.updated, deals: deals.saved };
      await recordAnswer(trx, submission, answer);
      return { ...answer, replaced: [...dishes.replaced, ...deals.replaced] };
    });
  } catch (error) {
    return importFailed(services, submission, error, { ownerId, importId });
  }
  const { replaced, ...answer } = written;
  // Pictures an updated dish or deal no longer shows, and uploaded photos nothing took.
  await removeUnusedImages(services, [...replaced, ...photos.map((p) => p.url)]);
  services.log.info({ ownerId, ...answer }, "menu imported");
  return { ok: true, ...answer };
}

/** The answer to a confirm of an import that cannot be written (gone, with problems, or waiting for photos). */
async function notReady(
  services: Services,
  submission: Submission,
  screen: ImportScreen | null,
): Promise<Result<Imported>> {
  // A twin confirm may have committed while this one read the import: its photos and the
  // import itself are then used up, and its answer is this post's too.
  const twin = await firstAnswer<Imported>(services, submission);
  if (twin) return twin;
  if (!screen) return fail(404, M.notFound);
  if (screen.problemRows > 0) return fail(400, M.hasProblems);
  return fail(400, M.waitingForPhotos(screen.missing.length));
}

/** The answer to a confirm whose transaction failed (nothing of it was written). */
async function importFailed(
  services: Services,
  submission: Submission,
  error: unknown,
  context: { ownerId: string; importId: string },
): Promise<Result<Imported>> {
  const twin = await firstAnswer<Imported>(services, submission);
  if (twin) return twin;
  if (error instanceof ImportGone) return fail(404, M.notFound);
  if (isUniqueViolation(error)) return fail(409, M.hasProblems);
  services.log.error({ err: error, ...context }, "menu import failed");
  return fail(500, M.importFailed);
}

/** The general menu an import is written into, inside its transaction. */
interface ImportTarget {
  trx: Transaction<DB>;
  ownerId: string;
  restaurant: OwnerRestaurant;
  plan: ImportPlan;
  now: string;
}

/** The URL of the uploaded photo a sheet names (matched with or without its extension); "" when none. */
function photoUrls(photos: { fileName: string; url: string }[]) {
  return (name: string) => {
    const key = matchPhoto(
      name,
      photos.map((p) => p.fileName),
    );
    return photos.find((p) => p.fileName === key)?.url ?? "";
  };
}

/** Adds the sections the sheet names that the menu lacks, after the last one; returns their ids by slug. */
async function insertNewSections({ trx, ownerId, restaurant, plan, now }: ImportTarget) {
  const sectionIds = new Map<string, string>();
  let number = await menuQ.countSections(trx, ownerId);
  for (const name of plan.newSections) {
    const id = crypto.randomUUID();
    await menuQ.insertSection(trx, {
      id,
      restaurantId: ownerId,
      restaurantName: restaurant.restName,
      urlName: restaurant.urlName,
      originalName: name,
      sectionName: toSlug(name),
      sectionNumber: ++number,
      topNote: "",
      bottomNote: "",
      sectionNameUr: plan.sectionNamesUr[toSlug(name)] ?? "",
      timestamp: now,
    });
    sectionIds.set(toSlug(name), id);
  }
  return sectionIds;
}

/** Gives existing sections the Urdu names the sheet gives them. */
async function nameSectionsInUrdu({ trx, plan }: ImportTarget) {
  const namedInUrdu = new Set<string>();
  for (const dish of plan.dishes) {
    const urdu = plan.sectionNamesUr[toSlug(dish.section)];
    if (!dish.sectionId || !urdu || namedInUrdu.has(dish.sectionId)) continue;
    namedInUrdu.add(dish.sectionId);
    await menuQ.updateSection(trx, dish.sectionId, { sectionNameUr: urdu });
  }
}

/** Adds or updates every dish of the sheet; returns the counts, the new dishes' ids and the pictures replaced. */
async function writeDishes(
  target: ImportTarget,
  newSectionIds: ReadonlyMap<string, string>,
  urlOf: (photoName: string) => string,
) {
  const { trx, ownerId, restaurant } = target;
  const replaced: string[] = [];
  const addedIds: string[] = [];
  /** The id of each dish a sheet row adds, as a deal's part names it (`row:N`). */
  const idOfRow = new Map<string, string>();
  let updated = 0;
  for (const dish of target.plan.dishes) {
    const row = dishRow(dish, urlOf, target.now);
    if (dish.action === "update") {
      const current = await menuQ.findOwnItem(trx, ownerId, dish.existingId!);
      if (current) replaced.push(current.topView, current.frontView, current.sideView);
      await menuQ.updateItem(trx, dish.existingId!, row);
      updated++;
      continue;
    }
    const id = crypto.randomUUID();
    await menuQ.insertItem(trx, {
      topView: "",
      frontView: "",
      sideView: "",
      ...row,
      id,
      sectionId: dish.sectionId ?? newSectionIds.get(toSlug(dish.section))!,
      restaurantId: ownerId,
      urlName: restaurant.urlName,
    });
    addedIds.push(id);
    idOfRow.set(`row:${dish.line}`, id);
  }
  return { added: addedIds.length, updated, addedIds, replaced, idOfRow };
}

/**
 * Adds or updates every deal of the sheet, general ones (offered at every branch, ADR
 * 0044); returns how many and the pictures replaced. A deal without a photo keeps the
 * picture it has, or shows its first dish's.
 */
async function writeDeals(
  target: ImportTarget,
  dishes: { idOfRow: ReadonlyMap<string, string>; replaced: readonly string[] },
  urlOf: (photoName: string) => string,
) {
  const { trx, ownerId, plan } = target;
  const { idOfRow } = dishes;
  const replaced: string[] = [];
  if (plan.deals.length === 0) return { saved: 0, replaced };
  const pictures = new Map((await dealsQ.generalDishes(trx, ownerId)).map((d) => [d.id, d.frontView]));
  // A deal's picture that is (or was, before this import) a dish's follows its first dish.
  const dishPictures = new Set([...pictures.values(), ...dishes.replaced]);
  for (const planned of plan.deals) {
    const deal = planned.input!;
    const parts = deal.parts.map((part) => ({
      ...part,
      itemId: part.itemId && (idOfRow.get(part.itemId) ?? part.itemId),
    }));
    const current = planned.existingId ? await dealsQ.findDeal(trx, ownerId, planned.existingId) : undefined;
    const firstDish = parts.find((p) => p.itemId)?.itemId;
    const own = current?.picture && !dishPictures.has(current.picture) ? current.picture : "";
    const picture =
      (planned.photo && urlOf(planned.photo)) || own || (firstDish ? (pictures.get(firstDish) ?? "") : "");
    if (current?.picture && current.picture !== picture) replaced.push(current.picture);
    // The sheet says no serving times: a deal it updates keeps its own.
    const { windows: _windows, ...rest } = deal;
    await writeDeal(
      trx,
      ownerId,
      { id: current?.id ?? crypto.randomUUID(), exists: !!current, branchId: null, picture },
      { ...rest, parts, ...(current ? {} : { windows: [] }) },
    );
  }
  return { saved: plan.deals.length, replaced };
}

/** A dish's columns from its row of the sheet, its pictures as the uploaded photos' URLs. */
function dishRow(dish: PlannedDish, urlOf: (photoName: string) => string, now: string) {
  const values = dish.input!;
  const { sizes: _sizes, price: _price, sectionId: _s, branchChoice: _b, toBranches: _t, ...fields } = values;
  const views = Object.fromEntries(
    Object.entries(dish.photos)
      .filter(([, name]) => name)
      .map(([view, name]) => [view, urlOf(name)]),
  );
  return {
    ...fields,
    ...generalPrices(values),
    itemPriceRange: values.itemPriceRange ?? "",
    ...views,
    timestamp: now,
  };
}

export async function discardImport(
  services: Services,
  ownerId: string,
  importId: string,
): Promise<Result<object>> {
  if (!(await q.findImport(services.database.db, ownerId, importId))) return fail(404, M.notFound);
  await dropImport(services, importId);
  return { ok: true };
}

/** The owner's open imports, newest first (to come back to one). */
export function openImports(services: Services, ownerId: string) {
  return q.listImports(services.database.db, ownerId);
}

/** The template, with the categories of the owner's restaurant type; null without a restaurant. */
export async function importTemplate(services: Services, ownerId: string, format: "csv" | "xlsx") {
  const restaurant = await menuQ.findOwnerRestaurant(services.database.db, ownerId);
  if (!restaurant) return null;
  return format === "csv"
    ? {
        body: templateCsv(restaurant.restType),
        type: "text/csv; charset=utf-8",
        fileName: "foodverse-menu.csv",
      }
    : {
        body: await templateXlsx(restaurant.restType),
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        fileName: "foodverse-menu.xlsx",
      };
}
