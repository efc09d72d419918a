import type { Services } from "~/server/services.server.ts";
import { ownBranches } from "../branches/branches.server.ts";
import { publicRestaurant } from "../restaurants/restaurants.server.ts";
import { ratingSummary, recentPhotos } from "../reviews/rating-summary.server.ts";
import { popularDishes } from "../reviews/dish-photos.server.ts";
import { earliest } from "~/lib/served-times.ts";
import { bestSellers } from "./discovery.queries.server.ts";
import { restaurantDeals } from "../deals/deals.server.ts";
import type { Locale } from "~/lib/locale.ts";
import { DEFAULT_TIME_ZONE } from "~/lib/opening-hours.ts";
import { instantIn, localTimeIn } from "~/lib/zoned-time.ts";

const TOP_DISHES = 4;
const PHOTOS = 6;

/**
 * A restaurant's public page (ADR 0024): its profile (product rules §2), and once it
 * is public (ADR 0017) what a diner decides by: the rating with its 5-to-1 breakdown,
 * its branches with their addresses, its best-rated dishes, its latest review photos,
 * its deals (issue 32), the page true until the next midnight while it lists any, and
 * the dishes its reviews name or show most (issue 33).
 */
export async function restaurantPage(services: Services, urlName: string, locale: Locale = "en") {
  const page = await publicRestaurant(services, urlName);
  if (!page) return null;
  const { id, restaurant, listed } = page;
  if (!listed)
    return {
      restaurant,
      listed,
      rating: null,
      branches: [],
      dishes: [],
      photos: [],
      deals: [],
      popular: [],
      freshUntil: null,
    };
  // The deals still to come or on: a day's difference in time zones only shows one a day longer.
  const today = localTimeIn(services.now(), DEFAULT_TIME_ZONE).slice(0, 10);
  const [rating, branches, dishes, photos, deals, popular] = await Promise.all([
    ratingSummary(services, { restaurantId: id }),
    ownBranches(services, id),
    bestSellers(services.database.db, id, TOP_DISHES),
    recentPhotos(services, id, PHOTOS),
    restaurantDeals(services.database.db, id, today, locale),
    popularDishes(services, { restaurantId: id }, locale),
  ]);
  return {
    restaurant,
    listed,
    rating,
    branches: branches.map(({ id: _id, ...branch }) => branch),
    dishes,
    photos,
    deals,
    popular: popular.dishes,
    // True until midnight while it lists deals, and until a review counted for 'popular here' is too old.
    freshUntil: earliest(
      deals.length > 0 ? instantIn(`${nextDay(today)}T00:00`, DEFAULT_TIME_ZONE) : null,
      popular.freshUntil,
    ),
  };
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
