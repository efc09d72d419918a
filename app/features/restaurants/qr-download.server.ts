import { create as contentDisposition } from "content-disposition";
import QRCode from "qrcode";
import { qrPng } from "~/server/qr.server.ts";

/** A QR code as a print-quality PNG (2048 px) or an SVG, as a download named after what it opens. */
export async function qrDownload(url: string, name: string, format: "png" | "svg"): Promise<Response> {
  const options = { margin: 4, errorCorrectionLevel: "M" } as const;
  const body =
    format === "png"
      ? new Uint8Array(await qrPng(url, 2048, options.margin))
      : await QRCode.toString(url, { ...options, type: "svg" });
  // The restaurant's name as it is (in Urdu, say) for browsers that read filename*, an ASCII one for the rest.
  const fallback = `${name.replace(/[^\w-]/g, "").replace(/^-+|-+$/g, "") || "foodverse"}-qr.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "png" ? "image/png" : "image/svg+xml",
      "Content-Disposition": contentDisposition(`${name || "foodverse"}-qr.${format}`, { fallback }),
      "Cache-Control": "private, no-store",
    },
  });
}

/** The QR code as inline SVG markup, for the printable table card. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}
