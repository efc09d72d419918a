import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import { notFound, requireRole } from "~/server/request.server.ts";
import { findRestaurantProfile } from "./restaurants.queries.server.ts";

/** The owner's QR code as a print-quality PNG (2048 px) or an SVG, as a download. */
export async function qrDownload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  format: "png" | "svg",
): Promise<Response> {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const restaurant = await findRestaurantProfile(services.database.db, viewer.userId);
  if (!restaurant) notFound();
  const options = { margin: 4, errorCorrectionLevel: "M" } as const;
  const body =
    format === "png"
      ? new Uint8Array(await QRCode.toBuffer(restaurant.restQRcode, { ...options, type: "png", width: 2048 }))
      : await QRCode.toString(restaurant.restQRcode, { ...options, type: "svg" });
  const filename = `${restaurant.urlName.replace(/[^\w-]/g, "") || "restaurant"}-qr.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "png" ? "image/png" : "image/svg+xml",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
