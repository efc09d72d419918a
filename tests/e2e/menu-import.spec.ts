import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { IMPORT_MESSAGES as M } from "~/features/menu-import/menu-import.messages.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import {
  addItemFor,
  approve,
  addSectionFor,
  appUrl,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  sectionIdsOf,
  shareSession,
  toast,
  uniqueId,
  ur,
} from "./helpers.ts";
import { inEnglish } from "~/lib/message.ts";

// ADR 0023: an owner's whole menu from a spreadsheet, on the phone most owners have.
test.use({ viewport: { width: 360, height: 780 } });

async function addBranch(request: APIRequestContext, branchName: string) {
  const response = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** A sheet of `count` dishes over two sections, and a folder with a photo for each. */
async function sheetAndPhotos(count: number) {
  const { default: sharp } = await import("sharp");
  const dir = path.join(process.env.E2E_DATA_DIR!, `import-${uniqueId()}`);
  fs.mkdirSync(dir);
  const rows = ["section,name,price,sizes,taste,category,subcategory,type,top_photo"];
  const photos: string[] = [];
  for (let i = 1; i <= count; i++) {
    const sized = i % 10 === 0;
    rows.push(
      [
        i % 2 ? "Karahi" : "From the Tandoor",
        `Imported ${i}`,
        sized ? "" : String(300 + i * 20),
        sized ? `"Half: ${900 + i}; Full: ${1700 + i}"` : "",
        "Spicy",
        "Curries",
        "Karahi",
        "Non-Veg",
        `dish-${i}.jpg`,
      ].join(","),
    );
    const file = path.join(dir, `dish-${i}.jpg`);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: i * 8, g: 80, b: 40 } } })
      .jpeg()
      .toFile(file);
    photos.push(file);
  }
  const sheet = path.join(dir, "menu.csv");
  fs.writeFileSync(sheet, `${rows.join("\n")}\n`);
  return { sheet, photos };
}

test("an owner puts a 30-dish menu with photos online by import, and both existing branches show it @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await addItemFor(request, karahi!, { name: "House Karahi" });
  await addBranch(request, "Blue Area");
  await addBranch(request, "Saddar");
  await approve(owner.urlName);
  await shareSession(page, request);
  const { sheet, photos } = await sheetAndPhotos(30);

  await page.goto("/profile/restaurant/addmenu");
  await page.getByRole("link", { name: "Import a menu from a spreadsheet" }).click();
  await expect(page.getByRole("heading", { name: "Import a menu" })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByLabel(/Your spreadsheet/).setInputFiles(sheet);
  await page.getByRole("button", { name: "Check the spreadsheet" }).click();

  // The preview: every row checked, nothing written yet, the photos it waits for.
  await expect(page.getByRole("heading", { name: "Check your import" })).toBeVisible();
  await expect(
    page.getByText(/30 dishes: 30 new, 0 updates; new sections: From the Tandoor\./u),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /Photos \(0 of 30 uploaded\)/u })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import 30 dishes" })).toBeDisabled();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // The photos go up one at a time with a progress bar.
  await page.getByLabel("Choose photos").setInputFiles(photos);
  await expect(page.getByRole("progressbar", { name: "Photo upload" })).toBeVisible();
  await expect(page.getByText("Every photo the spreadsheet names is here.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: /Photos \(30 of 30 uploaded\)/u })).toBeVisible();
  await page.getByRole("button", { name: "Import 30 dishes" }).click();
  await expect(toast(page, inEnglish(M.imported(30, 0)))).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/restaurant\/addmenu\/items$/u);

  // Both branches made before the import have every new dish, sizes and all.
  for (const branch of ["bluearea", "saddar"]) {
    await page.goto(`/profile/restaurant/mybranches/${branch}`);
    await expect(page.getByRole("link", { name: /^Imported \d+$/u })).toHaveCount(30);
    await expect(page.getByRole("link", { name: "House Karahi" })).toBeVisible();
  }
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${appUrl()}/r/${owner.urlName}/branch/saddar?page=6`);
  await expect(visitor.getByRole("link", { name: "Imported 30" })).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Sizes" }).first()).toContainText("Half $930");
  await visitor.close();
});

test("a spreadsheet with problems: every bad row in the product rules' words, and nothing imported", async ({
  page,
  request,
}) => {
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await shareSession(page, request);
  const file = path.join(process.env.E2E_DATA_DIR!, `bad-${uniqueId()}.csv`);
  fs.writeFileSync(
    file,
    [
      "section,position,name,price,taste,category,subcategory,type,top_photo",
      "Karahi,0,Chicken Karahi,1800,Spicy,Curries,Karahi,Non-Veg,k.jpg",
      ",,Lassi,250,Sweet,Drinks,Lassi,Veg,l.jpg",
      "Karahi,,Daal,,Savory,Curries,Karahi,Veg,",
    ].join("\n"),
  );
  await page.goto("/profile/restaurant/addmenu/import");
  await page.getByLabel(/Your spreadsheet/).setInputFiles(file);
  await page.getByRole("button", { name: "Check the spreadsheet" }).click();
  const toFix = page.getByRole("region", { name: "Rows to fix (3)" });
  await expect(toFix).toContainText(MENU_MESSAGES.positionPositive);
  await expect(toFix).toContainText(MENU_MESSAGES.selectSection);
  await expect(toFix).toContainText("Price must be a number.");
  await expect(toFix).toContainText(MENU_MESSAGES.imageMissing("top"));
  await expect(page.getByRole("button", { name: "Import 3 dishes" })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Discard this import" }).click();
  await expect(toast(page, M.discarded)).toBeVisible();
  await page.goto("/profile/restaurant/addmenu/items");
  await expect(page.getByText(MENU_MESSAGES.noItems)).toBeVisible();
});

test("a first sheet without subcategories names what to write on each row, in English and Urdu; the template teaches the right ones @phone", async ({
  page,
  request,
}, testInfo) => {
  await createRestaurant(request);
  await shareSession(page, request);
  // The template's examples sit where they belong (not a lassi under Biryani).
  const template = await request.get("/profile/restaurant/addmenu/import/template.csv");
  const lines = (await template.text()).split("\n");
  expect(lines.find((l) => l.includes("Sweet Lassi"))).toContain(",Drinks,Lassi,");
  expect(lines.find((l) => l.includes("Daal Mash"))).toContain(",Curries,Daal,");

  const file = path.join(process.env.E2E_DATA_DIR!, `first-${uniqueId()}.csv`);
  fs.writeFileSync(
    file,
    [
      "section,name,price,taste,category,subcategory,type,top_photo",
      "Karahi,Chicken Karahi,1800,Spicy,Curries,,Non-Veg,k.jpg",
      "Karahi,Daal Mash,650,Savory,Curries,,Veg,d.jpg",
      "Rice,Chicken Biryani,450,Spicy,Rice,,Non-Veg,b.jpg",
      "Drinks,Sweet Lassi,250,Sweet,Drinks,,Veg,l.jpg",
      "Drinks,Mint Margarita,300,Sweet,Mocktails,,Veg,m.jpg",
    ].join("\n"),
  );
  await page.goto("/profile/restaurant/addmenu/import");
  await page.getByLabel(/Your spreadsheet/).setInputFiles(file);
  await page.getByRole("button", { name: "Check the spreadsheet" }).click();
  const toFix = page.getByRole("region", { name: "Rows to fix (5)" });
  const curries =
    "Please choose a subcategory of Curries. Write one of: Karahi, Qorma, Nihari, Haleem, Daal, Sabzi.";
  await expect(toFix.getByText(curries)).toHaveCount(2);
  await expect(toFix).toContainText(
    "Please choose a subcategory of Rice. Write one of: Biryani, Pulao, Plain Rice.",
  );
  await expect(toFix).toContainText(
    "Please choose a subcategory of Drinks. Write one of: Lassi, Chai, Soft Drinks, Fresh Juice.",
  );
  await expect(toFix).toContainText(
    "Please choose a category. Write one of: Curries, Rice, BBQ, Breads, Desserts, Drinks.",
  );
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("import-choices-360.png"), fullPage: true });

  // The same preview in Urdu: the words in Urdu, the values to write as the sheet needs them.
  await page.goto(`/ur${new URL(page.url()).pathname}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const toFixUr = page.getByRole("region", {
    name: ur("Rows to fix ({{number}})").replace("{{number}}", "5"),
  });
  await expect(
    toFixUr.getByText(/^براہِ کرم Curries کا ذیلی زمرہ چنیں۔ ان میں سے ایک لکھیں: Karahi, Qorma/u),
  ).toHaveCount(2);
  await expect(
    toFixUr.getByText(
      "براہِ کرم زمرہ چنیں۔ ان میں سے ایک لکھیں: Curries, Rice, BBQ, Breads, Desserts, Drinks۔",
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("import-choices-360-ur.png"), fullPage: true });
});

test("a general edit reaches the branch; the branch's own price survives it; a hidden dish leaves the branch's page", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await addItemFor(request, karahi!, { name: "Chicken Karahi", price: "1800" });
  await addItemFor(request, karahi!, { name: "Mutton Karahi", price: "2900", positionInSection: "2" });
  await addBranch(request, "Blue Area");
  await approve(owner.urlName);
  await shareSession(page, request);

  // The branch charges its own price for the chicken.
  await page.goto("/profile/restaurant/mybranches/bluearea");
  await expectAccessible(page);
  const chicken = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Chicken Karahi" }) });
  await chicken.getByLabel("Branch price (Rs.)").fill("1700");
  await chicken.getByRole("button", { name: "Save Chicken Karahi for this branch" }).click();
  await expect(toast(page, "Branch item updated")).toBeVisible();

  // The general menu renames the mutton and reprices the chicken.
  await page.goto("/profile/restaurant/addmenu/items");
  await page.getByRole("link", { name: "Edit Mutton Karahi" }).click();
  await page.getByLabel("Item Name").fill("Mutton Shinwari Karahi");
  await page.getByRole("button", { name: "Update Item" }).click();
  // Read, then closed with a click, so the next edit's toast is the only one.
  await toast(page, MENU_MESSAGES.itemUpdated).click();
  await expect(toast(page, MENU_MESSAGES.itemUpdated)).toHaveCount(0);
  await page.getByRole("link", { name: "Edit Chicken Karahi" }).click();
  await page.getByLabel("Price (Rs.)").fill("1900");
  await page.getByRole("button", { name: "Update Item" }).click();
  await expect(toast(page, MENU_MESSAGES.itemUpdated)).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  const branchPage = `${appUrl()}/r/${owner.urlName}/branch/bluearea`;
  await visitor.goto(branchPage);
  await expect(visitor.getByRole("link", { name: "Mutton Shinwari Karahi" })).toBeVisible();
  const chickenCard = visitor
    .getByRole("listitem")
    .filter({ has: visitor.getByRole("link", { name: "Chicken Karahi" }) });
  await expect(chickenCard).toContainText("$1,700");

  // The comparison says so, and the mutton is taken off this branch only.
  await page.goto("/profile/restaurant/mybranches/bluearea/compare");
  await expect(page.getByRole("region", { name: "Priced differently here" })).toContainText(
    "general Rs. 1,900, here Rs. 1,700",
  );
  await expectAccessible(page);
  await page.goto("/profile/restaurant/mybranches/bluearea");
  await page.getByRole("switch", { name: "Served here: Mutton Shinwari Karahi" }).click();
  await expect(toast(page, "Hidden at this branch")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("link", { name: "Mutton Shinwari Karahi" })).toHaveCount(0);
  await visitor.goto(`${appUrl()}/r/${owner.urlName}/menu`);
  await expect(visitor.getByRole("link", { name: "Mutton Shinwari Karahi" })).toBeVisible();
  await visitor.close();
});

test("an owner imports a deal from the sheet, the preview saying how each part reads, in English and Urdu @phone", async ({
  page,
  request,
}, testInfo) => {
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await addItemFor(request, karahi!, { name: "House Karahi" });
  await shareSession(page, request);
  const file = path.join(process.env.E2E_DATA_DIR!, `deals-${uniqueId()}.csv`);
  fs.writeFileSync(
    file,
    [
      "kind,section,name,price,taste,category,subcategory,type,top_photo,parts,serves",
      "deal,,Family Deal,2500,,,,,,2 x House Karahi; 1.5 L drink,4",
    ].join("\n"),
  );
  await page.goto("/profile/restaurant/addmenu/import");
  await expect(page.getByText(/Deals and combos too/u)).toBeVisible();
  await page.getByLabel(/Your spreadsheet/).setInputFiles(file);
  await page.getByRole("button", { name: "Check the spreadsheet" }).click();
  const deals = page.getByRole("region", { name: "Deals (1)" });
  await expect(deals.getByText("Family Deal")).toBeVisible();
  await expect(deals.getByText("2 × House Karahi ✓")).toBeVisible();
  await expect(deals.getByText("1.5 L drink (not a dish of your menu: shown as written)")).toBeVisible();
  await expect(deals).toContainText("For 4 people");
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("import-deal-360.png"), fullPage: true });

  const preview = new URL(page.url()).pathname;
  await page.goto(`/ur${preview}`);
  const dealsUr = page.getByRole("region", { name: ur("Deals ({{number}})").replace("{{number}}", "1") });
  await expect(dealsUr).toContainText(ur("(not a dish of your menu: shown as written)"));
  await expect(dealsUr).toContainText(ur("new deal"));
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("import-deal-360-ur.png"), fullPage: true });

  await page.goto(preview);
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(toast(page, inEnglish(M.importedWithDeals(0, 0, 1)))).toBeVisible();
  await page.goto("/profile/restaurant/addmenu/deals");
  await expect(page.getByText("2 × House Karahi")).toBeVisible();
  await expect(page.getByText("1.5 L drink")).toBeVisible();
});
