import { expect, test } from "@playwright/test";
import { createRestaurant, expectAccessible, toast, uniqueId, siteNav } from "./helpers.ts";

test("the chooser invites both kinds of account and leads to each form @phone", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Are you a Customer?" })).toBeVisible();
  await expect(page.getByText("Join now to explore food options near you!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Are you a Restaurant?" })).toBeVisible();
  await expect(page.getByText("Join now to avail our services for free!")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Customer", exact: true }).click();
  await expect(page).toHaveURL(/\/signup\/customersignup$/);
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Restaurant", exact: true }).click();
  await expect(page).toHaveURL(/\/signup\/restaurantsignup$/);
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
});

test("a restaurant signs up, sees the success toast on / and is signed in @phone", async ({ page }) => {
  const id = uniqueId();
  await page.goto("/signup/restaurantsignup");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-in");
  await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute(
    "href",
    "/forgotpassword",
  );
  await expectAccessible(page);

  await page.getByLabel("Restaurant name").fill(`Lahori Karahi ${id}`);
  await page.getByLabel("Restaurant type").selectOption("Desi");
  await page.getByLabel("Yes").check();
  await page.getByLabel("Country").selectOption("Pakistan");
  await page.getByLabel("About").fill("Mutton karahi cooked to order.");
  await page.getByLabel("Username").fill(`karahi${id}`);
  await page.getByLabel("Email").fill(`karahi-${id}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("karahi-pass-1");

  // Social links: Add is disabled for blank or over-long links and after six.
  const linkInput = page.getByLabel("New social link");
  const add = page.getByRole("button", { name: "Add", exact: true });
  await expect(add).toBeDisabled();
  await linkInput.fill("   ");
  await expect(add).toBeDisabled();
  await linkInput.fill(`https://x.com/${"a".repeat(100)}`);
  await expect(add).toBeDisabled();
  for (let i = 1; i <= 6; i++) {
    await linkInput.fill(`  https://link${i}.example  `);
    await add.click();
  }
  await expect(page.getByText("https://link6.example")).toBeVisible();
  await linkInput.fill("https://seventh.example");
  await expect(add).toBeDisabled();
  await page.getByRole("button", { name: "Remove https://link6.example" }).click();
  await expect(add).toBeEnabled();

  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Sign Up was successful")).toBeVisible();
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: `Lahori Karahi ${id}` })).toBeVisible();
  await nav.getByRole("link", { name: `Lahori Karahi ${id}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Lahori Karahi ${id}` })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code linking to .*\/r\/lahorikarahi/ })).toBeVisible();
  await expectAccessible(page);
});

test("a taken restaurant name (any case, any spaces) is refused and the form stays filled", async ({
  page,
  request,
}) => {
  const existing = await createRestaurant(request);
  await page.goto("/signup/restaurantsignup");
  const id = uniqueId();
  const sameName = `  ${existing.name.toUpperCase().replace(/ /g, "   ")} `;
  await page.getByLabel("Restaurant name").fill(sameName);
  await page.getByLabel("Restaurant type").selectOption("Cafe");
  await page.getByLabel("No", { exact: true }).check();
  await page.getByLabel("Country").selectOption("Pakistan");
  await page.getByLabel("About").fill("Chai.");
  await page.getByLabel("Username").fill(`dup${id}`);
  await page.getByLabel("Email").fill(`dup-${id}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("dup-pass-123");
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(toast(page, "Restaurant name already exists. Try a different name.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/restaurantsignup$/);
  await expect(page.getByLabel("Restaurant name")).toHaveValue(sameName);
  await expect(page.getByLabel("Email")).toHaveValue(`dup-${id}@example.com`);
  await expect(page.getByLabel("About")).toHaveValue("Chai.");
});

test("the form shows what is missing before anything is sent", async ({ page }) => {
  await page.goto("/signup/restaurantsignup");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please enter the restaurant name.")).toBeVisible();
  await expect(page.getByText("Please choose the restaurant type.")).toBeVisible();
  await expect(page.getByText("Please choose whether you deliver.")).toBeVisible();
  await expect(page.getByLabel("Restaurant name")).toBeFocused();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expectAccessible(page);
});

test("a customer signs up; a second sign-up with that email is told to check the email @phone", async ({
  page,
}) => {
  const id = uniqueId();
  const email = `ali-${id}@example.com`;
  const fill = async () => {
    await page.goto("/signup/customersignup");
    await page.getByLabel("First name").fill("Ali");
    await page.getByLabel("Last name").fill("Raza");
    await page.getByLabel("Gender").selectOption("Prefer Not To Tell");
    await page.getByLabel("About").fill("Weekend nihari hunter.");
    await page.getByLabel("Username").fill(`ali${id}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("nihari-pass-1");
  };
  await fill();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Sign Up was successful")).toBeVisible();
  await expect((await siteNav(page)).getByRole("link", { name: "Ali Raza" })).toBeVisible();
  await (await siteNav(page)).getByRole("button", { name: "Sign out" }).click();
  await expect((await siteNav(page)).getByRole("link", { name: "Login" })).toBeVisible();

  // The answer does not say the address has an account (ADR 0016): its owner is mailed instead.
  await fill();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Please check your email to continue.")).toBeVisible();
  await expect(page.getByText("An account with this email already exists.")).toHaveCount(0);
  await expect(page.getByLabel("First name")).toHaveValue("Ali");
});

test("sign-up works with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const id = uniqueId();
  await page.goto("/signup/customersignup");
  await page.getByLabel("First name").fill("Noor");
  await page.getByLabel("Last name").fill("Fatima");
  await page.getByLabel("Gender").selectOption("Female");
  await page.getByLabel("About").fill("Dessert first.");
  await page.getByLabel("Username").fill(`noor${id}`);
  await page.getByLabel("Email").fill(`noor-${id}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("dessert-pass-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Noor Fatima" })).toBeVisible();
  await context.close();
});
