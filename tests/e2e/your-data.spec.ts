import fs from "node:fs";
import { expect, test } from "@playwright/test";
import {
  createCustomer,
  expectAccessible,
  expectNoSidewaysScroll,
  hideReview,
  logIn,
  restaurantWithBranch,
  shareSession,
  toast,
  ur,
} from "./helpers.ts";

// Issue 34, item 6 (ADR 0038): people take their data out and leave.

test.use({ viewport: { width: 360, height: 780 } });

test("a customer downloads their data, then deletes the account and cannot sign in again @phone", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/profile/customer");
  await page.getByRole("link", { name: "Your data" }).click();
  await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data (JSON)" }).click();
  const file = await (await download).path();
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { account: { email: string } };
  expect(data.account.email).toBe(customer.email);

  // A wrong password deletes nothing.
  await page.getByLabel("Your password").fill("not-my-password-1");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Password is incorrect.").first()).toBeVisible();

  await page.getByLabel("Your password").fill(customer.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete my account" }).click();
  await expect(toast(page, "Your account and everything you wrote have been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/login");
  await logIn(page, customer);
  await expect(page.getByText("Bad user credentials").first()).toBeVisible();
});

test("an owner closes the restaurant: its public page is gone; the page reads in Urdu too", async ({
  page,
  request,
}) => {
  const owner = await restaurantWithBranch(request);
  // Read once by a visitor before, so the page cache holds it.
  const before = await request.get(`/r/${owner.urlName}`, { headers: { cookie: "" } });
  expect(before.status()).toBe(200);
  await shareSession(page, request);
  await page.goto("/ur/profile/restaurant/data");
  await expect(page.getByRole("heading", { name: ur("Your data"), level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: ur("Close restaurant and delete account") })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto("/profile/restaurant/data");
  await expect(page.getByText("Its branches: 1")).toBeVisible();
  await page.getByLabel("Your password").fill(owner.password);
  await page.getByRole("button", { name: "Close restaurant and delete account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Close restaurant and delete account" }).click();
  await expect(toast(page, "Your restaurant has been closed and your account deleted.")).toBeVisible();

  for (const path of [`/r/${owner.urlName}`, `/r/${owner.urlName}/branch/main`, `/r/${owner.urlName}/menu`]) {
    const gone = await page.goto(path);
    expect([path, gone!.status()]).toEqual([path, 404]);
  }
});

test("a review Foodverse hid stays in its author's list, marked, and its author deletes it @phone", async ({
  page,
  request,
  playwright,
}) => {
  const ownerContext = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
  const owner = await restaurantWithBranch(ownerContext);
  await createCustomer(request);
  await shareSession(page, request);
  await page.goto(`/profile/customer/addreview/${owner.urlName}/main`);
  await page.getByLabel("2 stars").check({ force: true });
  await page.getByLabel("Your review").fill("Rude words about the waiter.");
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(page).toHaveURL(/\?posted=/);
  const reviewId = new URL(page.url()).searchParams.get("posted")!;
  await hideReview(reviewId);

  await page.goto("/profile/customer/reviews");
  await expect(page.getByText("Rude words about the waiter.")).toBeVisible();
  await expect(page.getByText("Hidden by Foodverse")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.goto("/ur/profile/customer/reviews");
  await expect(page.getByText(ur("Hidden by Foodverse"))).toBeVisible();

  await page.goto("/profile/customer/reviews");
  await page.getByRole("button", { name: "Delete Review" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByText("Rude words about the waiter.")).toHaveCount(0);
  await expect(page.getByText("You haven't submitted any reviews yet")).toBeVisible();
  await ownerContext.dispose();
});
