import { qrDownload } from "~/features/restaurants/qr-download.server.ts";
import { ownerQrTarget } from "~/features/restaurants/owner-qr.server.ts";
import type { Route } from "./+types/qr-svg";

// Serves /profile/restaurant/qr.svg and /profile/restaurant/mybranches/{branch}/qr.svg.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await ownerQrTarget(request, context, params.branchName);
  return qrDownload(target.url, target.fileName, "svg");
}
