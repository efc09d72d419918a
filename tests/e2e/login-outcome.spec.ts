import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  expectNoSidewaysScroll,
  logIn,
  shareSession,
  type Account,
} from "./helpers.ts";

/**
 * Product rules §4 send an owner to / after
 * login (they landed on /profile/restaurant). Their / shows a strip of their own: the
 * restaurant, the reviews waiting for a reply, the way to insights. That strip is one
 * owner's data on a page the cache keeps per role (ADR 0028): no visitor, customer or
 * other owner may ever be served it.
 */

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: appUrl() });
  return context.newPage();
}

/** An approved restaurant with a branch "Main" and `waiting` reviews nobody has answered. */
async function ownerWithWaitingReviews(
  request: APIRequestContext,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  waiting: number,
) {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  await approve(owner.urlName);
  for (let i = 0; i < waiting; i++) {
    const diner = await playwright.request.newContext({ baseURL: appUrl() });
    await createCustomer(diner);
    const posted = await diner.post(`/profile/customer/addreview/${owner.urlName}/main`, {
      headers: { origin: appUrl() },
      multipart: { rating: "4", review: `Good karahi ${i}` },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    await diner.dispose();
  }
  return owner;
}

const strip = (page: Page, name = "Your restaurant") => page.getByRole("region", { name });

test("an owner logs in to /, with their restaurant, the reviews waiting and insights @phone", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerWithWaitingReviews(request, playwright, 2);
  const page = await phone(browser);
  await page.goto("/login");
  await logIn(page, owner);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/u);
  await expect(strip(page)).toBeVisible();
  await expect(strip(page).getByRole("link", { name: owner.name })).toHaveAttribute(
    "href",
    "/profile/restaurant",
  );
  await expect(strip(page).getByRole("link", { name: "2 reviews waiting for a reply" })).toHaveAttribute(
    "href",
    "/profile/restaurant/insights#waiting-for-reply",
  );
  await expect(strip(page).getByRole("link", { name: "Insights" })).toHaveAttribute(
    "href",
    "/profile/restaurant/insights",
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Loaded as a page too (no React navigation), every time rendered for them alone.
  for (let i = 0; i < 2; i++) {
    const answer = await page.goto("/");
    expect(answer!.headers()["x-page-cache"]).not.toBe("HIT");
    await expect(strip(page).getByText("2 reviews waiting for a reply")).toBeVisible();
  }

  // In Urdu, on the same phone.
  await page.goto("/ur");
  await expect(strip(page, "آپ کا ریستوران")).toBeVisible();
  await expect(strip(page, "آپ کا ریستوران").getByText("2 ریویوز آپ کے جواب کے منتظر ہیں")).toBeVisible();
  await expect(strip(page, "آپ کا ریستوران").getByRole("link", { name: "اعداد و شمار" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a visitor's, a customer's and another owner's / never hold an owner's strip or numbers", async ({
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  await ownerWithWaitingReviews(request, playwright, 3);
  const ownerPage = await phone(browser);
  await shareSession(ownerPage, request);
  // The owner reads / first, and again: if it were kept, the next owner would be served it.
  for (let i = 0; i < 2; i++) {
    await ownerPage.goto("/");
    await expect(strip(ownerPage).getByText("3 reviews waiting for a reply")).toBeVisible();
  }

  const signedIn = async (make: (r: APIRequestContext) => Promise<Account>) => {
    const r = await playwright.request.newContext({ baseURL: appUrl() });
    const account = await make(r);
    const page = await phone(browser);
    await shareSession(page, r);
    // The sign-up's welcome toast makes the first / its own; the next ones come from the cache.
    await page.goto("/");
    return { page, account };
  };
  const other = await signedIn((r) => createRestaurant(r));
  const customer = await signedIn((r) => createCustomer(r));
  const visitor = await phone(browser);

  for (let i = 0; i < 2; i++) {
    for (const page of [other.page, customer.page, visitor]) {
      const answer = await page.goto("/");
      // (The owner's name may be there: their restaurant is on everyone's "New on Foodverse".)
      const html = await answer!.text();
      expect(html).not.toContain("waiting for a reply");
      if (page !== other.page) expect(html).not.toContain("Your restaurant");
    }
  }
  // The other owner has a strip: their own, with nothing waiting.
  await expect(strip(other.page).getByRole("link", { name: other.account.name })).toBeVisible();
  await expect(strip(other.page).getByText("Every review has a reply.")).toBeVisible();
  await expect(strip(customer.page)).toHaveCount(0);
  await expect(strip(visitor)).toHaveCount(0);
  // The visitor's and the customer's / are still kept (other specs may change the site meanwhile).
  for (const page of [visitor, customer.page]) {
    await expect.poll(async () => (await page.goto("/"))!.headers()["x-page-cache"]).toBe("HIT");
  }

  // And a customer's login still ends on / (product rules §4), with no strip.
  const diner = await playwright.request.newContext({ baseURL: appUrl() });
  const dinerAccount = await createCustomer(diner);
  const dinerPage = await phone(browser);
  await dinerPage.goto("/login");
  await logIn(dinerPage, dinerAccount);
  await expect(dinerPage).toHaveURL(/^https?:\/\/[^/]+\/$/u);
  await expect(strip(dinerPage)).toHaveCount(0);
});
