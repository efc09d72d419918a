import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  jpegFile,
  LANGUAGES,
  sectionIdsOf,
  shareSession,
  toast,
  withValue,
} from "./helpers.ts";

// Issue 33, ADR 0046: an owner prints table cards on a 360 px phone; a diner scans one,
// logs in on the way to the review form, posts a review with a photo of the dish, and the
// review carries 'Reviewed after scanning at the table'; the reviews page lists it under
// 'Table-verified only'; the dish's card counts the photo. In English and in Urdu.
test.use({ viewport: { width: 360, height: 780 } });

/** The reviews page's words on what the mark proves (docs/product-rules.md). */
const MARK_MEANS =
  "It proves that the reviewer's phone opened the code printed on one of this branch's table cards at most 4 hours before the review was posted, and that the review came from a signed-in customer account that is not the restaurant's own. It does not prove that they ate or paid: a card's code can be photographed and opened elsewhere until the restaurant changes it. Reviews without the mark are accepted and shown as always.";

async function restaurantWithDish(request: APIRequestContext) {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  const [karahi] = await sectionIdsOf(request);
  await addItemFor(request, karahi!, { name: "Mutton Karahi", price: "2400", positionInSection: "1" });
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
  });
  await approve(owner.urlName);
  return owner;
}

/** The owner adds tables 1 and 2 on the branch's tables screen and opens the A4 sheet; returns table 1's card address. */
async function printTables(page: Page, prefix: string, say: (english: string) => string) {
  await page.goto(`${prefix}/profile/restaurant/mybranches/main`);
  await page.getByRole("link", { name: say("Tables and their cards") }).click();
  await expect(page.getByRole("heading", { level: 1, name: say("Tables and their cards") })).toBeVisible();
  await expect(page.getByText(say("No tables yet. Add them above to print a card for each."))).toBeVisible();
  await expectAccessible(page);
  // Nothing written: the words say what to write.
  await page.getByRole("button", { name: say("Add tables") }).click();
  await expect(
    page
      .getByText(
        say("Write table numbers such as 1-12, or names such as Family hall 3, separated by commas."),
      )
      .first(),
  ).toBeVisible();
  await page.getByLabel(say("Tables to add")).fill("1-2");
  await page.getByRole("button", { name: say("Add tables") }).click();
  await expect(toast(page, withValue(say, "{{n}} tables added", "n", "2"))).toBeVisible();
  await expect(
    page.getByText(withValue(say, "Table {{number}}", "number", "1"), { exact: true }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({
    path: test.info().outputPath(`tables-${prefix ? "ur" : "en"}.png`),
    fullPage: true,
  });
  const address = (await page.locator("li bdi").first().textContent())!;

  await page.getByRole("link", { name: say("Print every card: four on an A4 page") }).click();
  await expect(page.getByRole("heading", { level: 1, name: say("Table cards") })).toBeVisible();
  const cards = page.locator("article.table-card");
  await expect(cards).toHaveCount(2);
  // Each card in both languages, whatever the screen's.
  await expect(cards.first()).toContainText("Table 1");
  await expect(cards.first()).toContainText("میز 1");
  await expect(cards.first()).toContainText("Scan for the menu");
  await expect(cards.first()).toContainText("مینو کے لیے اسکین کریں");
  await expect(cards.first().locator("[role=img]")).toBeVisible();
  await expect(cards.first()).toContainText(address);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({
    path: test.info().outputPath(`table-cards-${prefix ? "ur" : "en"}.png`),
    fullPage: true,
  });
  return `http://${address}`;
}

for (const { locale, prefix, say } of LANGUAGES) {
  test(`a diner scans a table card, logs in, and the review is marked as written at the table (${locale}) @phone`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await restaurantWithDish(request);
    await shareSession(page, request);
    const card = await printTables(page, prefix, say);

    const me = await createCustomer(request);
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: appUrl() });
    const diner = await phone.newPage();
    // The branch's own QR code (the page with ?src=qr) gives no pass.
    await diner.goto(`${prefix}/r/${owner.urlName}/branch/main?src=qr`);
    expect((await phone.cookies()).some((c) => c.name.includes("fv_table"))).toBe(false);
    // The scan: the branch's own page, in the card reader's language, with a pass kept by the browser.
    await diner.goto(`${prefix}${new URL(card).pathname}`);
    await expect(diner).toHaveURL(`${appUrl()}${prefix}/r/${owner.urlName}/branch/main`);
    const pass = (await phone.cookies()).find((c) => c.name === "fv_table");
    expect(pass).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // Add a Review → log in on the way → the form, which says the review will be marked.
    await diner.getByRole("link", { name: say("Add a Review") }).click();
    await expect(diner).toHaveURL(/\/login\?redirectTo=/u);
    await diner.getByLabel(say("Email")).fill(me.email);
    await diner.getByLabel(say("Password"), { exact: true }).fill(me.password);
    await diner.getByRole("button", { name: say("LOGIN") }).click();
    await expect(diner.getByRole("heading", { level: 1, name: say("Add a Review") })).toBeVisible();
    await expect(
      diner.getByText(say("You opened this branch's table card: your review will show it.")),
    ).toBeVisible();
    const fiveStars = locale === "en" ? "5 stars" : withValue(say, "{{count}} stars_other", "count", "5");
    // The fifth star tapped, as a thumb does (its radio is hidden behind it).
    await diner
      .locator("label")
      .filter({ has: diner.getByRole("radio", { name: fiveStars }) })
      .click();
    await expect(diner.getByRole("radio", { name: fiveStars })).toBeChecked();
    await diner.getByLabel(say("Your review")).fill("Mutton Karahi was perfect.");
    await diner.getByLabel(new RegExp(`^${say("Photos")}`, "u")).setInputFiles([await jpegFile(640, 480)]);
    await diner
      .getByLabel(withValue(say, "Dish in photo {{number}}", "number", "1"))
      .selectOption({ label: "Mutton Karahi" });
    await expectNoSidewaysScroll(diner);
    await expectAccessible(diner);
    await diner.screenshot({ path: test.info().outputPath(`review-form-${locale}.png`), fullPage: true });
    await diner.getByRole("button", { name: say("Post Review") }).click();

    // Back on the branch page: the review, marked, its photo named.
    const mine = diner.getByRole("region", { name: say("Your review") });
    await expect(mine.getByText(say("Reviewed after scanning at the table"))).toBeVisible();
    await expect(mine.getByRole("link", { name: "Mutton Karahi" })).toBeVisible();
    await expectAccessible(diner);

    // The reviews page: the summary counts it apart; 'Table-verified only' lists it.
    const visitor = await (
      await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: appUrl() })
    ).newPage();
    await visitor.goto(`${prefix}/r/${owner.urlName}/branch/main/reviews`);
    await expect(visitor.getByText(say("Reviewed after scanning at the table")).first()).toBeVisible();
    await visitor.getByRole("link", { name: say("Table-verified only") }).click();
    await expect(visitor).toHaveURL(/verified=1/u);
    await expect(visitor.getByRole("link", { name: say("Table-verified only") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(visitor.getByText("Mutton Karahi was perfect.")).toBeVisible();
    await visitor
      .getByText(withValue(say, "What '{{mark}}' means", "mark", say("Reviewed after scanning at the table")))
      .click();
    await expect(visitor.getByText(say(MARK_MEANS))).toBeVisible();
    await expectNoSidewaysScroll(visitor);
    await expectAccessible(visitor);
    await visitor.screenshot({
      path: test.info().outputPath(`verified-reviews-${locale}.png`),
      fullPage: true,
    });

    // The dish's card counts the diner's photo, and its page shows it.
    await visitor.goto(`${prefix}/r/${owner.urlName}/branch/main`);
    await visitor
      .getByRole("link", { name: withValue(say, "Diners' photos ({{number}})", "number", "1") })
      .click();
    await expect(visitor.getByRole("heading", { name: say("Diners' photos") })).toBeVisible();
    await expect(
      visitor.getByRole("img", { name: withValue(say, "Photo by {{author}}", "author", me.name) }),
    ).toBeVisible();
    await expectAccessible(visitor);
    await phone.close();
  });
}
