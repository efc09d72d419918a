import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { itemInput } from "../setup/factories.ts";
import { resetLinkIn } from "../setup/mail-text.ts";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";

export const appUrl = () => process.env.E2E_APP_URL!;

// The Urdu catalog as the app merges it, by English key.
const URDU: Record<string, string> = Object.assign(
  {},
  ...fs
    .readdirSync(path.resolve("app/i18n/ur"))
    .filter((f) => f.endsWith(".json"))
    .map(
      (f) => JSON.parse(fs.readFileSync(path.resolve("app/i18n/ur", f), "utf8")) as Record<string, string>,
    ),
);

/** The Urdu of an English text, as an Urdu page shows it; a text with none fails the test. */
export function ur(english: string): string {
  const text = URDU[english];
  if (!text) throw new Error(`no Urdu for "${english}"`);
  return text;
}

/** The two languages a screen is walked in (ADR 0026): its path prefix and how a text reads there. */
export const LANGUAGES = [
  { locale: "en", prefix: "", say: (english: string) => english },
  { locale: "ur", prefix: "/ur", say: ur },
] as const;

/** A text with one {{value}}, in the page's language. */
export const withValue = (say: (english: string) => string, key: string, name: string, value: string) =>
  say(key).replace(`{{${name}}}`, value);

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

/** The page is no wider than the screen: nothing to scroll sideways (360 px phones first). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The site's main links. On a phone they are folded in the header's menu (ADR 0024):
 * it is opened first, as a person would.
 */
export async function siteNav(page: Page) {
  const menu = page.locator('summary[aria-label="Menu"]');
  if (
    (await menu.isVisible()) &&
    !(await menu.evaluate((el) => (el.parentElement as HTMLDetailsElement).open))
  ) {
    await menu.click();
  }
  return page.getByRole("navigation", { name: "Main" });
}

let counter = 0;
export function uniqueId() {
  return `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** Signs a customer up through the real form endpoint (no JavaScript), for tests about other screens. */
export async function createCustomer(
  request: APIRequestContext,
  extra: Record<string, string> = {},
): Promise<Account> {
  const id = uniqueId();
  const account = { email: `cust-${id}@example.com`, password: "customer-pass-1", name: `Sana ${id}` };
  const response = await request.post("/signup/customersignup", {
    headers: { origin: appUrl() },
    form: {
      firstName: "Sana",
      lastName: id,
      gender: "Female",
      about: "Chai and samosas.",
      username: `sana${id}`,
      email: account.email,
      password: account.password,
      ...extra,
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return account;
}

export async function createRestaurant(
  request: APIRequestContext,
  extra: Record<string, string> = {},
): Promise<Account & { urlName: string }> {
  const id = uniqueId();
  const account = {
    email: `rest-${id}@example.com`,
    password: "restaurant-pass-1",
    name: `Kabab House ${id}`,
    urlName: `kababhouse${id}`,
  };
  const response = await request.post("/signup/restaurantsignup", {
    headers: { origin: appUrl() },
    form: {
      restName: account.name,
      restType: "Desi",
      hasDelivery: "yes",
      country: "Pakistan",
      about: "Seekh kabab and paratha.",
      username: `kabab${id}`,
      email: account.email,
      password: account.password,
      ...extra,
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return account;
}

export async function logIn(page: Page, account: Pick<Account, "email" | "password">) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "LOGIN" }).click();
}

/** Where the browser tests' server writes its log (playwright.config.ts). */
export const serverLogFile = () => path.join(process.env.E2E_DATA_DIR!, "server.log");

/** The newest reset link written to the outbox for this address. */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).toSorted() : [];
      for (const file of files.toReversed()) {
        const raw = fs.readFileSync(path.join(outbox, file), "utf8");
        if (!raw.includes(email)) continue;
        link = resetLinkIn(raw);
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link!;
}

export const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

/** Gives the page the session that `request` holds (after createCustomer/createRestaurant). */
export async function shareSession(page: Page, request: APIRequestContext) {
  await page.context().addCookies((await request.storageState()).cookies);
}

/** A real JPEG file on disk for upload fields. */
export async function jpegFile(width = 800, height = 600): Promise<string> {
  const { default: sharp } = await import("sharp");
  const file = path.join(process.env.E2E_DATA_DIR!, `upload-${uniqueId()}.jpg`);
  await sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toFile(file);
  return file;
}

/** A text file named .jpg: it must be refused for what it is, not for its name. */
export function fakeJpegFile(): string {
  const file = path.join(process.env.E2E_DATA_DIR!, `fake-${uniqueId()}.jpg`);
  fs.writeFileSync(file, "just some text, not a photo\n".repeat(20));
  return file;
}

/** Runs `npm run admin -- …` against the test server's data, as an operator would. */
async function adminCommand(args: string[], input?: string) {
  const { spawnSync } = await import("node:child_process");
  const run = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    encoding: "utf8",
    input,
  });
  expect(run.status, run.stderr).toBe(0);
}

/** A new admin account, made with the admin command (the password on standard input, not in the arguments). */
export async function createAdmin(): Promise<Pick<Account, "email" | "password">> {
  const account = { email: `admin-${uniqueId()}@example.com`, password: "admin-pass-123" };
  await adminCommand(["create", "--email", account.email], `${account.password}\n`);
  return account;
}

/**
 * This worker's admin session: one admin made with the admin command and signed in
 * once per worker (the module is loaded once per worker process), then reused.
 */
let adminSession: Promise<APIRequestContext> | undefined;
function adminRequest(): Promise<APIRequestContext> {
  adminSession ??= (async () => {
    const admin = await createAdmin();
    const context = await playwrightRequest.newContext({ baseURL: appUrl() });
    const response = await context.post("/login", {
      headers: { origin: appUrl() },
      form: { email: admin.email, password: admin.password, redirectTo: "/admin" },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    return context;
  })().catch((error: unknown) => {
    adminSession = undefined;
    throw error;
  });
  return adminSession;
}

/**
 * A POST by this worker's admin session. Its connection can sit idle between tests past
 * the server's keep-alive time (Node's 5 s): the server closes it, and a request sent at
 * that instant meets a reset before the server read it (seen once in CI: "socket hang up").
 * Only then is the request sent again, on a new connection.
 */
async function adminPost(target: string, form: Record<string, string>) {
  const admin = await adminRequest();
  const send = () => admin.post(target, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  return send().catch((error: unknown) => {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return send();
  });
}

/** Hides a review as a signed-in admin does from Reported reviews (the moderation use case, audited). */
export async function hideReview(reviewId: string) {
  const response = await adminPost("/admin/reports", { reviewId, intent: "hide" });
  expect(response.status(), await response.text()).toBeLessThan(400);
}

/**
 * Approves a restaurant's menus as a signed-in admin would: the admin form's POST,
 * so the approval goes through the admin use case (decideRestaurant) with its audit
 * entry. One HTTP request instead of an `npm run admin` process (about 1.3 s) per call.
 */
export async function approve(urlName: string) {
  const response = await adminPost(`/admin/restaurants/${encodeURIComponent(urlName)}`, {
    intent: "approve",
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers()["location"]).toBe(`/admin/restaurants/${encodeURIComponent(urlName)}`);
}

/** An approved restaurant with a section and one branch, 'Main', made as its owner (`request`'s session). */
export async function restaurantWithBranch(request: APIRequestContext) {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
  });
  await approve(owner.urlName);
  return owner;
}

/** An account's screen, reached as an admin does: Users, a search for the email, its link. */
export async function openAccount(page: Page, email: string) {
  await page.getByLabel("Search by email or name").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: email }).click();
}

/** Adds a section through the owner's form endpoint (for tests about other screens). */
export async function addSectionFor(request: APIRequestContext, originalName: string) {
  const response = await request.post("/profile/restaurant/addmenu/addsection", {
    headers: { origin: appUrl() },
    form: { originalName },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Adds an item with three real pictures to the owner's first section named `section`. */
export async function addItemFor(
  request: APIRequestContext,
  sectionId: string,
  fields: Record<string, string>,
) {
  const picture = fs.readFileSync(await jpegFile(480, 360));
  const file = (name: string) => ({ name: `${name}.jpg`, mimeType: "image/jpeg", buffer: picture });
  const response = await request.post("/profile/restaurant/addmenu/additems", {
    headers: { origin: appUrl() },
    multipart: {
      ...itemInput(sectionId, fields),
      topView: file("top"),
      frontView: file("front"),
      sideView: file("side"),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** The owner's section ids, in menu order, read from the Add Item form. */
export async function sectionIdsOf(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get("/profile/restaurant/addmenu/additems")).text();
  return [...html.matchAll(/<option value="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
}

/** A small file that starts like an MP4 (an ftyp box): what the server checks a video by. */
export function mp4File(bytes = 256 * 1024): string {
  const file = path.join(process.env.E2E_DATA_DIR!, `clip-${uniqueId()}.mp4`);
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypisom"),
    0,
    0,
    2,
    0,
    ...Buffer.from("isomiso2"),
  ]);
  fs.writeFileSync(file, Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]));
  return file;
}

/** Whether React hydrated the page (anonymous visitors of read-only pages get islands, not React). */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => "__reactRouterContext" in window);
}

/** The CSP source that lets the island loader run (ADR 0029), worked out here as a browser would. */
export function islandLoaderSource(): string {
  return `'sha256-${createHash("sha256").update(ISLAND_LOADER).digest("base64")}'`;
}

/**
 * A slow network: opens `url` with the scripts matching `scripts` held back until the
 * returned `release` is called, so a test can act on the page before they run. Module
 * scripts hold DOMContentLoaded back, so only the page's first bytes are waited for.
 */
export async function openWithScriptsHeld(page: Page, url: string, scripts: RegExp): Promise<() => void> {
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "commit" });
  return release;
}
