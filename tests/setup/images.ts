import sharp from "sharp";

/** A real JPEG with camera and GPS EXIF, as a phone would send it. */
export function photoWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Secret Model", Copyright: "Owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "31/1 33/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "74/1 20/1 0/1",
      },
    })
    .toBuffer();
}

/** A tiny PNG file that decodes to 48 megapixels. */
export function pixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export const notAnImage = Buffer.from("This is a text file someone renamed to photo.jpg\n".repeat(50));

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
