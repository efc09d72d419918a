import jsQR from "jsqr";
import sharp from "sharp";

/**
 * What a QR image (PNG or SVG) says, read as a phone's camera reads it: at most 512 px
 * across (a 2048 px download would take seconds to decode), on white.
 */
export async function readQr(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image, { density: 300 })
    .resize({ width: 512, withoutEnlargement: true })
    .flatten({ background: "#fff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** The same, of a stored `data:image/png;base64,…` image (SPEC's restQRimg, branchQRimg). */
export const readQrDataUrl = (dataUrl: string) =>
  readQr(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"));
