import sharp from "sharp";
import { hashOf, seededRandom } from "~/lib/random.ts";

// Pictures for the demo world, drawn here as SVG and rasterised to JPEG by sharp:
// no network and no image files in the repository. They then go through the same
// upload pipeline as a person's photo (the JPEG, not the SVG, which uploads refuse).

export type DishView = "topView" | "frontView" | "sideView";

const VIEW_LABEL: Record<DishView, string> = { topView: "top", frontView: "front", sideView: "side" };

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${(((hue % 360) + 360) % 360).toFixed(0)},${saturation}%,${lightness}%)`;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** A font size at which `text` fits `width` (DejaVu Sans Bold is about 0.62 em a character). */
const fitted = (text: string, width: number, max: number) =>
  Math.floor(Math.min(max, width / (Math.max(text.length, 1) * 0.62)));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

/** An SVG drawn on a width × height canvas, rendered at `scale` of that size. */
function svg(width: number, height: number, body: string, scale = 1): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

function gradient(id: string, hue: number, light: [number, number]) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 62, light[0])}"/>
    <stop offset="1" stop-color="${hsl(hue + 28, 55, light[1])}"/></linearGradient>`;
}

function garnish(random: () => number, hue: number, cx: number, cy: number, rx: number, ry: number) {
  let out = "";
  for (let i = 0; i < 16; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random());
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const colour = i % 3 === 0 ? hsl(110, 55, 38) : hsl(hue + (random() - 0.5) * 40, 70, 30 + random() * 35);
    out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(6 + random() * 12).toFixed(1)}" fill="${colour}"/>`;
  }
  return out;
}

function dishDrawing(view: DishView, hue: number, random: () => number): string {
  const food = hsl(hue + 8, 68, 42);
  const plate = `fill="#f8f4ec" stroke="#ded5c3" stroke-width="14"`;
  if (view === "topView") {
    return `<circle cx="480" cy="320" r="240" ${plate}/>
      <circle cx="480" cy="320" r="165" fill="${food}"/>${garnish(random, hue, 480, 320, 130, 130)}`;
  }
  if (view === "frontView") {
    const steam = [400, 480, 560]
      .map(
        (x) =>
          `<path d="M${x} 200 q 25 -35 0 -70 q -25 -35 0 -70" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="10" stroke-linecap="round"/>`,
      )
      .join("");
    return `${steam}<path d="M200 300 A 280 220 0 0 0 760 300 Z" fill="#f8f4ec" stroke="#ded5c3" stroke-width="12"/>
      <ellipse cx="480" cy="300" rx="280" ry="58" fill="#efe7d8"/>
      <ellipse cx="480" cy="302" rx="236" ry="40" fill="${food}"/>${garnish(random, hue, 480, 302, 200, 28)}`;
  }
  return `<ellipse cx="480" cy="470" rx="330" ry="78" ${plate}/>
    <path d="M280 470 Q 300 270 480 260 Q 660 270 680 470 Z" fill="${food}"/>
    ${garnish(random, hue, 480, 380, 150, 80)}`;
}

function caption(text: string, y: number, width: number, size: number) {
  return `<rect x="0" y="${y}" width="${width}" height="${size * 2.2}" fill="#000" fill-opacity="0.42"/>
    <text x="${width / 2}" y="${y + size * 1.45}" font-family="DejaVu Sans, sans-serif" font-weight="bold"
      font-size="${size}" fill="#fff" text-anchor="middle">${escapeXml(text)}</text>`;
}

function jpeg(image: Buffer): Promise<Buffer> {
  return sharp(image).jpeg({ quality: 82 }).toBuffer();
}

/**
 * One of a dish's three views, 4:3 like the carousel's box. Rendered at 640×480
 * rather than the box's 960×720: every picture is re-encoded into four variants,
 * which is most of the demo's run time, and flat drawings scale up well.
 */
export function dishPicture(name: string, hue: number, view: DishView): Promise<Buffer> {
  const random = seededRandom(hashOf(`${name}:${view}`));
  const size = fitted(name, 880, 56);
  return jpeg(
    svg(
      960,
      720,
      `<defs>${gradient("bg", hue, [64, 34])}</defs>
      <rect width="960" height="720" fill="url(#bg)"/>
      ${dishDrawing(view, hue, random)}
      <text x="28" y="48" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fff" fill-opacity="0.85">${VIEW_LABEL[view]} view</text>
      ${caption(name, 720 - size * 2.2, 960, size)}`,
      640 / 960,
    ),
  );
}

/** A customer's photo of a dish, tilted, with what and where; a second photo shows it from the side. */
export function reviewPhoto(
  dish: string,
  place: string,
  hue: number,
  seed: number,
  index = 0,
): Promise<Buffer> {
  const random = seededRandom(seed);
  const label = `${dish} at ${place}`;
  const size = fitted(label, 760, 34);
  const angle = (random() * 40 - 20).toFixed(1);
  return jpeg(
    svg(
      800,
      600,
      `<defs>${gradient("bg", hue + 180, [40, 22])}</defs>
      <rect width="800" height="600" fill="url(#bg)"/>
      <g transform="translate(-80 -40) rotate(${angle} 480 320)">${dishDrawing(index % 2 ? "sideView" : "topView", hue, random)}</g>
      ${caption(label, 600 - size * 2.2, 800, size)}`,
      0.8,
    ),
  );
}

/** A restaurant's logo: its initials on a round badge. */
export function logoPicture(name: string, hue: number): Promise<Buffer> {
  const letters = initials(name);
  const size = fitted(name, 380, 40);
  return jpeg(
    svg(
      480,
      480,
      `<rect width="480" height="480" fill="${hsl(hue, 58, 36)}"/>
      <circle cx="240" cy="210" r="150" fill="${hsl(hue, 70, 92)}" stroke="${hsl(hue + 20, 70, 60)}" stroke-width="12"/>
      <text x="240" y="250" font-family="DejaVu Serif, serif" font-weight="bold" font-size="120"
        fill="${hsl(hue, 58, 30)}" text-anchor="middle">${escapeXml(letters)}</text>
      <text x="240" y="425" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}"
        fill="#fff" text-anchor="middle">${escapeXml(name)}</text>`,
    ),
  );
}

/** A restaurant's cover: its name over a row of plates, in the public page's wide box. */
export function coverPicture(name: string, hue: number, tagline: string): Promise<Buffer> {
  const random = seededRandom(hashOf(`cover:${name}`));
  let plates = "";
  for (let x = 940; x < 1500; x += 180) {
    const y = 90 + random() * 160;
    plates += `<circle cx="${x}" cy="${y.toFixed(0)}" r="74" fill="#fff" fill-opacity="0.18"/>
      <circle cx="${x}" cy="${y.toFixed(0)}" r="46" fill="${hsl(hue + random() * 60 - 30, 70, 45)}" fill-opacity="0.7"/>`;
  }
  const size = fitted(name, 760, 72);
  return jpeg(
    svg(
      1440,
      320,
      `<defs>${gradient("bg", hue, [46, 24])}</defs>
      <rect width="1440" height="320" fill="url(#bg)"/>${plates}
      <text x="64" y="160" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${size}" fill="#fff">${escapeXml(name)}</text>
      <text x="66" y="220" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fff" fill-opacity="0.9">${escapeXml(tagline)}</text>`,
    ),
  );
}

/** A customer's profile picture: initials on a coloured circle. */
export function avatarPicture(name: string, hue: number): Promise<Buffer> {
  return jpeg(
    svg(
      320,
      320,
      `<rect width="320" height="320" fill="${hsl(hue, 45, 88)}"/>
      <circle cx="160" cy="160" r="140" fill="${hsl(hue, 50, 45)}"/>
      <text x="160" y="196" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="104"
        fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text>`,
    ),
  );
}
