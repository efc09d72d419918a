import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setShownAtBranch } from "~/features/branches/branches.server.ts";
import { restaurantPage } from "~/features/discovery/restaurant-page.server.ts";
import { dinersPhotos, dishPhotoCounts, popularDishes } from "~/features/reviews/dish-photos.server.ts";
import { branchReviewsPage } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES as R } from "~/features/reviews/reviews.messages.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { addTables, ownTables } from "~/features/tables/tables.server.ts";
import { inEnglish } from "~/lib/message.ts";
import * as tableCode from "~/routes/public/table-code.ts";
import { servicesContext } from "~/server/context.ts";
import { signedUpCustomer } from "../setup/accounts.ts";
import { dealRestaurant } from "../setup/deals.ts";
import { photoWithGps } from "../setup/images.ts";
import { tablePageAnswer } from "../setup/table-page.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 33, ADR 0046: a review photo says which of the branch's dishes it shows; the
 * dish's card counts them and its page shows them; 'popular here' is the dishes reviews
 * name or show most, by the stated rule.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date();
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

const DAY = 24 * 60 * 60 * 1000;

/** The restaurant of deals.ts with each branch's copies of its dishes, by name. */
async function place() {
  const found = await dealRestaurant(services, photo);
  const copies = async (branchUrl: string) => {
    const rows = await services.database.db
      .selectFrom("menu_item")
      .innerJoin("branch", "branch.id", "menu_item.branchId")
      .select(["menu_item.id", "menu_item.name", "branch.id as branchId"])
      .where("branch.restaurantId", "=", found.owner.id)
      .where("branch.branchUrl", "=", branchUrl)
      .execute();
    return { id: rows[0]!.branchId, dishes: Object.fromEntries(rows.map((r) => [r.name, r.id])) };
  };
  return { ...found, blue: await copies(found.blueArea), sad: await copies(found.saddar) };
}

async function post(
  at: { urlName: string; branchUrl: string },
  values: Record<string, string | string[]>,
  photos: Uint8Array[] = [],
  cookie: string | null = null,
) {
  const author = (await signedUpCustomer(services)).id;
  return postReview(services, author, at, { values, photos }, cookie);
}

describe("a review photo's dish", () => {
  it("is one of the branch's dishes, counted on its card and shown on its pages", async () => {
    const p = await place();
    const blue = { urlName: p.owner.urlName, branchUrl: p.blueArea };
    const posted = await post(
      blue,
      {
        rating: "5",
        review: "Lovely",
        photoDish: [p.blue.dishes["Chicken Karahi"]!, "", p.blue.dishes.Naan!],
      },
      [photo, photo, photo],
    );
    if (!posted.ok) throw new Error(inEnglish(posted.message));
    expect(
      await post(blue, { rating: "4", photoDish: [p.blue.dishes["Chicken Karahi"]!] }, [photo]),
    ).toMatchObject({
      ok: true,
    });
    const counts = await dishPhotoCounts(services, Object.values(p.blue.dishes));
    expect(
      Object.fromEntries(Object.entries(p.blue.dishes).map(([name, id]) => [name, counts.get(id) ?? 0])),
    ).toEqual({ "Chicken Karahi": 2, Naan: 1, Raita: 0 });
    // The branch's dish page, and the general dish's (every branch's photos).
    expect(await dinersPhotos(services, { itemId: p.blue.dishes.Naan! })).toMatchObject([
      { reviewId: posted.id, branchName: "Blue Area", tableVerified: false },
    ]);
    expect(await dinersPhotos(services, { generalItemId: p.dishes["Chicken Karahi"]! })).toHaveLength(2);
    // The review card names the dish under its photo.
    const page = (await branchReviewsPage(services, p.owner.urlName, p.blueArea, 1))!;
    const card = page.reviews.find((r) => r.id === posted.id)!;
    expect(card.photoDishes).toEqual([
      { position: 0, itemId: p.blue.dishes["Chicken Karahi"], name: "Chicken Karahi" },
      { position: 2, itemId: p.blue.dishes.Naan, name: "Naan" },
    ]);
    // The table page: each dish's card with its photo count.
    const table = await tablePageAnswer<{ items: { name: string; photos: number }[] }>(services, {
      urlName: p.owner.urlName,
      branch: p.blueArea,
    });
    expect(Object.fromEntries(table.data.items.map((i) => [i.name, i.photos]))).toEqual({
      "Chicken Karahi": 2,
      Naan: 1,
      Raita: 0,
    });
  });

  it("is refused, writing nothing, when it is another branch's, another restaurant's or a hidden dish", async () => {
    const p = await place();
    const other = await place();
    const blue = { urlName: p.owner.urlName, branchUrl: p.blueArea };
    await setShownAtBranch(
      services,
      p.owner.id,
      p.blueArea,
      { kind: "dish", id: p.blue.dishes.Raita! },
      false,
    );
    for (const dish of [
      p.sad.dishes.Naan!,
      other.blue.dishes.Naan!,
      p.dishes.Naan!,
      p.blue.dishes.Raita!,
      "no-such-dish",
    ]) {
      expect(await post(blue, { rating: "5", photoDish: [dish] }, [photo]), dish).toMatchObject({
        ok: false,
        status: 400,
        message: R.photoDishUnknown,
      });
    }
    const rows = await services.database.db
      .selectFrom("review")
      .select("id")
      .where("restaurantId", "=", p.owner.id)
      .execute();
    expect(rows).toEqual([]);
    // A dish named for a photo not sent is no photo's: the review is taken, with no tag.
    expect(await post(blue, { rating: "5", photoDish: [p.blue.dishes.Naan!] })).toMatchObject({ ok: true });
    expect(await dishPhotoCounts(services, [p.blue.dishes.Naan!])).toEqual(new Map());
  });
});

describe("'popular here'", () => {
  it("is the dishes good reviews of the last 90 days name or show, a table review counting twice", async () => {
    const p = await place();
    const blue = { urlName: p.owner.urlName, branchUrl: p.blueArea };
    const start = Date.now();
    clock = new Date(start);
    await post(blue, { rating: "5", review: "The chicken karahi was superb, naan fresh." });
    await post(blue, { rating: "4", review: "Chicken Karahi again!" });
    // Two stars: no dish is popular for it.
    await post(blue, { rating: "2", review: "Raita was warm. Raita!" });
    await post(blue, { rating: "1", review: "raita raita" });
    // 'naans' and 'Naanwai' are no word 'naan'.
    await post(blue, { rating: "5", review: "Naanwai next door; naans cold" });
    // A table-verified review of the raita: two points alone.
    await addTables(services, p.owner.id, p.blueArea, { tables: "1" });
    const code = (await ownTables(services, p.owner.id, p.blueArea))!.tables[0]!.url.split("/t/")[1]!;
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const opened = (await tableCode.loader({
      request: new Request(`http://localhost:3000/r/${p.owner.urlName}/branch/${p.blueArea}/t/${code}`),
      params: { restaurantName: p.owner.urlName, branchName: p.blueArea, code },
      context,
    } as never)) as Response;
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    await post(blue, { rating: "5", review: "Perfect raita." }, [], cookie);

    const popular = await popularDishes(services, { branchId: p.blue.id }, "en");
    expect(popular.dishes).toEqual([
      { itemId: p.blue.dishes["Chicken Karahi"], name: "Chicken Karahi", reviews: 2 },
      { itemId: p.blue.dishes.Raita, name: "Raita", reviews: 1 },
    ]);
    // True until the oldest counted review is 90 days old.
    expect(popular.freshUntil!.getTime()).toBeGreaterThanOrEqual(start + 90 * DAY);
    expect(popular.freshUntil!.getTime()).toBeLessThan(Date.now() + 90 * DAY);
    // Saddar has no reviews: nothing is popular there; the restaurant's page counts every branch's.
    expect((await popularDishes(services, { branchId: p.sad.id }, "en")).dishes).toEqual([]);
    expect((await restaurantPage(services, p.owner.urlName, "en"))!.popular).toEqual([
      { itemId: p.dishes["Chicken Karahi"], name: "Chicken Karahi", reviews: 2 },
      { itemId: p.dishes.Raita, name: "Raita", reviews: 1 },
    ]);
    // 91 days on, every review is too old to count.
    clock = new Date(start + 91 * DAY);
    expect(await popularDishes(services, { branchId: p.blue.id }, "en")).toEqual({
      dishes: [],
      freshUntil: null,
    });
    clock = new Date();
  });

  it("names a dish in its Urdu name too, and says it in the reader's language", async () => {
    const p = await place();
    await services.database.db
      .updateTable("menu_item")
      .set({ nameUr: "نان" })
      .where("id", "in", [p.dishes.Naan!, p.blue.dishes.Naan!])
      .execute();
    const blue = { urlName: p.owner.urlName, branchUrl: p.blueArea };
    await post(blue, { rating: "5", review: "نان بہت اچھا تھا" });
    await post(blue, { rating: "4", review: "Great naan" });
    expect((await popularDishes(services, { branchId: p.blue.id }, "ur")).dishes).toEqual([
      { itemId: p.blue.dishes.Naan, name: "نان", reviews: 2 },
    ]);
  });
});
