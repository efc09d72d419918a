import { qrDownload } from "~/features/restaurants/qr-download.server.ts";
import type { Route } from "./+types/qr-png";

export const loader = ({ request, context }: Route.LoaderArgs) => qrDownload(request, context, "png");
