import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  isHydrated,
  shareSession,
  toast,
} from "./helpers.ts";

// ADR 0032: a review posted while its process dies is answered by nginx's
// 502 page, though it may have been stored; the diner sends it again. The form carries a
// token, and the second post is answered as the first, with one review stored.

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A branch to review, and its review form's path; the diner signs up in `diner`'s cookies. */
async function branchToReview(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  diner: APIRequestContext,
) {
  const ownerContext = await playwright.request.newContext({ baseURL: appUrl() });
  const owner = await createRestaurant(ownerContext);
  await addSectionFor(ownerContext, "Mains");
  await ownerContext.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
  });
  await approve(owner.urlName);
  await createCustomer(diner);
  return `/profile/customer/addreview/${owner.urlName}/main`;
}

async function myReviewsWith(page: Page, text: string) {
  await page.goto("/profile/customer/reviews");
  return page.getByText(text, { exact: true });
}

test("the review form carries a new token each time it is opened", async ({ page, request, playwright }) => {
  const form = await branchToReview(playwright, request);
  await shareSession(page, request);
  await page.goto(form);
  const first = await page.locator('input[name="submission"]').inputValue();
  expect(first).toMatch(TOKEN);
  await page.reload();
  const second = await page.locator('input[name="submission"]').inputValue();
  expect(second).toMatch(TOKEN);
  expect(second).not.toBe(first);
});

test("a post that got nginx's 502 keeps the form; sent again, one review is stored", async ({
  page,
  request,
  playwright,
}) => {
  const form = await branchToReview(playwright, request);
  await shareSession(page, request);
  await page.goto(form);
  await page.waitForLoadState("networkidle");
  await expect.poll(() => isHydrated(page)).toBe(true);
  const token = await page.locator('input[name="submission"]').inputValue();

  // The app stores the review; the answer is lost on the way back (the process died, nginx answered).
  let stored = 0;
  await page.route("**/addreview/**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    if (answer.status() < 400) stored++;
    return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
  });
  const text = "Sent while the server restarted.";
  await page.getByLabel("4 stars").check({ force: true });
  await page.getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(
    toast(page, "We could not reach Foodverse. Send it again: it will not be saved twice."),
  ).toBeVisible();
  expect(stored).toBe(1);
  // The form is still there, filled, with the same token.
  await expect(page.getByLabel("Your review")).toHaveValue(text);
  await expect(page.locator('input[name="submission"]')).toHaveValue(token);

  await page.unroute("**/addreview/**");
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(page).toHaveURL(/\/branch\/main\?posted=[\w-]+#your-review$/);
  await expect(toast(page, "Thanks! Your review was posted.")).toBeVisible();
  await expect(await myReviewsWith(page, text)).toHaveCount(1);
});

test("the same post sent twice without scripts is answered alike and stored once", async ({
  page,
  request,
  playwright,
}) => {
  const form = await branchToReview(playwright, request);
  const html = await (await request.get(form)).text();
  const token = /name="submission" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toMatch(TOKEN);
  const text = "Posted twice from a phone without scripts.";
  const send = () =>
    request.post(form, {
      headers: { origin: appUrl() },
      multipart: { rating: "5", review: text, submission: token! },
      maxRedirects: 0,
    });
  const first = await send();
  const again = await send();
  expect(first.status()).toBe(302);
  expect(again.status()).toBe(302);
  expect(first.headers().location).toMatch(/\/branch\/main\?posted=[\w-]+#your-review$/);
  expect(again.headers().location).toBe(first.headers().location);
  await shareSession(page, request);
  await expect(await myReviewsWith(page, text)).toHaveCount(1);
});
