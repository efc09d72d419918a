import QRCode from "qrcode";
import sharp from "sharp";

/**
 * A QR code as a PNG `width` pixels across (at most: whole pixels a module), black on
 * white, with `margin` modules of quiet zone. qrcode computes the modules; sharp (libvips,
 * on libuv's threads) encodes the PNG. qrcode's own PNG writer deflates on the main
 * thread: 21 ms for a 512 px code, which made a start with a new PUBLIC_URL take 15 min
 * at 10,000 restaurants (ADR 0034). This takes about 1 ms of the main thread and 10 ms of
 * a worker thread.
 */
export async function qrPng(url: string, width: number, margin: number): Promise<Buffer> {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const across = modules.size + 2 * margin;
  const scale = Math.max(1, Math.floor(width / across));
  const side = across * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < modules.size; y++) {
    const top = (y + margin) * scale;
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      const left = (x + margin) * scale;
      for (let row = top; row < top + scale; row++) {
        pixels.fill(0, row * side + left, row * side + left + scale);
      }
    }
  }
  // Centred on white up to `width`, as qrcode drew it.
  const pad = Math.max(0, width - side);
  return (
    sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
      .extend({
        top: Math.floor(pad / 2),
        left: Math.floor(pad / 2),
        bottom: Math.ceil(pad / 2),
        right: Math.ceil(pad / 2),
        background: "#fff",
      })
      // The stored codes in two colours, one bit a pixel: 1.5 KB for 512 px (qrcode's were
      // 3.5 KB), and every branch page carries one inline. Reducing a print-size code to a
      // palette takes longer (125 ms at 2048 px) than its download saves.
      .png(
        width <= 512
          ? { palette: true, colours: 2, effort: 1, compressionLevel: 9 }
          : { compressionLevel: 9 },
      )
      .toBuffer()
  );
}

/** The QR image stored with a restaurant or branch (product rules §3: a PNG data URL). */
export async function qrDataUrl(url: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(url, 512, 2)).toString("base64")}`;
}
