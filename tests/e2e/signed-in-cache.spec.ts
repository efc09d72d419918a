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

/** A section "Karahi" with one dish, and a branch "Main" that follows it, made through the owner's forms. */
async function menuWithBranch(request: APIRequestContext, dishName: string) {
  await addSectionFor(request, "Karahi");
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, { name: dishName });
  const added = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
}

test("two customers and the owner read the same branch page from the cache, each with only their own name and actions", async ({
  browser,
  playwright,
}) => {
  const owner = await phoneOf(browser, playwright, (r) => createRestaurant(r));
  await menuWithBranch(owner.request, "Chicken Karahi");
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

// docs/threat-model.md, "page cache and splicing": the slot marker pages carried until
// content could hold it too. A review "Hello {marker}, call …" greeted each reader by
// name; a website "https://evil.example/?u={marker}" sent an admin's email away.
const OLD_MARKER = "fv-viewer-name-slot-3c9e";

test("a reader's name goes only in the header, never where a review, an about text, a website or a dish repeats a marker", async ({
  browser,
  playwright,
}) => {
  const owner = await phoneOf(browser, playwright, (r) =>
    createRestaurant(r, {
      about: `Hello ${OLD_MARKER}, your account needs verification.`,
      restWebsite: `https://evil.example/?u=${OLD_MARKER}`,
    }),
  );
  await menuWithBranch(owner.request, `Karahi ${OLD_MARKER}`);
  const { urlName } = owner.account;
  await approve(urlName);

  const writer = await phoneOf(browser, playwright, (r) => createCustomer(r));
  const posted = await writer.request.post(`/profile/customer/addreview/${urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: { rating: "5", review: `Hello ${OLD_MARKER}, call 0300 0000000 to verify.` },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);

  const reader = await phoneOf(browser, playwright, (r) => createCustomer(r));
  const pages = [
    `/r/${urlName}`,
    `/r/${urlName}/branch/main`,
    `/r/${urlName}/branch/main/reviews`,
    `/reviews/${urlName}`,
  ];
  for (const path of pages) {
    // Twice: the page rendered for the reader's role (MISS), then the kept one (HIT).
    for (const round of [0, 1]) {
      const answer = await reader.page.goto(path);
      expect(answer!.status()).toBe(200);
      const main = reader.page.locator("main");
      await expect(main).toContainText(OLD_MARKER);
      await expect(main).not.toContainText(reader.account.name);
      // Outside the header the page holds no trace of its reader (JSON-LD and links included).
      const outsideHeader = (await answer!.text()).replace(/<header\b[\s\S]*?<\/header>/, "");
      expect([path, round, outsideHeader.includes(reader.account.name)]).toEqual([path, round, false]);
      expect(outsideHeader).toContain(OLD_MARKER);
    }
  }
  // The website link is the owner's, as written.
  await reader.page.goto(`/r/${urlName}`);
  await expect(reader.page.locator(`a[href="https://evil.example/?u=${OLD_MARKER}"]`).first()).toBeAttached();
  for (const phone of [owner, writer, reader]) await phone.close();
});
