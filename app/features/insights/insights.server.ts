import { stringify } from "csv-stringify/sync";
import { addDays, dayInPakistan } from "~/lib/dates.ts";
import type { DishViews } from "./insights.messages.ts";
import type { PageViewKind } from "~/server/db-schema.server.ts";
import type { Services } from "~/server/services.server.ts";
import {
  daysFrom,
  mondayOf,
  REVIEW_START_LENGTH,
  RESTAURANT_PAGES,
  startOfDayIso,
  TOP_DISHES,
  WAITING_SHOWN,
  type Period,
} from "./insights.messages.ts";
import * as q from "./insights.queries.server.ts";

/**
 * ADR 0027: the owner's insights. How often diners scanned the QR codes and opened the
 * restaurant's pages (counted per day in page_view, ADR 0027), the dishes they looked at
 * most against their rating, the rating week by week, and the reviews still waiting for
 * the owner's reply. Always the signed-in owner's own restaurant: `ownerId` is its id.
 */

/** The days a period covers, in Pakistan time: the last `days` days, today included. */
export interface InsightsPeriod {
  days: Period;
  from: string;
  to: string;
}

export function periodEnding(days: Period, now: Date | number = Date.now()): InsightsPeriod {
  const to = dayInPakistan(now);
  return { days, from: addDays(to, -(days - 1)), to };
}

export interface DayCounts {
  day: string;
  scans: number;
  /** Views of the restaurant's pages, menu, branch pages and dishes (a scan also opens a page, so it counts here too). */
  views: number;
}

export interface BranchCounts {
  branchId: string;
  branchName: string;
  branchUrl: string;
  scans: number;
  /** Views of the branch's page (its menu), scans included. */
  branchViews: number;
  /** Views of the branch's dishes. */
  itemViews: number;
}

/** The restaurant's own pages: /r/{name} (scans of the restaurant's QR code open it), its menu and the general menu's dishes. */
export interface RestaurantPagesCounts {
  scans: number;
  restaurantViews: number;
  menuViews: number;
  itemViews: number;
}

export type { DishViews } from "./insights.messages.ts";

export interface WeekRating {
  /** The week's first day within the period (a Monday, or the period's first day). */
  from: string;
  /** Its last day within the period (a Sunday, or today). */
  to: string;
  /** Average of the week's visible reviews, 2 decimals; null without reviews. */
  average: number | null;
  count: number;
}

export interface WaitingReview {
  id: string;
  timestamp: string;
  rating: number;
  /** The start of the review's text ("…" when cut). */
  text: string;
  branchName: string;
  /** Where the owner replies: the restaurant's reviews page, at this review. */
  replyPath: string;
}

export interface Insights {
  restaurant: { restName: string; urlName: string };
  period: InsightsPeriod;
  perDay: DayCounts[];
  totals: { scans: number; views: number };
  restaurantPages: RestaurantPagesCounts;
  branches: BranchCounts[];
  dishes: DishViews[];
  ratings: WeekRating[];
  waiting: { reviews: WaitingReview[]; total: number };
}

const isView = (kind: PageViewKind) => kind !== "scan";

type ViewRow = Awaited<ReturnType<typeof q.viewsPerDayBranchAndKind>>[number];

function perDayOf(rows: ViewRow[], period: InsightsPeriod): DayCounts[] {
  const byDay = new Map(daysFrom(period.from, period.to).map((day) => [day, { day, scans: 0, views: 0 }]));
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (!counts) continue;
    if (isView(row.kind)) counts.views += row.n;
    else counts.scans += row.n;
  }
  return [...byDay.values()];
}

function perBranchOf(
  rows: ViewRow[],
  branches: Awaited<ReturnType<typeof q.restaurantBranches>>,
): { restaurantPages: RestaurantPagesCounts; branches: BranchCounts[] } {
  const restaurantPages = { scans: 0, restaurantViews: 0, menuViews: 0, itemViews: 0 };
  const byId = new Map(
    branches.map((b) => [
      b.id,
      {
        branchId: b.id,
        branchName: b.branchName,
        branchUrl: b.branchUrl,
        scans: 0,
        branchViews: 0,
        itemViews: 0,
      },
    ]),
  );
  for (const row of rows) {
    if (row.branchId === "") {
      if (row.kind === "scan") restaurantPages.scans += row.n;
      else if (row.kind === "restaurant") restaurantPages.restaurantViews += row.n;
      else if (row.kind === "menu") restaurantPages.menuViews += row.n;
      else if (row.kind === "item") restaurantPages.itemViews += row.n;
      continue;
    }
    const counts = byId.get(row.branchId);
    if (!counts) continue;
    if (row.kind === "scan") counts.scans += row.n;
    else if (row.kind === "branch") counts.branchViews += row.n;
    else if (row.kind === "item") counts.itemViews += row.n;
  }
  return { restaurantPages, branches: [...byId.values()] };
}

/** The Pakistan day of a UTC hour 'YYYY-MM-DDTHH'. */
const dayOfHour = (hour: string) => dayInPakistan(Date.parse(`${hour}:00:00Z`));

function weeksOf(rows: Awaited<ReturnType<typeof q.ratingsPerHour>>, period: InsightsPeriod): WeekRating[] {
  const weeks = new Map<string, { from: string; to: string; total: number; count: number }>();
  for (let monday = mondayOf(period.from); monday <= period.to; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    weeks.set(monday, {
      from: monday < period.from ? period.from : monday,
      to: sunday > period.to ? period.to : sunday,
      total: 0,
      count: 0,
    });
  }
  for (const row of rows) {
    const week = weeks.get(mondayOf(dayOfHour(row.hour)));
    if (!week) continue;
    week.total += row.total;
    week.count += row.count;
  }
  return [...weeks.values()].map(({ from, to, total, count }) => ({
    from,
    to,
    average: count > 0 ? Math.round((total / count) * 100) / 100 : null,
    count,
  }));
}

function textStart(text: string): string {
  const clean = text.replaceAll(/\s+/gu, " ").trim();
  if (clean.length <= REVIEW_START_LENGTH) return clean;
  const cut = clean.slice(0, REVIEW_START_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > REVIEW_START_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The restaurant's reviews page at one review, with its reply form (the owner's). */
export function replyPathOf(urlName: string, reviewId: string): string {
  return `/reviews/${encodeURIComponent(urlName)}?review=${encodeURIComponent(reviewId)}#review-${reviewId}`;
}

/** Scans and views per day over the period, every day listed (0 for a day without any). */
export async function viewsPerDay(services: Services, ownerId: string, period: InsightsPeriod) {
  const rows = await q.viewsPerDayBranchAndKind(services.database.db, ownerId, period.from, period.to);
  return perDayOf(rows, period);
}

/** Scans and views per branch (every branch, 0 included) and of the restaurant's own pages. */
export async function viewsPerBranch(services: Services, ownerId: string, period: InsightsPeriod) {
  const { db } = services.database;
  const [rows, branches] = await Promise.all([
    q.viewsPerDayBranchAndKind(db, ownerId, period.from, period.to),
    q.restaurantBranches(db, ownerId),
  ]);
  return perBranchOf(rows, branches);
}

/** The 10 most viewed dishes, a dish's branch copies counted with it, and their rating. */
export async function mostViewedDishes(
  services: Services,
  ownerId: string,
  period: InsightsPeriod,
  branches?: { id: string; branchName: string }[],
): Promise<DishViews[]> {
  const { db } = services.database;
  const [rows, known] = await Promise.all([
    q.mostViewedDishes(db, ownerId, period.from, period.to, TOP_DISHES),
    branches ?? q.restaurantBranches(db, ownerId),
  ]);
  const names = new Map(known.map((b) => [b.id, b.branchName]));
  return rows.map(({ branchId, ...dish }) => ({
    ...dish,
    branchName: branchId ? (names.get(branchId) ?? null) : null,
  }));
}

/** The average rating and number of visible reviews per week (Monday to Sunday) over the period. */
export async function ratingOverTime(services: Services, ownerId: string, period: InsightsPeriod) {
  const rows = await q.ratingsPerHour(
    services.database.db,
    ownerId,
    startOfDayIso(period.from),
    startOfDayIso(addDays(period.to, 1)),
  );
  return weeksOf(rows, period);
}

/** The oldest 20 visible reviews without a reply, oldest first, and how many there are in all. */
export async function reviewsWaitingForReply(
  services: Services,
  ownerId: string,
  urlName: string,
): Promise<{ reviews: WaitingReview[]; total: number }> {
  const { db } = services.database;
  const [rows, total] = await Promise.all([
    q.reviewsWaitingForReply(db, ownerId, WAITING_SHOWN, REVIEW_START_LENGTH),
    q.countReviewsWaitingForReply(db, ownerId),
  ]);
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      timestamp: r.timestamp,
      rating: Number(r.rating),
      text: textStart(r.text),
      branchName: r.branchName,
      replyPath: replyPathOf(urlName, r.id),
    })),
    total,
  };
}

/** How many of the restaurant's visible reviews wait for a reply (the profile's REVIEWS card). */
export async function unansweredCount(services: Services, ownerId: string): Promise<number> {
  return q.countReviewsWaitingForReply(services.database.db, ownerId);
}

/** Everything the insights screen shows for the last `days` days; null when `ownerId` has no restaurant. */
export async function ownInsights(
  services: Services,
  ownerId: string,
  days: Period,
  now: Date | number = Date.now(),
): Promise<Insights | null> {
  const { db } = services.database;
  const restaurant = await q.insightsRestaurant(db, ownerId);
  if (!restaurant) return null;
  const period = periodEnding(days, now);
  const [rows, branches, ratings, waiting] = await Promise.all([
    q.viewsPerDayBranchAndKind(db, ownerId, period.from, period.to),
    q.restaurantBranches(db, ownerId),
    ratingOverTime(services, ownerId, period),
    reviewsWaitingForReply(services, ownerId, restaurant.urlName),
  ]);
  const dishes = await mostViewedDishes(services, ownerId, period, branches);
  const perDay = perDayOf(rows, period);
  return {
    restaurant: { restName: restaurant.restName, urlName: restaurant.urlName },
    period,
    perDay,
    totals: {
      scans: perDay.reduce((sum, d) => sum + d.scans, 0),
      views: perDay.reduce((sum, d) => sum + d.views, 0),
    },
    ...perBranchOf(rows, branches),
    dishes,
    ratings,
    waiting,
  };
}

export const CSV_COLUMNS = ["day", "branch", "scans", "branch views", "menu views", "item views"];

/**
 * The period's numbers as a spreadsheet: one row per day and branch, every day and
 * branch listed. The restaurant's own pages come first each day, named
 * "Restaurant and menu pages": their "branch views" are views of the restaurant's page,
 * "menu views" of its menu page (a branch's page is its menu, so a branch has none).
 */
export async function insightsCsv(
  services: Services,
  ownerId: string,
  days: Period,
  now: Date | number = Date.now(),
): Promise<{ fileName: string; asciiFileName: string; body: string } | null> {
  const { db } = services.database;
  const restaurant = await q.insightsRestaurant(db, ownerId);
  if (!restaurant) return null;
  const period = periodEnding(days, now);
  const [rows, branches] = await Promise.all([
    q.viewsPerDayBranchAndKind(db, ownerId, period.from, period.to),
    q.restaurantBranches(db, ownerId),
  ]);
  const counts = new Map<string, Record<PageViewKind, number>>();
  for (const row of rows) {
    const key = `${row.day}\t${row.branchId}`;
    const entry = counts.get(key) ?? { scan: 0, restaurant: 0, menu: 0, branch: 0, item: 0 };
    entry[row.kind] += row.n;
    counts.set(key, entry);
  }
  const places = [
    { id: "", name: RESTAURANT_PAGES },
    ...branches.map((b) => ({ id: b.id, name: b.branchName })),
  ];
  const lines: (string | number)[][] = [CSV_COLUMNS];
  for (const day of daysFrom(period.from, period.to)) {
    for (const place of places) {
      const c = counts.get(`${day}\t${place.id}`) ?? { scan: 0, restaurant: 0, menu: 0, branch: 0, item: 0 };
      lines.push([day, place.name, c.scan, place.id ? c.branch : c.restaurant, c.menu, c.item]);
    }
  }
  const dates = `insights-${period.from}-to-${period.to}.csv`;
  return {
    fileName: `${restaurant.urlName}-${dates}`,
    asciiFileName: `${restaurant.urlName.replace(/[^\w-]/g, "") || "foodverse"}-${dates}`,
    // With a byte-order mark, so Excel opens branch names in any script as they are.
    body: `\uFEFF${stringify(lines)}`,
  };
}
