import { expect, test } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  createAdmin,
  createCustomer,
  createRestaurant,
  expectAccessible,
  logIn,
  sectionIdsOf,
  toast,
} from "./helpers.ts";

test("a restaurant's menu stays hidden until an admin approves it, and the audit log says so", async ({
  browser,
  request,
}) => {
  // 25 s alone; past 60 s twice in CI while the run's first specs start servers beside it.
  test.setTimeout(120_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi Corner");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: "Mutton Karahi" });
  const admin = await createAdmin();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/r/${owner.urlName}/menu`);
  await expect(
    visitor.getByText("This menu is awaiting approval and will be shown here soon."),
  ).toBeVisible();
  await expect(visitor.getByText("Mutton Karahi")).toHaveCount(0);

  const page = await (await browser.newContext()).newPage();
  await page.goto("/admin");
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Restaurants", exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: `Inspect ${owner.name}` }).click();
  await expect(page.getByRole("heading", { name: owner.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Karahi Corner" })).toBeVisible();
  await expect(page.getByText("Mutton Karahi")).toBeVisible();
  await expectAccessible(page);

  // Rejecting needs a reason.
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Please give a reason the owner will see.").first()).toBeVisible();

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, `${owner.name} approved. Its menus are public.`)).toBeVisible();
  await expect(page.getByText("Status: Approved")).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByText("Mutton Karahi")).toBeVisible();

  await page.getByLabel("Reason for suspending (the owner sees it)").fill("Kitchen inspection");
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(toast(page, `${owner.name} suspended. Its menus are hidden.`)).toBeVisible();
  await expect(page.getByText("Status: Suspended")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("Mutton Karahi")).toHaveCount(0);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: `Suspended restaurant: ${owner.name}` })).toContainText(
    "Kitchen inspection",
  );
  await expect(rows.filter({ hasText: `Approved restaurant: ${owner.name}` })).toContainText(admin.email);
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await page.getByLabel("Search by email or name").fill(owner.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("cell", { name: owner.email })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expectAccessible(page);

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Reported reviews" })
    .click();
  await expect(page.getByRole("heading", { name: "Reported reviews" })).toBeVisible();
  await expectAccessible(page);
});

test("visitors, customers and restaurants cannot reach /admin", async ({ page, playwright }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);

  for (const [make, home] of [
    [createCustomer, "/profile/customer"],
    [createRestaurant, "/profile/restaurant"],
  ] as const) {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
    await make(request);
    const response = await request.get("/admin/audit", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(home);
    const post = await request.post("/admin/reports", {
      headers: { origin: process.env.E2E_APP_URL! },
      form: { reviewId: "x", intent: "hide" },
      maxRedirects: 0,
    });
    expect(post.headers().location).toBe(home);
    await request.dispose();
  }
});
