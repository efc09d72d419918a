import { qrAddressNote, type QrAddressNote } from "~/lib/public-address.ts";
import { SCAN_QUERY } from "~/server/page-views.server.ts";
import type { Services } from "~/server/services.server.ts";
import { shownAddress } from "~/server/shown-code.server.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { findRestaurantProfile } from "../restaurants/restaurants.queries.server.ts";
import { findBranch } from "./branches.queries.server.ts";

/** A printed code's address: the page's, marked so the opening counts as a scan (ADR 0027). */
function scanUrl(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${SCAN_QUERY}`;
}

export interface OwnerQrTarget {
  /** What the code encodes: the page's address with the scan marker. */
  url: string;
  /** The page's address as a person reads it (printed under the code). */
  pageUrl: string;
  fileName: string;
  title: string;
  subtitle: string;
  /** Set when the code's address is not public (app/lib/public-address.ts). */
  note: QrAddressNote | null;
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
    const pageUrl = shownAddress(services.env, restaurant.restQRcode, restaurantPath(restaurant.urlName));
    return {
      url: scanUrl(pageUrl),
      pageUrl,
      fileName: restaurant.urlName,
      title: restaurant.restName,
      subtitle: "",
      note: qrAddressNote(pageUrl),
    };
  }
  // Only the owner's own branches: the query is scoped to ownerId.
  const branch = await findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const pageUrl = shownAddress(
    services.env,
    branch.branchQRcode,
    branchPath(restaurant.urlName, branch.branchUrl),
  );
  return {
    url: scanUrl(pageUrl),
    pageUrl,
    fileName: `${restaurant.urlName}-${branch.branchUrl}`,
    title: restaurant.restName,
    subtitle: branch.branchName,
    note: qrAddressNote(pageUrl),
  };
}
