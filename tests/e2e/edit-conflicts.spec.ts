import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  addItemFor,
  expectAccessible,
  expectNoSidewaysScroll,
  logIn,
  restaurantWithBranch,
  sectionIdsOf,
  toast,
  ur,
} from "./helpers.ts";

// Issue 34, items 2 and 3 (ADR 0037): two sessions of one owner, each in its own browser.

const NOTICE = "Someone else saved changes here after you opened this form.";
const REFUSED =
  "Someone else saved changes here after you opened this form. Nothing was saved: check what changed and save again.";

/** A second browser, signed in as the owner through the login screen: a session of its own. */
async function secondSession(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto("/login");
  await logIn(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  return page;
}

async function editPathOf(page: Page, dish: string) {
  await page.goto("/profile/restaurant/addmenu/items");
  return page.getByRole("link", { name: `Edit ${dish}`, exact: true }).getAttribute("href");
}

test("a stale dish save is refused with what changed, and applies on top when sent again @phone", async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const owner = await restaurantWithBranch(setup.request);
  const [sectionId] = await sectionIdsOf(setup.request);
  await addItemFor(setup.request, sectionId!, { name: "Nihari", price: "1700", itemPriceRange: "1000-2000" });
  await setup.close();

  const a = await secondSession(browser, owner);
  const b = await secondSession(browser, owner);
  const editPath = (await editPathOf(a, "Nihari"))!;
  await a.goto(editPath);
  await b.goto(editPath);

  // B saves a new name and description.
  await b.getByLabel("Item Name").fill("Beef Nihari");
  await b.getByLabel("Description (optional)", { exact: true }).fill("Slow-cooked overnight");
  await b.getByRole("button", { name: "Update Item" }).click();
  await expect(toast(b, "Item updated successfully!")).toBeVisible();

  // A, still on the form it loaded, changes the price and saves: refused, nothing lost.
  await a.getByLabel("Price (Rs.)").fill("1850");
  await a.getByRole("button", { name: "Update Item" }).click();
  await expect(toast(a, REFUSED)).toBeVisible();
  const notice = a.getByRole("alert").filter({ hasText: "What they changed:" });
  await expect(notice).toContainText(NOTICE);
  await expect(notice).toContainText("Item Name — before: Nihari; now: Beef Nihari");
  await expect(notice).toContainText("Description — before: (empty); now: Slow-cooked overnight");
  await expect(a.getByLabel("Item Name")).toHaveValue("Beef Nihari");
  await expect(a.getByLabel("Description (optional)", { exact: true })).toHaveValue("Slow-cooked overnight");
  await expect(a.getByLabel("Price (Rs.)")).toHaveValue("1850");
  await expectNoSidewaysScroll(a);
  await expectAccessible(a);

  await a.getByRole("button", { name: "Apply my changes on top" }).click();
  await expect(toast(a, "Item updated successfully!")).toBeVisible();
  await a.goto(editPath);
  await expect(a.getByLabel("Item Name")).toHaveValue("Beef Nihari");
  await expect(a.getByLabel("Description (optional)", { exact: true })).toHaveValue("Slow-cooked overnight");
  await expect(a.getByLabel("Price (Rs.)")).toHaveValue("1850");

  // The same refusal in Urdu.
  await b.goto(`/ur${editPath}`);
  await a.goto(editPath);
  await a.getByLabel("Item Name").fill("Nihari Special");
  await a.getByRole("button", { name: "Update Item" }).click();
  await expect(toast(a, "Item updated successfully!")).toBeVisible();
  await b.getByLabel(ur("Price (Rs.)")).fill("1900");
  await b.getByRole("button", { name: ur("Update Item") }).click();
  await expect(toast(b, ur(REFUSED))).toBeVisible();
  await expect(b.getByRole("alert").filter({ hasText: ur("What they changed:") })).toContainText(ur(NOTICE));
  await expect(b.getByRole("button", { name: ur("Apply my changes on top") })).toBeVisible();
  await expectNoSidewaysScroll(b);
});

test("a branch price goes to the size it was typed for, never to a size added meanwhile", async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const owner = await restaurantWithBranch(setup.request);
  const [sectionId] = await sectionIdsOf(setup.request);
  await addItemFor(setup.request, sectionId!, {
    name: "Mutton Karahi",
    price: "1700",
    itemPriceRange: "1000-2000",
  });
  await setup.close();

  const a = await secondSession(browser, owner);
  const b = await secondSession(browser, owner);
  const editPath = (await editPathOf(b, "Mutton Karahi"))!;
  const sizes = async (rows: [string, string][]) => {
    await b.goto(editPath);
    for (const [i, [label, price]] of rows.entries()) {
      await b.getByRole("textbox", { name: `Size ${i + 1}` }).fill(label);
      await b.getByRole("spinbutton", { name: `Price ${i + 1}` }).fill(price);
      if (i < rows.length - 1 && (await b.getByRole("textbox", { name: `Size ${i + 2}` }).count()) === 0)
        await b.getByRole("button", { name: "Add a size" }).click();
    }
    await b.getByRole("button", { name: "Update Item" }).click();
    await expect(toast(b, "Item updated successfully!")).toBeVisible();
  };
  await sizes([
    ["Half kg", "1700"],
    ["Full kg", "3200"],
  ]);

  // A opens the branch's menu; B adds Quarter first in the general dish.
  await a.goto("/profile/restaurant/mybranches/main");
  await expect(a.getByLabel("Half kg here (Rs.)")).toBeVisible();
  await sizes([
    ["Quarter", "900"],
    ["Half kg", "1700"],
    ["Full kg", "3200"],
  ]);

  await a.getByLabel("Half kg here (Rs.)").fill("3300");
  await a.getByRole("button", { name: "Save Mutton Karahi for this branch" }).click();
  await expect(
    toast(
      a,
      "This dish's sizes changed after you opened this page. Nothing was saved: check the prices and save again.",
    ),
  ).toBeVisible();

  await a.reload();
  await expect(a.getByLabel("Quarter here (Rs.)")).toHaveValue("");
  await a.getByLabel("Half kg here (Rs.)").fill("3300");
  await a.getByRole("button", { name: "Save Mutton Karahi for this branch" }).click();
  await expect(toast(a, "Branch item updated")).toBeVisible();
  await expect(a.getByLabel("Quarter here (Rs.)")).toHaveValue("");
  await expect(a.getByLabel("Half kg here (Rs.)")).toHaveValue("3300");
  await expect(a.getByLabel("Full kg here (Rs.)")).toHaveValue("");
});

test("a stale profile save keeps the number, and stale hours keep the Eid note, saved meanwhile", async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const owner = await restaurantWithBranch(setup.request);
  await setup.close();
  const a = await secondSession(browser, owner);
  const b = await secondSession(browser, owner);

  await a.goto("/profile/restaurant/edit");
  await b.goto("/profile/restaurant/edit");
  await b.getByLabel("Mobile number").fill("0300-1112222");
  await b.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(b, "Profile details updated")).toBeVisible();
  await a.getByLabel("About").fill("Now open till 2 am.");
  await a.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(a, REFUSED)).toBeVisible();
  await expect(a.getByRole("alert").filter({ hasText: "What they changed:" })).toContainText(
    "now: 0300-1112222",
  );
  await expect(a.getByLabel("Mobile number")).toHaveValue("0300-1112222");
  await expect(a.getByLabel("About")).toHaveValue("Now open till 2 am.");
  await a.getByRole("button", { name: "Apply my changes on top" }).click();
  await expect(toast(a, "Profile details updated")).toBeVisible();
  await a.goto("/profile/restaurant/edit");
  await expect(a.getByLabel("Mobile number")).toHaveValue("0300-1112222");
  await expect(a.getByLabel("About")).toHaveValue("Now open till 2 am.");

  const hours = "/profile/restaurant/mybranches/main/hours";
  await a.goto(hours);
  await b.goto(hours);
  await b.getByRole("textbox", { name: /^Note/ }).fill("Eid: closed on the first day");
  await b.getByRole("button", { name: "Save opening hours" }).click();
  await expect(toast(b, "Opening hours saved")).toBeVisible();
  await a.getByLabel("Monday: opens", { exact: true }).fill("12:00");
  await a.getByLabel("Monday: closes", { exact: true }).fill("23:00");
  await a.getByRole("button", { name: "Save opening hours" }).click();
  await expect(toast(a, REFUSED)).toBeVisible();
  await expect(a.getByRole("alert").filter({ hasText: "What they changed:" })).toContainText(
    "now: Eid: closed on the first day",
  );
  await expect(a.getByRole("textbox", { name: /^Note/ })).toHaveValue("Eid: closed on the first day");
  await expect(a.getByLabel("Monday: opens", { exact: true })).toHaveValue("12:00");
  await a.getByRole("button", { name: "Apply my changes on top" }).click();
  await expect(toast(a, "Opening hours saved")).toBeVisible();
  await a.goto(hours);
  await expect(a.getByRole("textbox", { name: /^Note/ })).toHaveValue("Eid: closed on the first day");
  await expect(a.getByLabel("Monday: opens", { exact: true })).toHaveValue("12:00");
});
