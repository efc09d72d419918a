import { expect, test } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  openWithScriptsHeld,
  sectionIdsOf,
  shareSession,
  toast,
} from "./helpers.ts";

test("Add a Branch: cascading places, the warnings, and the new branch in My Branches @phone", async ({
  page,
  request,
}) => {
  const owner = await createRestaurant(request);
  await shareSession(page, request);

  await page.goto("/profile/restaurant/mybranches");
  await expect(page.getByText("No branches data available.")).toBeVisible();

  await page.goto("/profile/restaurant/addbranch");
  await expect(page.getByRole("heading", { name: "Add a Branch" })).toBeVisible();
  await expect(page.getByRole("main").getByText(owner.name)).toBeVisible();
  await expect(page.getByText("Menus become public after admin approval.")).toBeVisible();
  await page.getByLabel("Branch Name").fill("F-7 Markaz");
  await page.getByRole("button", { name: "Add Branch" }).click();
  await expect(toast(page, "Please add at least one section to your General Menu first.")).toBeVisible();

  await addSectionFor(page.request, "Karahi");
  await page.goto("/profile/restaurant/addbranch");
  await expectAccessible(page);
  const province = page.getByLabel("Province");
  const city = page.getByLabel("City");
  const area = page.getByLabel("Area");
  await expect(city).toBeDisabled();
  await expect(area).toBeDisabled();
  await province.selectOption("Islamabad Capital Territory");
  await expect(city).toBeEnabled();
  await expect(area).toBeDisabled();
  await city.selectOption("Islamabad");
  await expect(area).toBeEnabled();
  await area.selectOption("F-7");
  await province.selectOption("Punjab");
  await expect(city).toHaveValue("");
  await expect(area).toHaveValue("");
  await expect(area).toBeDisabled();
  await city.selectOption("Rawalpindi");
  await expect(area.locator("option", { hasText: "Saddar" })).toHaveCount(1);
  await province.selectOption("Islamabad Capital Territory");
  await city.selectOption("Islamabad");
  await area.selectOption("F-7");
  await page.getByLabel("Branch Name").fill("F-7 Markaz");
  await page.getByLabel("Address").fill("Jinnah Super, F-7");
  await page.getByRole("button", { name: "Add Branch" }).click();
  await expect(toast(page, "Branch added successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/mybranches$/);
  await expect(page.getByRole("link", { name: "F-7 Markaz" })).toBeVisible();
  await expect(page.getByText("Jinnah Super, F-7")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/profile/restaurant/addbranch");
  await page.getByLabel("Branch Name").fill("  f-7   MARKAZ ");
  await page.getByRole("button", { name: "Add Branch" }).click();
  await expect(toast(page, "Branch name already exists. Try a different name.")).toBeVisible();
});

test("Add a Branch: a province picked before the page's scripts ran still opens City", async ({
  page,
  request,
}) => {
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await shareSession(page, request);
  // A slow phone: the owner picks a province before React has the page.
  const release = await openWithScriptsHeld(page, "/profile/restaurant/addbranch", /\/assets\/.*\.js$/);
  const city = page.getByLabel("City");
  await page.getByLabel("Province").selectOption("Islamabad Capital Territory");
  await expect(city).toBeDisabled();
  release();
  await expect(city).toBeEnabled();
  await city.selectOption("Islamabad");
  await page.getByLabel("Area").selectOption("F-7");
  await page.getByLabel("Branch Name").fill("Early Pick");
  await page.getByLabel("Address").fill("Jinnah Super, F-7");
  await page.getByRole("button", { name: "Add Branch" }).click();
  await expect(toast(page, "Branch added successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Early Pick" })).toBeVisible();
});

test("the owner's branch menu: QR, See Reviews, branch price and sold out; the public branch page follows", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await addSectionFor(request, "Drinks");
  const [karahi, drinks] = await sectionIdsOf(request);
  for (let i = 1; i <= 5; i++) {
    await addItemFor(request, karahi!, {
      positionInSection: String(i),
      name: `Karahi ${i}`,
      price: String(1000 + i),
      foodAllergies: i === 1 ? "Dairy" : "",
    });
  }
  await addItemFor(request, drinks!, {
    positionInSection: "1",
    name: "Lassi",
    price: "300",
    itemType: "Veg",
  });
  await addItemFor(request, drinks!, {
    positionInSection: "2",
    name: "Doodh Patti",
    price: "150",
    itemType: "Veg",
  });
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: process.env.E2E_APP_URL! },
    form: { branchName: "Saddar", address: "Bank Road" },
  });
  await approve(owner.urlName);
  await shareSession(page, request);

  await page.goto("/profile/restaurant/mybranches/saddar");
  await expect(page.getByRole("heading", { level: 1, name: "Saddar" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: new RegExp(`QR code linking to .*/r/${owner.urlName}/branch/saddar`) }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "See Reviews" })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}/branch/saddar/reviews`,
  );
  await expect(page.getByText("Rs. 1,001")).toBeVisible();
  await expect(page.getByText("Allergens: Dairy")).toBeVisible();
  await expectAccessible(page);

  const karahiOne = page.locator("li", { has: page.getByRole("link", { name: "Karahi 1", exact: true }) });
  await karahiOne.getByLabel("Branch price (Rs.)").fill("1200");
  await karahiOne.getByLabel("Sold out here").check();
  await karahiOne.getByRole("button", { name: "Save Karahi 1 for this branch" }).click();
  await expect(toast(page, "Branch item updated")).toBeVisible();
  await expect(page.getByText("Rs. 1,200")).toBeVisible();

  const png = await page.request.get("/profile/restaurant/mybranches/saddar/qr.png");
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["content-disposition"]).toContain(`${owner.urlName}-saddar-qr.png`);
  expect(await (await page.request.get("/profile/restaurant/mybranches/saddar/qr.svg")).text()).toContain(
    "<svg",
  );
  await page.getByRole("link", { name: "Print table card" }).click();
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByText(`/r/${owner.urlName}/branch/saddar`)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code for/ })).toBeVisible();
  await expectAccessible(page);

  // The public branch page: 6 items a page, numbered buttons, the branch's own price.
  const visitor = await page.context().browser()!.newContext({ baseURL: process.env.E2E_APP_URL });
  const scan = await visitor.newPage();
  await scan.goto(`/r/${owner.urlName}/branch/saddar`);
  await expect(scan.getByRole("heading", { level: 1, name: "Saddar" })).toBeVisible();
  await expect(scan.getByText(owner.name).first()).toBeVisible();
  await expect(scan.getByText("$1,200")).toBeVisible();
  await expect(scan.getByText("Sold out")).toBeVisible();
  await expect(scan.getByRole("link", { name: "Doodh Patti" })).toHaveCount(0);
  await expect(scan.getByRole("link", { name: "Add a Review" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/profile/customer/addreview/${owner.urlName}/saddar`)}`,
  );
  await expect(scan.getByRole("link", { name: "See Reviews" })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}/branch/saddar/reviews`,
  );
  await expect(scan.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(scan);
  await scan.getByRole("link", { name: "Page 2" }).click();
  await expect(scan).toHaveURL(/\?page=2$/);
  await expect(scan.getByRole("link", { name: "Doodh Patti" })).toBeVisible();
  await scan.getByRole("link", { name: "Doodh Patti" }).click();
  await expect(scan.getByRole("heading", { level: 1, name: "Doodh Patti" })).toBeVisible();
  await expect(scan.getByText("$150")).toBeVisible();

  await scan.goto(`/r/${owner.urlName}/branches`);
  await expect(scan.getByRole("link", { name: "Saddar" })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}/branch/saddar`,
  );
  await expect(scan.getByText("Bank Road")).toBeVisible();
  await expectAccessible(scan);
  await visitor.close();
});

test("an unknown branch is a 404 'Branch Not Found', for visitors and for the owner", async ({
  page,
  request,
}) => {
  const owner = await createRestaurant(request);
  const response = await page.goto(`/r/${owner.urlName}/branch/nowhere`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Branch Not Found")).toBeVisible();
  await shareSession(page, request);
  expect((await page.goto("/profile/restaurant/mybranches/nowhere"))?.status()).toBe(404);
  await expect(page.getByText("Branch Not Found")).toBeVisible();
});

test("the scan page reads with JavaScript off", async ({ browser, request }) => {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: "Nihari" });
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: process.env.E2E_APP_URL! },
    form: { branchName: "Main" },
  });
  await approve(owner.urlName);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_APP_URL });
  const page = await context.newPage();
  await page.goto(`/r/${owner.urlName}/branch/main`);
  await expect(page.getByRole("link", { name: "Nihari" })).toBeVisible();
  await context.close();
});

test("branches change only by their owner", async ({ playwright, request }) => {
  const base = { baseURL: process.env.E2E_APP_URL, extraHTTPHeaders: { origin: process.env.E2E_APP_URL! } };
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: "Guarded", price: "500" });
  await request.post("/profile/restaurant/addbranch", {
    form: { branchName: "Main" },
    headers: base.extraHTTPHeaders,
  });
  const itemId = (await (await request.get("/profile/restaurant/mybranches/main")).text()).match(
    /menu\/([0-9a-f-]{36})/,
  )![1]!;

  const visitor = await playwright.request.newContext(base);
  expect(
    (
      await visitor.post("/profile/restaurant/addbranch", { form: { branchName: "X" }, maxRedirects: 0 })
    ).headers().location,
  ).toMatch(/^\/login/);
  expect(
    (
      await visitor.post("/profile/restaurant/mybranches/main", {
        form: { intent: "save", itemId, priceOverride: "1" },
        maxRedirects: 0,
      })
    ).headers().location,
  ).toMatch(/^\/login/);
  const customer = await playwright.request.newContext(base);
  await createCustomer(customer);
  expect(
    (
      await customer.post("/profile/restaurant/addbranch", { form: { branchName: "X" }, maxRedirects: 0 })
    ).headers().location,
  ).toBe("/profile/customer");
  const other = await playwright.request.newContext(base);
  await createRestaurant(other);
  expect(
    (
      await other.post("/profile/restaurant/mybranches/main", {
        form: { intent: "save", itemId, priceOverride: "1", soldOut: "on" },
      })
    ).status(),
  ).toBe(404);
  expect((await other.get("/profile/restaurant/mybranches/main/qr.png")).status()).toBe(404);

  const page = await (await request.get("/profile/restaurant/mybranches/main")).text();
  expect(page).toContain("Rs. 500");
  expect(page).not.toContain("Rs. 1<");
  await Promise.all([visitor, customer, other].map((c) => c.dispose()));
  expect(owner.urlName).toBeTruthy();
});
