import { spawnSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import {
  createAdmin,
  createCustomer,
  expectAccessible,
  expectNoSidewaysScroll,
  logIn,
  openAccount,
  toast,
} from "./helpers.ts";

/**
 * ADR 0031. The e2e server allows an (account, address) pair 3 failures
 * (LOGIN_MAX_FAILURES in playwright.config.ts), then a wait of 30 s: each test unlocks
 * well within it.
 */
async function lockOut(page: Page, account: { email: string; password: string }) {
  await page.goto("/login");
  for (let i = 0; i < 3; i++) await logIn(page, { email: account.email, password: `wrong-${i}` });
  await expect(toast(page, "Too many attempts. Try again later.").last()).toBeVisible();
}

test("an admin sees a locked account on a phone and unlocks it with the keyboard; the diner signs in again", async ({
  browser,
  request,
}) => {
  const admin = await createAdmin();
  const diner = await createCustomer(request);
  const dinerPage = await (await browser.newContext()).newPage();
  await lockOut(dinerPage, diner);

  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await page.goto("/admin/users");
  await logIn(page, admin);
  await openAccount(page, diner.email);
  await expect(page.getByRole("heading", { level: 1, name: diner.name })).toBeVisible();
  const locks = page.getByRole("table", { name: "Locks on this account" });
  await expect(
    locks.getByRole("row", { name: /Signing in from one address, after wrong passwords/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Tab to the button as a keyboard user would, and press it.
  const unlock = page.getByRole("button", { name: "Unlock" });
  for (let i = 0; i < 40 && !(await unlock.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(unlock).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, `${diner.email} unlocked. Locks cleared: 1.`)).toBeVisible();
  await expect(page.getByText("No locks: this account can sign in.")).toBeVisible();
  await expect(locks).toHaveCount(0);
  await expectAccessible(page);

  // In Urdu, right to left.
  await page.goto(`/ur${new URL(page.url()).pathname}`);
  await expect(page.getByText("کوئی لاک نہیں: یہ اکاؤنٹ سائن ان کر سکتا ہے۔")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The diner, from the address that was refused, is let in.
  await logIn(dinerPage, diner);
  await expect(dinerPage).toHaveURL(/\/$/);

  await page.goto("/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: `Unlocked account: ${diner.email}` })).toContainText(
    "login-pair",
  );
});

test("npm run admin -- unlock <email> says what it cleared", async ({ browser, request }) => {
  const diner = await createCustomer(request);
  await lockOut(await (await browser.newContext()).newPage(), diner);
  const unlock = () =>
    spawnSync("npm", ["run", "--silent", "admin", "--", "unlock", diner.email], {
      // The server's settings (playwright.config.ts): a lock is a count past LOGIN_MAX_FAILURES.
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn", LOGIN_MAX_FAILURES: "3" },
      encoding: "utf8",
    });
  const first = unlock();
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout.trim()).toBe(`unlocked ${diner.email}: 1 lock cleared (login-pair)`);
  expect(unlock().stdout.trim()).toBe(`no locks on ${diner.email}`);
});
