import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  sectionIdsOf,
  shareSession,
  type Account,
} from "./helpers.ts";

/** A phone of someone signed up through the form (signed in by it), in a browser of their own. */
async function phoneOf<A extends Account>(
  browser: Browser,
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  signUp: (request: APIRequestContext) => Promise<A>,
) {
  const request = await playwright.request.newContext({ baseURL: appUrl() });
  const account = await signUp(request);
  const context = await browser.newContext({ baseURL: appUrl() });
  const page = await context.newPage();
  await shareSession(page, request);
  // The sign-up's welcome toast is this reader's alone: shown (uncached) once, then gone.
  await page.goto("/");
  return { account, page, request, close: () => Promise.all([context.close(), request.dispose()]) };
}

const header = (page: Page) => page.getByRole("banner");

test("two customers and the owner read the same branch page from the cache, each with only their own name and actions", async ({
  browser,
  playwright,
}) => {
  const owner = await phoneOf(browser, playwright, (r) => createRestaurant(r));
  await addSectionFor(owner.request, "Karahi");
  const [sectionId] = await sectionIdsOf(owner.request);
  await addItemFor(owner.request, sectionId!, { name: "Chicken Karahi" });
  const added = await owner.request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const { urlName } = owner.account;
  const branchPage = `/r/${urlName}/branch/main`;

  // Before approval the owner reads their own preview, kept for them.
  let answer = await owner.page.goto(branchPage);
  await expect(owner.page.getByText("Chicken Karahi").first()).toBeVisible();
  expect(answer!.headers()["x-page-cache"]).toBe("MISS");
  answer = await owner.page.goto(branchPage);
  expect(answer!.headers()["x-page-cache"]).toBe("HIT");
  await approve(urlName);

  const sana = await phoneOf(browser, playwright, (r) => createCustomer(r));
  const bilal = await phoneOf(browser, playwright, (r) => createCustomer(r));
  answer = await sana.page.goto(branchPage);
  expect(answer!.headers()["x-page-cache"]).toBe("MISS");
  answer = await bilal.page.goto(branchPage);
  // The second customer gets the page kept for the first, with their own name in it.
  expect(answer!.headers()["x-page-cache"]).toBe("HIT");
  expect(answer!.headers()["cache-control"]).toBe("private, no-cache");

  for (const [me, other] of [
    [sana, bilal],
    [bilal, sana],
  ] as const) {
    await expect(header(me.page).getByRole("link", { name: me.account.name }).first()).toBeAttached();
    await expect(header(me.page).getByRole("button", { name: "Sign out" }).first()).toBeAttached();
    await expect(me.page.getByText(other.account.name)).toHaveCount(0);
    await expect(me.page.getByRole("link", { name: "Add a Review" })).toHaveAttribute(
      "href",
      `/profile/customer/addreview/${urlName}/main`,
    );
    // Signed in, the page is the visitor's shape: an island at most, no React to hydrate.
    const inline = me.page.locator("script:not([src]):not([type='application/ld+json'])");
    for (const script of await inline.all()) expect(await script.textContent()).toBe(ISLAND_LOADER);
  }

  // The owner: their own name, no 'Add a Review' (customers only), from a copy of their own.
  answer = await owner.page.goto(branchPage);
  await expect(header(owner.page).getByRole("link", { name: owner.account.name }).first()).toBeAttached();
  await expect(owner.page.getByRole("link", { name: "Add a Review" })).toHaveCount(0);
  await expect(owner.page.getByText("Only customer accounts can write reviews.")).toBeVisible();
  await expect(owner.page.getByText(sana.account.name)).toHaveCount(0);
  answer = await owner.page.goto(branchPage);
  expect(answer!.headers()["x-page-cache"]).toBe("HIT");

  // Signing out is a plain form: it works on a page sent without React.
  await sana.page.goto(branchPage);
  await header(sana.page).getByRole("button", { name: "Sign out" }).first().click({ force: true });
  await sana.page.goto(branchPage);
  await expect(header(sana.page).getByText(sana.account.name)).toHaveCount(0);
  await expect(sana.page.getByRole("link", { name: "Add a Review" })).toHaveAttribute(
    "href",
    /^\/login\?redirectTo=/,
  );

  await bilal.page.setViewportSize({ width: 360, height: 800 });
  await bilal.page.goto(branchPage);
  await expectAccessible(bilal.page);
  await Promise.all([owner.close(), sana.close(), bilal.close()]);
});
