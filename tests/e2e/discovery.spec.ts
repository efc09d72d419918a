import { expect, test } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  sectionIdsOf,
  shareSession,
} from "./helpers.ts";

test("the restaurants listing links every restaurant's page @phone", async ({ page, request }) => {
  // Sorted by name, so this one comes first on page 1.
  const name = `Aaa Listing ${Date.now()}`;
  await createRestaurant(request, { restName: name });
  await page.goto("/menus");
  await expect(
    page.getByRole("heading", { name: "Explore menus, or scan the QR code on your table" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
    "href",
    `/r/${name.toLowerCase().replace(/\s+/g, "")}`,
  );
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
