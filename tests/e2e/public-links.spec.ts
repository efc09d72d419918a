import { spawnSync } from "node:child_process";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { readQr as decode, readQrDataUrl } from "../setup/qr.ts";
import {
  freePort,
  makeDataDir,
  removeDataDir,
  startApp,
  type AppServer,
} from "../../bench/lib/app-server.ts";
import {
  addSectionFor,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  shareSession,
  uniqueId,
  ur,
} from "./helpers.ts";

// The owner's QR codes and the links diners share follow PUBLIC_URL. The owner is
// told, in English and Urdu, when the address is one no phone opens and what to do; after
// a restart with the Wi-Fi address every code and link the owner prints or a diner shares
// holds it, and the note no longer calls it unreachable.
const UNREACHABLE =
  "Your QR codes point to {{origin}}, which phones cannot open. Start Foodverse again with PUBLIC_URL set to your public address, or to the network address npm start shows (e.g. PUBLIC_URL=http://192.168.1.20:3000 npm start): every code and link is rewritten to it.";
const ON_THE_WIFI =
  "Your QR codes point to {{origin}}, an address on your local network: phones on the same Wi-Fi open it, phones on mobile data cannot. For every diner, start Foodverse with PUBLIC_URL set to your public address.";
const say = (text: string, origin: string) => text.replace("{{origin}}", origin);

async function decodeImg(page: Page, name: string): Promise<string | undefined> {
  return readQrDataUrl((await page.getByRole("img", { name }).first().getAttribute("src"))!);
}

/** The screen with the note in view, at 360 px, kept with the test's results. */
async function screenshot(page: Page, name: string) {
  await page
    .getByText("Your QR codes point to")
    .or(page.getByText("آپ کے کیو آر کوڈ"))
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test("the owner's branch page says the codes point to this machine and how to fix it, in English and Urdu @phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await createRestaurant(request);
  await shareSession(page, request);
  await addSectionFor(request, "Karahi");
  const branchName = `Blue Area ${uniqueId()}`;
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: process.env.E2E_APP_URL! },
    form: { branchName },
    maxRedirects: 0,
  });
  const origin = new URL(process.env.E2E_APP_URL!).origin;

  await page.goto("/profile/restaurant/mybranches");
  await page.getByRole("link", { name: branchName }).click();
  const warning = page.getByRole("alert").filter({ hasText: "Your QR codes point to" });
  await expect(warning).toHaveText(say(UNREACHABLE, origin));
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "branch-warning-en");

  await page.goto(`/ur${new URL(page.url()).pathname}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("alert").filter({ hasText: origin })).toHaveText(say(ur(UNREACHABLE), origin));
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "branch-warning-ur");
});

/** Signs an owner up on `server` and adds a section and a branch, through the forms' endpoints. */
async function ownerWithBranch(server: AppServer, origin: string) {
  const request = await playwrightRequest.newContext({ baseURL: server.url });
  const id = uniqueId();
  const post = (path: string, form: Record<string, string>) =>
    request.post(path, { headers: { origin }, form, maxRedirects: 0 });
  const signedUp = await post("/signup/restaurantsignup", {
    restName: `Wifi Karahi ${id}`,
    restType: "Desi",
    hasDelivery: "yes",
    country: "Pakistan",
    about: "Karahi on the Wi-Fi.",
    username: `wifi${id}`,
    email: `wifi-${id}@example.com`,
    password: "restaurant-pass-1",
  });
  expect(signedUp.status(), await signedUp.text()).toBe(302);
  expect((await post("/profile/restaurant/addmenu/addsection", { originalName: "Karahi" })).status()).toBe(
    302,
  );
  expect((await post("/profile/restaurant/addbranch", { branchName: "F-7 Markaz" })).status()).toBe(302);
  return { request, urlName: `wifikarahi${id}`, branchUrl: "f-7markaz" };
}

test("after a restart with the Wi-Fi address, every code and link the owner prints or a diner shares holds it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = makeDataDir();
  const port = await freePort();
  const lan = `http://192.168.1.20:${port}`;
  let server = await startApp({ dataDir, port });
  try {
    const owner = await ownerWithBranch(server, server.url);
    const cookies = (await owner.request.storageState()).cookies;
    await owner.request.dispose();
    await server.stop();
    // The README's tip: the same installation, started with the address a phone on the Wi-Fi opens.
    server = await startApp({ dataDir, port, env: { PUBLIC_URL: lan } });

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const ownPage = `${server.url}/profile/restaurant/mybranches/${owner.branchUrl}`;
    const branchUrl = `${lan}/r/${owner.urlName}/branch/${owner.branchUrl}`;

    // The owner's branch page: a calm note, not a red warning; the code is the new address.
    await page.goto(ownPage);
    await expect(page.getByText(say(ON_THE_WIFI, lan))).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Your QR codes point to" })).toHaveCount(0);
    expect(await decodeImg(page, `QR code linking to ${branchUrl}`)).toBe(branchUrl);
    await expectAccessible(page);
    await screenshot(page, "branch-lan-en");
    // Its downloads, as the owner prints them.
    for (const name of ["Download PNG", "Download SVG"]) {
      const href = (await page.getByRole("link", { name }).getAttribute("href"))!;
      const file = await page.request.get(new URL(href, server.url).href);
      expect(await decode(Buffer.from(await file.body()))).toBe(`${branchUrl}?src=qr`);
    }
    await page.goto(`${server.url}/ur/profile/restaurant/mybranches/${owner.branchUrl}`);
    await expect(page.getByText(say(ur(ON_THE_WIFI), lan))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "branch-lan-ur");

    // The printed table card.
    await page.goto(`${ownPage}/qr-card`);
    const shortUrl = branchUrl.replace(/^http:\/\//, "");
    await expect(page.getByRole("main").getByText(shortUrl, { exact: true })).toBeVisible();
    const svg = await page.getByRole("img", { name: `QR code for ${shortUrl}` }).innerHTML();
    expect(await decode(Buffer.from(svg))).toBe(`${branchUrl}?src=qr`);

    // The diner's table page: 'Share this menu', its code, and both WhatsApp links.
    const diner = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const table = await diner.newPage();
    await table.goto(`${server.url}/r/${owner.urlName}/branch/${owner.branchUrl}`);
    const share = table.getByRole("region", { name: "Share this menu" });
    await expect(share.getByText(branchUrl, { exact: true })).toBeVisible();
    expect(await decodeImg(table, `QR code linking to ${branchUrl}`)).toBe(branchUrl);
    const whatsapp = table.locator('a[href^="https://wa.me/"]');
    expect(await whatsapp.count()).toBeGreaterThanOrEqual(2);
    for (const href of await whatsapp.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(new URL(href!).searchParams.get("text")).toContain(branchUrl);
    }
    await expect(table.locator("[data-share-url]").first()).toHaveAttribute("data-share-url", branchUrl);
    await diner.close();
    await context.close();

    // The command does the same without a restart, and says where the codes point.
    await server.stop();
    const hosted = "https://menus.foodverse.example";
    const updateLinks = () =>
      spawnSync("npm", ["run", "--silent", "admin", "--", "update-links"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: hosted, LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
    const first = updateLinks();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(`QR codes and links rewritten to ${hosted}: 1 restaurant, 1 branch.`);
    expect(updateLinks().stdout.trim()).toBe(`Every QR code and link already points to ${hosted}.`);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
});
