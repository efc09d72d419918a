import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerBranchMenu, withOwnBranch } from "~/features/branches/branches.server.ts";
import {
  insightsCsv,
  mostViewedDishes,
  ownInsights,
  periodEnding,
  ratingOverTime,
  reviewsWaitingForReply,
  unansweredCount,
  viewsPerBranch,
  viewsPerDay,
} from "~/features/insights/insights.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { moderateReview, postReview, replyToReview } from "~/features/reviews/reviews.server.ts";
import * as insightsCsvRoute from "~/routes/restaurant/insights-csv.ts";
import * as insightsPage from "~/routes/restaurant/insights.tsx";
import * as profilePage from "~/routes/restaurant/profile.tsx";
import * as restaurantReviewsPage from "~/routes/public/restaurant-reviews.tsx";
import { servicesContext } from "~/server/context.ts";
import type { PageViewKind } from "~/server/db-schema.server.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp, type SignedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { loaderData } from "../setup/loader-data.ts";
import { branchOf, branchRow, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish, type Message } from "~/lib/message.ts";

/**
 * ADR 0027: the owner's insights. Views are written to page_view directly (counting is
 * page-views.test.ts's subject), reviews and replies through their use cases; every
 * number the screen and the CSV show is checked, on the days of Pakistan time, and no
 * restaurant ever sees another's.
 */
let services: TestServices;
let photo: Buffer;
/** The routes' clock (services.now): each test of the routes sets it. */
let clock = new Date(0);

// 01:00 on Thursday 12 March 2026 in Pakistan (still the 11th in UTC).
const NOW = Date.parse("2026-03-11T20:00:00Z");
const ORIGIN = "http://localhost:3000";

interface World {
  owner: SignedUpOwner;
  blue: { id: string; url: string };
  f7: { id: string; url: string };
  empty: { id: string; url: string };
  karahi: string;
  naan: string;
  lassi: string;
  /** The branches' copies of the general dishes. */
  copy: (dish: string, branchId: string) => Promise<string>;
  onlyHere: string;
}

let world: World;
let other: SignedUpOwner;
let otherDish: string;
let customer: SignedUp;

async function views(
  restaurantId: string,
  rows: { day: string; kind: PageViewKind; branchId?: string; itemId?: string; n: number }[],
) {
  await services.database.db
    .insertInto("page_view")
    .values(rows.map((r) => ({ restaurantId, branchId: "", itemId: "", ...r })))
    .execute();
}

async function branchId(restaurantId: string, branchUrl: string) {
  return (await branchRow(services, restaurantId, branchUrl)).id;
}

async function copyOf(dish: string, branch: string) {
  const row = await services.database.db
    .selectFrom("menu_item")
    .select("id")
    .where("generalItemId", "=", dish)
    .where("branchId", "=", branch)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function restaurantWithDishes(): Promise<World> {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const dishes: string[] = [];
  for (const [i, name] of ["Chicken Karahi", "Naan", "Lassi"].entries()) {
    const item = await menus.addItem(services, owner.id, {
      values: itemInput(section.id, { name, positionInSection: String(i + 1) }),
      files: itemViews(photo),
    });
    if (!item.ok) throw new Error(inEnglish(item.message));
    dishes.push(item.id);
  }
  const urls = [
    await branchOf(services, owner.id, "Blue Area"),
    await branchOf(services, owner.id, "F-7 Markaz"),
    await branchOf(services, owner.id, "Empty Branch"),
  ];
  const [blue, f7, empty] = await Promise.all(
    urls.map(async (url) => ({ id: await branchId(owner.id, url), url })),
  );
  const own = await withOwnBranch(services, owner.id, f7!.url, async (id) => {
    const menu = await ownerBranchMenu(services, owner.id, f7!.url);
    const mains = menu!.sections.find((s) => s.originalName === "Mains")!;
    return menus.addItem(
      services,
      owner.id,
      { values: itemInput(mains.id, { name: "Only Here", positionInSection: "9" }), files: itemViews(photo) },
      id,
    );
  });
  if (!own.ok) throw new Error(inEnglish(own.message));
  return {
    owner,
    blue: blue!,
    f7: f7!,
    empty: empty!,
    karahi: dishes[0]!,
    naan: dishes[1]!,
    lassi: dishes[2]!,
    copy: copyOf,
    onlyHere: own.id,
  };
}

/** Posts a review through the use case, then dates it `timestamp` (the one-a-day rule looks at the last 24 hours). */
async function reviewAt(
  r: { urlName: string },
  branchUrl: string,
  rating: number,
  timestamp: string,
  text = `Rated ${rating}`,
) {
  const posted = await postReview(
    services,
    customer.id,
    { urlName: r.urlName, branchUrl },
    { values: { rating: String(rating), review: text }, photos: [] },
  );
  if (!posted.ok) throw new Error(inEnglish(posted.message));
  await services.database.db.updateTable("review").set({ timestamp }).where("id", "=", posted.id).execute();
  return posted.id;
}

const reviews: Record<string, string> = {};

/** A use case's answer in the setup: it must have worked. */
function done(result: { ok: boolean; message?: Message }) {
  if (!result.ok) throw new Error(inEnglish(result.message ?? ""));
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" }, { now: () => clock });
  photo = await photoWithGps(160, 120);
  customer = await signedUpCustomer(services);
  world = await restaurantWithDishes();
  other = await signedUpOwner(services);
  const otherSection = await menus.addSection(services, other.id, { originalName: "Mains" });
  if (!otherSection.ok) throw new Error(inEnglish(otherSection.message));
  const dish = await menus.addItem(services, other.id, {
    values: itemInput(otherSection.id, { name: "Other Karahi" }),
    files: itemViews(photo),
  });
  if (!dish.ok) throw new Error(inEnglish(dish.message));
  otherDish = dish.id;
  const otherBranch = await branchOf(services, other.id, "Blue Area");

  const { owner, blue, f7 } = world;
  const blueKarahi = await copyOf(world.karahi, blue.id);
  const blueNaan = await copyOf(world.naan, blue.id);
  const f7Karahi = await copyOf(world.karahi, f7.id);
  await views(owner.id, [
    // The day before the 30 days: left out.
    { day: "2026-02-10", kind: "scan", branchId: blue.id, n: 100 },
    { day: "2026-02-10", kind: "branch", branchId: blue.id, n: 100 },
    // The first of the 30 days.
    { day: "2026-02-11", kind: "scan", branchId: blue.id, n: 3 },
    { day: "2026-02-11", kind: "branch", branchId: blue.id, n: 5 },
    { day: "2026-02-11", kind: "item", branchId: blue.id, itemId: blueKarahi, n: 4 },
    { day: "2026-02-11", kind: "restaurant", n: 2 },
    { day: "2026-02-11", kind: "scan", n: 1 },
    { day: "2026-03-01", kind: "menu", n: 6 },
    { day: "2026-03-01", kind: "item", itemId: world.karahi, n: 7 },
    { day: "2026-03-01", kind: "item", itemId: world.naan, n: 1 },
    { day: "2026-03-01", kind: "branch", branchId: f7.id, n: 2 },
    { day: "2026-03-01", kind: "item", branchId: f7.id, itemId: f7Karahi, n: 3 },
    { day: "2026-03-01", kind: "item", branchId: f7.id, itemId: world.onlyHere, n: 9 },
    // Today in Pakistan (the 11th in UTC).
    { day: "2026-03-12", kind: "scan", branchId: f7.id, n: 2 },
    { day: "2026-03-12", kind: "branch", branchId: f7.id, n: 2 },
    { day: "2026-03-12", kind: "item", branchId: blue.id, itemId: blueNaan, n: 5 },
    // Tomorrow: not counted yet.
    { day: "2026-03-13", kind: "scan", branchId: blue.id, n: 50 },
  ]);
  const otherBranchId = await branchId(other.id, otherBranch);
  await views(other.id, [
    { day: "2026-03-01", kind: "scan", branchId: otherBranchId, n: 1000 },
    { day: "2026-03-01", kind: "branch", branchId: otherBranchId, n: 1000 },
    { day: "2026-03-01", kind: "item", itemId: otherDish, n: 1000 },
    { day: "2026-03-01", kind: "restaurant", n: 1000 },
  ]);

  // Reviews: the 30 days run from Wednesday 11 February to Thursday 12 March (Pakistan time).
  const at = (name: string, branch: string, rating: number, timestamp: string) =>
    reviewAt(owner, branch, rating, timestamp).then((id) => (reviews[name] = id));
  await at("before", blue.url, 1, "2026-02-10T18:59:59.000Z"); // 23:59:59 on the 10th in Pakistan
  await at("first", blue.url, 4, "2026-02-10T19:30:00.000Z"); // 00:30 on the 11th
  await at("sunday", f7.url, 5, "2026-03-01T18:59:00.000Z"); // 23:59 on Sunday 1 March
  await at("monday", f7.url, 2, "2026-03-01T19:00:00.000Z"); // midnight starting Monday 2 March
  await at("monday2", blue.url, 3, "2026-03-01T20:00:00.000Z");
  await at("hidden", blue.url, 5, "2026-03-02T10:00:00.000Z");
  await at("today", f7.url, 5, "2026-03-11T19:00:00.000Z"); // midnight starting the 12th
  await at("tomorrow", f7.url, 1, "2026-03-12T19:00:00.000Z");
  await reviewAt(other, otherBranch, 1, "2026-03-02T10:00:00.000Z");
  done(await moderateReview(services, reviews.hidden!, "hide"));
  for (const answered of ["first", "monday"]) {
    done(await replyToReview(services, owner.id, { reviewId: reviews[answered], text: "Thank you!" }));
  }
  // A customer rates the karahi (the rating follows to the branches' copies).
  done(await menus.rateItem(services, customer.id, owner.urlName, world.karahi, { rating: "4" }));
}, 120_000);
afterAll(() => services.close());

const days30 = () => periodEnding(30, NOW);

describe("the period", () => {
  it("is the last 7, 30 or 90 days of Pakistan time, today included", () => {
    expect(periodEnding(30, NOW)).toEqual({ days: 30, from: "2026-02-11", to: "2026-03-12" });
    expect(periodEnding(7, NOW)).toEqual({ days: 7, from: "2026-03-06", to: "2026-03-12" });
    expect(periodEnding(90, NOW)).toEqual({ days: 90, from: "2025-12-13", to: "2026-03-12" });
    // One second before midnight in Pakistan it is still the 11th.
    expect(periodEnding(7, Date.parse("2026-03-11T18:59:59Z"))).toMatchObject({ to: "2026-03-11" });
  });
});

describe("scans and views per day", () => {
  it("lists every day of the period, zero-filled, scans apart from views, nothing outside it", async () => {
    const perDay = await viewsPerDay(services, world.owner.id, days30());
    expect(perDay).toHaveLength(30);
    expect(perDay[0]).toEqual({ day: "2026-02-11", scans: 4, views: 11 });
    expect(perDay.at(-1)).toEqual({ day: "2026-03-12", scans: 2, views: 7 });
    expect(perDay.find((d) => d.day === "2026-03-01")).toEqual({ day: "2026-03-01", scans: 0, views: 28 });
    const others = perDay.filter((d) => !["2026-02-11", "2026-03-01", "2026-03-12"].includes(d.day));
    expect(others).toHaveLength(27);
    expect(others.every((d) => d.scans === 0 && d.views === 0)).toBe(true);
    // Consecutive days, across the end of February.
    expect(perDay.map((d) => d.day).slice(17, 20)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("moves with the day in Pakistan: before midnight there, today's rows are tomorrow's", async () => {
    const before = await viewsPerDay(
      services,
      world.owner.id,
      periodEnding(7, Date.parse("2026-03-11T18:59:59Z")),
    );
    expect(before.map((d) => d.day)).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
    ]);
    expect(before.every((d) => d.scans === 0 && d.views === 0)).toBe(true);
    const after = await viewsPerDay(
      services,
      world.owner.id,
      periodEnding(7, Date.parse("2026-03-11T19:00:00Z")),
    );
    expect(after.at(-1)).toEqual({ day: "2026-03-12", scans: 2, views: 7 });
  });
});

describe("per branch", () => {
  it("sums each branch's scans, page and dish views (every branch, 0 included) and the restaurant's own pages", async () => {
    const { restaurantPages, branches } = await viewsPerBranch(services, world.owner.id, days30());
    expect(restaurantPages).toEqual({ scans: 1, restaurantViews: 2, menuViews: 6, itemViews: 8 });
    expect(branches).toEqual([
      {
        branchId: world.blue.id,
        branchName: "Blue Area",
        branchUrl: world.blue.url,
        scans: 3,
        branchViews: 5,
        itemViews: 9,
      },
      {
        branchId: world.f7.id,
        branchName: "F-7 Markaz",
        branchUrl: world.f7.url,
        scans: 2,
        branchViews: 4,
        itemViews: 12,
      },
      {
        branchId: world.empty.id,
        branchName: "Empty Branch",
        branchUrl: world.empty.url,
        scans: 0,
        branchViews: 0,
        itemViews: 0,
      },
    ]);
  });
});

describe("most viewed dishes", () => {
  it("counts a dish's branch copies with it, a branch's own dish for itself, with the general dish's name and rating", async () => {
    expect(await mostViewedDishes(services, world.owner.id, days30())).toEqual([
      {
        id: world.karahi,
        name: "Chicken Karahi",
        nameUr: "",
        branchName: null,
        views: 14,
        itemRating: 4,
        itemRatingBy: 1,
      },
      {
        id: world.onlyHere,
        name: "Only Here",
        nameUr: "",
        branchName: "F-7 Markaz",
        views: 9,
        itemRating: 0,
        itemRatingBy: 0,
      },
      {
        id: world.naan,
        name: "Naan",
        nameUr: "",
        branchName: null,
        views: 6,
        itemRating: 0,
        itemRatingBy: 0,
      },
    ]);
    // Over the last 7 days only today's naan views are left.
    expect(await mostViewedDishes(services, world.owner.id, periodEnding(7, NOW))).toMatchObject([
      { id: world.naan, views: 5 },
    ]);
  });

  it("shows the 10 most viewed, most first", async () => {
    const owner = await ownerWithMenu(services, photo, [6, 6]);
    const dishes = await services.database.db
      .selectFrom("menu_item")
      .select(["id", "name"])
      .where("restaurantId", "=", owner.id)
      .where("branchId", "is", null)
      .orderBy("name")
      .execute();
    expect(dishes).toHaveLength(12);
    await views(
      owner.id,
      dishes.map((d, i) => ({ day: "2026-03-10", kind: "item" as const, itemId: d.id, n: i + 1 })),
    );
    const top = await mostViewedDishes(services, owner.id, days30());
    expect(top.map((d) => d.views)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(top.map((d) => d.name)).toEqual(
      dishes
        .map((d) => d.name)
        .toReversed()
        .slice(0, 10),
    );
  });
});

describe("rating over time", () => {
  it("averages the visible reviews per week (Monday to Sunday, in Pakistan time) within the period", async () => {
    expect(await ratingOverTime(services, world.owner.id, days30())).toEqual([
      { from: "2026-02-11", to: "2026-02-15", average: 4, count: 1 },
      { from: "2026-02-16", to: "2026-02-22", average: null, count: 0 },
      { from: "2026-02-23", to: "2026-03-01", average: 5, count: 1 },
      { from: "2026-03-02", to: "2026-03-08", average: 2.5, count: 2 },
      { from: "2026-03-09", to: "2026-03-12", average: 5, count: 1 },
    ]);
    expect(await ratingOverTime(services, world.owner.id, periodEnding(7, NOW))).toEqual([
      { from: "2026-03-06", to: "2026-03-08", average: null, count: 0 },
      { from: "2026-03-09", to: "2026-03-12", average: 5, count: 1 },
    ]);
  });
});

describe("reviews waiting for a reply", () => {
  it("lists the visible reviews without a reply, oldest first, with their branch, date, rating and text", async () => {
    const waiting = await reviewsWaitingForReply(services, world.owner.id, world.owner.urlName);
    expect(waiting.total).toBe(5);
    expect(waiting.reviews.map((r) => r.id)).toEqual(
      ["before", "sunday", "monday2", "today", "tomorrow"].map((name) => reviews[name]),
    );
    expect(waiting.reviews[0]).toEqual({
      id: reviews.before,
      timestamp: "2026-02-10T18:59:59.000Z",
      rating: 1,
      text: "Rated 1",
      branchName: "Blue Area",
      replyPath: `/reviews/${encodeURIComponent(world.owner.urlName)}?review=${reviews.before}#review-${reviews.before}`,
    });
    expect(await unansweredCount(services, world.owner.id)).toBe(5);
    expect(await unansweredCount(services, other.id)).toBe(1);
  });

  it("shows the oldest 20 and counts them all; a long text is cut at a word; the link opens the review on its page, however old", async () => {
    const busy = await signedUpOwner(services);
    await menus.addSection(services, busy.id, { originalName: "Mains" });
    const branch = await branchOf(services, busy.id, "Main");
    const long = `${"Very good biryani, ".repeat(20)}the end`;
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) {
      const day = String(1 + (i % 28)).padStart(2, "0");
      const month = String(1 + Math.floor(i / 28)).padStart(2, "0");
      ids.push(
        await reviewAt(busy, branch, 3, `2026-${month}-${day}T08:00:00.000Z`, i === 0 ? long : `Visit ${i}`),
      );
    }
    const waiting = await reviewsWaitingForReply(services, busy.id, busy.urlName);
    expect(waiting.total).toBe(52);
    expect(waiting.reviews.map((r) => r.id)).toEqual(ids.slice(0, 20));
    const text = waiting.reviews[0]!.text;
    expect(text.endsWith("…")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(161);
    expect(text.startsWith("Very good biryani, Very good")).toBe(true);
    expect(text).not.toMatch(/ …$/);
    expect(await unansweredCount(services, busy.id)).toBe(52);

    // The reviews page shows the latest 50; the owner's link brings the oldest one in, at its anchor.
    const path = new URL(waiting.reviews[0]!.replyPath, ORIGIN);
    expect(path.hash).toBe(`#review-${ids[0]}`);
    const page = (cookies?: Headers, search = path.search) =>
      loaderData(restaurantReviewsPage.loader, {
        request: new Request(`${ORIGIN}${path.pathname}${search}`, { headers: cookies }),
        params: { name: busy.urlName },
        context: context(),
      });
    const plain = await page(busy.cookies, "");
    expect(plain.reviews).toHaveLength(50);
    expect(plain.reviews.map((r) => r.id)).not.toContain(ids[0]);
    const asked = await page(busy.cookies);
    expect(asked.reviews).toHaveLength(51);
    expect(asked.reviews[0]!.id).toBe(ids[0]);
    expect(asked.isOwner).toBe(true);
    // Anyone else gets the page as it is.
    expect((await page()).reviews.map((r) => r.id)).not.toContain(ids[0]);
    expect((await page(other.cookies)).reviews.map((r) => r.id)).not.toContain(ids[0]);
    // A review of another restaurant is never brought in.
    const foreign = await page(busy.cookies, `?review=${reviews.before}`);
    expect(foreign.reviews.map((r) => r.id)).not.toContain(reviews.before);

    // Once replied to, a review leaves the list.
    expect(await replyToReview(services, busy.id, { reviewId: ids[0], text: "Thanks" })).toEqual({
      ok: true,
    });
    const after = await reviewsWaitingForReply(services, busy.id, busy.urlName);
    expect(after.total).toBe(51);
    expect(after.reviews[0]!.id).toBe(ids[1]);
  });
});

describe("the whole screen", () => {
  it("puts it all together for the owner's restaurant, and another restaurant's rows never show", async () => {
    const insights = (await ownInsights(services, world.owner.id, 30, NOW))!;
    expect(insights.restaurant).toEqual({ restName: world.owner.restName, urlName: world.owner.urlName });
    expect(insights.period).toEqual({ days: 30, from: "2026-02-11", to: "2026-03-12" });
    expect(insights.totals).toEqual({ scans: 6, views: 46 });
    expect(insights.perDay).toEqual(await viewsPerDay(services, world.owner.id, days30()));
    expect(insights.branches).toHaveLength(3);
    expect(insights.dishes.map((d) => d.views)).toEqual([14, 9, 6]);
    expect(insights.ratings.map((w) => w.count)).toEqual([1, 0, 1, 2, 1]);
    expect(insights.waiting.total).toBe(5);

    const theirs = (await ownInsights(services, other.id, 30, NOW))!;
    expect(theirs.totals).toEqual({ scans: 1000, views: 3000 });
    expect(theirs.dishes).toEqual([
      {
        id: otherDish,
        name: "Other Karahi",
        nameUr: "",
        branchName: null,
        views: 1000,
        itemRating: 0,
        itemRatingBy: 0,
      },
    ]);
    expect(theirs.branches.map((b) => b.branchName)).toEqual(["Blue Area"]);
    expect(theirs.ratings.map((w) => w.count)).toEqual([0, 0, 0, 1, 0]);
    expect(JSON.stringify(theirs)).not.toContain(world.owner.urlName);
    expect(await ownInsights(services, customer.id, 30, NOW)).toBeNull();
  });
});

describe("the CSV", () => {
  it("has a row per day and branch (the restaurant's own pages first), every day listed", async () => {
    const csv = (await insightsCsv(services, world.owner.id, 7, NOW))!;
    expect(csv.fileName).toBe(`${world.owner.urlName}-insights-2026-03-06-to-2026-03-12.csv`);
    expect(csv.asciiFileName).toMatch(/^[\w-]+-insights-2026-03-06-to-2026-03-12\.csv$/);
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const lines = csv.body.slice(1).trimEnd().split("\n");
    expect(lines[0]).toBe("day,branch,scans,branch views,menu views,item views");
    expect(lines).toHaveLength(1 + 7 * 4);
    expect(lines.slice(1, 5)).toEqual([
      "2026-03-06,Restaurant and menu pages,0,0,0,0",
      "2026-03-06,Blue Area,0,0,0,0",
      "2026-03-06,F-7 Markaz,0,0,0,0",
      "2026-03-06,Empty Branch,0,0,0,0",
    ]);
    expect(lines.slice(-4)).toEqual([
      "2026-03-12,Restaurant and menu pages,0,0,0,0",
      "2026-03-12,Blue Area,0,0,0,5",
      "2026-03-12,F-7 Markaz,2,2,0,0",
      "2026-03-12,Empty Branch,0,0,0,0",
    ]);

    const month = (await insightsCsv(services, world.owner.id, 30, NOW))!.body;
    expect(month).toContain("2026-02-11,Restaurant and menu pages,1,2,0,0\n");
    expect(month).toContain("2026-02-11,Blue Area,3,5,0,4\n");
    expect(month).toContain("2026-03-01,Restaurant and menu pages,0,0,6,8\n");
    expect(month).toContain("2026-03-01,F-7 Markaz,0,2,0,12\n");
    expect(month).not.toContain("2026-02-10");
    expect(month).not.toContain("2026-03-13");
    expect(month).not.toContain("1000");
    expect(month.trimEnd().split("\n")).toHaveLength(1 + 30 * 4);
  });
});

// ---------------------------------------------------------------- the routes

function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** A route loader's answer: its data, or the redirect or response it threw. */
async function call(loader: (args: never) => unknown, path: string, cookies?: Headers) {
  try {
    const value = await loader({
      request: new Request(`${ORIGIN}${path}`, { headers: cookies }),
      params: {},
      context: context(),
    } as never);
    return { value };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

describe("who gets the screen and the CSV", () => {
  it("the owner gets their own numbers, today's included; another restaurant only its own", async () => {
    // 23:59:59 on Monday 15 June 2026 in Pakistan, months after the world's views.
    clock = new Date("2026-06-15T18:59:59Z");
    const today = "2026-06-15";
    await views(world.owner.id, [{ day: today, kind: "scan", branchId: world.blue.id, n: 7 }]);
    await views(other.id, [{ day: today, kind: "scan", n: 3 }]);

    const mine = await loaderData(insightsPage.loader, {
      request: new Request(`${ORIGIN}/profile/restaurant/insights?days=7`, { headers: world.owner.cookies }),
      params: {},
      context: context(),
    });
    expect(mine.period.days).toBe(7);
    expect(mine.perDay).toHaveLength(7);
    expect(mine.totals.scans).toBe(7);
    expect(mine.branches.find((b) => b.branchName === "Blue Area")!.scans).toBe(7);
    expect(mine.waiting.total).toBe(5);

    const theirs = await loaderData(insightsPage.loader, {
      request: new Request(`${ORIGIN}/profile/restaurant/insights`, { headers: other.cookies }),
      params: {},
      context: context(),
    });
    expect(theirs.period.days).toBe(30);
    expect(theirs.totals.scans).toBe(3);
    expect(theirs.restaurant.urlName).toBe(other.urlName);
    expect(theirs.branches.map((b) => b.branchName)).toEqual(["Blue Area"]);

    // Junk periods are the 30 days.
    const junk = await call(
      insightsPage.loader,
      "/profile/restaurant/insights?days=365",
      world.owner.cookies,
    );
    expect((junk.value as { period: { days: number } }).period.days).toBe(30);

    const csv = (
      await call(insightsCsvRoute.loader, "/profile/restaurant/insights.csv?days=7", world.owner.cookies)
    ).value as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename=${world.owner.urlName}-insights-2026-06-09-to-2026-06-15.csv`,
    );
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const body = await csv.text();
    expect(body).toContain(`${today},Blue Area,7,0,0,0`);
    expect(body).toContain("F-7 Markaz");

    const theirCsv = await (
      (
        await call(insightsCsvRoute.loader, "/profile/restaurant/insights.csv?days=7", other.cookies)
      ).value as Response
    ).text();
    expect(theirCsv).toContain(`${today},Restaurant and menu pages,3,0,0,0`);
    expect(theirCsv).not.toContain("F-7 Markaz");
    expect(theirCsv).not.toContain(",7,");
  });

  it("start the next day at midnight in Pakistan (19:00 UTC), not a second before", async () => {
    // The 20th of August is the last day of the period until 19:00 UTC, then the day before it.
    await views(world.owner.id, [{ day: "2026-08-20", kind: "scan", branchId: world.blue.id, n: 4 }]);
    const screen = async () =>
      loaderData(insightsPage.loader, {
        request: new Request(`${ORIGIN}/profile/restaurant/insights?days=7`, {
          headers: world.owner.cookies,
        }),
        params: {},
        context: context(),
      });
    const csvText = async () =>
      (
        (await call(insightsCsvRoute.loader, "/profile/restaurant/insights.csv?days=7", world.owner.cookies))
          .value as Response
      ).text();

    clock = new Date("2026-08-20T18:59:59Z");
    const before = await screen();
    expect(before.period).toEqual({ days: 7, from: "2026-08-14", to: "2026-08-20" });
    expect(before.perDay.at(-1)).toEqual({ day: "2026-08-20", scans: 4, views: 0 });
    expect(await csvText()).not.toContain("2026-08-21");

    clock = new Date("2026-08-20T19:00:00Z");
    const after = await screen();
    expect(after.period).toEqual({ days: 7, from: "2026-08-15", to: "2026-08-21" });
    expect(after.perDay.at(-2)).toEqual({ day: "2026-08-20", scans: 4, views: 0 });
    expect(after.perDay.at(-1)).toEqual({ day: "2026-08-21", scans: 0, views: 0 });
    const csv = await csvText();
    expect(csv).toContain("2026-08-20,Blue Area,4,0,0,0");
    expect(csv).toContain("2026-08-21,Blue Area,0,0,0,0");
    expect(csv).not.toContain("2026-08-14");
  });

  it("a visitor is sent to log in, a customer to their own area", async () => {
    for (const [loader, path] of [
      [insightsPage.loader, "/profile/restaurant/insights?days=7"],
      [insightsCsvRoute.loader, "/profile/restaurant/insights.csv?days=7"],
    ] as const) {
      expect(await call(loader, path)).toEqual({
        status: 302,
        location: `/login?redirectTo=${encodeURIComponent(path)}`,
      });
      expect(await call(loader, path, customer.cookies)).toEqual({
        status: 302,
        location: "/profile/customer",
      });
    }
  });

  it("the owner's profile counts the reviews waiting for a reply", async () => {
    const profile = await loaderData(profilePage.loader, {
      request: new Request(`${ORIGIN}/profile/restaurant`, { headers: world.owner.cookies }),
      params: {},
      context: context(),
    });
    expect(profile.unanswered).toBe(5);
  });
});
