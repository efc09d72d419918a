import type { Services } from "~/server/services.server.ts";
import { listOf } from "~/lib/json-ld.ts";
import * as q from "./reviews.queries.server.ts";

export interface RatingSummary {
  average: number;
  count: number;
  /** Reviews with 5, 4, 3, 2 and 1 stars, in that order. */
  stars: [number, number, number, number, number];
  /** The table-verified reviews alone (issue 33): their average and count. */
  verified: { average: number; count: number };
}

function averageOf(counts: ReadonlyMap<number, number>) {
  const stars = [5, 4, 3, 2, 1].map((n) => counts.get(n) ?? 0) as RatingSummary["stars"];
  const count = stars.reduce((a, b) => a + b, 0);
  const total = stars.reduce((sum, n, i) => sum + n * (5 - i), 0);
  return { average: count ? Math.round((total / count) * 10) / 10 : 0, count, stars };
}

/**
 * The average, the count and the 5-to-1 star breakdown of the shown reviews of a
 * restaurant or a branch, and the average and count of its table-verified ones.
 */
export async function ratingSummary(
  services: Services,
  scope: { restaurantId: string } | { branchId: string },
): Promise<RatingSummary> {
  const counts = await q.ratingCounts(services.database.db, scope);
  const verified = averageOf(counts.verified);
  return { ...averageOf(counts.all), verified: { average: verified.average, count: verified.count } };
}

/** Up to `limit` photos from the restaurant's latest reviews, each with the branch its review is about. */
export async function recentPhotos(services: Services, restaurantId: string, limit: number) {
  const rows = await q.recentReviewPhotos(services.database.db, restaurantId, limit);
  return rows
    .flatMap((r) =>
      listOf(r.reviewPics).map((src) => ({
        src,
        reviewId: r.id,
        branchUrl: r.branchUrl,
        branchName: r.branchName,
      })),
    )
    .slice(0, limit);
}
