import { expect, test } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  sectionIdsOf,
  shareSession,
  toast,
  LANGUAGES,
  withValue,
} from "./helpers.ts";

// Issue 32, ADR 0044: an owner makes a family deal on a 360 px phone, in English and in
// Urdu, is told when it has no parts, and a diner at the table sees it first, with what
// it saves against the dishes' own prices.
test.use({ viewport: { width: 360, height: 780 } });

for (const { locale, prefix, say } of LANGUAGES) {
  test(`an owner adds a family deal and a diner sees it first, with the saving (${locale}) @phone`, async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createRestaurant(request);
    await addSectionFor(request, "Karahi");
    const [karahi] = await sectionIdsOf(request);
    await addItemFor(request, karahi!, { name: "Chicken Karahi", price: "1800", positionInSection: "1" });
    await addItemFor(request, karahi!, { name: "Naan", price: "50", positionInSection: "2" });
    await request.post("/profile/restaurant/addbranch", {
      headers: { origin: appUrl() },
      form: { branchName: "Main" },
    });
    await approve(owner.urlName);
    await shareSession(page, request);

    await page.goto(`${prefix}/profile/restaurant/addmenu`);
    await page.getByRole("link", { name: say("Deals and combos") }).click();
    await expect(page.getByText(say("No deals yet."))).toBeVisible();
    await page.getByRole("link", { name: say("Add a deal") }).click();
    await expect(page.getByRole("heading", { name: say("Add a deal") })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // Named and priced, but nothing in it: refused in words.
    await page.getByLabel(say("Deal name")).fill("Family deal");
    await page.getByLabel(say("Price (Rs.)")).fill("1800");
    await page.getByLabel(say("For how many people")).fill("4");
    await page.getByRole("button", { name: say("Save the deal") }).click();
    await expect(
      page
        .getByText(
          say("A deal needs at least one part: a dish of your menu, or a few words such as '1.5 L drink'."),
        )
        .first(),
    ).toBeVisible();
    await expectAccessible(page);

    // A karahi and four naan.
    const part = (key: string, n: number) => page.getByLabel(withValue(say, key, "number", String(n)));
    await part("Part {{number}}: dish", 1).selectOption({ label: "Chicken Karahi" });
    await part("Part {{number}}: dish", 2).selectOption({ label: "Naan" });
    await part("Part {{number}}: how many", 2).fill("4");
    await page.getByRole("button", { name: say("Save the deal") }).click();
    await expect(toast(page, say("Deal saved"))).toBeVisible();
    await expect(page.getByRole("heading", { name: "Family deal" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A diner at the table: the deal first, and what it saves (1,800 + 4 × 50 − 1,800).
    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: appUrl() });
    const diner = await visitor.newPage();
    await diner.goto(`${prefix}/r/${owner.urlName}/branch/main`);
    const deals = diner.getByRole("region", { name: say("Deals") });
    await expect(deals.getByRole("heading", { name: "Family deal" })).toBeVisible();
    await expect(deals.getByText("1 × Chicken Karahi")).toBeVisible();
    await expect(
      deals.getByText(withValue(say, "You save {{amount}}", "amount", "\u2066$200\u2069")),
    ).toBeVisible();
    const headings = await diner.locator("main h2").allTextContents();
    expect(headings.indexOf(say("Deals"))).toBeLessThan(headings.indexOf("Karahi"));
    await expectNoSidewaysScroll(diner);
    await expectAccessible(diner);
    await diner.screenshot({ path: test.info().outputPath(`deal-${locale}.png`), fullPage: true });
    await visitor.close();
  });
}
