import { expect, test } from "@playwright/test";
import { createCustomer, expectAccessible, logIn, resetLinkFor, toast, siteNav } from "./helpers.ts";

for (const path of ["/forgotpassword", "/forgot-password"]) {
  test(`${path} shows the reset form`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Send Reset Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In Instead" })).toHaveAttribute("href", "/sign-in");
    await expectAccessible(page);
  });
}

test("an unknown address gets the same 'Email was sent' answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("no-such-person@example.com");
  await page.getByRole("button", { name: "Send Reset Password" }).click();
  await expect(toast(page, "Email was sent")).toBeVisible();
});

test("a customer resets a forgotten password with the emailed link, once @phone", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByRole("button", { name: "Send Reset Password" }).click();
  await expect(toast(page, "Email was sent")).toBeVisible();

  const link = await resetLinkFor(customer.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("fresh-password-1");
  await page.getByLabel("Retype new password").fill("fresh-password-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("New passwords do not match.")).toBeVisible();

  await page.getByLabel("Retype new password").fill("fresh-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Your password was changed. Log in with the new password.")).toBeVisible();
  await logIn(page, { email: customer.email, password: "fresh-password-1" });
  await expect(page).toHaveURL(/\/$/);
  await (await siteNav(page)).getByRole("button", { name: "Sign out" }).click();

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("third-password-1");
  await page.getByLabel("Retype new password").fill("third-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByRole("main").getByText("This reset link has expired or was already used. Ask for a new one."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Send a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a reset page without a token says how to get a new link", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(
    page.getByText("This reset link has expired or was already used. Ask for a new one."),
  ).toBeVisible();
  await expectAccessible(page);
});
