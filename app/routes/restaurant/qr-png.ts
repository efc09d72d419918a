import { qrDownload } from "~/features/restaurants/qr-download.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { ownerQrTarget } from "~/features/branches/owner-qr.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/qr-png";

// Serves /profile/restaurant/qr.png and /profile/restaurant/mybranches/{branch}/qr.png.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const target = await ownerQrTarget(services, viewer.userId, params.branchName);
  if (!target) notFound(params.branchName ? BRANCH_MESSAGES.notFound : undefined);
  return qrDownload(target.url, target.fileName, "png");
}
