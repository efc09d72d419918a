import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTables } from "~/features/tables/tables.server.ts";
import { ownerBranchMenu, withOwnBranch } from "~/features/branches/branches.server.ts";
import { ownSections } from "~/features/menus/menu-read.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import {
  branchReviewsPage,
  myReviews,
  recentReviewsPage,
  restaurantRecentReviews,
  siteLatestReviews,
} from "~/features/reviews/reviews-read.server.ts";
import { deleteReview, moderateReview, postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import {
  closeRestaurantAccount,
  customerData,
  deleteCustomerAccount,
  restaurantData,
} from "~/features/privacy/account-data.server.ts";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { writePageViews } from "~/server/page-views.queries.server.ts";
import { signedUpCustomer } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/** Issue 34, items 4, 5 and 7: on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. */
let services: TestServices;
let photo: Buffer;

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(400, 300);
});
afterAll(() => services.close());

describe("deleting a general section (item 4)", () => {
  it("says how many dishes the branches added to it go with it, and they go", async () => {
    const owner = await ownerWithMenu(services, photo, [2, 1]);
    const branchUrl = await branchOf(services, owner.id, "Blue Area");
    const [first, second] = await ownSections(services, owner.id);
    expect([first!.branchOnlyDishes, second!.branchOnlyDishes]).toEqual([0, 0]);
    const copy = (await ownerBranchMenu(services, owner.id, branchUrl))!.sections.find(
      (s) => s.generalSectionId === first!.id,
    )!;
    for (const [i, name] of ["Seekh Special", "Chapli Kabab"].entries()) {
      const added = await withOwnBranch(services, owner.id, branchUrl, (branchId) =>
        menus.addItem(
          services,
          owner.id,
          {
            values: itemInput(copy.id, { name, positionInSection: String(3 + i) }),
            files: itemViews(photo),
          },
          branchId,
        ),
      );
      expect(added.ok).toBe(true);
    }
    const counted = await ownSections(services, owner.id);
    expect(counted.map((s) => s.branchOnlyDishes)).toEqual([2, 0]);

    expect(await menus.deleteSection(services, owner.id, first!.id)).toEqual({ ok: true });
    const left = await services.database.db
      .selectFrom("menu_item")
      .select("name")
      .where("restaurantId", "=", owner.id)
      .where("name", "in", ["Seekh Special", "Chapli Kabab"])
      .execute();
    expect(left).toEqual([]);
  });
});

describe("a review Foodverse hid (item 5)", () => {
  it("stays in its author's list, marked with the reports' reason, and its author can delete it", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const branchUrl = await branchOf(services, owner.id, "Main");
    const target = { urlName: owner.urlName, branchUrl };
    const [author, reporter, other] = await Promise.all([
      signedUpCustomer(services),
      signedUpCustomer(services),
      signedUpCustomer(services),
    ]);
    const bad = await postReview(services, author.id, target, {
      values: { rating: "1", review: "abusive words" },
      photos: [],
    });
    if (!bad.ok) throw new Error("post failed");
    expect(await reportReview(services, reporter.id, { reviewId: bad.id, reason: "Insults staff" })).toEqual({
      ok: true,
    });
    await moderateReview(services, bad.id, "hide");

    const mine = await myReviews(services, author.id);
    expect(mine).toMatchObject([{ id: bad.id, hiddenByFoodverse: true, hiddenReasons: ["Insults staff"] }]);
    // Nobody else sees it: not another customer's list, not the restaurant's reviews.
    expect(await myReviews(services, other.id)).toEqual([]);
    const shown = await restaurantRecentReviews(services, owner.urlName);
    expect(shown!.reviews.map((r) => r.id)).not.toContain(bad.id);

    // Deleted by its author: gone, and the day's review for that branch is free again.
    expect(await deleteReview(services, author.id, bad.id)).toEqual({ ok: true });
    expect(await myReviews(services, author.id)).toEqual([]);
    const again = await postReview(services, author.id, target, {
      values: { rating: "4", review: "Came back, better" },
      photos: [],
    });
    expect(again.ok).toBe(true);
  });

  it("sends no author id in any public list of reviews (item 7)", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const branchUrl = await branchOf(services, owner.id, "Main");
    const author = await signedUpCustomer(services);
    const posted = await postReview(
      services,
      author.id,
      { urlName: owner.urlName, branchUrl },
      {
        values: { rating: "5", review: "Lovely" },
        photos: [],
      },
    );
    expect(posted.ok).toBe(true);
    const lists = [
      await restaurantRecentReviews(services, owner.urlName),
      await branchReviewsPage(services, owner.urlName, branchUrl, 1),
      await recentReviewsPage(services, 1),
      await siteLatestReviews(services, 10),
    ];
    const text = JSON.stringify(lists);
    expect(text).toContain("Lovely");
    expect(text).not.toContain(author.id);
    expect(text).not.toContain("authorId");
  });
});

describe("page views of a deleted dish (item 7)", () => {
  it("move to the restaurant's row for dishes no longer there: totals exact, no id of a gone dish kept", async () => {
    const owner = await ownerWithMenu(services, photo, [2, 1]);
    const { db } = services.database;
    const dishes = await db
      .selectFrom("menu_item")
      .select(["id", "sectionId"])
      .where("restaurantId", "=", owner.id)
      .where("branchId", "is", null)
      .orderBy("name")
      .execute();
    const views = dishes.flatMap((dish, i) =>
      ["2026-11-25", "2026-11-26"].map((day) => ({
        view: { kind: "item" as const, urlName: owner.urlName, branchUrl: "", itemId: dish.id, day },
        n: 10 * (i + 1),
      })),
    );
    await writePageViews(db, views);
    const total = async () =>
      Number(
        (
          await db
            .selectFrom("page_view")
            .select((eb) => eb.fn.sum<number | string>("n").as("n"))
            .where("restaurantId", "=", owner.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await total()).toBe(120);

    // One dish deleted, then a whole section with the others.
    expect(await menus.deleteItem(services, owner.id, dishes[0]!.id)).toEqual({ ok: true });
    expect(await menus.deleteSection(services, owner.id, dishes[2]!.sectionId)).toEqual({ ok: true });
    const gone = [dishes[0]!.id, dishes[2]!.id];
    const rows = await db.selectFrom("page_view").selectAll().where("restaurantId", "=", owner.id).execute();
    expect(rows.filter((r) => gone.includes(r.itemId))).toEqual([]);
    expect(await total()).toBe(120);
    expect(rows.filter((r) => r.itemId === "").map((r) => [r.day, r.n])).toEqual(
      expect.arrayContaining([
        ["2026-11-25", 40],
        ["2026-11-26", 40],
      ]),
    );
  });
});

describe("a failed login's log line (item 7)", () => {
  it("names the address by a keyed hash, never the address", async () => {
    const lines: string[] = [];
    const logged = await createTestServices(
      { APPROVAL_MODE: "auto" },
      {
        log: createLogger("info", {
          key: "k".repeat(32),
          destination: { write: (line) => lines.push(line) },
        }),
      },
    );
    try {
      const customer = await signedUpCustomer(logged);
      const email = String(customer.input.email);
      const refused = await logIn(
        logged,
        { email, password: "not-the-password" },
        { headers: new Headers(), ip: "10.0.0.9" },
      );
      expect(refused.ok).toBe(false);
      const failed = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((l) => l.msg === "login failed");
      expect(failed).toMatchObject({ email: expect.stringMatching(/^hmac:[0-9a-f]{16}$/) });
      expect(lines.join("\n")).not.toContain(email);
    } finally {
      await logged.close();
    }
  });
});

/** A restaurant with a dish, reviewed and rated by a customer who leaves and one who stays. */
async function leavingWorld() {
  const owner = await ownerWithMenu(services, photo, [1]);
  const branchUrl = await branchOf(services, owner.id, "Main");
  const target = { urlName: owner.urlName, branchUrl };
  const [leaving, staying] = [await signedUpCustomer(services), await signedUpCustomer(services)];
  const mine = await postReview(services, leaving.id, target, {
    values: { rating: "1", review: "Cold naan, slow service" },
    photos: [photo],
  });
  const theirs = await postReview(services, staying.id, target, { values: { rating: "5" }, photos: [] });
  if (!mine.ok || !theirs.ok) throw new Error("post failed");
  const [dish] = await services.database.db
    .selectFrom("menu_item")
    .select("id")
    .where("restaurantId", "=", owner.id)
    .where("branchId", "is", null)
    .execute();
  await menus.rateItem(services, leaving.id, owner.urlName, dish!.id, { rating: "1" });
  await menus.rateItem(services, staying.id, owner.urlName, dish!.id, { rating: "4" });
  return { owner, branchUrl, leaving, staying, dishId: dish!.id, reviewId: mine.id };
}
const restaurantRating = (id: string) =>
  services.database.db
    .selectFrom("restaurant")
    .select(["restRating", "restNoofReviews"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const dishRating = (id: string) =>
  services.database.db
    .selectFrom("menu_item")
    .select(["itemRating", "itemRatingBy"])
    .where((eb) => eb.or([eb("id", "=", id), eb("generalItemId", "=", id)]))
    .execute();

describe("people take their data out and leave (item 6)", () => {
  it("a customer downloads what is held about them, then deletes the account: ratings stay exact", async () => {
    const w = await leavingWorld();
    const data = await customerData(services, w.leaving.id);
    expect(data).toMatchObject({
      account: { email: w.leaving.input.email },
      profile: { firstName: w.leaving.input.firstName },
      reviews: [{ rating: 1, review: "Cold naan, slow service", hiddenByFoodverse: false }],
      dishRatings: [{ stars: 1 }],
    });
    expect(data!.reviews[0]!.photos[0]).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(data!.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain(String(w.staying.input.email));
    expect(JSON.stringify(data)).not.toContain("token");

    // A wrong password deletes nothing.
    expect(
      await deleteCustomerAccount(
        services,
        w.leaving.id,
        { password: "wrong-password-1" },
        w.leaving.cookies,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await deleteCustomerAccount(services, w.leaving.id, {}, w.leaving.cookies)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await restaurantRating(w.owner.id)).toEqual({ restRating: 3, restNoofReviews: 2 });

    const [pic] = data!.reviews[0]!.photos;
    expect(
      await deleteCustomerAccount(
        services,
        w.leaving.id,
        { password: w.leaving.input.password },
        w.leaving.cookies,
      ),
    ).toEqual({ ok: true });
    expect(await restaurantRating(w.owner.id)).toEqual({ restRating: 5, restNoofReviews: 1 });
    expect(await dishRating(w.dishId)).toEqual(expect.arrayContaining([{ itemRating: 4, itemRatingBy: 1 }]));
    expect((await dishRating(w.dishId)).every((r) => r.itemRating === 4 && r.itemRatingBy === 1)).toBe(true);
    const { db } = services.database;
    for (const [table, column] of [
      ["user", "id"],
      ["customer", "id"],
      ["session", "userId"],
      ["review", "authorId"],
      ["item_rating", "customerId"],
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select(db.fn.countAll<number | string>().as("n"))
        .where(column, "=", w.leaving.id)
        .executeTakeFirstOrThrow();
      expect([table, Number(rows.n)]).toEqual([table, 0]);
    }
    for (const key of imageKeys(new URL(pic!).pathname)) expect(await services.storage.get(key)).toBeNull();
    expect(await getViewer(services, w.leaving.cookies)).toBeNull();
    // The other customer is untouched.
    expect(await customerData(services, w.staying.id)).toMatchObject({ reviews: [{ rating: 5 }] });
  });

  it("an owner downloads the restaurant's data, then closes it: its pages, menus and reviews go", async () => {
    const w = await leavingWorld();
    expect(await addTables(services, w.owner.id, w.branchUrl, { tables: "1" })).toMatchObject({ ok: true });
    const data = await restaurantData(services, w.owner.id);
    expect(data).toMatchObject({
      restaurant: { urlName: w.owner.urlName },
      branches: [{ branchUrl: w.branchUrl }],
      // Its table cards (issue 33), each with the code it carries.
      tables: [{ label: "1", code: expect.stringMatching(/^[a-z2-9]{8}$/u) }],
      reviewsReceived: expect.arrayContaining([
        expect.objectContaining({ review: "Cold naan, slow service" }),
      ]),
    });
    expect(data!.dishes.length).toBeGreaterThan(0);
    expect(data!.dishes[0]!.frontView).toMatch(/^http:\/\/localhost:3000\/media\//);
    // Diners' reviews come without who wrote them.
    expect(JSON.stringify(data)).not.toContain(w.leaving.id);

    expect(
      await closeRestaurantAccount(services, w.owner.id, { password: "wrong-password-1" }, w.owner.cookies),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await restaurantRating(w.owner.id)).toMatchObject({ restNoofReviews: 2 });
    const picture = new URL(data!.dishes[0]!.frontView).pathname;
    expect(
      await closeRestaurantAccount(
        services,
        w.owner.id,
        { password: w.owner.input.password },
        w.owner.cookies,
      ),
    ).toEqual({ ok: true });
    const { db } = services.database;
    for (const [table, column] of [
      ["restaurant", "id"],
      ["branch", "restaurantId"],
      ["menu_item", "restaurantId"],
      ["review", "restaurantId"],
      ["branch_table", "restaurantId"],
      ["table_code_event", "restaurantId"],
      ["user", "id"],
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select(db.fn.countAll<number | string>().as("n"))
        .where(column, "=", w.owner.id)
        .executeTakeFirstOrThrow();
      expect([table, Number(rows.n)]).toEqual([table, 0]);
    }
    for (const key of imageKeys(picture)) expect(await services.storage.get(key)).toBeNull();
    // The diners keep their accounts; their data now holds no review of the closed restaurant.
    expect(await customerData(services, w.staying.id)).toMatchObject({ reviews: [], dishRatings: [] });
  });
});
