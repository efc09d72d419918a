import { expect, test } from "@playwright/test";
import {
  createCustomer,
  createRestaurant,
  expectAccessible,
  fakeJpegFile,
  jpegFile,
  logIn,
  shareSession,
  toast,
} from "./helpers.ts";

const longAbout = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(" ");

test("the customer profile shows the person, Read More / Show Less, and My Reviews @phone", async ({
  page,
  request,
}) => {
  await createCustomer(request, { about: longAbout, country: "Pakistan" });
  await shareSession(page, request);
  await page.goto("/profile/customer");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sana");
  await expect(page.getByText("word30…")).toBeVisible();
  await expect(page.getByText(/word31/)).toBeHidden();
  await page.getByText("Read More", { exact: true }).click();
  await expect(page.getByText(/word40/)).toBeVisible();
  await expect(page.getByText("word30…")).toBeHidden();
  await page.getByText("Show Less", { exact: true }).click();
  await expect(page.getByText(/word40/)).toBeHidden();
  await expect(page.getByText("Country:")).toBeVisible();
  await expect(page.getByRole("link", { name: "My Reviews" })).toHaveAttribute(
    "href",
    "/profile/customer/reviews",
  );
  await expectAccessible(page);
});

test("Update Your Profile: read-only until Edit, then Apply Change writes and shows the new photo @phone", async ({
  page,
  request,
}) => {
  const me = await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/profile/customer/edit");
  await expect(page.getByRole("heading", { name: "Update Your Profile" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Email")).toHaveValue(me.email);
  await expect(page.getByRole("button", { name: "Change Password" })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("First name")).not.toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await page.getByLabel("First name").fill("Mehwish");
  await page.getByLabel("Profile image").setInputFiles(await jpegFile(600, 600));
  await expect(page.getByRole("img", { name: "Profile image preview" })).toHaveAttribute("src", /^blob:/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Apply Change" }).click();

  await expect(toast(page, "Profile details updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Mehwish");

  await page.goto("/profile/customer");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mehwish");
  const photo = page.getByRole("img", { name: "Mehwish" });
  const src = await photo.getAttribute("src");
  expect(src).toMatch(/^\/media\/img\/[a-f0-9]+\/960\.webp$/);
  const file = await request.get(src!);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a file that is not an image is refused with a message, and nothing changes", async ({
  page,
  request,
}) => {
  await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/profile/customer/edit?edit=1");
  await page.getByLabel("First name").fill("Changed");
  await page.getByLabel("Cover image").setInputFiles(fakeJpegFile());
  await page.getByRole("button", { name: "Apply Change" }).click();
  await expect(toast(page, "Could not update the profile details")).toBeVisible();
  await expect(
    page.getByText("This file is not an image. Choose a JPEG, PNG, WebP, GIF or AVIF photo."),
  ).toBeVisible();
  await page.goto("/profile/customer");
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Changed");
});

test("password change: every message of product rules §5 and §8, then the new password works", async ({
  page,
  request,
}) => {
  const me = await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/profile/customer/edit?edit=1");
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  const retype = page.getByLabel("Retype new password");
  const change = page.getByRole("button", { name: "Change Password" });

  await current.fill(me.password);
  await next.fill("brand-new-pass-1");
  await expect(change).toBeDisabled();
  await retype.fill("brand-new-pass-2");
  await expect(change).toBeEnabled();
  await change.click();
  await expect(toast(page, "New passwords do not match.")).toBeVisible();

  await current.fill("not-my-password");
  await next.fill("brand-new-pass-1");
  await retype.fill("brand-new-pass-1");
  await change.click();
  await expect(toast(page, "Current password is incorrect.")).toBeVisible();

  await current.fill(me.password);
  await next.fill("brand-new-pass-1");
  await retype.fill("brand-new-pass-1");
  await change.click();
  await expect(toast(page, "Password changed successfully!")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await page.goto("/login");
  await logIn(page, { email: me.email, password: "brand-new-pass-1" });
  await expect(page).toHaveURL(/\/$/);
});

test("repeated wrong current passwords give 'Too many attempts. Try again later.'", async ({
  page,
  request,
}) => {
  await createCustomer(request);
  await shareSession(page, request);
  await page.goto("/profile/customer/edit?edit=1");
  for (let i = 0; i < 3; i++) {
    await page.getByLabel("Current password").fill(`wrong-${i}`);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await page.getByLabel("Retype new password").fill("brand-new-pass-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.locator(".Toastify").getByRole("alert").last()).toBeVisible();
  }
  await expect(toast(page, "Too many attempts. Try again later.").last()).toBeVisible();
});

test("only the signed-in customer's own profile can be changed; visitors and restaurants are refused", async ({
  playwright,
  request,
}) => {
  const base = { baseURL: process.env.E2E_APP_URL, extraHTTPHeaders: { origin: process.env.E2E_APP_URL! } };
  await createCustomer(request, { firstName: "Original" });
  const form = {
    multipart: { intent: "profile", firstName: "Hacked", lastName: "X", username: "hacked", about: "x" },
  };

  const visitor = await playwright.request.newContext(base);
  const asVisitor = await visitor.post("/profile/customer/edit", { ...form, maxRedirects: 0 });
  expect(asVisitor.status()).toBe(302);
  expect(asVisitor.headers().location).toMatch(/^\/login\?redirectTo=/);

  const restaurant = await playwright.request.newContext(base);
  await createRestaurant(restaurant);
  const asRestaurant = await restaurant.post("/profile/customer/edit", { ...form, maxRedirects: 0 });
  expect(asRestaurant.status()).toBe(302);
  expect(asRestaurant.headers().location).toBe("/profile/restaurant");

  // Another customer can only ever reach their own record: the request names no account.
  const other = await playwright.request.newContext(base);
  await createCustomer(other);
  expect((await other.post("/profile/customer/edit", { ...form, maxRedirects: 0 })).status()).toBe(302);

  const mine = await request.get("/profile/customer");
  expect(await mine.text()).toContain("Original");
  await Promise.all([visitor.dispose(), restaurant.dispose(), other.dispose()]);
});
