// `npm run screens -- --base http://127.0.0.1:3000`: screenshots of the public pages a
// diner sees, at 360 px as on a cheap phone, into docs/screens/. Run it against the demo
// world (`npm run demo && npm start`); the README shows the pictures. Each page is shot in
// English and, read from an Urdu phone, in Urdu (ADR 0026): `*-360-ur.png`.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    out: { type: "string", default: "docs/screens" },
    restaurant: { type: "string", default: "margallakarahihouse" },
  },
});
const base = values.base.replace(/\/$/u, "");
const out = path.resolve(values.out);

/** Each shot: a file name and how to reach the page (the item page is found by clicking). */
const shots: { name: string; open: (page: Page) => Promise<unknown> }[] = [
  { name: "home-page", open: (page) => page.goto(`${base}/`) },
  { name: "restaurant-page", open: (page) => page.goto(`${base}/r/${values.restaurant}`) },
  {
    name: "branch-page",
    open: async (page) => {
      await page.goto(`${base}/r/${values.restaurant}`);
      await page.locator('main a[href*="/branch/"]').first().click();
    },
  },
  {
    name: "item-page",
    open: async (page) => {
      await page.goto(`${base}/r/${values.restaurant}`);
      await page.locator('main a[href*="/branch/"]').first().click();
      await page.locator('main ul a[href*="/menu/"]').first().click();
    },
  },
  {
    // The item finder: one card per dish, its branches listed on it.
    name: "finder-dishes",
    open: (page) => page.goto(`${base}/search?tab=items&q=karahi`),
  },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  for (const locale of ["en", "ur"] as const) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 1,
      locale: locale === "ur" ? "ur-PK" : "en-GB",
    });
    await shoot(await context.newPage(), locale === "ur" ? "-ur" : "");
    await context.close();
  }
} finally {
  await browser.close();
}

async function shoot(page: Page, suffix: string) {
  for (const shot of shots) {
    await shot.open(page);
    // Pictures below the first screen load lazily: scroll past them so the shot has them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((done) => setTimeout(done, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const file = path.join(out, `${shot.name}-360${suffix}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${shot.name}: ${page.url().replace(base, "")} → ${path.relative(process.cwd(), file)}`);
  }
}
