import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addItemFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  sectionIdsOf,
  toast,
  uniqueId,
  ur,
} from "./helpers.ts";

/**
 * ADR 0026: the product in Urdu, right to left. A reader on an Urdu phone lands in Urdu,
 * the switch changes language and is remembered; an owner enters a menu with Urdu
 * names in an Urdu interface; a customer reviews in Urdu; diners read the dishes in
 * Urdu. Every screen on the way is scanned (axe) and checked for sideways scrolling.
 */

test.use({ locale: "ur-PK", viewport: { width: 360, height: 740 } });

async function expectUrduPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(new URL(page.url()).pathname).toMatch(/^\/ur(?:\/|$)/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
}

async function restaurantWithUrduMenu(request: APIRequestContext) {
  const owner = await createRestaurant(request);
  const post = (to: string, form: Record<string, string>) =>
    request.post(to, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  await post("/profile/restaurant/addmenu/addsection", { originalName: "Karahi", sectionNameUr: "کڑاہی" });
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, { name: "Chicken Karahi", nameUr: "چکن کڑاہی" });
  await addItemFor(request, sectionId!, { name: "Daal Mash", positionInSection: "2" });
  await post("/profile/restaurant/addbranch", { branchName: "Main" });
  await approve(owner.urlName);
  return owner;
}

test("a first visit from an Urdu phone opens in Urdu; the switch changes language and is remembered", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(`${appUrl()}/ur`);
  await expectUrduPage(page);
  await expect(page.getByRole("link", { name: ur("Restaurants") }).first()).toBeAttached();

  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  // Remembered: an Urdu address now opens in English, whatever the phone prefers.
  await page.goto("/ur/menus");
  await expect(page).toHaveURL(`${appUrl()}/menus`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/\p{Script=Arabic}/u);

  await page.getByRole("link", { name: "اردو" }).click();
  await expect(page).toHaveURL(`${appUrl()}/ur/menus`);
  await expectUrduPage(page);
  await page.goto("/reviews");
  await expect(page).toHaveURL(`${appUrl()}/ur/reviews`);
});

// The owner's screens and the diners' reading are two walks: together they scanned nine
// pages with axe and ran past the time limit on a loaded 2-core CI machine.
test("an owner works in Urdu and gives dishes Urdu names", async ({ page, request }) => {
  await restaurantWithUrduMenu(request);
  await page.context().addCookies((await request.storageState()).cookies);

  await page.goto("/ur/profile/restaurant");
  await expectUrduPage(page);
  await page.goto("/ur/profile/restaurant/addmenu/addsection");
  await expectUrduPage(page);
  await page.getByLabel(ur("Section name"), { exact: true }).fill("Drinks");
  await page.getByLabel(ur("Name in Urdu")).fill("مشروبات");
  await page.getByRole("button", { name: ur("Add Section") }).click();
  await expect(toast(page, ur("Section added successfully"))).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/ur\//);
  for (const screen of [
    "/ur/profile/restaurant/addmenu/sections",
    "/ur/profile/restaurant/addmenu/additems",
  ]) {
    await page.goto(screen);
    await expectUrduPage(page);
  }
  await page.goto("/ur/profile/restaurant/mybranches/main");
  await expectUrduPage(page);
});

test("diners read dishes with Urdu names in Urdu, English readers in English", async ({
  request,
  browser,
}) => {
  const owner = await restaurantWithUrduMenu(request);

  // A diner at the table, on an Urdu phone: the dish in Urdu, one without an Urdu name in English.
  const dinerContext = await browser.newContext({
    baseURL: appUrl(),
    locale: "ur-PK",
    viewport: { width: 360, height: 740 },
  });
  const diner = await dinerContext.newPage();
  await diner.goto(`/r/${owner.urlName}/branch/main`);
  await expect(diner).toHaveURL(`${appUrl()}/ur/r/${owner.urlName}/branch/main`);
  await expectUrduPage(diner);
  await expect(diner.getByRole("heading", { level: 2, name: "کڑاہی" })).toBeVisible();
  await expect(diner.getByRole("link", { name: "چکن کڑاہی" })).toBeVisible();
  await expect(diner.getByRole("link", { name: "Daal Mash" })).toBeVisible();
  await diner.getByRole("link", { name: "چکن کڑاہی" }).first().click();
  await expect(diner.getByRole("heading", { level: 1 })).toHaveText("چکن کڑاہی");
  await expectUrduPage(diner);
  await dinerContext.close();

  const englishContext = await browser.newContext({ baseURL: appUrl(), locale: "en-GB" });
  const english = await englishContext.newPage();
  await english.goto(`/r/${owner.urlName}/branch/main`);
  await expect(english.getByRole("link", { name: "Chicken Karahi" })).toBeVisible();
  await expect(english.getByText("چکن کڑاہی")).toHaveCount(0);
  await englishContext.close();
});

test("a customer logs in and posts a review in Urdu, and lands back on the branch in Urdu", async ({
  page,
  request,
  playwright,
}) => {
  const owner = await restaurantWithUrduMenu(request);
  const shopper = await playwright.request.newContext({ baseURL: appUrl() });
  const account = await createCustomer(shopper);
  await shopper.dispose();

  await page.goto(`/ur/r/${owner.urlName}/branch/main`);
  await page
    .getByRole("link", { name: ur("Add a Review") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ur\/login\?redirectTo=/);
  await expectUrduPage(page);
  await expect(page.getByText(ur("Log in to post your review"))).toBeVisible();
  await page.getByLabel(ur("Email")).fill(account.email);
  await page.getByLabel(ur("Password"), { exact: true }).fill(account.password);
  await page.getByRole("button", { name: ur("LOGIN") }).click();

  await expect(page).toHaveURL(new RegExp(`/ur/profile/customer/addreview/${owner.urlName}/main$`));
  await expectUrduPage(page);
  await page.locator('label:has(input[name="rating"][value="5"])').click();
  await page.getByLabel(ur("Your review")).fill(`بہت مزیدار کڑاہی ${uniqueId()}`);
  await page.getByRole("button", { name: ur("Post Review") }).click();
  await expect(page).toHaveURL(new RegExp(`/ur/r/${owner.urlName}/branch/main\\?posted=`));
  await expect(page.getByText("بہت مزیدار کڑاہی").first()).toBeVisible();
  await expectUrduPage(page);

  for (const screen of [
    "/ur/profile/customer",
    "/ur/profile/customer/reviews",
    "/ur/profile/customer/edit",
  ]) {
    await page.goto(screen);
    await expectUrduPage(page);
  }
});

test("the finder in Urdu finds dishes typed in Urdu script", async ({ page, request }) => {
  const owner = await restaurantWithUrduMenu(request);
  await page.goto(`/ur/search?tab=items&q=${encodeURIComponent("چکن کڑاہی")}`);
  await expectUrduPage(page);
  await expect(page.getByRole("link", { name: "چکن کڑاہی" }).first()).toBeVisible();
  expect(owner.urlName).toBeTruthy();
});
