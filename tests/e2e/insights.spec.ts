import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  sectionIdsOf,
  shareSession,
} from "./helpers.ts";

// A phone's browser: Playwright's headless user agent is counted as a bot, and bots are not counted.
const DINER_AGENT =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

/** The big number under "Views" or "Scans" at the top of the screen. */
const total = (page: Page, name: "Views" | "Scans") => page.locator(`dt:text-is("${name}") + dd`);

test("the owner's insights: from the profile, the periods, the charts and their numbers, the CSV, a review to answer, on a phone and in Urdu", async ({
  page,
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, { name: "Chicken Karahi", nameUr: "چکن کڑاہی" });
  const branch = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  expect(branch.status()).toBe(302);
  await approve(owner.urlName);

  // Nothing counted yet: every section says so.
  await shareSession(page, request);
  await page.goto("/profile/restaurant");
  await page
    .getByRole("navigation", { name: "Your restaurant" })
    .getByRole("link", { name: /INSIGHTS/ })
    .click();
  await expect(page).toHaveURL(/\/profile\/restaurant\/insights$/);
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No scans or views in these days yet.")).toBeVisible();
  await expect(page.getByText("No dish was viewed in these days.")).toBeVisible();
  await expect(page.getByText("No reviews in these days.")).toBeVisible();
  await expect(page.getByText("Every review has a reply.")).toBeVisible();

  // Diners open the branch page (one of them from its QR code), the menu and a dish, each on
  // their own phone (a browser asking again for a page it has gets "not modified": no new view).
  const branchPage = `/r/${owner.urlName}/branch/main`;
  const visit = async (path: string) => {
    const diner = await browser.newContext({ baseURL: appUrl(), userAgent: DINER_AGENT });
    const phone = await diner.newPage();
    await phone.goto(path);
    const dish = await phone
      .locator(`a[href^="${branchPage}/menu/"]`)
      .first()
      .getAttribute("href", { timeout: 1000 })
      .catch(() => null);
    await diner.close();
    return dish;
  };
  const dishPath = await visit(branchPage);
  await visit(branchPage);
  await visit(branchPage);
  await visit(`${branchPage}?src=qr`);
  await visit(`/r/${owner.urlName}/menu`);
  expect(dishPath).toMatch(/\/menu\/[\w-]+$/);
  await visit(dishPath!);
  // The branch page 4 times (one a scan), the menu once, the dish once; the server adds them every second.
  await expect(async () => {
    await page.reload();
    await expect(total(page, "Views")).toHaveText("6", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(total(page, "Scans")).toHaveText("1");
  await expect(
    page.getByRole("img", {
      name: /^Views and scans per day over the last 30 days: 6 views and 1 scans in all; the busiest day was .+, with 6 views\.$/,
    }),
  ).toBeVisible();
  const perBranch = page.getByRole("table", { name: "Scans and views per branch" });
  await expect(perBranch.getByRole("row", { name: /^Main/ }).getByRole("cell")).toHaveText([
    "Main",
    "1",
    "4",
    "1",
  ]);
  await expect(
    perBranch.getByRole("row", { name: /^Restaurant and menu pages/ }).getByRole("cell"),
  ).toHaveText(["Restaurant and menu pages", "0", "1", "0"]);
  const dishes = page.getByRole("list", { name: "Most viewed dishes" });
  await expect(dishes.getByRole("listitem")).toHaveCount(1);
  await expect(dishes.getByRole("listitem")).toContainText("Chicken Karahi");
  await expect(dishes.getByRole("listitem")).toContainText("1 view");
  await expect(dishes.getByRole("listitem")).toContainText("No ratings yet");

  // The chart's numbers, as a table.
  const scansAndViews = page.getByRole("region", { name: "Scans and views" });
  await scansAndViews.getByText("Show the numbers").click();
  const numbers = scansAndViews.getByRole("table", { name: "Views and scans per day" });
  await expect(numbers.getByRole("row")).toHaveCount(31);
  await expect(numbers.getByRole("row").last().getByRole("cell")).toHaveText(["6", "1"]);
  await expectAccessible(page);

  // The periods: plain links, the current one marked.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Last 30 days" })).not.toHaveAttribute("aria-current", /.*/);
  await expect(page.getByRole("img", { name: /over the last 7 days: 6 views/ })).toBeVisible();
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(page.getByRole("img", { name: /over the last 90 days: 6 views/ })).toBeVisible();

  // The CSV of the 90 days.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${owner.urlName}-insights-\\d{4}-\\d\\d-\\d\\d-to-\\d{4}-\\d\\d-\\d\\d\\.csv$`),
  );
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\n");
  expect(lines[0]).toBe("day,branch,scans,branch views,menu views,item views");
  expect(lines).toHaveLength(1 + 90 * 2);
  expect(lines.at(-2)).toMatch(/^\d{4}-\d\d-\d\d,Restaurant and menu pages,0,0,1,0$/);
  expect(lines.at(-1)).toMatch(/^\d{4}-\d\d-\d\d,Main,1,4,0,1$/);

  // A customer reviews the branch: the review waits for a reply, counted on the profile.
  const customer = await playwright.request.newContext({ baseURL: appUrl() });
  await createCustomer(customer);
  const posted = await customer.post(`/profile/customer/addreview/${owner.urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: { rating: "4", review: "Karahi was perfect, naan a bit cold." },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  await customer.dispose();
  await page.goto("/profile/restaurant");
  await expect(
    page.getByRole("navigation", { name: "Your restaurant" }).getByRole("link", { name: /REVIEWS/ }),
  ).toContainText("1 review waiting for a reply");
  await page.goto("/profile/restaurant/insights");
  await expect(
    page.getByRole("img", { name: /^Average rating per week over the last 30 days.*: 4 from 1 reviews/ }),
  ).toBeVisible();
  const waiting = page.getByRole("region", { name: "Reviews waiting for a reply" });
  await expect(waiting.getByText("1 review waiting for a reply")).toBeVisible();
  await expect(waiting.getByText("Karahi was perfect, naan a bit cold.")).toBeVisible();
  await expect(waiting.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expectAccessible(page);

  // On a 360 px phone nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expectNoSidewaysScroll(page);

  // "Reply" opens the restaurant's reviews at this review, with the reply form.
  await waiting.getByRole("link", { name: "Reply" }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/${owner.urlName}\\?review=[\\w-]+#review-[\\w-]+$`));
  const reviewId = new URL(page.url()).searchParams.get("review")!;
  const card = page.locator(`article[id="review-${reviewId}"]`);
  await expect(card).toBeInViewport();
  await card.getByLabel("Reply publicly").fill("Thank you! We will keep the naan warm.");
  await card.getByRole("button", { name: "Reply" }).click();
  await expect(
    card.getByRole("paragraph").filter({ hasText: "Thank you! We will keep the naan warm." }),
  ).toBeVisible();
  await page.goto("/profile/restaurant/insights");
  await expect(page.getByText("Every review has a reply.")).toBeVisible();

  // In Urdu, right to left; the charts still run left to right.
  await page.goto("/ur/profile/restaurant/insights");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "اعداد و شمار" })).toBeVisible();
  await expect(page.getByRole("link", { name: "پچھلے 30 دن" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("figure svg[role=img]").first().locator("xpath=..")).toHaveAttribute(
    "dir",
    "ltr",
  );
  // The owner's Urdu name of the dish, where there is one.
  await expect(page.getByRole("listitem").filter({ hasText: "چکن کڑاہی" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
});

test("the insights and their CSV are the owner's only", async ({ playwright }) => {
  const base = { baseURL: appUrl() };
  const visitor = await playwright.request.newContext(base);
  for (const path of ["/profile/restaurant/insights", "/profile/restaurant/insights.csv?days=7"]) {
    const answer = await visitor.get(path, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  const customer = await playwright.request.newContext(base);
  await createCustomer(customer);
  const answer = await customer.get("/profile/restaurant/insights.csv", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/profile/customer");
  await visitor.dispose();
  await customer.dispose();
});
