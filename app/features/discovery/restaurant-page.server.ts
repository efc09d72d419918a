import type { Services } from "~/server/services.server.ts";
import { ownBranches } from "../branches/branches.server.ts";
import { publicRestaurant } from "../restaurants/restaurants.server.ts";
import { ratingSummary, recentPhotos } from "../reviews/rating-summary.server.ts";
import { bestSellers } from "./discovery.queries.server.ts";

const TOP_DISHES = 4;
const PHOTOS = 6;

/**
 * A restaurant's public page (ADR 0024): its profile (product rules §2), and once it
 * is public (ADR 0017) what a diner decides by: the rating with its 5-to-1 breakdown,
 * its branches with their addresses, its best-rated dishes, its latest review photos.
 */
export async function restaurantPage(services: Services, urlName: string) {
  const page = await publicRestaurant(services, urlName);
  if (!page) return null;
  const { id, restaurant, listed } = page;
  if (!listed) return { restaurant, listed, rating: null, branches: [], dishes: [], photos: [] };
  const [rating, branches, dishes, photos] = await Promise.all([
    ratingSummary(services, { restaurantId: id }),
    ownBranches(services, id),
    bestSellers(services.database.db, id, TOP_DISHES),
    recentPhotos(services, id, PHOTOS),
  ]);
  return {
    restaurant,
    listed,
    rating,
    branches: branches.map(({ id: _id, ...branch }) => branch),
    dishes,
    photos,
  };
}
