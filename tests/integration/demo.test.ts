import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, logIn, signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { reportQueue, restaurantQueue } from "~/features/admin/admin.server.ts";
import {
  DEMO_CUSTOMERS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_PENDING_RESTAURANT,
  DEMO_REPORTED_REVIEW,
  DEMO_RESTAURANTS,
  REVIEW_TEXTS,
  TASTE_REMARKS,
} from "~/features/demo/demo-data.ts";
import {
  customerEmail,
  DEMO_SCALES,
  describeDemo,
  loadDemo,
  restaurantEmail,
  type DemoOutcome,
} from "~/features/demo/demo.server.ts";
import { DEMO_URDU, DEMO_URDU_DESCRIPTIONS } from "~/features/demo/demo-urdu.ts";
import { DEMO_VIEW_DAYS } from "~/features/demo/demo-views.server.ts";
import { restaurantListing } from "~/features/discovery/listing.server.ts";
import { priceRangeOf } from "~/lib/price-range.ts";
import { itemCategoriesFor } from "~/lib/reference-data.ts";
import { toSlug } from "~/lib/slug.ts";
import { imageIdOf } from "~/lib/media.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

const small = DEMO_SCALES.small;
const DAY_MS = 24 * 60 * 60 * 1000;

async function tableSizes(services: TestServices) {
  const sizes: Record<string, number> = {};
  for (const table of [
    "user",
    "restaurant",
    "customer",
    "menu_section",
    "menu_item",
    "branch",
    "review",
  ] as const) {
    const row = await services.database.db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    sizes[table] = Number(row.count);
  }
  return sizes;
}

async function stored(services: TestServices, url: string) {
  const keys = imageKeys(url);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const object = await services.storage.get(key);
    expect(object, key).not.toBeNull();
    object!.body.destroy();
  }
}

/** Every review as the demo wrote it, by where and who, with its photos' bytes: what must not change between runs. */
async function reviewsOf(services: TestServices) {
  const rows = await services.database.db
    .selectFrom("review")
    .innerJoin("branch", "branch.id", "review.branchId")
    .innerJoin("customer", "customer.id", "review.authorId")
    .select([
      "branch.urlName",
      "branch.branchUrl",
      "customer.email",
      "review.rating",
      "review.review",
      "review.reviewPics",
    ])
    .execute();
  const out: string[] = [];
  for (const r of rows) {
    const photos: string[] = [];
    for (const url of JSON.parse(r.reviewPics) as string[]) {
      const object = await services.storage.get(imageKeys(url)[0]!);
      photos.push(Buffer.concat(await object!.body.toArray()).toString("base64"));
    }
    out.push(JSON.stringify([r.urlName, r.branchUrl, r.email, r.rating, r.review, photos]));
  }
  return out.toSorted();
}

describe("the demo loader on a fresh database", () => {
  let services: TestServices;
  let outcome: DemoOutcome;
  beforeAll(async () => {
    // Manual approval (the default): the demo approves through the admin use case.
    services = await createTestServices();
    // An admin made first does not count as someone else's data.
    await createAdmin(services, { email: "admin@example.com", password: "admin-password-1" });
    outcome = await loadDemo(services, { scale: "small" });
  }, 60_000);
  afterAll(() => services.close());

  it("reports what it loaded", () => {
    expect(outcome).toMatchObject({
      status: "loaded",
      counts: {
        restaurants: small.restaurants,
        pending: 1,
        customers: small.customers,
        // The pending restaurant has its menu and one branch too.
        branches: small.restaurants * small.branchesPerRestaurant + 1,
        dishes: (small.restaurants + 1) * small.dishesPerMenu,
        reported: 1,
      },
    });
  });

  it("makes approved restaurants with QR codes, logos and covers, approved in the audit log", async () => {
    const { db } = services.database;
    const restaurants = await db
      .selectFrom("restaurant")
      .selectAll()
      .where("approvalStatus", "=", "approved")
      .execute();
    expect(restaurants.map((r) => r.email).toSorted()).toEqual(
      DEMO_RESTAURANTS.slice(0, small.restaurants).map(restaurantEmail).toSorted(),
    );
    for (const r of restaurants) {
      expect(r.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(r).toMatchObject({ approvalStatus: "approved", isactive: 1, country: "Pakistan" });
      expect(r.restQRcode).toBe(`http://localhost:3000/r/${r.urlName}`);
      expect(r.restQRimg).toMatch(/^data:image\/png;base64,/);
      expect(imageIdOf(r.profileImageUrl)).not.toBeNull();
      expect(imageIdOf(r.coverImageUrl)).not.toBeNull();
      await stored(services, r.profileImageUrl);
      expect(r.restNoofBranches).toBe(small.branchesPerRestaurant);
      expect(r.restPriceavg).toBeGreaterThan(0);
      // Joined in the past, not all in the same minute.
      expect(Date.parse(r.timestamp)).toBeLessThan(Date.now() - 29 * DAY_MS);
    }
    const approvals = await db
      .selectFrom("audit_log")
      .select("targetId")
      .where("action", "=", "restaurant.approve")
      .execute();
    expect(approvals.map((a) => a.targetId).toSorted()).toEqual(restaurants.map((r) => r.id).toSorted());
  });

  it("has one restaurant waiting for approval, first in the admin's queue and in no public listing", async () => {
    const { db } = services.database;
    const urlName = toSlug(DEMO_PENDING_RESTAURANT.name);
    const pending = await db
      .selectFrom("restaurant")
      .selectAll()
      .where("approvalStatus", "=", "pending")
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      email: restaurantEmail(DEMO_PENDING_RESTAURANT),
      urlName,
      isactive: 0,
      restNoofReviews: 0,
      restNoofBranches: 1,
    });
    expect(imageIdOf(pending[0]!.profileImageUrl)).not.toBeNull();
    const queue = await restaurantQueue(services, "pending", 1);
    expect(queue.counts.pending).toBe(1);
    expect(queue.restaurants.map((r) => r.urlName)).toEqual([urlName]);
    expect(queue.restaurants[0]).toMatchObject({ items: small.dishesPerMenu });
    // Not public (ADR 0017): listed nowhere, never rated or reviewed, never approved.
    const listing = await restaurantListing(services, 1);
    expect(listing.restaurants.map((r) => r.urlName)).not.toContain(urlName);
    const rated = await db
      .selectFrom("item_rating")
      .innerJoin("menu_item", "menu_item.id", "item_rating.itemId")
      .select("item_rating.itemId")
      .where("menu_item.restaurantId", "=", pending[0]!.id)
      .execute();
    expect(rated).toEqual([]);
    const audited = await db
      .selectFrom("audit_log")
      .select("id")
      .where("targetId", "=", pending[0]!.id)
      .execute();
    expect(audited).toEqual([]);
  });

  it("has one reported review in the admin's queue, an advert posted as a review", async () => {
    const queue = await reportQueue(services, "open", 1);
    expect(queue.reviews).toHaveLength(1);
    const [reported] = queue.reviews;
    expect(reported!.review).toContain("For catering at half the price");
    expect(reported!.restName).toBe(DEMO_RESTAURANTS[0]!.name);
    expect(reported!.hidden).toBe(0);
    expect(reported!.reports.map((r) => r.reason)).toEqual([DEMO_REPORTED_REVIEW.reason]);
  });

  it("writes reviews that name a dish of the restaurant and say only what fits its taste", async () => {
    for (const templates of Object.values(REVIEW_TEXTS)) {
      for (const template of templates) expect(template).toContain("{dish}");
    }
    const { db } = services.database;
    const reviews = await db.selectFrom("review").select(["restaurantId", "review"]).execute();
    const dishes = await db
      .selectFrom("menu_item")
      .select(["restaurantId", "name", "itemTaste"])
      .where("branchId", "is", null)
      .execute();
    let remarks = 0;
    for (const { restaurantId, review } of reviews) {
      const named = dishes.filter((d) => d.restaurantId === restaurantId && review.includes(d.name));
      expect(named.length, review).toBeGreaterThan(0);
      // The tastes the text speaks of: a taste remark, or with the dishes' names taken
      // out, a word of spice or sweetness; each must be the taste of a dish it names.
      const rest = named.reduce((text, d) => text.replaceAll(d.name, ""), review);
      const says = (template: string) => template.split("{dish}").every((part) => rest.includes(part));
      const said = Object.entries(TASTE_REMARKS)
        .filter(([, remark]) => says(remark.praise) || says(remark.complaint))
        .map(([taste]) => taste);
      remarks += said.length;
      if (/spic|heat/i.test(rest)) said.push("Spicy");
      if (/sweet/i.test(rest)) said.push("Sweet");
      const tastes = named.map((d) => d.itemTaste);
      expect(
        said.filter((taste) => !tastes.includes(taste)),
        review,
      ).toEqual([]);
      // Foodverse has menus and reviews, no ordering or delivery.
      expect(review).not.toMatch(/\b(order|ordered|deliver\w*|arrived|waited|minutes)\b/i);
    }
    expect(remarks).toBeGreaterThan(0);
  });

  it("gives each restaurant a general menu of sections and items with three stored pictures", async () => {
    const { db } = services.database;
    const restaurants = await db.selectFrom("restaurant").select(["id", "restType"]).execute();
    for (const r of restaurants) {
      const sections = await db
        .selectFrom("menu_section")
        .select(["id", "sectionNumber"])
        .where("restaurantId", "=", r.id)
        .where("branchId", "is", null)
        .orderBy("sectionNumber")
        .execute();
      expect(sections.map((s) => s.sectionNumber)).toEqual([1, 2]);
      const items = await db
        .selectFrom("menu_item")
        .selectAll()
        .where("restaurantId", "=", r.id)
        .where("branchId", "is", null)
        .execute();
      expect(items).toHaveLength(small.dishesPerMenu);
      const categories = itemCategoriesFor(r.restType);
      for (const item of items) {
        expect(item.itemPriceRange).toBe(priceRangeOf(item.price));
        const category = categories.find((c) => c.category === item.itemCat);
        expect(category?.subcategories, `${item.name}: ${item.itemCat}`).toContain(item.itemSubCat);
        for (const url of [item.topView, item.frontView, item.sideView]) await stored(services, url);
        expect(new Set([item.topView, item.frontView, item.sideView]).size).toBe(3);
      }
    }
  });

  it("has 90 days of scans and views of every approved restaurant's pages, branches and dishes", async () => {
    const { db } = services.database;
    const restaurants = await db
      .selectFrom("restaurant")
      .select("id")
      .where("approvalStatus", "=", "approved")
      .execute();
    for (const { id } of restaurants) {
      const rows = await db
        .selectFrom("page_view")
        .select(["day", "kind", "branchId", "itemId", "n"])
        .where("restaurantId", "=", id)
        .execute();
      expect(new Set(rows.map((r) => r.day)).size).toBe(DEMO_VIEW_DAYS);
      expect(new Set(rows.map((r) => r.kind))).toEqual(
        new Set(["restaurant", "menu", "scan", "branch", "item"]),
      );
      const branches = await db.selectFrom("branch").select("id").where("restaurantId", "=", id).execute();
      for (const b of branches) expect(rows.some((r) => r.branchId === b.id && r.kind === "scan")).toBe(true);
      // A branch page is viewed at least as often as it is scanned.
      const sum = (kind: string) =>
        rows.filter((r) => r.kind === kind && r.branchId).reduce((t, r) => t + Number(r.n), 0);
      expect(sum("branch")).toBeGreaterThanOrEqual(sum("scan"));
    }
  });

  it("names every section and dish in Urdu too, and branches carry the Urdu names", async () => {
    for (const r of DEMO_RESTAURANTS) {
      for (const section of r.menu) {
        expect(DEMO_URDU[section.name], section.name).toMatch(/\p{Script=Arabic}/u);
        for (const dish of section.dishes)
          expect(DEMO_URDU[dish.name], dish.name).toMatch(/\p{Script=Arabic}/u);
      }
    }
    const { db } = services.database;
    const unnamed = await db.selectFrom("menu_item").select("name").where("nameUr", "=", "").execute();
    expect(unnamed).toEqual([]);
    const sections = await db.selectFrom("menu_section").select(["originalName", "sectionNameUr"]).execute();
    for (const s of sections) expect(s.sectionNameUr).toBe(DEMO_URDU[s.originalName]);
  });

  it("describes every dish in Urdu too, on the general menu and each branch's copy (issue 29)", async () => {
    for (const r of [...DEMO_RESTAURANTS, DEMO_PENDING_RESTAURANT]) {
      for (const dish of r.menu.flatMap((s) => s.dishes)) {
        const urdu = DEMO_URDU_DESCRIPTIONS[dish.description];
        expect(urdu, `${r.name}: ${dish.name}`).toMatch(/^[\p{Script_Extensions=Arabic}\d\s:()-]+$/u);
      }
    }
    const items = await services.database.db
      .selectFrom("menu_item")
      .select(["name", "description", "descriptionUr", "branchId"])
      .execute();
    expect(items.some((i) => i.branchId !== null)).toBe(true);
    for (const item of items) {
      expect(item.descriptionUr, item.name).toBe(DEMO_URDU_DESCRIPTIONS[item.description]);
    }
  });

  it("makes branches in Islamabad and Rawalpindi with QR codes and a copy of the menu", async () => {
    const { db } = services.database;
    const branches = await db
      .selectFrom("branch")
      .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
      .selectAll("branch")
      .execute();
    expect(branches).toHaveLength(small.restaurants * small.branchesPerRestaurant + 1);
    for (const b of branches) {
      expect(b.branchQRcode).toBe(
        `http://localhost:3000/r/${b.urlName}/branch/${encodeURIComponent(b.branchUrl)}`,
      );
      expect(b.branchQRimg).toMatch(/^data:image\/png;base64,/);
      expect(["Islamabad", "Rawalpindi"]).toContain(b.cityLabel);
      expect(b.provinceLabel).not.toBe("");
      expect(b.areaLabel).not.toBe("");
      expect(b.address).not.toBe("");
      const copies = await db
        .selectFrom("menu_item")
        .select(sql<number>`count(*)`.as("count"))
        .where("branchId", "=", b.id)
        .executeTakeFirstOrThrow();
      expect(Number(copies.count)).toBe(small.dishesPerMenu);
    }
  });

  it("makes customers, some with a photo", async () => {
    const customers = await services.database.db.selectFrom("customer").selectAll().execute();
    expect(customers.map((c) => c.email).toSorted()).toEqual(
      DEMO_CUSTOMERS.slice(0, small.customers).map(customerEmail).toSorted(),
    );
    expect(customers.filter((c) => imageIdOf(c.profileImageUrl)).length).toBe(small.customers / 2);
  });

  it("posts reviews with stored photos, and restaurant ratings match their reviews", async () => {
    const { db } = services.database;
    const reviews = await db.selectFrom("review").selectAll().execute();
    const branches = await db
      .selectFrom("branch")
      .innerJoin("restaurant", "restaurant.id", "branch.restaurantId")
      .select("branch.id")
      .where("restaurant.approvalStatus", "=", "approved")
      .execute();
    for (const b of branches) {
      expect(reviews.filter((r) => r.branchId === b.id).length).toBeGreaterThanOrEqual(2);
    }
    const photos = reviews.flatMap((r) => JSON.parse(r.reviewPics) as string[]);
    expect(photos.length).toBeGreaterThanOrEqual(small.restaurants);
    for (const url of photos) await stored(services, url);
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.review).not.toBe("");
      const age = Date.now() - Date.parse(r.timestamp);
      expect(age).toBeGreaterThan(DAY_MS / 2);
      expect(age).toBeLessThan(122 * DAY_MS);
    }
    const restaurants = await db
      .selectFrom("restaurant")
      .select(["id", "restRating", "restNoofReviews"])
      .execute();
    for (const r of restaurants) {
      const own = reviews.filter((review) => review.restaurantId === r.id);
      const average = own.length ? own.reduce((sum, review) => sum + review.rating, 0) / own.length : 0;
      expect(r.restNoofReviews).toBe(own.length);
      expect(r.restRating).toBeCloseTo(Math.round(average * 100) / 100, 5);
    }
  });

  it("has table cards at every branch, reviews marked as written at the table, and photos of the dish (issue 33)", async () => {
    const { db } = services.database;
    const reviews = await db.selectFrom("review").select(["id", "tableVerified", "reviewPics"]).execute();
    const marked = reviews.filter((r) => r.tableVerified === 1).length;
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThan(reviews.length);
    const tables = await db.selectFrom("branch_table").select("branchId").execute();
    const branches = await db.selectFrom("branch").select("id").execute();
    for (const b of branches) expect(tables.filter((t) => t.branchId === b.id).length).toBe(14);
    // Every review photo shows the dish its review is about, one of its branch's.
    const tags = await db
      .selectFrom("review_photo_dish")
      .innerJoin("review", "review.id", "review_photo_dish.reviewId")
      .innerJoin("menu_item", "menu_item.id", "review_photo_dish.itemId")
      .select(["review.branchId", "menu_item.branchId as dishBranch", "review.review", "menu_item.name"])
      .execute();
    const photos = reviews.flatMap((r) => JSON.parse(r.reviewPics) as string[]);
    expect(tags).toHaveLength(photos.length);
    for (const tag of tags) expect(tag.dishBranch).toBe(tag.branchId);
  });

  it("rates dishes, so best sellers have data, with exact averages", async () => {
    const { db } = services.database;
    const items = await db
      .selectFrom("menu_item")
      .innerJoin("restaurant", "restaurant.id", "menu_item.restaurantId")
      .select([
        "menu_item.id",
        "menu_item.restaurantId",
        "menu_item.itemRating",
        "menu_item.itemRatingBy",
        "restaurant.approvalStatus",
      ])
      .where("menu_item.branchId", "is", null)
      .execute();
    const ratings = await db.selectFrom("item_rating").selectAll().execute();
    const approved = items.filter((i) => i.approvalStatus === "approved");
    for (const restaurantId of new Set(approved.map((i) => i.restaurantId))) {
      expect(items.some((i) => i.restaurantId === restaurantId && i.itemRatingBy > 0)).toBe(true);
    }
    for (const item of items) {
      const own = ratings.filter((r) => r.itemId === item.id);
      expect(item.itemRatingBy).toBe(own.length);
      const average = own.length ? own.reduce((sum, r) => sum + r.rating, 0) / own.length : 0;
      expect(item.itemRating).toBeCloseTo(Math.round(average * 100) / 100, 5);
    }
  });

  it("prints logins that work and the pages to visit", async () => {
    const text = describeDemo(outcome, services.env.PUBLIC_URL);
    const owner = restaurantEmail(DEMO_RESTAURANTS[0]!);
    const customer = customerEmail(DEMO_CUSTOMERS[0]!);
    expect(text).toContain(owner);
    expect(text).toContain(customer);
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain("npm run admin -- create --email you@example.com  (asks for a password)");
    // npm echoes a script's arguments: a password among them would show on screen.
    expect(text).not.toContain("--password");
    expect(text).toContain("1 waiting for approval");
    expect(text).toContain("1 of them reported");
    expect(text).toContain("http://localhost:3000/r/margallakarahihouse/branch/f-7markaz");
    for (const [email, role] of [
      [owner, "restaurant"],
      [customer, "customer"],
    ] as const) {
      const result = await logIn(
        services,
        { email, password: DEMO_PASSWORD },
        { headers: new Headers(), ip: "127.0.0.1" },
      );
      expect(result).toMatchObject({ ok: true, role });
    }
  });

  it("writes the same reviews and review photos on every run (issue 29)", async () => {
    // Read first: on PostgreSQL the second installation empties the one database they share.
    const first = await reviewsOf(services);
    expect(first.length).toBeGreaterThan(0);
    const again = await createTestServices();
    try {
      expect(await loadDemo(again, { scale: "small" })).toMatchObject({ status: "loaded" });
      expect(await reviewsOf(again)).toEqual(first);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("changes nothing when run again on the demo database", async () => {
    const before = await tableSizes(services);
    const again = await loadDemo(services, { scale: "small" });
    expect(again).toEqual({ status: "already-loaded", counts: (outcome as { counts: unknown }).counts });
    expect(describeDemo(again, services.env.PUBLIC_URL)).toContain("already loaded");
    expect(await tableSizes(services)).toEqual(before);
  });
});

describe("the demo loader on a database with other data", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(() => services.close());

  const uploads = () => {
    const dir = path.join(services.dataDir, "uploads");
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  };

  it("refuses when a customer or restaurant is not demo data, and writes nothing", async () => {
    const customer = await signUpCustomer(services, customerInput(), new Headers());
    expect(customer.ok).toBe(true);
    const before = await tableSizes(services);
    const filesBefore = uploads();

    const refused = await loadDemo(services, { scale: "small" });
    expect(refused).toEqual({ status: "refused", nonDemo: { restaurants: 0, customers: 1 } });
    expect(describeDemo(refused, services.env.PUBLIC_URL)).toMatch(/^Refused: .*Nothing was written\./s);
    expect(await tableSizes(services)).toEqual(before);

    const restaurant = await signUpRestaurant(services, restaurantInput(), new Headers());
    expect(restaurant.ok).toBe(true);
    const withRestaurant = await tableSizes(services);
    expect(await loadDemo(services, { scale: "small" })).toEqual({
      status: "refused",
      nonDemo: { restaurants: 1, customers: 1 },
    });
    expect(await tableSizes(services)).toEqual(withRestaurant);
    expect(uploads()).toBe(filesBefore);
  });
});
