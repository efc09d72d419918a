import type { Services } from "~/server/services.server.ts";
import * as q from "./seo.queries.server.ts";

export interface Rating {
  average: number;
  count: number;
}

/** For AggregateRating on pages whose loaders do not already read the restaurant's figures. */
export async function restaurantRatingOf(services: Services, restaurantId: string): Promise<Rating> {
  const row = await q.restaurantRating(services.database.db, restaurantId);
  return { average: row?.restRating ?? 0, count: row?.restNoofReviews ?? 0 };
}

/** A branch's own rating: the restaurant's figure covers every branch. */
export async function branchRatingOf(services: Services, branchId: string): Promise<Rating> {
  return q.branchRating(services.database.db, branchId);
}
