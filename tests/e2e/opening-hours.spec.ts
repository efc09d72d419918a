import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { HOURS_SHORTCUT_MESSAGES as M } from "~/features/branches/hours-shortcuts.messages.ts";
import {
  addSectionFor,
  appUrl,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  shareSession,
  toast,
  ur,
} from "./helpers.ts";

// A week's hours were 28 inputs a branch. Each shortcut, walked on a 360 px
// phone in both languages, with scripts (the form fills at once) and without (the
// server fills it); nothing is saved until 'Save opening hours'.
test.use({ viewport: { width: 360, height: 780 } });

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await request.post(path, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  expect(response.status(), path).toBe(302);
}

/** An owner with the branches Blue Area (open 11:00 to 23:30, closed on Friday) and Saddar (no hours yet). */
async function ownerWithTwoBranches(page: Page, request: APIRequestContext) {
  await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await post(request, "/profile/restaurant/addbranch", { branchName: "Blue Area" });
  await post(request, "/profile/restaurant/addbranch", { branchName: "Saddar" });
  const week = Object.fromEntries(
    ["mon", "tue", "wed", "thu", "sat", "sun"].flatMap((d) => [
      [`${d}Opens0`, "11:00"],
      [`${d}Closes0`, "23:30"],
    ]),
  );
  await post(request, "/profile/restaurant/mybranches/bluearea/hours", { ...week, friClosed: "on" });
  // That save's toast is taken here: shared with the page, it would be shown on its first
  // screen and could still be on screen, a second 'Opening hours saved', at the page's own save.
  expect((await request.get("/profile/restaurant/mybranches")).ok()).toBe(true);
  await shareSession(page, request);
}

/** React has taken the form over (its fibre is on the element), so a click runs the shortcut in the page. */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.querySelector("main form") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );

const LANGUAGES = [
  { locale: "en", prefix: "", say: (english: string) => english },
  { locale: "ur", prefix: "/ur", say: ur },
] as const;

/** The words of a text with one {{value}}, in the page's language. */
const withValue = (say: (english: string) => string, key: string, name: string, value: string) =>
  say(key).replace(`{{${name}}}`, value);

for (const { locale, prefix, say } of LANGUAGES) {
  for (const scripts of [true, false]) {
    test(`the three shortcuts fill the week, the owner changes a day and saves (${locale}, ${scripts ? "with" : "without"} scripts) @phone`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(60_000);
      const context = await browser.newContext({
        javaScriptEnabled: scripts,
        baseURL: appUrl(),
        viewport: { width: 360, height: 780 },
      });
      const page = await context.newPage();
      await ownerWithTwoBranches(page, request);
      const day = (english: string) => say(english);
      const field = (dayName: string, edge: "opens" | "closes") =>
        page.getByLabel(withValue(say, `{{day}}: ${edge}`, "day", day(dayName)), { exact: true });
      const closedBox = (dayName: string) =>
        page.getByRole("checkbox", { name: withValue(say, "Closed on {{day}}", "day", day(dayName)) });

      await page.goto(`${prefix}/profile/restaurant/mybranches/saddar/hours`);
      await expect(page.getByRole("heading", { name: say("Opening hours") })).toBeVisible();
      if (scripts) await hydrated(page);

      // 1. Copy Monday to every day, with Sunday ticked closed first.
      await field("Monday", "opens").fill("12:00");
      await field("Monday", "closes").fill("23:00");
      await closedBox("Sunday").check();
      await page.getByRole("button", { name: say("Copy Monday to every day") }).click();
      await expect(page.getByRole("status").filter({ hasText: say(M.mondayCopied) })).toBeVisible();
      for (const name of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
        await expect(field(name, "opens")).toHaveValue("12:00");
        await expect(field(name, "closes")).toHaveValue("23:00");
      }
      await expect(field("Sunday", "opens")).toHaveValue("");
      await expect(closedBox("Sunday")).toBeChecked();
      // With scripts a closed day's times are set aside at once; without, the server ignores them.
      if (scripts) await expect(field("Sunday", "opens")).toBeDisabled();
      // axe runs in the page: with scripts (the markup is the same without).
      if (scripts) await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`hours-copy-monday-360-${locale}.png`),
        fullPage: true,
      });

      // 2. The owner still changes any day: Saturday closes later; then saves.
      await field("Saturday", "closes").fill("01:30");
      await page.getByRole("button", { name: say("Save opening hours") }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/profile/restaurant/mybranches/saddar$`, "u"));
      if (scripts) await expect(toast(page, say("Opening hours saved"))).toBeVisible();
      await page.goto(`${prefix}/profile/restaurant/mybranches/saddar/hours`);
      await expect(field("Saturday", "closes")).toHaveValue("01:30");
      await expect(field("Friday", "opens")).toHaveValue("12:00");
      await expect(closedBox("Sunday")).toBeChecked();
      await expect(closedBox("Monday")).not.toBeChecked();

      // 3. Same hours as Blue Area: its days replace the form's, Friday closed.
      if (scripts) await hydrated(page);
      await page.getByLabel(say("Same hours as branch")).selectOption({ label: "Blue Area" });
      await page.getByRole("button", { name: say("Copy their hours") }).click();
      await expect(
        page.getByRole("status").filter({
          hasText: withValue(
            say,
            "{{branch}}'s hours are in the form now. Change any day, then save.",
            "branch",
            "Blue Area",
          ),
        }),
      ).toBeVisible();
      await expect(field("Monday", "opens")).toHaveValue("11:00");
      await expect(field("Sunday", "closes")).toHaveValue("23:30");
      await expect(closedBox("Friday")).toBeChecked();
      await expect(closedBox("Sunday")).not.toBeChecked();
      // axe runs in the page: with scripts (the markup is the same without).
      if (scripts) await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`hours-same-as-360-${locale}.png`),
        fullPage: true,
      });
      // Then Friday opens after all, in the evening only.
      await closedBox("Friday").uncheck();
      await field("Friday", "opens").fill("18:00");
      await field("Friday", "closes").fill("23:00");
      await page.getByRole("button", { name: say("Save opening hours") }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/profile/restaurant/mybranches/saddar$`, "u"));
      await page.goto(`${prefix}/profile/restaurant/mybranches/saddar/hours`);
      await expect(field("Monday", "closes")).toHaveValue("23:30");
      await expect(field("Friday", "opens")).toHaveValue("18:00");
      await expect(closedBox("Friday")).not.toBeChecked();
      await context.close();
    });
  }
}
