import fs from "node:fs";
import path from "node:path";
import { RouterContextProvider, type MetaDescriptor } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { sitemapFile, sitemapIndex } from "~/features/seo/sitemap.server.ts";
import * as addReviewPage from "~/routes/customer/add-review.tsx";
import * as bestSellersPage from "~/routes/public/best-sellers.tsx";
import * as branchItemPage from "~/routes/public/branch-item.tsx";
import * as branchReviewsPage from "~/routes/public/branch-reviews.tsx";
import * as branchPage from "~/routes/public/branch.tsx";
import * as branchesPage from "~/routes/public/branches.tsx";
import * as homePage from "~/routes/public/home.tsx";
import * as menuItemPage from "~/routes/public/menu-item.tsx";
import * as menuPage from "~/routes/public/menu.tsx";
import * as recentReviewsPage from "~/routes/public/recent-reviews.tsx";
import * as restaurantReviewsPage from "~/routes/public/restaurant-reviews.tsx";
import * as restaurantPage from "~/routes/public/restaurant.tsx";
import * as restaurantsPage from "~/routes/public/restaurants.tsx";
import * as searchPage from "~/routes/public/search.tsx";
import { servicesContext } from "~/server/context.ts";
import { contentVersionKey } from "~/server/page-cache.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { loaderData, type LoaderData } from "../setup/loader-data.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0017: a restaurant that is not approved shows a visitor
 * its profile page only. It is in no listing, review list, finder, best-seller
 * list, sitemap or JSON-LD; its other pages carry the awaiting-approval note and
 * nothing else; no page's data (what `.data` sends) names its status; it takes
 * no reviews. Its owner still sees a preview of their own.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
let photo: Buffer;

interface Place {
  id: string;
  urlName: string;
  restName: string;
  cookies: Headers;
  branchUrl: string;
  itemId: string;
  branchItemId: string;
  dish: string;
}

let approved: Place;
let hidden: Record<"pending" | "suspended" | "rejected", Place>;
let customer: { id: string; cookies: Headers };

async function newPlace(label: string): Promise<Place> {
  const restName = `${label} Kitchen ${Date.now().toString(36)}`;
  const owner = await signedUpOwner(services, { restName });
  const { cookies } = owner;
  const viewer = { userId: owner.id, urlName: owner.urlName };
  const dish = `${label} Karahi`;
  const section = await menus.addSection(services, viewer.userId, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const item = await menus.addItem(services, viewer.userId, {
    values: itemInput(section.id, { name: dish, description: `${dish} in a wok` }),
    files: itemViews(photo),
  });
  if (!item.ok) throw new Error(inEnglish(item.message));
  const branch = await addBranch(services, viewer.userId, {
    branchName: "Main",
    address: `${label} Road 1`,
    contact: "051-1234567",
  });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  const branchItem = await services.database.db
    .selectFrom("menu_item")
    .innerJoin("branch", "branch.id", "menu_item.branchId")
    .select("menu_item.id")
    .where("branch.restaurantId", "=", viewer.userId)
    .executeTakeFirstOrThrow();
  return {
    id: viewer.userId,
    urlName: viewer.urlName,
    restName,
    cookies,
    branchUrl: branch.branchUrl,
    itemId: item.id,
    branchItemId: branchItem.id,
    dish,
  };
}

/** Approved long enough to be reviewed and rated (as before this fix), then decided on. */
function ok(result: { ok: boolean }) {
  if (!result.ok) throw new Error(JSON.stringify(result));
}

async function reviewedWhileApproved(place: Place) {
  ok(await decideRestaurant(services, COMMAND_LINE, place.urlName, { intent: "approve" }));
  ok(
    await postReview(
      services,
      customer.id,
      { urlName: place.urlName, branchUrl: place.branchUrl },
      { values: { rating: "5", review: `Loved ${place.restName}` }, photos: [] },
    ),
  );
  ok(await menus.rateItem(services, customer.id, place.urlName, place.itemId, { rating: "5" }));
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual", PUBLIC_URL: ORIGIN });
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c85014" } })
    .jpeg()
    .toBuffer();
  const { id, cookies } = await signedUpCustomer(services);
  customer = { id, cookies };

  approved = await newPlace("Approved");
  await reviewedWhileApproved(approved);
  const [pending, suspended, rejected] = [
    await newPlace("Pending"),
    await newPlace("Suspended"),
    await newPlace("Rejected"),
  ];
  for (const place of [pending, suspended]) await reviewedWhileApproved(place);
  // Suspension is the admin's real path; a pending restaurant with a review is what the old code let in.
  await decideRestaurant(services, COMMAND_LINE, suspended.urlName, { intent: "suspend", reason: "Spam" });
  await services.database.db
    .updateTable("restaurant")
    .set({ approvalStatus: "pending", isactive: 0 })
    .where("id", "=", pending.id)
    .execute();
  await decideRestaurant(services, COMMAND_LINE, rejected.urlName, { intent: "reject", reason: "Not real" });
  hidden = { pending, suspended, rejected };
}, 60_000);
afterAll(() => services.close());

// ---------------------------------------------------------------- helpers

function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** Calls a route's loader as React Router does for `path` (and its `.data`), for a visitor unless cookies are given. */
async function load<L extends (args: never) => unknown>(
  loader: L,
  url: string,
  params: Record<string, string> = {},
  cookies?: Headers,
): Promise<LoaderData<L>> {
  const request = new Request(`${ORIGIN}${url}`, { headers: cookies ?? {} });
  return loaderData(loader, { request, params, context: context() });
}

function metaOf(meta: (args: never) => MetaDescriptor[] | undefined, data: unknown): MetaDescriptor[] {
  const args = { loaderData: data, matches: [{ id: "root", loaderData: { origin: ORIGIN } }], params: {} };
  return meta(args as never) ?? [];
}

const jsonLdOf = (meta: MetaDescriptor[]) =>
  JSON.stringify(meta.find((m) => "script:ld+json" in m)?.["script:ld+json" as never] ?? null);

const hiddenPlaces = () => Object.values(hidden);

/** Nothing of a hidden restaurant in this text: no name, web name, dish or review. */
function expectNoneOf(text: string, where: string) {
  for (const place of hiddenPlaces()) {
    expect(text, `${where} shows ${place.restName}`).not.toContain(place.restName);
    expect(text, `${where} links ${place.urlName}`).not.toContain(place.urlName);
    expect(text, `${where} shows ${place.dish}`).not.toContain(place.dish);
  }
}

/** What product rules §1 says is never shown, in any page's data. */
function expectNoStatus(data: unknown, where: string) {
  expect(JSON.stringify(data), where).not.toMatch(/approvalStatus|"(pending|suspended|rejected|approved)"/);
}

// ---------------------------------------------------------------- lists

describe("lists a visitor reads", () => {
  it("home: the latest reviews and the restaurant rows hold approved restaurants only", async () => {
    const data = await load(homePage.loader, "/");
    expect(data.reviews.map((r) => r.restaurantName)).toContain(approved.restName);
    expect(data.topRated.map((r) => r.urlName)).toContain(approved.urlName);
    expectNoneOf(JSON.stringify(data), "home");
  });

  it("/reviews lists approved restaurants with their reviews only", async () => {
    const data = await load(recentReviewsPage.loader, "/reviews");
    const shown = data.restaurants.map((r) => r.urlName);
    expect(shown).toContain(approved.urlName);
    expect(data.restaurants.find((r) => r.urlName === approved.urlName)!.reviews).toHaveLength(1);
    expect(data.pages).toBe(1);
    expectNoneOf(JSON.stringify(data), "/reviews");
  });

  it("/menus and its JSON-LD list approved restaurants only", async () => {
    const data = await load(restaurantsPage.loader, "/menus");
    expect(data.restaurants.map((r) => r.urlName)).toEqual([approved.urlName]);
    const jsonLd = jsonLdOf(metaOf(restaurantsPage.meta, data));
    expect(jsonLd).toContain(approved.restName);
    expectNoneOf(JSON.stringify(data) + jsonLd, "/menus");
  });

  it("the finder finds approved restaurants and dishes only, even by name", async () => {
    const all = await load(searchPage.loader, "/search?tab=restaurants");
    expect(all.results.map((r) => r.urlName)).toEqual([approved.urlName]);
    const byName = await load(searchPage.loader, "/search?tab=restaurants&q=Kitchen");
    expect(byName.results.map((r) => r.urlName)).toEqual([approved.urlName]);
    const dishes = await load(searchPage.loader, "/search?tab=items&q=Karahi");
    expect(dishes.results.map((r) => ("name" in r ? r.name : ""))).toEqual(["Approved Karahi"]);
    expectNoneOf(JSON.stringify([all, byName, dishes]), "the finder");
  });

  it("the sitemap names approved restaurants only", async () => {
    const index = await sitemapIndex(services);
    const files = [...index.matchAll(/sitemaps\/([\w-]+\.xml)/g)].map((m) => m[1]!);
    const xml = (await Promise.all(files.map((f) => sitemapFile(services, f)))).join("\n");
    expect(xml).toContain(`/r/${approved.urlName}`);
    expectNoneOf(xml, "the sitemap");
  });
});

// ---------------------------------------------------------------- one restaurant's pages

describe("a hidden restaurant's own pages, to a visitor", () => {
  it("its profile page stays (no status, no figures from its reviews, out of search)", async () => {
    for (const place of hiddenPlaces()) {
      const data = await load(restaurantPage.loader, `/r/${place.urlName}`, {
        restaurantName: place.urlName,
      });
      expect(data.restaurant.restName).toBe(place.restName);
      expect(data.restaurant).toMatchObject({ restRating: 0, restNoofReviews: 0 });
      expectNoStatus(data, `/r/${place.urlName}`);
      const meta = metaOf(restaurantPage.meta, data);
      expect(jsonLdOf(meta)).not.toContain("aggregateRating");
      expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    }
    const open = await load(restaurantPage.loader, `/r/${approved.urlName}`, {
      restaurantName: approved.urlName,
    });
    expect(open.restaurant.restNoofReviews).toBe(1);
    expectNoStatus(open, "an approved restaurant's page");
  });

  it("menu, branches, branch, item and best-seller pages: the note, nothing of the content, no status", async () => {
    for (const place of hiddenPlaces()) {
      const r = place.urlName;
      const b = place.branchUrl;
      const pages = {
        menu: await load(menuPage.loader, `/r/${r}/menu`, { restaurantName: r }),
        branches: await load(branchesPage.loader, `/r/${r}/branches`, { restaurantName: r }),
        branch: await load(branchPage.loader, `/r/${r}/branch/${b}`, { restaurantName: r, branchName: b }),
        item: await load(menuItemPage.loader, `/r/${r}/menu/${place.itemId}`, {
          restaurantName: r,
          itemId: place.itemId,
        }),
        branchItem: await load(branchItemPage.loader, `/r/${r}/branch/${b}/menu/${place.branchItemId}`, {
          restaurantName: r,
          branchName: b,
          itemId: place.branchItemId,
        }),
        bestSellers: await load(bestSellersPage.loader, `/vendorbestsellers/${r}`, { name: r }),
      };
      for (const [name, data] of Object.entries(pages)) {
        expectNoStatus(data, `${name} of ${r}`);
        expect(data.visibility, name).toBe("awaiting-approval");
        const text = JSON.stringify(data);
        expect(text, name).not.toContain(place.dish);
        expect(text, name).not.toContain("Road 1");
      }
      expect(pages.branches.branches).toEqual([]);
      expect(pages.branch.rating).toBeNull();
      expect(jsonLdOf(metaOf(branchPage.meta, pages.branch))).toBe("null");
      expect(jsonLdOf(metaOf(branchesPage.meta, pages.branches))).toBe("null");
    }
  });

  it("its review pages show no review and no rating", async () => {
    for (const place of hiddenPlaces()) {
      const r = place.urlName;
      const recent = await load(restaurantReviewsPage.loader, `/reviews/${r}`, { name: r });
      const branch = await load(branchReviewsPage.loader, `/r/${r}/branch/${place.branchUrl}/reviews`, {
        restaurantName: r,
        branchName: place.branchUrl,
      });
      for (const data of [recent, branch]) {
        expect(data.reviews).toEqual([]);
        expect(data.rating).toEqual({ average: 0, count: 0 });
        expectNoStatus(data, `reviews of ${r}`);
        expect(JSON.stringify(data)).not.toContain(`Loved ${place.restName}`);
      }
      expect(jsonLdOf(metaOf(restaurantReviewsPage.meta, recent))).toBe("null");
      expect(jsonLdOf(metaOf(branchReviewsPage.meta, branch))).toBe("null");
    }
  });

  it("an approved restaurant shows all of it, and no status either", async () => {
    const r = approved.urlName;
    const b = approved.branchUrl;
    const menu = await load(menuPage.loader, `/r/${r}/menu`, { restaurantName: r });
    const branches = await load(branchesPage.loader, `/r/${r}/branches`, { restaurantName: r });
    const item = await load(menuItemPage.loader, `/r/${r}/menu/${approved.itemId}`, {
      restaurantName: r,
      itemId: approved.itemId,
    });
    const best = await load(bestSellersPage.loader, `/vendorbestsellers/${r}`, { name: r });
    const reviews = await load(branchReviewsPage.loader, `/r/${r}/branch/${b}/reviews`, {
      restaurantName: r,
      branchName: b,
    });
    expect(menu.sections[0]!.items[0]!.name).toBe(approved.dish);
    expect(branches.branches).toHaveLength(1);
    expect(item.item?.name).toBe(approved.dish);
    expect(best.items.map((i) => i.name)).toEqual([approved.dish]);
    expect(reviews.reviews).toHaveLength(1);
    for (const data of [menu, branches, item, best, reviews]) expectNoStatus(data, "approved pages");
  });
});

describe("the owner of a hidden restaurant", () => {
  it("still sees a preview of their own menu, branches and reviews", async () => {
    const place = hidden.suspended;
    const r = place.urlName;
    const menu = await load(menuPage.loader, `/r/${r}/menu`, { restaurantName: r }, place.cookies);
    expect(menu.visibility).toBe("owner-preview");
    expect(menu.sections[0]!.items[0]!.name).toBe(place.dish);
    const branches = await load(
      branchesPage.loader,
      `/r/${r}/branches`,
      { restaurantName: r },
      place.cookies,
    );
    expect(branches.branches).toHaveLength(1);
    const reviews = await load(restaurantReviewsPage.loader, `/reviews/${r}`, { name: r }, place.cookies);
    expect(reviews.reviews.map((v) => v.review)).toEqual([`Loved ${place.restName}`]);
    // Another restaurant's owner is a visitor here.
    const other = await load(menuPage.loader, `/r/${r}/menu`, { restaurantName: r }, hidden.pending.cookies);
    expect(other.visibility).toBe("awaiting-approval");
  });
});

// ---------------------------------------------------------------- reviews refused

/** Every file under the data folder (stored media included). */
function storedFiles(dir = services.dataDir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => !/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(f));
}

/** The add-review form's data, as the customer opens it. */
const reviewFormOf = async (place: Place) =>
  load(
    addReviewPage.loader,
    `/profile/customer/addreview/${place.urlName}/${place.branchUrl}`,
    { restaurantName: place.urlName, branchName: place.branchUrl },
    customer.cookies,
  );

describe("a review of a restaurant that is not approved", () => {
  it("is refused with words, and nothing is stored", async () => {
    for (const place of hiddenPlaces()) {
      const before = await services.database.db
        .selectFrom("review")
        .select(["id"])
        .where("restaurantId", "=", place.id)
        .execute();
      const files = storedFiles();
      const author = (await signedUpCustomer(services)).id;
      const result = await postReview(
        services,
        author,
        { urlName: place.urlName, branchUrl: place.branchUrl },
        { values: { rating: "4", review: "Sneaked in" }, photos: [photo] },
      );
      expect(result).toMatchObject({ ok: false, status: 403, message: REVIEW_MESSAGES.notTakingReviews });
      const after = await services.database.db
        .selectFrom("review")
        .select(["id"])
        .where("restaurantId", "=", place.id)
        .execute();
      expect(after).toEqual(before);
      expect(storedFiles()).toEqual(files);
    }
  });

  it("the form says so before anything is typed; an approved restaurant's form is open", async () => {
    expect((await reviewFormOf(hidden.pending)).takingReviews).toBe(false);
    expect((await reviewFormOf(approved)).takingReviews).toBe(true);
  });
});

// ---------------------------------------------------------------- the page cache

describe("cached pages follow a decision", () => {
  it("suspending and approving move the site's and the restaurant's content versions", async () => {
    const place = await newPlace("Flipping");
    const keys = async () => [
      await contentVersionKey(services.database.db, { kind: "site" }),
      await contentVersionKey(services.database.db, { kind: "restaurant", urlName: place.urlName }),
    ];
    let before = await keys();
    for (const decision of [
      { intent: "approve" as const },
      { intent: "suspend" as const, reason: "Complaints" },
      { intent: "approve" as const },
    ]) {
      const result = await decideRestaurant(services, COMMAND_LINE, place.urlName, decision);
      expect(result.ok).toBe(true);
      const after = await keys();
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
      before = after;
    }
  });
});
