import { pageWindow } from "~/lib/paging.ts";
import { readSizes, sizePrices } from "~/lib/sizes.ts";
import type { Services } from "~/server/services.server.ts";
import { isPublicRestaurant, withoutStatus } from "../restaurants/public-restaurants.queries.server.ts";
import { SECTIONS_PER_PAGE } from "./menus.schema.ts";
import * as q from "./menus.queries.server.ts";

type Section = Awaited<ReturnType<typeof q.listSections>>[number];
export type MenuSection = Section & { items: q.MenuItemRow[] };

/** Sections in number order, each with its items in position order: two queries, never one per section. */
async function withItems(services: Services, sections: Section[]): Promise<MenuSection[]> {
  const items = await q.listItemsOfSections(
    services.database.db,
    sections.map((s) => s.id),
  );
  const bySection = new Map<string, q.MenuItemRow[]>();
  for (const item of items) {
    const list = bySection.get(item.sectionId) ?? [];
    list.push(item);
    bySection.set(item.sectionId, list);
  }
  return sections.map((section) => ({ ...section, items: bySection.get(section.id) ?? [] }));
}

export async function ownerMenu(services: Services, ownerId: string): Promise<MenuSection[]> {
  return withItems(services, await q.listSections(services.database.db, ownerId));
}

/** A branch's copy of the menu, with each item's branch price in place of the general one. */
export async function menuWithItems(services: Services, ownerId: string, branchId: string) {
  const sections = await withItems(
    services,
    await q.listSections(services.database.db, ownerId, undefined, branchId),
  );
  return sections.map((s) => ({
    ...s,
    items: s.items.map((item) => ({
      ...item,
      generalPrice: item.price,
      price: item.priceOverride ?? item.price,
    })),
  }));
}

export type Visibility = "public" | "owner-preview" | "awaiting-approval";

/** Product rules §4, ADR 0017: the menu is public once approved; before that only its owner sees it. */
export function menuVisibility(
  approvalStatus: string,
  viewerId: string | undefined,
  restaurantId: string,
): Visibility {
  if (isPublicRestaurant({ approvalStatus })) return "public";
  return viewerId === restaurantId ? "owner-preview" : "awaiting-approval";
}

/** 'Our Menu': 4 sections a page (product rules §9), page numbers from 1. */
export async function publicMenu(
  services: Services,
  urlName: string,
  requestedPage: number,
  viewerId?: string,
) {
  const { db } = services.database;
  const found = await q.findRestaurantByUrlName(db, urlName);
  if (!found) return null;
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.id);
  const restaurant = withoutStatus(found);
  if (visibility === "awaiting-approval") return { restaurant, visibility, sections: [], page: 1, pages: 0 };
  const total = await q.countSections(db, restaurant.id);
  const { page, pages, offset, limit } = pageWindow(requestedPage, total, SECTIONS_PER_PAGE);
  const sections = await q.listSections(db, restaurant.id, { offset, limit });
  return { restaurant, visibility, sections: await withItems(services, sections), page, pages };
}

export async function publicItem(services: Services, urlName: string, itemId: string, viewerId?: string) {
  const found = await q.findItemWithRestaurant(services.database.db, urlName, itemId);
  if (!found) return null;
  const visibility = menuVisibility(found.approvalStatus, viewerId, found.restaurantId);
  const myRating = viewerId ? await q.findCustomerRating(services.database.db, itemId, viewerId) : null;
  const item = withoutStatus(found);
  return { item: { ...item, sizes: sizePrices(readSizes(item.sizes)) }, visibility, myRating };
}

/** The owner's own sections, in number order (the query is scoped to ownerId). */
export async function ownSections(services: Services, ownerId: string) {
  const { db } = services.database;
  const [sections, branchOnly] = await Promise.all([
    q.listSections(db, ownerId),
    q.branchOnlyDishCounts(db, ownerId),
  ]);
  return sections.map((s) => ({ ...s, branchOnlyDishes: branchOnly.get(s.id) ?? 0 }));
}

/** One of the owner's own sections, or undefined. */
export function ownSection(services: Services, ownerId: string, sectionId: string) {
  return q.findOwnSection(services.database.db, ownerId, sectionId);
}

/** One of the owner's own items, or undefined. */
export function ownItem(services: Services, ownerId: string, itemId: string) {
  return q.findOwnItem(services.database.db, ownerId, itemId);
}

/** The owner's restaurant, for the forms that add to its menu. */
export function ownerRestaurant(services: Services, ownerId: string) {
  return q.findOwnerRestaurant(services.database.db, ownerId);
}

/** The owner's branches by name (for 'add to all branches' or a chosen set). */
export function ownBranchNames(services: Services, ownerId: string) {
  return q.listBranchNames(services.database.db, ownerId);
}
