import { expect, test, type Page } from "@playwright/test";
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

// Issue 32, ADR 0043: a breakfast section served 7:00 to 11:30. The owner sets it on a
// 360 px phone, in English and in Urdu, is told what is wrong with overlapping times, and
// previews the table page at 11:00 and at 11:45 on a Monday (the page's clock, set by the
// owner's preview: the server's own is the real one). Visitors never get the preview.
test.use({ viewport: { width: 360, height: 780 } });

/**
 * The section headings of the table page, in the order the diner reads them: asserted
 * with retries, as the page changes after the URL does (React Router commits the new page
 * in a transition).
 */
const sectionHeadings = (page: Page) => page.locator('h2[id^="h-"]');

for (const { locale, prefix, say } of LANGUAGES) {
  // The morning as the page writes it: "7:00 am", "7:00 صبح".
  const morning = say("in the morning") === "in the morning" ? "am" : say("in the morning");
  test(`an owner serves breakfast until 11:30 and previews the table page before and after (${locale}) @phone`, async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createRestaurant(request);
    await addSectionFor(request, "Breakfast");
    await addSectionFor(request, "Karahi");
    const [breakfast, karahi] = await sectionIdsOf(request);
    await addItemFor(request, breakfast!, { name: "Halwa Puri", positionInSection: "1" });
    await addItemFor(request, karahi!, { name: "Chicken Karahi", positionInSection: "1" });
    await request.post("/profile/restaurant/addbranch", {
      headers: { origin: appUrl() },
      form: { branchName: "Main" },
    });
    await approve(owner.urlName);
    await shareSession(page, request);

    // From the list of sections to the form.
    await page.goto(`${prefix}/profile/restaurant/addmenu/sections`);
    await expect(page.getByText(say("Served whenever you are open")).first()).toBeVisible();
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Breakfast" }) })
      .getByRole("link", { name: say("Serving times") })
      .click();
    await expect(
      page.getByRole("heading", { name: withValue(say, "Serving times: {{name}}", "name", "Breakfast") }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // Two windows that overlap on every day: refused in words, nothing saved.
    const field = (key: string, n: number) => page.getByLabel(withValue(say, key, "number", String(n)));
    await field("Time {{number}}: from", 1).fill("07:00");
    await field("Time {{number}}: to", 1).fill("11:30");
    await field("Time {{number}}: from", 2).fill("11:00");
    await field("Time {{number}}: to", 2).fill("12:00");
    await page.getByRole("button", { name: say("Save serving times") }).click();
    await expect(
      page.getByText(say("These times overlap with another window on Monday.")).first(),
    ).toBeVisible();
    await expectAccessible(page);

    // The second window cleared: saved, and the list says when breakfast is served.
    await field("Time {{number}}: from", 2).fill("");
    await field("Time {{number}}: to", 2).fill("");
    await page.getByRole("button", { name: say("Save serving times") }).click();
    await expect(toast(page, say("Serving times saved"))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${prefix}/profile/restaurant/addmenu/sections$`, "u"));
    await expect(
      page.getByText(withValue(say, "Served {{times}}", "times", `7:00 ${morning} – 11:30 ${morning}`)),
    ).toBeVisible();

    // The branch's screen leads to the table page's preview.
    await page.goto(`${prefix}/profile/restaurant/mybranches/main`);
    await page.getByRole("link", { name: say("See the menu at another time") }).click();
    const tablePage = `${prefix}/r/${owner.urlName}/branch/main`;
    await expect(page).toHaveURL(new RegExp(`${tablePage}#preview-at$`, "u"));

    // Monday 30 November, 11:00: breakfast first, served until 11:30.
    const showAt = async (moment: string) => {
      await page.getByLabel(say("Date and time")).fill(moment);
      await page.getByRole("button", { name: say("Show the menu then") }).click();
      await expect(page).toHaveURL(new RegExp(`at=${encodeURIComponent(moment)}`, "u"));
    };
    await showAt("2026-11-30T11:00");
    await expect(page.getByRole("status").filter({ hasText: "2026-11-30" })).toContainText(
      `${say("Monday")} \u20662026-11-30\u2069${say(", ")}11:00 ${morning}`,
    );
    await expect(sectionHeadings(page)).toHaveText(["Breakfast", "Karahi"]);
    await expect(page.getByText(withValue(say, "Until {{time}}", "time", `11:30 ${morning}`))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`breakfast-1100-${locale}.png`), fullPage: true });

    // 11:45: still on the page, after what is served now, marked with when it starts.
    await showAt("2026-11-30T11:45");
    await expect(sectionHeadings(page)).toHaveText(["Karahi", "Breakfast"]);
    await expect(page.getByText(withValue(say, "From {{time}}", "time", `7:00 ${morning}`))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`breakfast-1145-${locale}.png`), fullPage: true });

    // Back to now: the preview's note goes.
    await page.getByRole("link", { name: say("Back to now") }).click();
    await expect(page).toHaveURL(new RegExp(`${tablePage}$`, "u"));

    // A visitor asking for a moment gets the page of now, with no preview form.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: appUrl() });
    const diner = await visitor.newPage();
    await diner.goto(`${tablePage}?page=1&at=2026-11-30T11:00`);
    await expect(diner).toHaveURL(new RegExp(`${tablePage}\\?page=1$`, "u"));
    await expect(diner.getByLabel(say("Date and time"))).toHaveCount(0);
    // Whatever the hour, breakfast is on the page and says when it is served.
    await expect(diner.getByRole("heading", { name: "Breakfast" })).toBeVisible();
    await expect(
      diner.getByText(withValue(say, "Served {{times}}", "times", `7:00 ${morning} – 11:30 ${morning}`)),
    ).toBeVisible();
    await visitor.close();
  });
}
