import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  isHydrated,
  openWithScriptsHeld,
  sectionIdsOf,
  shareSession,
  ur,
} from "./helpers.ts";

test("the restaurants listing links every restaurant's page @phone", async ({ page, request }) => {
  // Sorted by name, so this one comes first on page 1.
  const name = `Aaa Listing ${Date.now()}`;
  const urlName = name.toLowerCase().replace(/\s+/g, "");
  await createRestaurant(request, { restName: name });
  await approve(urlName);
  // Sorted before it, but still waiting for approval: never listed (docs/decisions/0017).
  const pending = `Aaa Awaiting ${Date.now()}`;
  await createRestaurant(request, { restName: pending });
  await page.goto("/menus");
  await expect(
    page.getByRole("heading", { name: "Explore menus, or scan the QR code on your table" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", `/r/${urlName}`);
  await expect(page.getByRole("link", { name: new RegExp(pending) })).toHaveCount(0);
  await expectAccessible(page);
});

test("the coming-soon screen", async ({ page }) => {
  await page.goto("/coming-soon");
  await expect(page.getByRole("heading", { name: "Website Under Development!" })).toBeVisible();
  await expect(page.getByText("We are launching soon")).toBeVisible();
  await expect(page.getByText("Stay tuned for updates!")).toBeVisible();
  await expectAccessible(page);
});

test("best sellers rank rated dishes, with an empty state before any rating", async ({
  page,
  request,
  playwright,
}) => {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { positionInSection: "1", name: "Good Dish" });
  await addItemFor(request, section!, { positionInSection: "2", name: "Best Dish" });
  await approve(owner.urlName);

  await page.goto(`/vendorbestsellers/${owner.urlName}`);
  await expect(page.getByRole("heading", { name: "Best sellers" })).toBeVisible();
  await expect(
    page.getByText("No dish has been rated yet. Rate the ones you tried from the menu."),
  ).toBeVisible();

  const menu = await (await request.get(`/r/${owner.urlName}/menu`)).text();
  const ids = [...menu.matchAll(/\/menu\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  const [good, best] = [ids[0]!, ids[1]!];
  const rate = async (itemId: string, rating: string) => {
    const customer = await playwright.request.newContext({
      baseURL: process.env.E2E_APP_URL,
      extraHTTPHeaders: { origin: process.env.E2E_APP_URL! },
    });
    await createCustomer(customer);
    await customer.post(`/r/${owner.urlName}/menu/${itemId}`, { form: { rating } });
    await customer.dispose();
  };
  await rate(good, "4");
  await rate(best, "5");
  await page.reload();
  const names = page.locator("ol li a");
  await expect(names.first()).toHaveText("Best Dish");
  await expect(names.nth(1)).toHaveText("Good Dish");
  await expectAccessible(page);
  await shareSession(page, request);
});

async function approvedRestaurantWithBranch(request: APIRequestContext, dish: string) {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: dish, price: "350", itemTaste: "Sweet", itemType: "Veg" });
  const branch = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: process.env.E2E_APP_URL! },
    form: {
      branchName: "F-7 Markaz",
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "F-7",
      address: "Jinnah Super",
      contact: "051-1234567",
    },
    maxRedirects: 0,
  });
  expect(branch.status()).toBe(302);
  await approve(owner.urlName);
  return owner;
}

test("the finder: cascading selects, real results kept in the URL, the back button, an empty state @phone", async ({
  page,
  request,
}) => {
  const dish = `Gajar Halwa ${Date.now()}`;
  const owner = await approvedRestaurantWithBranch(request, dish);

  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Find restaurants and dishes" })).toBeVisible();
  await page.getByRole("link", { name: "Item Finder" }).click();
  await expect(page).toHaveURL(/tab=items/);
  const city = page.getByLabel("City");
  const area = page.getByLabel("Area");
  await expect(city).toBeDisabled();
  await expect(area).toBeDisabled();
  await page.getByLabel("Country").selectOption("Pakistan");
  await expect(city).toBeEnabled();
  await city.selectOption("Islamabad");
  await expect(area).toBeEnabled();
  await area.selectOption("F-7");
  await page.getByLabel("Taste").selectOption("Sweet");
  await page.getByLabel("Dish name").fill(dish);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/country=Pakistan&city=Islamabad&area=F-7/);
  await expect(page.getByRole("heading", { name: "1 dish found" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: dish });
  await expect(card).toContainText(owner.name);
  await expect(card).toContainText("F-7 Markaz");
  await expect(card).toContainText("$350");
  await expect(card.getByRole("link", { name: dish })).toHaveAttribute(
    "href",
    new RegExp(`^/r/${owner.urlName}/branch/f-7markaz/menu/`),
  );
  // The form comes back filled from the URL.
  await expect(area).toHaveValue("F-7");

  // Changing a parent clears its children.
  await city.selectOption("Rawalpindi");
  await expect(area).toHaveValue("");
  await page.getByLabel("Country").selectOption("India");
  await expect(city).toHaveValue("");

  await page.getByLabel("Dish name").fill("nothing-like-this-dish");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page.getByText("No dishes match these filters. Try fewer filters or another area."),
  ).toBeVisible();
  await expectAccessible(page);

  await page.goBack();
  await expect(page.getByRole("heading", { name: "1 dish found" })).toBeVisible();

  // The shared link opens the same results in a new visit, even without JavaScript.
  const shared = page.url();
  const noJs = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(shared);
  await expect(plain.getByRole("listitem").filter({ hasText: dish })).toBeVisible();
  await noJs.close();
});

test("the Item Finder shows a dish once, its branches listed, the diner's city first, in English and Urdu @phone", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // A dish served by three branches in two cities gave three cards.
  const dish = `Karahi Card ${Date.now()}`;
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: dish, price: "1200", itemTaste: "Spicy", itemType: "Non-Veg" });
  const headers = { origin: appUrl() };
  for (const [branchName, provinceLabel, cityLabel, areaLabel] of [
    ["Saddar", "Punjab", "Rawalpindi", "Saddar"],
    ["F-7 Markaz", "Islamabad Capital Territory", "Islamabad", "F-7"],
    ["Blue Area", "Islamabad Capital Territory", "Islamabad", "Blue Area"],
  ] as const) {
    const added = await request.post("/profile/restaurant/addbranch", {
      headers,
      form: { branchName, provinceLabel, cityLabel, areaLabel, address: "Main road", contact: "051-1234567" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);
  }
  // Saddar sells it for less.
  const saddar = await (await request.get("/profile/restaurant/mybranches/saddar")).text();
  const copy = saddar.match(/menu\/([0-9a-f-]{36})/u)![1]!;
  await request.post("/profile/restaurant/mybranches/saddar", {
    headers,
    form: { intent: "save", itemId: copy, priceOverride: "1100" },
  });
  await approve(owner.urlName);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: appUrl() });
  const page = await context.newPage();
  const link = `/search?tab=items&q=${encodeURIComponent(dish)}&country=Pakistan&city=Rawalpindi`;
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "1 dish found" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: dish });
  await expect(card).toHaveCount(1);
  const branches = card.getByRole("list", { name: "Branches" }).getByRole("listitem");
  // Rawalpindi first, at its own price (the card's); the others' price where it differs.
  await expect(branches).toHaveText([
    /^Saddar\s*Rawalpindi$/u,
    /^Blue Area.*\$1,200$/u,
    /^F-7 Markaz.*\$1,200$/u,
  ]);
  await expect(card).toContainText("$1,100");
  await expect(card.getByRole("link", { name: dish })).toHaveAttribute(
    "href",
    new RegExp(`^/r/${owner.urlName}/branch/saddar/menu/${copy}$`, "u"),
  );
  await expect(branches.nth(2).getByRole("link", { name: "F-7 Markaz" })).toHaveAttribute(
    "href",
    new RegExp(`^/r/${owner.urlName}/branch/f-7markaz/menu/`, "u"),
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("finder-card-360-en.png"), fullPage: true });

  // No city chosen: by city, then branch name.
  await page.goto(`/search?tab=items&q=${encodeURIComponent(dish)}`);
  await expect(card.getByRole("list", { name: "Branches" }).getByRole("listitem")).toHaveText([
    /^Blue Area/u,
    /^F-7 Markaz/u,
    /^Saddar.*\$1,100$/u,
  ]);

  await page.goto(`/ur${link}`);
  const urduCard = page.getByRole("listitem").filter({ hasText: dish });
  await expect(urduCard).toHaveCount(1);
  await expect(urduCard.getByRole("list", { name: ur("Branches") }).getByRole("listitem")).toHaveCount(3);
  await expect(
    urduCard
      .getByRole("list", { name: ur("Branches") })
      .getByRole("listitem")
      .first(),
  ).toContainText("Saddar");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("finder-card-360-ur.png"), fullPage: true });
  await context.close();

  // The shared link, with JavaScript off: the same one card and its branches.
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: appUrl() });
  const plain = await noJs.newPage();
  await plain.goto(link);
  const plainCard = plain.getByRole("listitem").filter({ hasText: dish });
  await expect(plainCard).toHaveCount(1);
  await expect(plainCard.getByRole("list", { name: "Branches" }).getByRole("listitem")).toHaveCount(3);
  await noJs.close();
});

test("the place pickers: a pick made before the finder island loaded is caught up", async ({ page }) => {
  // A slow network: the island arrives after the visitor has chosen a country.
  const release = await openWithScriptsHeld(page, "/search?tab=items", /finder-island-.*\.js$/);
  const city = page.getByLabel("City");
  await page.getByLabel("Country").selectOption("Pakistan");
  await expect(city).toBeDisabled();
  release();
  await expect(city).toBeEnabled();
  await city.selectOption("Lahore");
  await expect(page.getByLabel("Area")).toBeEnabled();
  expect(await isHydrated(page)).toBe(false);
});

test("the place pickers work the same for signed-in people, whom React serves", async ({ page, request }) => {
  await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/search?tab=items");
  expect(await isHydrated(page)).toBe(true);
  const city = page.getByLabel("City");
  const area = page.getByLabel("Area");
  await expect(city).toBeDisabled();
  await page.getByLabel("Country").selectOption("Pakistan");
  await city.selectOption("Islamabad");
  await area.selectOption("F-7");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/country=Pakistan&city=Islamabad&area=F-7/);
  // React re-renders the form from the new URL, in a transition that may commit after the
  // URL moved: a pick before it would go to the form being replaced.
  await expect(page.locator("form[data-finder]")).toHaveAttribute("data-city", "Islamabad");
  // The pickers still follow their parents.
  await expect(area).toHaveValue("F-7");
  await city.selectOption("Rawalpindi");
  await expect(area).toHaveValue("");
  await expect(area).toBeEnabled();
  await page.getByLabel("Country").selectOption("");
  await expect(city).toBeDisabled();
  await expect(area).toBeDisabled();
});

test("the Restaurant Locator finds a restaurant by name and type", async ({ page, request }) => {
  const owner = await approvedRestaurantWithBranch(request, `Kheer ${Date.now()}`);
  await page.goto(`/search?tab=restaurants&q=${encodeURIComponent(owner.name)}&type=Desi`);
  await expect(page.getByRole("heading", { name: "1 restaurant found" })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(owner.name) })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}`,
  );
  await page.getByLabel("Type").selectOption("Cafe");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page.getByText("No restaurants match these filters. Try fewer filters or another city."),
  ).toBeVisible();
});

test("the home page: search box, QR invitation, newest restaurants, sign-up calls @phone", async ({
  page,
  request,
}) => {
  const owner = await approvedRestaurantWithBranch(request, `Jalebi ${Date.now()}`);
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Explore menus or scan a QR code at your table" }),
  ).toBeVisible();
  await expect(page.getByText(/Scan the QR code on it/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Are you a Customer?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Are you a Restaurant?" })).toBeVisible();
  // Other tests approve restaurants at the same time, so any newest six will do here.
  await expect(page.getByRole("region", { name: "New on Foodverse" }).getByRole("listitem")).not.toHaveCount(
    0,
  );
  await expectAccessible(page);
  await page.getByLabel("Search restaurants by name").fill(owner.name);
  await page.getByLabel("Search restaurants by name").press("Enter");
  await expect(page).toHaveURL(/\/search\?tab=restaurants&q=/);
  await expect(page.getByRole("heading", { name: "1 restaurant found" })).toBeVisible();
});
