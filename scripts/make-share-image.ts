// Draws public/share/foodverse.jpg, the link preview of pages without an image of
// their own (app/lib/seo.ts). Run once after changing the design and commit the result:
//   npx node scripts/make-share-image.ts
// The JPEG is committed rather than drawn at run time, so servers need no fonts.
import fs from "node:fs";
import sharp from "sharp";

const OUT = "public/share/foodverse.jpg";
const WIDTH = 1200;
const HEIGHT = 630;
const MAX_BYTES = 300 * 1024;

// The logo of app/components/ui/logo.tsx (64×64 units), scaled up, beside the name.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7ed"/>
      <stop offset="1" stop-color="#fed7aa"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect y="${HEIGHT - 24}" width="${WIDTH}" height="24" fill="#b4410c"/>
  <g transform="translate(110 175) scale(4.4)">
    <circle cx="32" cy="32" r="30" fill="#b4410c"/>
    <path d="M20 16v14a6 6 0 0 0 12 0V16M26 16v32" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none"/>
    <path d="M40 48V16c5 3 7 9 7 15s-3 8-7 8" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
  </g>
  <text x="440" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="120" fill="#7c2d12">Foodverse</text>
  <text x="444" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#431407">Menus, branches and reviews</text>
  <text x="444" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#9a3412">Scan the QR code on your table</text>
</svg>`;

const jpeg = await sharp(Buffer.from(svg))
  .flatten({ background: "#ffffff" })
  .jpeg({ quality: 82, mozjpeg: true })
  .toBuffer();
const meta = await sharp(jpeg).metadata();
if (meta.width !== WIDTH || meta.height !== HEIGHT) throw new Error(`drawn at ${meta.width}×${meta.height}`);
if (jpeg.length > MAX_BYTES) throw new Error(`${jpeg.length} bytes: over the ${MAX_BYTES} chat apps accept`);
fs.mkdirSync("public/share", { recursive: true });
fs.writeFileSync(OUT, jpeg);
console.log(`${OUT}: ${WIDTH}×${HEIGHT}, ${jpeg.length} bytes`);
