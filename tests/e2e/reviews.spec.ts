import { expect, test } from "@playwright/test";
import {
  createCustomer,
  expectAccessible,
  jpegFile,
  mp4File,
  restaurantWithBranch,
  shareSession,
  toast,
} from "./helpers.ts";

test("a customer reviews a branch with stars, text and two photos; it shows everywhere @phone", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const ownerContext = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
  const owner = await restaurantWithBranch(ownerContext);

  // A visitor is asked to log in first and comes back to the form.
  await page.goto(`/r/${owner.urlName}/branch/main`);
  await page.getByRole("link", { name: "Add a Review" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.goto(`/r/${owner.urlName}/branch/main/reviews`);
  await expect(page.getByRole("heading", { name: "Reviews for Main" })).toBeVisible();
  await expect(page.getByText("No reviews yet for this branch.")).toBeVisible();

  const me = await createCustomer(request);
  await shareSession(page, request);
  await page.goto(`/profile/customer/reviews`);
  await expect(page.getByText("You haven't submitted any reviews yet")).toBeVisible();

  await page.goto(`/profile/customer/addreview/${owner.urlName}/main`);
  await expect(page.getByRole("heading", { name: "Add a Review" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(page).toHaveURL(/addreview/);
  await page.getByLabel("4 stars").check({ force: true });
  await page.getByLabel("Your review").fill("Karahi was perfect, naan a bit cold.");
  await page.getByLabel(/^Photos/).setInputFiles([await jpegFile(800, 600), await jpegFile(600, 800)]);
  await expect(page.getByRole("img", { name: "Chosen 2 of 2" })).toBeVisible();
  await page.getByRole("button", { name: "Post Review" }).click();
  // Back on the branch page (product rules §2), with the review just posted first (ADR 0024).
  await expect(page).toHaveURL(new RegExp(`/r/${owner.urlName}/branch/main\\?posted=[\\w-]+#your-review$`));
  await expect(toast(page, "Thanks! Your review was posted.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your review" })).toBeVisible();

  await page.getByRole("link", { name: "See Reviews" }).click();
  await expect(page.getByText("Karahi was perfect, naan a bit cold.")).toBeVisible();
  await expect(page.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Open photo 2 of/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/reviews");
  await expect(page.getByRole("heading", { name: "Recent reviews" })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/reviews/${owner.urlName}`);
  await expect(page.getByText("Karahi was perfect, naan a bit cold.")).toBeVisible();

  // Posting again the same day is refused with a clear message.
  await page.goto(`/profile/customer/addreview/${owner.urlName}/main`);
  await page.getByLabel("5 stars").check({ force: true });
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(
    toast(page, "You have already reviewed this branch today. You can post again tomorrow."),
  ).toBeVisible();

  // The owner replies from the REVIEWS page; a reader reports.
  const ownerBrowser = await page.context().browser()!.newContext({ baseURL: process.env.E2E_APP_URL });
  await ownerBrowser.addCookies((await ownerContext.storageState()).cookies);
  const ownerPage = await ownerBrowser.newPage();
  await ownerPage.goto(`/reviews/${owner.urlName}`);
  await ownerPage.getByLabel("Reply publicly").fill("Thank you! We fixed the tandoor.");
  await ownerPage.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(toast(ownerPage, "Your reply was saved.")).toBeVisible();
  await expectAccessible(ownerPage);
  await ownerBrowser.close();

  await page.goto(`/r/${owner.urlName}/branch/main/reviews`);
  await expect(page.getByText("Thank you! We fixed the tandoor.")).toBeVisible();
  await page.getByText("Report this review").click();
  await page.getByLabel("What is wrong with it?").fill("Testing the report button");
  await page.getByRole("button", { name: "Report", exact: true }).click();
  await expect(toast(page, "Thanks, the review was reported.")).toBeVisible();

  // My Reviews: delete with the confirmation of product rules §8.
  await page.goto("/profile/customer/reviews");
  await expect(page.getByRole("heading", { name: "My Reviews" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Delete Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this review?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Review deleted successfully!")).toBeVisible();
  await expect(page.getByText("You haven't submitted any reviews yet")).toBeVisible();
  await page.goto(`/r/${owner.urlName}/branch/main/reviews`);
  await expect(page.getByText("No reviews yet for this branch.")).toBeVisible();
  await ownerContext.dispose();
  expect(me.email).toBeTruthy();
});

test("restaurants and visitors cannot post reviews; only the author deletes", async ({
  playwright,
  request,
}) => {
  const base = { baseURL: process.env.E2E_APP_URL, extraHTTPHeaders: { origin: process.env.E2E_APP_URL! } };
  const ownerContext = await playwright.request.newContext(base);
  const owner = await restaurantWithBranch(ownerContext);
  const path = `/profile/customer/addreview/${owner.urlName}/main`;

  const visitor = await playwright.request.newContext(base);
  expect(
    (await visitor.post(path, { multipart: { rating: "5" }, maxRedirects: 0 })).headers().location,
  ).toMatch(/^\/login/);
  expect(
    (await ownerContext.post(path, { multipart: { rating: "5" }, maxRedirects: 0 })).headers().location,
  ).toBe("/profile/restaurant");

  await createCustomer(request);
  const posted = await request.post(path, {
    headers: base.extraHTTPHeaders,
    multipart: { rating: "3", review: "Mine" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const reviewId = (await (await request.get("/profile/customer/reviews")).text()).match(
    /name="reviewId" value="([0-9a-f-]{36})"/,
  )![1]!;

  const other = await playwright.request.newContext(base);
  await createCustomer(other);
  const attempt = await other.post("/profile/customer/reviews", { form: { reviewId } });
  expect(attempt.status()).toBe(404);
  expect(await (await visitor.get(`/r/${owner.urlName}/branch/main/reviews`)).text()).toContain("Mine");
  await Promise.all([ownerContext, visitor, other].map((c) => c.dispose()));
});

test("a review with a video: the upload shows its progress, survives a dropped connection, and plays on the page", async ({
  page,
  request,
  playwright,
}) => {
  const ownerContext = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
  const owner = await restaurantWithBranch(ownerContext);
  await createCustomer(request);
  await shareSession(page, request);

  // The first chunk's connection drops midway; the client asks the server where to resume.
  let dropped = 0;
  await page.route("**/uploads/video/*", async (route) => {
    if (route.request().method() === "PATCH" && dropped === 0) {
      dropped += 1;
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await page.goto(`/profile/customer/addreview/${owner.urlName}/main`);
  await page.getByLabel("5 stars").check({ force: true });
  await page.getByLabel(/^Video/).setInputFiles(mp4File(6 * 1024 * 1024));
  await expect(page.getByRole("status").filter({ hasText: "Video uploaded" })).toBeVisible({
    timeout: 20_000,
  });
  expect(dropped).toBe(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Post Review" }).click();
  await expect(toast(page, "Thanks! Your review was posted.")).toBeVisible();

  await page.goto(`/r/${owner.urlName}/branch/main/reviews`);
  const video = page.locator("video");
  await expect(video).toHaveAttribute("src", /^\/media\/vid\/[0-9a-f-]+\.mp4$/);
  const src = (await video.getAttribute("src"))!;
  const ranged = await page.request.get(src, { headers: { range: "bytes=0-99" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-range"]).toBe(`bytes 0-99/${6 * 1024 * 1024}`);
  expect(ranged.headers()["content-type"]).toBe("video/mp4");
  await ownerContext.dispose();
});

test("a file that is not a video is refused with a message", async ({ page, request, playwright }) => {
  const ownerContext = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
  const owner = await restaurantWithBranch(ownerContext);
  await createCustomer(request);
  await shareSession(page, request);
  await page.goto(`/profile/customer/addreview/${owner.urlName}/main`);
  await page.getByLabel(/^Video/).setInputFiles(await jpegFile(200, 200));
  await expect(page.getByText("This file is not a video. Choose an MP4, WebM or MOV video.")).toBeVisible();
  await ownerContext.dispose();
});
