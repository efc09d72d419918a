import { localQrWarning } from "~/lib/public-address.ts";
import type { Services } from "~/server/services.server.ts";
import { findRestaurantProfile } from "../restaurants/restaurants.queries.server.ts";
import { findBranch } from "./branches.queries.server.ts";

export interface OwnerQrTarget {
  url: string;
  fileName: string;
  title: string;
  subtitle: string;
  /** Set when the code points to a local address a phone cannot open (app/lib/public-address.ts). */
  warning: string | null;
}

/**
 * What a QR code of the owner `ownerId` opens: their restaurant page, or one of their
 * branches (here, above restaurants in the feature order, because a branch is involved).
 * Null when the owner has no such restaurant or branch. The route checks the role first.
 */
export async function ownerQrTarget(
  services: Services,
  ownerId: string,
  branchUrl?: string,
): Promise<OwnerQrTarget | null> {
  const { db } = services.database;
  const restaurant = await findRestaurantProfile(db, ownerId);
  if (!restaurant) return null;
  if (!branchUrl) {
    return {
      url: restaurant.restQRcode,
      fileName: restaurant.urlName,
      title: restaurant.restName,
      subtitle: "",
      warning: localQrWarning(restaurant.restQRcode),
    };
  }
  // Only the owner's own branches: the query is scoped to ownerId.
  const branch = await findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  return {
    url: branch.branchQRcode,
    fileName: `${restaurant.urlName}-${branch.branchUrl}`,
    title: restaurant.restName,
    subtitle: branch.branchName,
    warning: localQrWarning(branch.branchQRcode),
  };
}
