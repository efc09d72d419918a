import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectNoSidewaysScroll,
  logIn,
  shareSession,
  toast,
  uniqueId,
} from "./helpers.ts";

/**
 * A diner with no account follows
 * 'Add a Review' to the login, registers, and ends on the review form, not on /; and
 * what a diner typed in the review form survives a detour through the login.
 */

/** An approved restaurant with a branch "Main": its page shows 'Add a Review'. */
async function reviewableBranch(request: APIRequestContext) {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const added = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  await approve(owner.urlName);
  return {
    branch: `/r/${owner.urlName}/branch/main`,
    form: `/profile/customer/addreview/${owner.urlName}/main`,
  };
}

/** The page is at `pathname`, carrying `redirectTo` (or none). */
async function expectAt(page: Page, pathname: string, redirectTo: string | null = null) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return [url.pathname, url.searchParams.get("redirectTo")];
    })
    .toEqual([pathname, redirectTo]);
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: appUrl() });
  return context.newPage();
}

test("Add a Review → login → Register → sign up lands on the review form @phone", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { branch, form } = await reviewableBranch(request);
  const page = await phone(browser);
  await page.goto(branch);
  await page.getByRole("link", { name: "Add a Review" }).click();
  await expectAt(page, "/login", form);

  // The login page's own link, not the header's (hidden in the phone menu): the URL is
  // the login page's as soon as its first bytes arrive, and a click taken then held on
  // to the header's link for good (Playwright waits for a hidden element to show, not
  // for another to match).
  await page.getByRole("main").getByRole("link", { name: "Register" }).click();
  await expectAt(page, "/signup", form);
  await page.getByRole("link", { name: "Customer", exact: true }).click();
  await expectAt(page, "/signup/customersignup", form);
  // Signed up before? Sign In keeps the way to the form too.
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    `/sign-in?redirectTo=${encodeURIComponent(form)}`,
  );
  await expectNoSidewaysScroll(page);

  const id = uniqueId();
  await page.getByLabel("First name").fill("Hina");
  await page.getByLabel("Last name").fill(id);
  await page.getByLabel("Gender").selectOption("Female");
  await page.getByLabel("About").fill("Karahi on Fridays.");
  await page.getByLabel("Username").fill(`hina${id}`);
  await page.getByLabel("Email").fill(`hina-${id}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("hina-pass-1");
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expectAt(page, form);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Review" })).toBeVisible();
  await expect(toast(page, "Sign Up was successful")).toBeVisible();
  await expect(page.getByRole("button", { name: "Post Review" })).toBeVisible();
});

test("a destination off the site is dropped at every hop", async ({ page }) => {
  for (const hostile of ["//evil.example", "https://evil.example", "/\\evil"]) {
    const q = encodeURIComponent(hostile);
    await page.goto(`/login?redirectTo=${q}`);
    await expect(page.getByRole("link", { name: "Register" }).last()).toHaveAttribute("href", "/signup");
    await page.goto(`/signup?redirectTo=${q}`);
    await expect(page.getByRole("link", { name: "Customer", exact: true })).toHaveAttribute(
      "href",
      "/signup/customersignup",
    );
    await expect(page.getByRole("link", { name: "Restaurant", exact: true })).toHaveAttribute(
      "href",
      "/signup/restaurantsignup",
    );
    for (const kind of ["customer", "restaurant"]) {
      await page.goto(`/signup/${kind}signup?redirectTo=${q}`);
      await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-in");
      await expect(page.locator('input[name="redirectTo"]')).toHaveValue("");
    }
  }
});

test("what a diner typed survives a session that ended before the post, and goes once posted @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(60_000);
  const { branch, form } = await reviewableBranch(request);
  const diner = await playwright.request.newContext({ baseURL: appUrl() });
  const account = await createCustomer(diner);
  const page = await phone(browser);
  await shareSession(page, diner);
  await page.goto(form);
  await page.getByLabel("4 stars").check({ force: true });
  await page.getByLabel("Your review").fill("The karahi was worth the wait.");

  // Signed out elsewhere (or the session expired) while writing.
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Post Review" }).click();
  await expectAt(page, "/login", form);
  await logIn(page, account);

  await expectAt(page, form);
  await expect(page.getByLabel("Your review")).toHaveValue("The karahi was worth the wait.");
  await expect(page.getByLabel("4 stars")).toBeChecked();
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(page).toHaveURL(new RegExp(`${branch}\\?posted=`, "u"));

  // Posted: the next visit to the form starts empty.
  await page.goto(form);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Review" })).toBeVisible();
  await expect(page.getByLabel("Your review")).toHaveValue("");
  await diner.dispose();
});
