import { qrDownload } from "~/features/restaurants/qr-download.server.ts";
import { ownerQrTarget } from "~/features/restaurants/owner-qr.server.ts";
import type { Route } from "./+types/qr-png";

// Serves /profile/restaurant/qr.png and /profile/restaurant/mybranches/{branch}/qr.png.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await ownerQrTarget(request, context, params.branchName);
  return qrDownload(target.url, target.fileName, "png");
}
