import type { RouterContextProvider } from "react-router";
import { notFound, requireRole } from "~/server/request.server.ts";
import { findBranch } from "../branches/branches.queries.server.ts";
import { BRANCH_MESSAGES } from "../branches/branches.schema.ts";
import { findRestaurantProfile } from "./restaurants.queries.server.ts";

/** What a QR code of the signed-in owner opens: the restaurant page, or one of their branches. */
export async function ownerQrTarget(
  request: Request,
  context: Readonly<RouterContextProvider>,
  branchUrl?: string,
): Promise<{ url: string; fileName: string; title: string; subtitle: string }> {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const { db } = services.database;
  const restaurant = await findRestaurantProfile(db, viewer.userId);
  if (!restaurant) notFound();
  if (!branchUrl) {
    return {
      url: restaurant.restQRcode,
      fileName: restaurant.urlName,
      title: restaurant.restName,
      subtitle: "",
    };
  }
  const branch = await findBranch(db, viewer.userId, branchUrl);
  if (!branch) notFound(BRANCH_MESSAGES.notFound);
  return {
    url: branch.branchQRcode,
    fileName: `${restaurant.urlName}-${branch.branchUrl}`,
    title: restaurant.restName,
    subtitle: branch.branchName,
  };
}
