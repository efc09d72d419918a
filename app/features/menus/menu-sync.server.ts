import type { Insertable, Transaction, Updateable } from "kysely";
import type { DB, MenuItemTable, MenuSectionTable } from "~/server/db-schema.server.ts";
import { followGeneralSizes, priceColumns, readSizes, writeSizes, type DishSize } from "~/lib/sizes.ts";
import * as q from "./menu-sync.queries.server.ts";

/**
 * Branches follow the general menu (ADR 0021). A branch's sections and dishes are
 * copies that name the general row they follow; `alignBranches` makes every copy
 * say what its general row says, adds copies a branch lacks, removes copies of
 * rows that are gone, and keeps what the branch owns: its prices, sold-out marks,
 * hidden dishes and its own dishes (each may be dropped when the owner brings a
 * branch in line). It runs inside the caller's transaction, after every change to
 * the general menu, so a branch is never seen half-updated.
 */

/** What a branch keeps of its own when it is aligned. */
export interface KeepOverrides {
  prices: boolean;
  soldOut: boolean;
  hidden: boolean;
  branchOnly: boolean;
}

export const KEEP_ALL: KeepOverrides = { prices: true, soldOut: true, hidden: true, branchOnly: true };

export interface AlignOptions {
  /** Only these branches (default: all of the restaurant's). */
  branchIds?: readonly string[];
  keep?: KeepOverrides;
  /**
   * General sections or dishes added just now, each with the branches it is for:
   * its copy elsewhere is added hidden ('add to all branches' / a chosen set).
   */
  addedFor?: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * Only the dishes of these general sections changed (ids; [] for none): the others are
   * not read. Sections are always aligned (a menu has few). Default: every dish.
   */
  dishesOf?: readonly string[];
}

/** Fields a branch section takes from its general section. */
const SECTION_FIELDS = [
  "restaurantName",
  "urlName",
  "originalName",
  "sectionName",
  "sectionNumber",
  "topNote",
  "bottomNote",
  "sectionNameUr",
] as const;

/** Fields a branch dish takes from its general dish (prices and sizes are worked out apart). */
const ITEM_FIELDS = [
  "urlName",
  "name",
  "nameExtra",
  "itemPriceRange",
  "itemTaste",
  "itemCat",
  "itemSubCat",
  "itemType",
  "description",
  "descriptionExtra",
  "nameUr",
  "descriptionUr",
  "foodAllergies",
  "topView",
  "frontView",
  "sideView",
  "itemRating",
  "itemRatingBy",
] as const;

function changed<T extends object>(current: T, wanted: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const [k, v] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    if (current[k] !== v) changes[k] = v;
  }
  return changes;
}

const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;

/** A branch copy's content and prices from its general dish, keeping the branch's overrides if asked. */
function copyOf(general: q.ItemRow, existing: q.ItemRow | undefined, keep: KeepOverrides) {
  const sizes = followGeneralSizes(
    readSizes(general.sizes),
    existing ? readSizes(existing.sizes) : [],
    keep.prices,
  );
  const unsizedOverride = keep.prices && existing ? existing.priceOverride : null;
  return {
    ...pick(general, ITEM_FIELDS),
    ...followedTimes(general, existing),
    sizes: writeSizes(sizes),
    ...priceColumns({ price: general.price, priceOverride: unsizedOverride }, sizes),
  };
}

/** A copy takes its general row's served times until its branch sets its own (ADR 0043). */
const followedTimes = (general: { servedTimes: string }, existing?: { servedTimesOwn: number }) =>
  existing?.servedTimesOwn ? {} : { servedTimes: general.servedTimes };

const imagesOf = (items: q.ItemRow[]) => items.flatMap((i) => [i.topView, i.frontView, i.sideView]);

/** The pictures of dishes a branch drops (its own dishes); the caller deletes those no dish shows after commit. */
export interface AlignResult {
  droppedImages: string[];
}

export async function alignBranches(
  trx: Transaction<DB>,
  restaurantId: string,
  options: AlignOptions = {},
): Promise<AlignResult> {
  const branchIds = options.branchIds ?? (await q.branchIdsOf(trx, restaurantId));
  const droppedImages: string[] = [];
  if (branchIds.length === 0) return { droppedImages };
  const general = await q.menuRows(trx, restaurantId, null, options.dishesOf);
  for (const branchId of branchIds) {
    const dropped = await alignOne(trx, restaurantId, branchId, general, options);
    droppedImages.push(...dropped);
  }
  return { droppedImages };
}

type MenuRows = Awaited<ReturnType<typeof q.menuRows>>;

/** What every step of aligning one branch needs to know. */
interface BranchAlignment {
  trx: Transaction<DB>;
  restaurantId: string;
  branchId: string;
  keep: KeepOverrides;
  /** 1 when a row added just now is not for this branch: its copy here starts hidden. */
  hiddenHere: (generalId: string) => 0 | 1;
  now: string;
}

interface ItemUpdate {
  id: string;
  changes: Updateable<MenuItemTable>;
  moves: boolean;
}

type Place = { sectionId: string; positionInSection: number };

async function alignOne(
  trx: Transaction<DB>,
  restaurantId: string,
  branchId: string,
  general: MenuRows,
  options: AlignOptions,
): Promise<string[]> {
  const ctx: BranchAlignment = {
    trx,
    restaurantId,
    branchId,
    keep: options.keep ?? KEEP_ALL,
    hiddenHere: (generalId) => {
      const chosen = options.addedFor?.get(generalId);
      return chosen && !chosen.has(branchId) ? 1 : 0;
    },
    now: new Date().toISOString(),
  };
  const copy = await q.menuRows(trx, restaurantId, branchId, options.dishesOf);
  const sections = await alignSections(ctx, general, copy);
  const dishes = await dropGoneDishes(ctx, general, copy, sections.goneSectionIds);
  const place = placeOwnDishes(general, dishes.kept, sections.branchSectionOf);
  const { updates, inserts } = planDishChanges(ctx, general, dishes.kept, sections.branchSectionOf, place);
  await applyDishChanges(trx, updates, inserts);
  return [...sections.droppedImages, ...dishes.droppedImages].filter(Boolean);
}

/** Sections: one copy of each general section, saying what it says; the rest are deleted. */
async function alignSections(ctx: BranchAlignment, general: MenuRows, copy: MenuRows) {
  const { trx, restaurantId, branchId, keep } = ctx;
  const generalSectionIds = new Set(general.sections.map((s) => s.id));
  const sectionCopies = new Map(
    copy.sections.filter((s) => s.generalSectionId).map((s) => [s.generalSectionId!, s]),
  );
  const branchSectionOf = new Map<string, string>();
  for (const section of general.sections) {
    const existing = sectionCopies.get(section.id);
    if (!existing) {
      const row: Insertable<MenuSectionTable> = {
        ...pick(section, SECTION_FIELDS),
        servedTimes: section.servedTimes,
        id: crypto.randomUUID(),
        restaurantId,
        branchId,
        generalSectionId: section.id,
        hidden: ctx.hiddenHere(section.id),
        timestamp: ctx.now,
      };
      await q.insertSection(trx, row);
      branchSectionOf.set(section.id, row.id);
      continue;
    }
    const changes: Updateable<MenuSectionTable> = changed(existing, {
      ...pick(section, SECTION_FIELDS),
      ...followedTimes(section, existing),
    });
    if (!keep.hidden && existing.hidden) changes.hidden = 0;
    if (Object.keys(changes).length > 0) await q.updateSection(trx, existing.id, changes);
    branchSectionOf.set(section.id, existing.id);
  }
  const goneSections = copy.sections.filter((s) =>
    s.generalSectionId ? !generalSectionIds.has(s.generalSectionId) : !keep.branchOnly,
  );
  const goneSectionIds = new Set(goneSections.map((s) => s.id));
  const droppedImages = imagesOf(
    copy.items.filter((i) => i.generalItemId === null && goneSectionIds.has(i.sectionId)),
  );
  await q.deleteSections(
    trx,
    goneSections.map((s) => s.id),
  );
  return { branchSectionOf, goneSectionIds, droppedImages };
}

/** Deletes the copies of dishes that are gone (and the branch's own, unless kept); returns the dishes left. */
async function dropGoneDishes(
  ctx: BranchAlignment,
  general: MenuRows,
  copy: MenuRows,
  goneSectionIds: ReadonlySet<string>,
) {
  const generalItems = new Map(general.items.map((i) => [i.id, i]));
  const items = copy.items.filter((i) => !goneSectionIds.has(i.sectionId));
  const goneItems = items.filter((i) =>
    i.generalItemId ? !generalItems.has(i.generalItemId) : !ctx.keep.branchOnly,
  );
  const droppedImages = imagesOf(goneItems.filter((i) => i.generalItemId === null));
  await q.deleteItems(
    ctx.trx,
    goneItems.map((i) => i.id),
  );
  const goneItemIds = new Set(goneItems.map((i) => i.id));
  const kept = items.filter((i) => !goneItemIds.has(i.id));
  return { kept, droppedImages };
}

/** Where each of the branch's own dishes stands once every general dish has taken its place. */
function placeOwnDishes(
  general: MenuRows,
  kept: q.ItemRow[],
  branchSectionOf: ReadonlyMap<string, string>,
): Map<string, Place> {
  const place = new Map<string, Place>();
  const used = new Map<string, Set<number>>();
  const take = (sectionId: string, position: number) => {
    const set = used.get(sectionId) ?? new Set<number>();
    set.add(position);
    used.set(sectionId, set);
  };
  for (const item of general.items) take(branchSectionOf.get(item.sectionId)!, item.positionInSection);
  for (const own of kept.filter((i) => i.generalItemId === null)) {
    // A branch's own dish keeps its place unless a general dish now stands there.
    let position = own.positionInSection;
    if (used.get(own.sectionId)?.has(position)) position = Math.max(...used.get(own.sectionId)!) + 1;
    take(own.sectionId, position);
    place.set(own.id, { sectionId: own.sectionId, positionInSection: position });
  }
  return place;
}

/** The copies to add and the changes to make so each dish says what it should, where it should. */
function planDishChanges(
  ctx: BranchAlignment,
  general: MenuRows,
  kept: q.ItemRow[],
  branchSectionOf: ReadonlyMap<string, string>,
  place: ReadonlyMap<string, Place>,
) {
  const { keep } = ctx;
  const copies = new Map(kept.filter((i) => i.generalItemId).map((i) => [i.generalItemId!, i]));
  const updates: ItemUpdate[] = [];
  const inserts: Insertable<MenuItemTable>[] = [];
  for (const item of general.items) {
    const target = {
      sectionId: branchSectionOf.get(item.sectionId)!,
      positionInSection: item.positionInSection,
    };
    const existing = copies.get(item.id);
    const content = copyOf(item, existing, keep);
    if (!existing) {
      inserts.push({
        ...content,
        ...target,
        id: crypto.randomUUID(),
        restaurantId: ctx.restaurantId,
        branchId: ctx.branchId,
        generalItemId: item.id,
        soldOut: 0,
        hidden: ctx.hiddenHere(item.id),
        timestamp: ctx.now,
      });
      continue;
    }
    const changes: Updateable<MenuItemTable> = changed(existing, { ...content, ...target });
    if (!keep.soldOut && existing.soldOut) changes.soldOut = 0;
    if (!keep.hidden && existing.hidden) changes.hidden = 0;
    if (Object.keys(changes).length > 0) {
      updates.push({
        id: existing.id,
        changes,
        moves: "positionInSection" in changes || "sectionId" in changes,
      });
    }
  }
  for (const own of kept.filter((i) => i.generalItemId === null)) {
    const target = place.get(own.id)!;
    if (target.positionInSection !== own.positionInSection)
      updates.push({ id: own.id, changes: { positionInSection: target.positionInSection }, moves: true });
  }
  return { updates, inserts };
}

async function applyDishChanges(
  trx: Transaction<DB>,
  updates: readonly ItemUpdate[],
  inserts: Insertable<MenuItemTable>[],
) {
  // Positions are unique in a section: every moving dish steps aside to a free (negative) one first.
  let free = 0;
  for (const update of updates.filter((u) => u.moves)) {
    await q.updateItem(trx, update.id, { positionInSection: --free });
  }
  for (const update of updates) await q.updateItem(trx, update.id, update.changes);
  await q.insertItems(trx, inserts);
}

/** The owner's words for the fields a branch copy takes from its general dish or section. */
const FIELD_WORDS: Record<string, string> = {
  name: "name",
  nameExtra: "extra name",
  price: "price",
  priceTo: "price",
  priceOverride: "price",
  sizes: "sizes",
  itemPriceRange: "price range",
  itemTaste: "taste",
  itemCat: "category",
  itemSubCat: "subcategory",
  itemType: "type",
  description: "description",
  descriptionExtra: "description",
  nameUr: "Urdu name",
  descriptionUr: "Urdu description",
  sectionNameUr: "Urdu name",
  foodAllergies: "allergens",
  topView: "pictures",
  frontView: "pictures",
  sideView: "pictures",
  itemRating: "rating",
  itemRatingBy: "rating",
  positionInSection: "place",
  sectionId: "section",
  originalName: "name",
  sectionName: "name",
  sectionNumber: "place",
  topNote: "notes",
  bottomNote: "notes",
};

const wordsFor = (fields: string[]) =>
  [...new Set(fields.map((f) => FIELD_WORDS[f]).filter((w): w is string => Boolean(w)))].toSorted();

export interface BranchDifferences {
  /** General sections and dishes this branch does not show (hidden here, or never added). */
  notShown: { id: string | null; name: string; section: string; kind: "section" | "dish" }[];
  /** Dishes this branch prices its own way. */
  ownPrices: { id: string; name: string; generalPrice: number; branchPrice: number; sizes: DishSize[] }[];
  soldOut: { id: string; name: string }[];
  /** Dishes (and sections) only this branch has. */
  ownDishes: { id: string; name: string; section: string }[];
  ownSections: { id: string; name: string }[];
  /** Copies that no longer say what their general row says (what 'bring in line' would change). */
  outOfStep: { id: string; name: string; what: string[] }[];
}

/** How one branch differs from the general menu, read in four queries. */
export async function branchDifferences(
  db: Parameters<typeof q.menuRows>[0],
  restaurantId: string,
  branchId: string,
): Promise<BranchDifferences> {
  const [general, copy] = await Promise.all([
    q.menuRows(db, restaurantId, null),
    q.menuRows(db, restaurantId, branchId),
  ]);
  const sectionName = new Map([...general.sections, ...copy.sections].map((s) => [s.id, s.originalName]));
  const sectionCopies = new Map(
    copy.sections.filter((s) => s.generalSectionId).map((s) => [s.generalSectionId!, s]),
  );
  const itemCopies = new Map(copy.items.filter((i) => i.generalItemId).map((i) => [i.generalItemId!, i]));
  const out: BranchDifferences = {
    notShown: [],
    ownPrices: [],
    soldOut: [],
    ownDishes: [],
    ownSections: [],
    outOfStep: [],
  };
  for (const section of general.sections) {
    const existing = sectionCopies.get(section.id);
    if (!existing || existing.hidden) {
      out.notShown.push({
        id: existing?.id ?? null,
        name: section.originalName,
        section: "",
        kind: "section",
      });
      continue;
    }
    const what = wordsFor(Object.keys(changed(existing, pick(section, SECTION_FIELDS))));
    if (what.length > 0) out.outOfStep.push({ id: existing.id, name: section.originalName, what });
  }
  const hiddenSections = new Set(copy.sections.filter((s) => s.hidden).map((s) => s.generalSectionId));
  for (const item of general.items) {
    const existing = itemCopies.get(item.id);
    const section = sectionName.get(item.sectionId) ?? "";
    if (hiddenSections.has(item.sectionId) || !sectionCopies.has(item.sectionId)) continue;
    if (!existing || existing.hidden) {
      out.notShown.push({ id: existing?.id ?? null, name: item.name, section, kind: "dish" });
      continue;
    }
    const wanted = {
      ...copyOf(item, existing, KEEP_ALL),
      sectionId: sectionCopies.get(item.sectionId)!.id,
      positionInSection: item.positionInSection,
    };
    const what = wordsFor(Object.keys(changed(existing, wanted)));
    if (what.length > 0) out.outOfStep.push({ id: existing.id, name: item.name, what });
    if (existing.priceOverride !== null) {
      out.ownPrices.push({
        id: existing.id,
        name: item.name,
        generalPrice: item.price,
        branchPrice: existing.priceOverride,
        sizes: readSizes(existing.sizes),
      });
    }
    if (existing.soldOut) out.soldOut.push({ id: existing.id, name: item.name });
  }
  for (const section of copy.sections.filter((s) => !s.generalSectionId)) {
    out.ownSections.push({ id: section.id, name: section.originalName });
  }
  for (const item of copy.items.filter((i) => !i.generalItemId)) {
    out.ownDishes.push({ id: item.id, name: item.name, section: sectionName.get(item.sectionId) ?? "" });
    if (item.soldOut) out.soldOut.push({ id: item.id, name: item.name });
  }
  return out;
}

/** Whether the branch says exactly what the general menu says (nothing of its own either). */
export function inLine(d: BranchDifferences): boolean {
  return Object.values(d).every((list: unknown[]) => list.length === 0);
}
