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
} from "./helpers.ts";

// Issue 32, ADR 0045: an owner in Islamabad sets Ramadan hours (iftar to 23:30, and a
// sehri service) on a 360 px phone, in English and in Urdu, then previews the table page
// on a Ramadan afternoon (the countdown to iftar, the iftar deal first) and on a day
// before Ramadan (the weekly hours, no countdown). The clock is the owner's preview.
test.use({ viewport: { width: 360, height: 780 } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
/** A message with {{values}} as a pattern: any number, any clock time. */
const pattern = (text: string) =>
  new RegExp(
    escape(text)
      .replace(/\\\{\\\{minutes\\\}\\\}/u, "\\d+")
      .replace(/\\\{\\\{time\\\}\\\}/u, ".+"),
    "u",
  );

for (const { locale, prefix, say } of LANGUAGES) {
  test(`Ramadan hours on and off, with the countdown to iftar and the iftar deal first (${locale}) @phone`, async ({
    page,
    request,
  }) => {
    const owner = await createRestaurant(request);
    await addSectionFor(request, "Snacks");
    const [snacks] = await sectionIdsOf(request);
    await addItemFor(request, snacks!, { name: "Pakora", price: "100", positionInSection: "1" });
    const items = await (await request.get("/profile/restaurant/addmenu/items")).text();
    const pakora = /edit\/([0-9a-f-]{36})/u.exec(items)![1]!;
    const post = (path: string, form: Record<string, string>) =>
      request.post(path, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
    await post("/profile/restaurant/addbranch", {
      branchName: "Main",
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "Blue Area",
    });
    const week = Object.fromEntries(
      ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((d) => [
        [`${d}Opens0`, "12:00"],
        [`${d}Closes0`, "23:00"],
      ]),
    );
    expect((await post("/profile/restaurant/mybranches/main/hours", week)).status()).toBe(302);
    for (const [name, iftar] of [
      ["Lunch deal", ""],
      ["Iftar deal", "on"],
    ] as const) {
      const added = await request.post("/profile/restaurant/addmenu/deals/new", {
        headers: { origin: appUrl() },
        multipart: { name, price: "150", serves: "1", partDish: pakora, partQuantity: "2", iftar },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(302);
    }
    await approve(owner.urlName);
    await shareSession(page, request);

    // From the branch's screen to its Ramadan and Eid hours.
    await page.goto(`${prefix}/profile/restaurant/mybranches/main`);
    await page.getByRole("link", { name: say("Ramadan and Eid hours") }).click();
    await expect(page.getByText(say("No Ramadan or Eid hours yet."))).toBeVisible();
    // Nothing given and not closed: refused in words.
    await page.getByLabel(say("First day")).fill("2027-02-08");
    await page.getByLabel(say("Last day")).fill("2027-03-09");
    await page.getByRole("button", { name: say("Save these hours") }).click();
    await expect(
      page.getByText(say("Give the hours, or tick 'Closed on these days'.")).first(),
    ).toBeVisible();
    await expectAccessible(page);
    // Iftar to 23:30, and 02:00 to sehri.
    const field = (key: string, n: number) => page.getByLabel(say(key).replace("{{number}}", String(n)));
    await page.getByLabel(say("First day")).fill("2027-02-08");
    await page.getByLabel(say("Last day")).fill("2027-03-09");
    await field("Time {{number}}: from", 1).selectOption("iftar");
    await field("Time {{number}}: ends at", 1).fill("23:30");
    await field("Time {{number}}: starts at", 2).fill("02:00");
    await field("Time {{number}}: to", 2).selectOption("sehri");
    await page.getByRole("button", { name: say("Save these hours") }).click();
    await expect(toast(page, say("Ramadan and Eid hours saved"))).toBeVisible();
    await expect(page.getByText(`${say("iftar")} – 11:30`, { exact: false })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Ramadan on: a Monday afternoon, 40 minutes or so before iftar.
    const tablePage = `${prefix}/r/${owner.urlName}/branch/main`;
    await page.goto(`${tablePage}?at=2027-02-15T17:15`);
    await expect(
      page.getByRole("note").filter({ hasText: pattern(say("Iftar in {{minutes}} min · {{time}}")) }),
    ).toBeVisible();
    const deals = page.getByRole("region", { name: say("Deals") }).getByRole("heading", { level: 3 });
    await expect(deals).toHaveText(["Iftar deal", "Lunch deal"]);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`ramadan-on-${locale}.png`), fullPage: true });

    // Ramadan off: a week before, the weekly hours and no countdown; deals in their order.
    await page.goto(`${tablePage}?at=2027-02-01T13:00`);
    await expect(page.getByText(pattern(say("Open now · closes {{time}}"))).first()).toBeVisible();
    await expect(
      page.getByRole("note").filter({ hasText: pattern(say("Iftar in {{minutes}} min · {{time}}")) }),
    ).toHaveCount(0);
    await expect(deals).toHaveText(["Lunch deal", "Iftar deal"]);
    await page.screenshot({ path: test.info().outputPath(`ramadan-off-${locale}.png`), fullPage: true });
  });
}
