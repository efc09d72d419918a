import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  addItemFor,
  appUrl,
  approve,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  isHydrated,
  sectionIdsOf,
  ur,
} from "./helpers.ts";

/**
 * The diner at a table on a 360 px phone, in English and Urdu: 'Veg' finds
 * the vegan dishes too, and the section tabs mark exactly one section.
 */
test.use({ viewport: { width: 360, height: 740 } });

// The demo's F-7 Markaz menu: three sections of three dishes, so two start on page 1.
const MENU: [section: string, sectionUr: string, dishes: [string, string, string][]][] = [
  [
    "Karahi",
    "کڑاہی",
    [
      ["Chicken Karahi", "Non-Veg", ""],
      ["Mutton Karahi", "Non-Veg", ""],
      ["Chicken White Karahi", "Non-Veg", "Dairy"],
    ],
  ],
  [
    "From the Tandoor",
    "تندور سے",
    [
      ["Roghni Naan", "Veg", "Gluten, Dairy, Sesame"],
      ["Garlic Naan", "Veg", "Gluten, Dairy"],
      ["Tandoori Roti", "Vegan", "Gluten"],
    ],
  ],
  [
    "Sweet and Cold",
    "میٹھا اور ٹھنڈا",
    [
      ["Kheer", "Veg", "Dairy, Nuts"],
      ["Sweet Lassi", "Veg", "Dairy"],
      ["Doodh Patti Chai", "Veg", "Dairy"],
    ],
  ],
];

/** An approved restaurant with that menu and a branch "Main"; the branch page's address. */
async function world(request: APIRequestContext) {
  const owner = await createRestaurant(request);
  const post = (to: string, form: Record<string, string>) =>
    request.post(to, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  for (const [originalName, sectionNameUr] of MENU) {
    expect(
      (await post("/profile/restaurant/addmenu/addsection", { originalName, sectionNameUr })).status(),
    ).toBe(302);
  }
  const sectionIds = await sectionIdsOf(request);
  for (const [s, [, , dishes]] of MENU.entries()) {
    for (const [i, [name, itemType, foodAllergies]] of dishes.entries()) {
      await addItemFor(request, sectionIds[s]!, {
        name,
        itemType,
        foodAllergies,
        positionInSection: String(i + 1),
      });
    }
  }
  await post("/profile/restaurant/addbranch", { branchName: "Main" });
  await approve(owner.urlName);
  return `/r/${owner.urlName}/branch/main`;
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: appUrl() });
  return context.newPage();
}

const dishLinks = (page: Page) =>
  page.getByRole("link", {
    name: new RegExp(`^(${MENU.flatMap(([, , d]) => d.map(([n]) => n)).join("|")})$`, "u"),
  });

test("'Veg' with 'hide Dairy' finds the vegan roti, in English and Urdu @phone", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await world(request);
  const page = await visitorPage(browser);
  await page.goto(branch);
  await page.getByText("Filter dishes").click();
  await page.getByRole("radio", { name: "Veg", exact: true }).check();
  await page.getByRole("checkbox", { name: "Dairy" }).check();
  await page.getByRole("button", { name: "Show dishes" }).click();
  await expect(page).toHaveURL(/type=Veg(&taste=)?&avoid=dairy/u);
  await expect(page.getByText("No dishes match these filters.")).toHaveCount(0);
  await expect(dishLinks(page)).toHaveText(["Tandoori Roti"]);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Veg alone: every veg dish and the vegan one; Vegan: the roti alone; Non-Veg: the karahis.
  // (With filters set, the filter opens unfolded.)
  await page.getByRole("checkbox", { name: "Dairy" }).uncheck();
  await page.getByRole("button", { name: "Show dishes" }).click();
  await expect(dishLinks(page)).toHaveText([
    "Roghni Naan",
    "Garlic Naan",
    "Tandoori Roti",
    "Kheer",
    "Sweet Lassi",
    "Doodh Patti Chai",
  ]);
  await page.getByRole("radio", { name: "Vegan", exact: true }).check();
  await page.getByRole("button", { name: "Show dishes" }).click();
  await expect(dishLinks(page)).toHaveText(["Tandoori Roti"]);
  await page.getByRole("radio", { name: "Non-Veg", exact: true }).check();
  await page.getByRole("checkbox", { name: "Gluten" }).check();
  await page.getByRole("button", { name: "Show dishes" }).click();
  await expect(dishLinks(page)).toHaveText(["Chicken Karahi", "Mutton Karahi", "Chicken White Karahi"]);

  // The same walk on the Urdu page (allergens picked by value: their labels may be translated).
  await page.goto(`/ur${branch}`);
  await page.getByText(ur("Filter dishes")).click();
  await page.getByRole("radio", { name: ur("Veg"), exact: true }).check();
  await page.locator('input[name="avoid"][value="dairy"]').check();
  await page.getByRole("button", { name: ur("Show dishes") }).click();
  await expect(page).toHaveURL(/\/ur\/r\/.*type=Veg(&taste=)?&avoid=dairy/u);
  await expect(page.getByText(ur("No dishes match these filters."))).toHaveCount(0);
  await expect(dishLinks(page)).toHaveText(["Tandoori Roti"]);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("urdu-veg-no-dairy.png"), fullPage: true });
});

/** The tabs marked with aria-current, and the tabs that look selected (another background). */
async function markedTabs(page: Page, navName: string) {
  const tabs = page.getByRole("navigation", { name: navName }).getByRole("link");
  return tabs.evaluateAll((links) => {
    const tab = links.map((a) => ({
      text: a.textContent?.trim() ?? "",
      current: a.getAttribute("aria-current") === "true",
      background: getComputedStyle(a).backgroundColor,
    }));
    const counts = new Map<string, number>();
    for (const { background } of tab) counts.set(background, (counts.get(background) ?? 0) + 1);
    return {
      current: tab.filter((t) => t.current).map((t) => t.text),
      // The odd one out: a background only a single tab has, among three or more.
      looksSelected: tab.filter((t) => tab.length > 2 && counts.get(t.background) === 1).map((t) => t.text),
    };
  });
}

test("the section tabs mark exactly one section: the one the page opens on @phone", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await world(request);
  const page = await visitorPage(browser);
  // Page 1 holds Karahi and From the Tandoor: Karahi is at the top, and alone marked.
  await page.goto(branch);
  const tabs = page.getByRole("navigation", { name: "Menu sections" });
  await expect(tabs).toBeVisible();
  await expect
    .poll(() => markedTabs(page, "Menu sections"))
    .toEqual({ current: ["Karahi"], looksSelected: ["Karahi"] });
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  // Scrolled to From the Tandoor (its tab jumps there), the one mark follows; and back up.
  await tabs.getByRole("link", { name: "From the Tandoor" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "From the Tandoor" })).toBeInViewport();
  await expect
    .poll(() => markedTabs(page, "Menu sections"))
    .toEqual({ current: ["From the Tandoor"], looksSelected: ["From the Tandoor"] });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() => markedTabs(page, "Menu sections"))
    .toEqual({ current: ["Karahi"], looksSelected: ["Karahi"] });
  // Page 2 opens on Sweet and Cold.
  await page.getByRole("navigation", { name: "Menu pages" }).getByRole("link", { name: "2" }).click();
  await expect(page).toHaveURL(/page=2/u);
  await expect
    .poll(() => markedTabs(page, "Menu sections"))
    .toEqual({
      current: ["Sweet and Cold"],
      looksSelected: ["Sweet and Cold"],
    });
  // Filtered to Veg, page 1 holds From the Tandoor and Sweet and Cold: the first is marked.
  await page.goto(`${branch}?type=Veg`);
  await expect
    .poll(async () => (await markedTabs(page, "Menu sections")).current)
    .toEqual(["From the Tandoor"]);

  // In Urdu, with the owner's Urdu section names.
  await page.goto(`/ur${branch}`);
  await expect(page.getByRole("navigation", { name: ur("Menu sections") })).toBeVisible();
  await expect
    .poll(() => markedTabs(page, ur("Menu sections")))
    .toEqual({ current: ["کڑاہی"], looksSelected: ["کڑاہی"] });
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("urdu-section-tabs.png") });
  await page.goto(`/ur${branch}?page=2`);
  await expect
    .poll(() => markedTabs(page, ur("Menu sections")))
    .toEqual({
      current: ["میٹھا اور ٹھنڈا"],
      looksSelected: ["میٹھا اور ٹھنڈا"],
    });

  // Signed in (the owner), React runs the page: the same one mark, through scrolls and page changes.
  const owner = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: appUrl(),
    storageState: await request.storageState(),
  });
  const ownerPage = await owner.newPage();
  await ownerPage.goto(branch);
  await expect.poll(() => isHydrated(ownerPage)).toBe(true);
  const ownerTabs = ownerPage.getByRole("navigation", { name: "Menu sections" });
  await ownerTabs.getByRole("link", { name: "From the Tandoor" }).click();
  await expect
    .poll(() => markedTabs(ownerPage, "Menu sections"))
    .toEqual({ current: ["From the Tandoor"], looksSelected: ["From the Tandoor"] });
  await ownerTabs.getByRole("link", { name: "Sweet and Cold" }).click();
  await expect(ownerPage).toHaveURL(/page=2/u);
  await expect
    .poll(() => markedTabs(ownerPage, "Menu sections"))
    .toEqual({ current: ["Sweet and Cold"], looksSelected: ["Sweet and Cold"] });
});
