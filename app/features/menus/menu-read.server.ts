import { pageWindow } from "~/lib/paging.ts";
import type { Services } from "~/server/services.server.ts";
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

/** DESIGN §4.2: the menu is public once approved; before that only its owner sees it. */
export function menuVisibility(
  approvalStatus: string,
  viewerId: string | undefined,
  restaurantId: string,
): Visibility {
  if (approvalStatus === "approved") return "public";
  return viewerId === restaurantId ? "owner-preview" : "awaiting-approval";
}

/** 'Our Menu': 4 sections a page (SPEC §9), page numbers from 1. */
export async function publicMenu(
  services: Services,
  urlName: string,
  requestedPage: number,
  viewerId?: string,
) {
  const { db } = services.database;
  const restaurant = await q.findRestaurantByUrlName(db, urlName);
  if (!restaurant) return null;
  const visibility = menuVisibility(restaurant.approvalStatus, viewerId, restaurant.id);
  if (visibility === "awaiting-approval") return { restaurant, visibility, sections: [], page: 1, pages: 0 };
  const total = await q.countSections(db, restaurant.id);
  const { page, pages, offset, limit } = pageWindow(requestedPage, total, SECTIONS_PER_PAGE);
  const sections = await q.listSections(db, restaurant.id, { offset, limit });
  return { restaurant, visibility, sections: await withItems(services, sections), page, pages };
}

export async function publicItem(services: Services, urlName: string, itemId: string, viewerId?: string) {
  const item = await q.findItemWithRestaurant(services.database.db, urlName, itemId);
  if (!item) return null;
  const visibility = menuVisibility(item.approvalStatus, viewerId, item.restaurantId);
  const myRating = viewerId ? await q.findCustomerRating(services.database.db, itemId, viewerId) : null;
  return { item, visibility, myRating };
}
