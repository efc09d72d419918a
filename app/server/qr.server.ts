import QRCode from "qrcode";

/** The QR image stored with a restaurant or branch (product rules §3: a PNG data URL). */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: 512 });
}
