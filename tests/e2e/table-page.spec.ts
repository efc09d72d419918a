import fs from "node:fs";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createAdmin,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  isHydrated,
  jpegFile,
  logIn,
  sectionIdsOf,
  siteNav,
} from "./helpers.ts";

// ADR 0024: what a diner at a table sees on a cheap phone.
test.use({ viewport: { width: 360, height: 740 } });

interface World {
  urlName: string;
  name: string;
  branch: string;
}

/**
 * A restaurant with a branch "Main" (contact, address, hours), two sections of four dishes
 * (two pages of six), approved, and a customer's review with a photo.
 */
async function world(
  request: APIRequestContext,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
): Promise<World> {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await addSectionFor(request, "Sweets");
  const [karahi, sweets] = await sectionIdsOf(request);
  const dishes: [string, string, Record<string, string>][] = [
    [karahi!, "Chicken Karahi", { itemType: "Non-Veg", foodAllergies: "None", nameExtra: "Half kg" }],
    [karahi!, "Daal Mash", { itemType: "Veg", itemTaste: "Savory" }],
    [karahi!, "Paneer Karahi", { itemType: "Veg", foodAllergies: "Dairy" }],
    [karahi!, "Mutton Karahi", { itemType: "Non-Veg" }],
    [sweets!, "Kheer", { itemType: "Veg", itemTaste: "Sweet", foodAllergies: "Dairy, Nuts" }],
    [sweets!, "Gulab Jamun", { itemType: "Veg", itemTaste: "Sweet", foodAllergies: "Dairy" }],
    [sweets!, "Gajar Halwa", { itemType: "Veg", itemTaste: "Sweet" }],
    [sweets!, "Jalebi", { itemType: "Vegan", itemTaste: "Sweet", foodAllergies: "Gluten" }],
  ];
  for (const [i, [section, name, fields]] of dishes.entries()) {
    await addItemFor(request, section, { name, positionInSection: String((i % 4) + 1), ...fields });
  }
  const post = (path: string, form: Record<string, string>) =>
    request.post(path, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  await post("/profile/restaurant/addbranch", {
    branchName: "Main",
    address: "Shop 12, Jinnah Super",
    contact: "051 2650123",
  });
  // Open at any hour the test runs (the server reads the real clock): two ranges a day
  // that meet at noon and at midnight. 00:00-23:59 left one minute a day closed.
  const week = Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((d) => [
      [`${d}Opens0`, "00:00"],
      [`${d}Closes0`, "12:00"],
      [`${d}Opens1`, "12:00"],
      [`${d}Closes1`, "00:00"],
    ]),
  );
  expect(
    (
      await post("/profile/restaurant/mybranches/main/hours", { ...week, note: "Ramadan: iftar to sehri" })
    ).status(),
  ).toBe(302);
  await approve(owner.urlName);
  const customer = await playwright.request.newContext({ baseURL: appUrl() });
  await createCustomer(customer);
  const photo = fs.readFileSync(await jpegFile(400, 300));
  await customer.post(`/profile/customer/addreview/${owner.urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: {
      rating: "4",
      review: "Karahi was perfect.",
      photos: { name: "p.jpg", mimeType: "image/jpeg", buffer: photo },
    },
    maxRedirects: 0,
  });
  return { urlName: owner.urlName, name: owner.name, branch: `/r/${owner.urlName}/branch/main` };
}

async function visitorPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled,
    baseURL: appUrl(),
  });
  return context.newPage();
}

test("the QR page: who, how good, open now and Call / Directions / Share first, the QR after the menu @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const page = await visitorPage(browser);
  await page.goto(w.branch);
  // The first screen: the restaurant, the branch, its rating and hours, the three actions.
  await expect(page.getByRole("heading", { level: 1, name: "Main" })).toBeInViewport();
  await expect(page.getByRole("link", { name: w.name })).toBeInViewport();
  await expect(page.getByRole("link", { name: /4\.0 · 1 review/u })).toHaveAttribute(
    "href",
    `${w.branch}/reviews`,
  );
  await expect(page.getByText(/^Open now · closes (?:12:00 pm|midnight)$/u)).toBeInViewport();
  await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:0512650123");
  await expect(page.getByRole("link", { name: "Directions" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Shop%2012%2C%20Jinnah%20Super/u,
  );
  await expect(page.getByRole("link", { name: "Share" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/u,
  );
  for (const link of ["Call", "Directions", "Share"])
    await expect(page.getByRole("link", { name: link })).toBeInViewport();
  // The product rules' parts stay: the two buttons, six dishes a page with numbered pages, the QR.
  await expect(page.getByRole("link", { name: "Add a Review" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See Reviews" })).toBeVisible();
  await expect(
    page.getByRole("link", {
      name: /^(Chicken Karahi|Daal Mash|Paneer Karahi|Mutton Karahi|Kheer|Gulab Jamun|Gajar Halwa|Jalebi)$/u,
    }),
  ).toHaveCount(6);
  await expect(page.getByRole("navigation", { name: "Menu pages" }).getByRole("link")).toHaveCount(2);
  const qr = page.getByRole("img", { name: /^QR code linking to / });
  await expect(qr).not.toBeInViewport();
  const order = await page.evaluate(() => {
    const dish = document.querySelector("article ul > li");
    const code = document.querySelector('img[alt^="QR code"]');
    return dish && code ? dish.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();
  // 'None' is no allergen; 'Dairy' is.
  const chicken = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Chicken Karahi" }) });
  await expect(chicken).toContainText("Half kg");
  await expect(chicken.getByText(/Allergens/u)).toHaveCount(0);
  const paneer = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Paneer Karahi" }) });
  await expect(paneer.getByText("Allergens: Dairy")).toBeVisible();
  // Hours and their note, and schema.org's.
  await page.getByText("Opening hours", { exact: true }).click();
  await expect(page.getByText("Ramadan: iftar to sehri")).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(jsonLd).toContain('"openingHoursSpecification"');
  // Visitors get no React: one tiny island for the share sheet.
  expect(await isHydrated(page)).toBe(false);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // A section tab jumps to the page its first dish is on (Sweets starts fifth: page 1).
  const tabs = page.getByRole("navigation", { name: "Menu sections" });
  await expect(tabs.getByRole("link", { name: "Sweets" })).toHaveAttribute("href", /^[^?]*#s-[\w-]+$/u);
  await tabs.getByRole("link", { name: "Sweets" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Sweets" })).toBeInViewport();
  await page.getByRole("navigation", { name: "Menu pages" }).getByRole("link", { name: "2" }).click();
  await expect(page.getByRole("link", { name: "Jalebi" })).toBeVisible();
});

test("the QR page's filters work without JavaScript and stay in the address", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const page = await visitorPage(browser, false);
  await page.goto(w.branch);
  await page.getByText("Filter dishes").click();
  await page.getByRole("radio", { name: "Veg", exact: true }).check();
  await page.getByRole("checkbox", { name: "Dairy" }).check();
  await page.getByRole("button", { name: "Show dishes" }).click();
  await expect(page).toHaveURL(/type=Veg(&taste=)?&avoid=dairy/u);
  // Jalebi is vegan, a kind of veg, and has gluten only.
  for (const name of ["Daal Mash", "Gajar Halwa", "Jalebi"]) {
    await expect(page.getByRole("link", { name })).toBeVisible();
  }
  for (const name of ["Chicken Karahi", "Paneer Karahi", "Kheer"]) {
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  }
  await expect(page.getByText(/Filter dishes: Veg · no dairy/u)).toBeVisible();
  // axe needs scripts: the same address in a page that runs them.
  const scripted = await visitorPage(browser);
  await scripted.goto(page.url());
  await expectAccessible(scripted);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByRole("link", { name: "Chicken Karahi" })).toBeVisible();
});

test("the restaurant page answers a diner: rating by stars, branches to call, best dishes, review photos @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const page = await visitorPage(browser);
  await page.goto(`/r/${w.urlName}`);
  const rating = page.getByRole("region", { name: "Rating" });
  await expect(rating).toContainText("4.0");
  await expect(rating.getByRole("listitem")).toHaveCount(5);
  await expect(rating.getByRole("listitem").nth(1)).toContainText("4 stars1");
  const branches = page.getByRole("region", { name: "Branches" });
  await expect(branches.getByRole("link", { name: "Main" })).toHaveAttribute("href", w.branch);
  await expect(branches.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:0512650123");
  await expect(page.getByRole("region", { name: "From recent reviews" }).getByRole("img")).toHaveCount(1);
  // The product rules' four cards stay.
  for (const card of ["Menu", "Branches", "Reviews", "Best sellers"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${card}`, "u") }).first()).toBeVisible();
  }
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Reviews pages open with the rating summary.
  await page.goto(`${w.branch}/reviews`);
  await expect(page.getByRole("region", { name: "Rating" })).toContainText("1 review");
  await page.goto(`/reviews/${w.urlName}`);
  await expect(page.getByRole("region", { name: "Rating" })).toBeVisible();
  await expectAccessible(page);
});

test("an item page shows the card's facts and the branch's own price @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const owner = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: appUrl(),
    storageState: await request.storageState(),
  });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/profile/restaurant/mybranches/main");
  const paneer = ownerPage
    .getByRole("listitem")
    .filter({ has: ownerPage.getByRole("link", { name: "Paneer Karahi" }) });
  await paneer.getByLabel("Branch price (Rs.)").fill("1500");
  await paneer.getByRole("button", { name: /^Save/u }).click();
  await expect(ownerPage.getByText("Branch item updated")).toBeVisible();
  const page = await visitorPage(browser);
  await page.goto(w.branch);
  await page.getByRole("link", { name: "Paneer Karahi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paneer Karahi" })).toBeVisible();
  await expect(page.getByText("$1,500")).toBeVisible();
  await expect(page.getByText("At this branch; $1,800 on the menu.")).toBeVisible();
  await expect(page.getByText("Spicy · Veg")).toBeVisible();
  await expect(page.getByText("Allergens: Dairy")).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});

test("/reviews folds each restaurant's reviews on a phone; the not-found page offers a way on @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const page = await visitorPage(browser);
  // Restaurants are listed by name, 24 a page: walk the pages to this one.
  const allOfIt = page.getByRole("link", { name: `All reviews of ${w.name}` });
  await page.goto("/reviews");
  for (let i = 0; i < 100 && (await allOfIt.count()) === 0; i++) {
    await page
      .getByRole("navigation", { name: "Restaurant pages" })
      .getByRole("link", { name: /next/iu })
      .click();
  }
  await expect(allOfIt).toBeAttached();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(10_000);
  await expectAccessible(page);

  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found · Foodverse");
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.getByText("Sorry, an unexpected error has occurred.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await page.getByRole("searchbox", { name: "Search dishes" }).fill("karahi");
  await page.getByRole("searchbox", { name: "Search dishes" }).press("Enter");
  await expect(page).toHaveURL(/\/search\?tab=items&q=karahi/u);
  await expectAccessible(page);
});

test("the header is one row on a phone, and its menu opens without JavaScript @phone", async ({
  browser,
}) => {
  const page = await visitorPage(browser, false);
  await page.goto("/");
  const header = page.locator("body > header");
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expect(page.getByRole("link", { name: "Search" })).toBeVisible();
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Restaurants" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  const scripted = await visitorPage(browser);
  await scripted.goto("/");
  await expectAccessible(scripted);
});

test("login lands owners on / (product rules §4) and admins on /admin, and says why it asks from 'Add a Review' @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const w = await world(request, playwright);
  const visitor = await visitorPage(browser);
  await visitor.goto(w.branch);
  await visitor.getByRole("link", { name: "Add a Review" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Log in to post your review" })).toBeVisible();
  await expectAccessible(visitor);

  const owner = await playwright.request.newContext({ baseURL: appUrl() });
  const account = await createRestaurant(owner);
  const page = await visitorPage(browser);
  await page.goto("/login");
  await logIn(page, account);
  await expect(page).toHaveURL(/\/$/u);
  await expect(page.getByRole("region", { name: "Your restaurant" })).toBeVisible();
  const admin = await createAdmin();
  const adminPage = await visitorPage(browser);
  await adminPage.goto("/login");
  await logIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin$/u);
});

test("My Reviews names the restaurant and the branch of each review @phone", async ({
  browser,
  playwright,
  request,
}) => {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await addItemFor(request, karahi!, { name: "Karahi" });
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  await approve(owner.urlName);
  const customer = await playwright.request.newContext({ baseURL: appUrl() });
  await createCustomer(customer);
  await customer.post(`/profile/customer/addreview/${owner.urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: { rating: "5", review: "Lovely." },
    maxRedirects: 0,
  });
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: appUrl(),
    storageState: await customer.storageState(),
  });
  const page = await context.newPage();
  await page.goto("/profile/customer/reviews");
  await expect(page.getByRole("link", { name: `${owner.name} · Main` })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}/branch/main`,
  );
  await expectAccessible(page);
});
