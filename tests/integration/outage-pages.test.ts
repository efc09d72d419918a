import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMessages } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { outagePage } from "~/server/outage.server.ts";

/**
 * The two pages a person sees when the site cannot answer (docs/operations.md): the app's 503 while
 * the database is away (outage.server.ts, in the reader's language) and nginx's own page
 * when no process answers (deploy/nginx/unavailable.html, both languages). Neither can be
 * reached in the browser tests' running app, so they are opened here, as a 360 px phone
 * opens them, in the same Chromium. Screenshots: reports/screens/.
 */
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const SCREENS = path.resolve("reports", "screens");

async function check(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

describe.skipIf(!fs.existsSync(CHROMIUM))("the pages of an outage, on a 360 px phone", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    registerMessages("ur", urduMessages);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox"] });
    // A context of its own: axe-core/playwright refuses a page made by browser.newPage().
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  it("the app's 503 in English: accessible, a button back to the page", async () => {
    await page.setContent(outagePage("en", "/r/karahi-house/menu"));
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Foodverse will be back in a moment");
    expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      "/r/karahi-house/menu",
    );
    await check(page, "outage-360");
  });

  it("the app's 503 in Urdu: right to left, accessible", async () => {
    await page.setContent(outagePage("ur", "/ur/r/karahi-house/menu"));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await page.getByRole("link", { name: "دوبارہ کوشش کریں" }).getAttribute("href")).toBe(
      "/ur/r/karahi-house/menu",
    );
    await check(page, "outage-360-ur");
  });

  it("nginx's page when no process answers: both languages, accessible", async () => {
    await page.setContent(fs.readFileSync(path.resolve("deploy", "nginx", "unavailable.html"), "utf8"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(2);
    expect(await page.locator('section[lang="ur"]').getAttribute("dir")).toBe("rtl");
    await check(page, "nginx-unavailable-360");
  });
});
