import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addSectionFor,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  jpegFile,
  sectionIdsOf,
  shareSession,
  toast,
} from "./helpers.ts";

// Owners type menus on cheap phones: the narrowest common screen (docs/decisions/0020-fast-menu-entry.md).
test.use({ viewport: { width: 360, height: 780 } });

test("fast menu entry: save and add another, one photo for three views, the sold-out switch", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await addSectionFor(request, "Drinks");
  const [karahi, drinks] = await sectionIdsOf(request);
  await shareSession(page, request);

  await page.goto("/profile/restaurant/addmenu/additems");
  // The all-at-once picker appears once scripts run.
  const allAtOnce = page.getByLabel("All pictures at once");
  await expect(allAtOnce).toBeVisible();

  // The first dish: the position follows the section, the price range the price.
  const position = page.getByLabel("Position in Section");
  await page.getByLabel("Section", { exact: true }).selectOption(karahi!);
  await expect(position).toHaveValue("1");
  await page.getByLabel("Section", { exact: true }).selectOption(drinks!);
  await expect(position).toHaveValue("1");
  await page.getByLabel("Section", { exact: true }).selectOption(karahi!);
  await page.getByLabel("Category", { exact: true }).selectOption("Curries");
  await page.getByLabel("Subcategory").selectOption("Karahi");
  await page.getByLabel("Item Name").fill("Chicken Karahi");
  await page.getByLabel("Price (Rs.)").fill("1800");
  await expect(page.getByLabel("Item Price Range")).toHaveValue("1000-2000");
  await page.getByLabel("Taste Category").selectOption("Spicy");
  await page.getByLabel("Item Type").selectOption("Non-Veg");
  // One photo for the three views: the top view is filled and stands for the other two.
  await allAtOnce.setInputFiles([await jpegFile(640, 480)]);
  await expect(page.getByRole("img", { name: "Top view preview" })).toHaveAttribute("src", /^blob:/);
  await expect(page.getByLabel("Use the top photo for all three views")).toBeChecked();
  await expect(page.getByLabel("Front view")).toBeDisabled();
  await expect(page.getByLabel("Side view")).toBeDisabled();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("add-item-360.png"), fullPage: true });
  await page.getByRole("button", { name: "Save and add another" }).click();
  await expect(toast(page, "Item added successfully")).toBeVisible();

  // The next form is empty but keeps the section, category, subcategory, taste and type.
  await expect(page).toHaveURL(/\/additems\?sectionId=/);
  await expect(page.getByLabel("Item Name")).toHaveValue("");
  await expect(page.getByLabel("Price (Rs.)")).toHaveValue("");
  await expect(page.getByLabel("Section", { exact: true })).toHaveValue(karahi!);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Curries");
  await expect(page.getByLabel("Subcategory")).toHaveValue("Karahi");
  await expect(page.getByLabel("Taste Category")).toHaveValue("Spicy");
  await expect(page.getByLabel("Item Type")).toHaveValue("Non-Veg");
  await expect(position).toHaveValue("2");

  // The second dish: three photos at once fill the three views in order.
  await page.getByLabel("Item Name").fill("Mutton Karahi");
  await page.getByLabel("Price (Rs.)").fill("2600");
  await expect(page.getByLabel("Item Price Range")).toHaveValue("2000-5000");
  await allAtOnce.setInputFiles([
    await jpegFile(300, 300),
    await jpegFile(320, 300),
    await jpegFile(340, 300),
  ]);
  for (const view of ["Top view", "Front view", "Side view"])
    await expect(page.getByRole("img", { name: `${view} preview` })).toHaveAttribute("src", /^blob:/);
  await expect(page.getByLabel("Use the top photo for all three views")).not.toBeChecked();
  await page.getByRole("button", { name: "Save and add another" }).click();
  await expect(page.getByLabel("Item Name")).toHaveValue("");
  await expect(position).toHaveValue("3");

  // Edit/Delete Items: a thumbnail a dish, sold out as a switch, a quiet Delete.
  await page.goto("/profile/restaurant/addmenu/items");
  const chicken = page.locator("li", { hasText: "Chicken Karahi" });
  await expect(chicken.getByText("#1")).toBeVisible();
  await expect(page.locator("li", { hasText: "Mutton Karahi" }).getByText("#2")).toBeVisible();
  await expect(chicken.locator("img")).toHaveAttribute("src", /^\/media\/img\/[0-9a-f]+\/320\.webp$/);
  const soldOut = page.getByRole("switch", { name: "Sold out: Chicken Karahi" });
  await expect(soldOut).toHaveAttribute("aria-checked", "false");
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await soldOut.click();
  await expect(toast(page, "Marked as sold out")).toBeVisible();
  await expect(soldOut).toHaveAttribute("aria-checked", "true");
  await page.screenshot({ path: testInfo.outputPath("items-360.png"), fullPage: true });
  await soldOut.click();
  await expect(toast(page, "Back on the menu")).toBeVisible();
  await expect(soldOut).toHaveAttribute("aria-checked", "false");

  await page.getByRole("button", { name: "Delete Mutton Karahi" }).click();
  const dialog = page.getByRole("dialog", { name: 'Delete item "Mutton Karahi"?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Item deleted")).toBeVisible();
  await expect(page.getByText("Mutton Karahi")).toHaveCount(0);
});

/** A new owner with a Karahi section, on the Add Item form: the section's id. */
async function ownerOnAddItem(page: Page, request: APIRequestContext): Promise<string> {
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await shareSession(page, request);
  await page.goto("/profile/restaurant/addmenu/additems");
  return karahi!;
}

async function chooseKarahi(page: Page, section: string) {
  await page.getByLabel("Section", { exact: true }).selectOption(section);
  await page.getByLabel("Category", { exact: true }).selectOption("Curries");
  await page.getByLabel("Subcategory").selectOption("Karahi");
}

test("a dish sold in sizes: the price comes from its sizes, and the menu lists each size", async ({
  page,
  request,
}) => {
  await chooseKarahi(page, await ownerOnAddItem(page, request));
  await page.getByLabel("Item Name").fill("Mutton Karahi");
  await page.getByLabel("Taste Category").selectOption("Spicy");
  await page.getByLabel("Item Type").selectOption("Non-Veg");
  // A size without its price is refused with words, before anything is sent.
  await page.getByRole("textbox", { name: "Size 1", exact: true }).fill("Half kg");
  await page.getByRole("textbox", { name: "Size 2", exact: true }).fill("Full kg");
  await page.getByRole("spinbutton", { name: "Price 2", exact: true }).fill("5600");
  await page.getByLabel("All pictures at once").setInputFiles([await jpegFile(400, 300)]);
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Enter a price of 0 or more for Half kg.")).toBeVisible();
  await page.getByRole("spinbutton", { name: "Price 1", exact: true }).fill("2900");
  // A third size, added with the button.
  await page.getByRole("button", { name: "Add a size" }).click();
  await page.getByRole("textbox", { name: "Size 3", exact: true }).fill("Family");
  await page.getByRole("spinbutton", { name: "Price 3", exact: true }).fill("10500");
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(toast(page, "Item added successfully")).toBeVisible();

  await page.goto("/profile/restaurant/mymenu");
  const sizes = page.getByRole("list", { name: "Sizes" });
  await expect(sizes).toContainText("Half kg Rs. 2,900");
  await expect(sizes).toContainText("Full kg Rs. 5,600");
  await expect(sizes).toContainText("Family Rs. 10,500");
  await page.goto("/profile/restaurant/addmenu/items");
  // The dish's own price is its lowest size's.
  await expect(page.locator("li", { hasText: "Mutton Karahi" })).toContainText("Rs. 2,900");
});

// The owner's trip through the sizes form on a 360 px phone.
test("the sizes form: column labels over its rows, no 'Half / Full' on Name Extra, the price range kept", async ({
  page,
  request,
}) => {
  const karahi = await ownerOnAddItem(page, request);
  await expect(page.getByLabel("All pictures at once")).toBeVisible();

  // Visible column labels over the size rows, and each field named by its column and row.
  const sizes = page.getByRole("group", { name: /^Sizes/ });
  const sizeColumn = sizes.getByText("Size", { exact: true });
  const priceColumn = sizes.getByText("Price", { exact: true });
  await expect(sizeColumn).toBeVisible();
  await expect(priceColumn).toBeVisible();
  for (const row of [1, 2]) {
    await expect(sizes.getByRole("textbox", { name: `Size ${row}`, exact: true })).toBeVisible();
    await expect(sizes.getByRole("spinbutton", { name: `Price ${row}`, exact: true })).toBeVisible();
  }
  // Each label stands over its own column.
  const firstName = await sizes.getByRole("textbox", { name: "Size 1", exact: true }).boundingBox();
  const firstPrice = await sizes.getByRole("spinbutton", { name: "Price 1", exact: true }).boundingBox();
  const sizeLabel = await sizeColumn.boundingBox();
  const priceLabel = await priceColumn.boundingBox();
  expect(Math.abs(sizeLabel!.x - firstName!.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(priceLabel!.x - firstPrice!.x)).toBeLessThanOrEqual(1);
  expect(sizeLabel!.y + sizeLabel!.height).toBeLessThanOrEqual(firstName!.y);

  // Name Extra no longer suggests sizes: Half / Full belong in the rows above.
  const nameExtra = page.getByLabel("Name Extra");
  await expect(nameExtra).toHaveAccessibleDescription(/second name/);
  await expect(nameExtra).not.toHaveAccessibleDescription(/Half|Full/);
  await expect(page.getByText("Half / Full")).toHaveCount(0);

  // A dish whose range the owner chose over the one its price suggests.
  await chooseKarahi(page, karahi);
  await page.getByLabel("Item Name").fill("Chicken Karahi");
  await page.getByLabel("Price (Rs.)").fill("1800");
  await expect(page.getByLabel("Item Price Range")).toHaveValue("1000-2000");
  await page.getByLabel("Item Price Range").selectOption("2000-5000");
  await page.getByRole("textbox", { name: "Size 1", exact: true }).fill("Half");
  await page.getByRole("spinbutton", { name: "Price 1", exact: true }).fill("1800");
  await page.getByRole("textbox", { name: "Size 2", exact: true }).fill("Full");
  await page.getByRole("spinbutton", { name: "Price 2", exact: true }).fill("3400");
  await page.getByLabel("Taste Category").selectOption("Spicy");
  await page.getByLabel("Item Type").selectOption("Non-Veg");
  await page.getByLabel("All pictures at once").setInputFiles([await jpegFile(400, 300)]);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Save and add another" }).click();
  await expect(toast(page, "Item added successfully")).toBeVisible();

  // The next form is empty, and keeps the range with the section's other shared values.
  await expect(page).toHaveURL(/\/additems\?sectionId=/);
  await expect(page.getByLabel("Item Name")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Size 1", exact: true })).toHaveValue("");
  await expect(page.getByLabel("Item Price Range")).toHaveValue("2000-5000");
  await expect(page.getByLabel("Taste Category")).toHaveValue("Spicy");
  await expectAccessible(page);
});
