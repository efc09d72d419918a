import type { Services } from "~/server/services.server.ts";
import type { Locale } from "~/lib/locale.ts";
import * as q from "./dish-photos.queries.server.ts";
import { branchDishes, photoDishesOf } from "./reviews.queries.server.ts";
import { POPULAR_DAYS, POPULAR_SHOWN } from "./reviews.messages.ts";

/**
 * Diners' photos of a dish and the dishes 'popular here' (issue 33, ADR 0046), from the
 * photos reviewers said show a dish and the dishes their words name.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Photos an item page shows. */
const PHOTOS_SHOWN = 24;
/** Reviews read for 'popular here' at most: the newest of the window. */
const REVIEWS_READ = 300;
/** Points a dish needs to be 'popular': two reviews, or one posted at the table. */
const POPULAR_MIN_POINTS = 2;

/** How many diners' photos show each of a branch's dishes (its copies' ids). */
export function dishPhotoCounts(services: Services, itemIds: readonly string[]) {
  return q.photoCounts(services.database.db, itemIds);
}

/** The diners' photos of one dish: a branch's (its copy's id), or every branch's of a general dish. */
export async function dinersPhotos(services: Services, dish: q.DishOf) {
  const rows = await q.dishPhotos(services.database.db, dish, PHOTOS_SHOWN);
  return rows.map((row) => ({
    picture: row.picture,
    reviewId: row.reviewId,
    timestamp: row.timestamp,
    author: `${row.firstName} ${row.lastName}`.trim(),
    branchName: row.branchName,
    tableVerified: row.tableVerified === 1,
  }));
}

export interface PopularDish {
  itemId: string;
  name: string;
  /** Reviews that name it or show it in a photo. */
  reviews: number;
}

const escaped = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/gu, "\\$&");
const folded = (text: string) => text.toLocaleLowerCase().replaceAll(/\s+/gu, " ").trim();

/** Whether `text` (folded) names `name` (folded) as words of its own, not inside another word. */
function names(text: string, name: string): boolean {
  // The plain search first: most reviews name few dishes, and it is far cheaper.
  if (name.length < 3 || !text.includes(name)) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped(name)}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/**
 * The dishes 'popular here' (the rule docs/product-rules.md states): the shown reviews of
 * the last POPULAR_DAYS days with 3 stars or more, each naming a dish (its English or
 * Urdu name, as words) or showing it in a tagged photo giving it a point, two when the
 * review was posted at the table; a review counts once per dish. The dishes with at
 * least POPULAR_MIN_POINTS, most points first (then most reviews, then name), up to
 * POPULAR_SHOWN. `freshUntil`: when the oldest review counted leaves the window.
 */
export async function popularDishes(
  services: Services,
  scope: { branchId: string } | { restaurantId: string },
  locale: Locale,
): Promise<{ dishes: PopularDish[]; freshUntil: Date | null }> {
  const { db } = services.database;
  const now = services.now().getTime();
  const reviews = await q.goodReviewsSince(
    db,
    scope,
    new Date(now - POPULAR_DAYS * DAY_MS).toISOString(),
    REVIEWS_READ,
  );
  if (reviews.length === 0) return { dishes: [], freshUntil: null };
  const byBranch = "branchId" in scope;
  const [candidates, tags] = await Promise.all([
    byBranch ? branchDishes(db, scope.branchId) : q.generalDishNames(db, scope.restaurantId),
    photoDishesOf(
      db,
      reviews.map((r) => r.id),
    ),
  ]);
  const dishes = candidates.map((d) => ({
    id: d.id,
    name: (locale === "ur" && d.nameUr) || d.name,
    keys: [...new Set([folded(d.name), folded(d.nameUr)].filter(Boolean))],
  }));
  const tagged = new Map<string, Set<string>>();
  for (const tag of tags) {
    const id = byBranch ? tag.itemId : tag.generalItemId;
    if (!id) continue;
    if (!tagged.has(tag.reviewId)) tagged.set(tag.reviewId, new Set());
    tagged.get(tag.reviewId)!.add(id);
  }
  const points = new Map<string, { points: number; reviews: number }>();
  let oldestCounted: number | null = null;
  for (const review of reviews) {
    const text = folded(review.review);
    const shown = tagged.get(review.id);
    let counted = false;
    for (const dish of dishes) {
      if (!shown?.has(dish.id) && !dish.keys.some((key) => names(text, key))) continue;
      const score = points.get(dish.id) ?? { points: 0, reviews: 0 };
      score.points += review.tableVerified === 1 ? 2 : 1;
      score.reviews += 1;
      points.set(dish.id, score);
      counted = true;
    }
    if (counted) oldestCounted = Date.parse(review.timestamp);
  }
  const ranked = dishes
    .filter((d) => (points.get(d.id)?.points ?? 0) >= POPULAR_MIN_POINTS)
    .map((d) => ({ itemId: d.id, name: d.name, ...points.get(d.id)! }))
    .toSorted((a, b) => b.points - a.points || b.reviews - a.reviews || a.name.localeCompare(b.name))
    .slice(0, POPULAR_SHOWN);
  return {
    dishes: ranked.map(({ itemId, name, reviews: n }) => ({ itemId, name, reviews: n })),
    freshUntil: oldestCounted === null ? null : new Date(oldestCounted + POPULAR_DAYS * DAY_MS),
  };
}
