import { getViewer } from "~/features/accounts/access.server.ts";
import { menuVisibility } from "~/features/menus/menu-read.server.ts";
import { findRestaurantByUrlName } from "~/features/menus/menus.queries.server.ts";
import type { Services } from "~/server/services.server.ts";
import { bestSellers } from "./discovery.queries.server.ts";

const BEST_SELLERS = 20;

/**
 * Product rules §2: a restaurant's dishes ranked by customers' ratings. Shown like its
 * menu (ADR 0017): to everyone once approved, before that to its owner only.
 * Null when there is no such restaurant.
 */
export async function bestSellersPage(services: Services, urlName: string, request: Request) {
  const { db } = services.database;
  const restaurant = await findRestaurantByUrlName(db, urlName);
  if (!restaurant) return null;
  const viewer = await getViewer(services, request);
  const visibility = menuVisibility(restaurant.approvalStatus, viewer?.userId, restaurant.id);
  const items = visibility === "awaiting-approval" ? [] : await bestSellers(db, restaurant.id, BEST_SELLERS);
  return { restaurant: { restName: restaurant.restName, urlName: restaurant.urlName }, items, visibility };
}
