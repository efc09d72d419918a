import { expect, test, type Page } from "@playwright/test";
import {
  appUrl,
  createAdmin,
  createCustomer,
  expectAccessible,
  expectNoSidewaysScroll,
  logIn,
  openAccount,
  restaurantWithBranch,
  shareSession,
  toast,
  ur,
} from "./helpers.ts";

const PHONE = { viewport: { width: 360, height: 740 } };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/**
 * ADR 0033: the admin suspends a diner from the account's screen, on a phone, with a
 * reason; the diner's sessions end, the login screen says why (English and Urdu), the
 * review leaves the page a visitor had loaded (kept in the page cache) and comes back
 * on restore. The audit log shows each reason, and no empty 'Reason' when none.
 */
test("an admin suspends a diner with a reason and restores them; the diner is told why at login", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await playwright.request.newContext({ baseURL: appUrl() });
  const owner = await restaurantWithBranch(ownerContext);

  const diner = await createCustomer(request);
  const words = `Fake praise ${Date.now()}`;
  const posted = await request.post(`/profile/customer/addreview/${owner.urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: { rating: "1", review: words },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const dinerPage = await (await browser.newContext(PHONE)).newPage();
  await shareSession(dinerPage, request);

  // A visitor reads the reviews (the page is kept in the page cache from now on).
  const visitor = await (await browser.newContext()).newPage();
  const reviewsPath = `/r/${owner.urlName}/branch/main/reviews`;
  await visitor.goto(reviewsPath);
  await expect(visitor.getByText(words)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(words)).toBeVisible();

  const admin = await createAdmin();
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto("/admin/users");
  await logIn(page, admin);
  await openAccount(page, diner.email);
  await expect(page.getByRole("heading", { level: 1, name: diner.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Suspension" })).toBeVisible();

  // A reason of spaces is no reason.
  const reasonField = page.getByLabel("Reason for suspending (the person sees it when they log in)");
  await reasonField.fill("   ");
  await page.getByRole("button", { name: "Suspend account" }).click();
  await expect(
    page.getByText("Please give a reason: the person reads it when they try to log in.").first(),
  ).toBeVisible();
  await expectAccessible(page);

  const reason = "Reviews posted from one phone for many accounts";
  await reasonField.fill(reason);
  await page.getByRole("button", { name: "Suspend account" }).click();
  await expect(
    toast(page, `${diner.email} suspended and signed out. Their reviews are hidden.`),
  ).toBeVisible();
  await expect(page.getByText(/^Suspended since /)).toBeVisible();
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore account" })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, "admin-user-suspended-360-en");

  // The kept page does not show the review any more.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "Reviews for Main" })).toBeVisible();
  await expect(visitor.getByText(words)).toHaveCount(0);

  // The diner's session has ended; logging in again is refused with the reason.
  await dinerPage.goto("/profile/customer");
  await expect(dinerPage).toHaveURL(/\/login\?redirectTo=/);
  await logIn(dinerPage, diner);
  const notice = dinerPage.getByRole("alert").filter({ hasText: "Your account is suspended." });
  await expect(notice).toHaveText(`Your account is suspended. Reason: ${reason}`);
  await expect(dinerPage).toHaveURL(/\/login/);
  await expectAccessible(dinerPage);
  await expectNoSidewaysScroll(dinerPage);
  await shot(dinerPage, "login-suspended-360-en");

  // In Urdu, right to left.
  await dinerPage.goto("/ur/login");
  await dinerPage.getByLabel(ur("Email")).fill(diner.email);
  await dinerPage.getByLabel(ur("Password"), { exact: true }).fill(diner.password);
  await dinerPage.getByRole("button", { name: ur("LOGIN") }).click();
  await expect(dinerPage.getByRole("alert").filter({ hasText: "معطل" })).toHaveText(
    `آپ کا اکاؤنٹ معطل ہے۔ وجہ: ${reason}`,
  );
  await expect(dinerPage.locator("html")).toHaveAttribute("dir", "rtl");
  await expectAccessible(dinerPage);
  await expectNoSidewaysScroll(dinerPage);
  await shot(dinerPage, "login-suspended-360-ur");

  const userPath = new URL(page.url()).pathname;
  await page.goto(`/ur${userPath}`);
  await expect(page.getByRole("button", { name: ur("Restore account") })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, "admin-user-suspended-360-ur");

  // Restore (no reason needed); the review is back on the kept page and the diner logs in.
  await page.goto(userPath);
  await page.getByRole("button", { name: "Restore account" }).click();
  await expect(toast(page, `${diner.email} restored. They can log in again.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Suspend account" })).toBeVisible();
  await shot(page, "admin-user-360-en");
  await visitor.reload();
  await expect(visitor.getByText(words)).toBeVisible();
  await dinerPage.goto("/login");
  await logIn(dinerPage, diner);
  await expect(dinerPage).toHaveURL(/\/$/);

  // The audit log: the suspension with its reason; the restore, given none, has no 'Reason' line.
  await page.goto("/admin/audit");
  const rows = page.getByRole("row");
  const suspendedRow = rows.filter({ hasText: `Suspended account: ${diner.email}` });
  await expect(suspendedRow.locator("[data-label='Reason']")).toHaveText(reason);
  const restoredRow = rows.filter({ hasText: `Restored account: ${diner.email}` });
  await expect(restoredRow).toBeVisible();
  await expect(restoredRow.locator("[data-label='Reason']")).toBeHidden();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, "admin-audit-360-en");
  await page.goto("/ur/admin/audit");
  await expect(
    page.getByRole("row").filter({ hasText: `${ur("Suspended account")}: ${diner.email}` }),
  ).toContainText(reason);
  await expectNoSidewaysScroll(page);
  await shot(page, "admin-audit-360-ur");
});

test("an admin's own account and another admin's have no Suspend button", async ({ browser }) => {
  const admin = await createAdmin();
  const other = await createAdmin();
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto("/admin/users");
  await logIn(page, admin);
  // Signed in once the users screen is back; going on sooner would cancel the login's post.
  await expect(page.getByLabel("Search by email or name")).toBeVisible();
  for (const email of [admin.email, other.email]) {
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: email }).click();
    await expect(page.getByRole("heading", { name: "Locks" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Suspend account" })).toHaveCount(0);
  }
});
