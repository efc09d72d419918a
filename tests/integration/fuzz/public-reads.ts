import type { BranchFilters } from "~/features/branches/branch-filters.ts";
import { FINDER_PAGE_SIZE, FINDER_PRICES, FINDER_RATINGS } from "~/features/discovery/finder.options.ts";
import { FINDER_MAX_WORDS } from "~/features/discovery/finder.schema.ts";
import { FINDER_COUNT_CAP } from "~/features/discovery/finder.server.ts";
import { ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import * as bestSellers from "~/routes/public/best-sellers.tsx";
import * as branchItem from "~/routes/public/branch-item.tsx";
import * as branchReviews from "~/routes/public/branch-reviews.tsx";
import * as tableCode from "~/routes/public/table-code.ts";
import * as branch from "~/routes/public/branch.tsx";
import * as branches from "~/routes/public/branches.tsx";
import * as home from "~/routes/public/home.tsx";
import * as menuItem from "~/routes/public/menu-item.tsx";
import * as menu from "~/routes/public/menu.tsx";
import * as recentReviews from "~/routes/public/recent-reviews.tsx";
import * as restaurantReviews from "~/routes/public/restaurant-reviews.tsx";
import * as restaurant from "~/routes/public/restaurant.tsx";
import * as restaurants from "~/routes/public/restaurants.tsx";
import * as finder from "~/routes/public/search.tsx";
import * as notFound from "~/routes/not-found.tsx";
import * as robotsTxt from "~/routes/seo/robots-txt.ts";
import * as sitemapFile from "~/routes/seo/sitemap-file.ts";
import * as sitemapIndex from "~/routes/seo/sitemap-index.ts";
import type { LoaderData } from "../../setup/loader-data.ts";
import { paramNames, type ReadShape } from "./read-plan.ts";
import type { Reader, ReadTargets, ShownDish } from "./read-world.ts";

/** What a route's check sees of one case besides the answer. */
export interface CheckContext {
  search: URLSearchParams;
  params: Record<string, string>;
  reader: Reader;
  targets: ReadTargets;
}

/** A public route module's loader as app/routes.ts mounts it, with what it reads and what must hold. */
export interface PublicRead extends Pick<ReadShape, "path" | "reads"> {
  /** The module as app/routes.ts names it ("routes/public/branch"), also its route id. */
  file: string;
  loader: (args: never) => unknown;
  meta?: (args: never) => unknown;
  /** Keys of the data that echo the reader's own input into the form (React escapes them): bounded by `check`, left out of the leak checks. */
  echo: readonly string[];
  /** A listing of many restaurants: the one awaiting approval is never in it, whoever reads. */
  lists: boolean;
  /** The status of an answer that got past "not found" to the route's queries: 200, or a redirect's. */
  reached: string;
  /** Problems with a 200 answer: its data (a page) or its body (a file). */
  check(answer: { data: unknown; body: string | null }, c: CheckContext): string[];
}

interface Options<L extends (args: never) => unknown> {
  reads?: readonly string[];
  echo?: readonly string[];
  lists?: boolean;
  reached?: string;
  check?: (data: LoaderData<L>, c: CheckContext) => string[];
  checkBody?: (body: string, c: CheckContext) => string[];
}

function read<L extends (args: never) => unknown>(
  path: string,
  file: string,
  module: { loader: L; meta?: (args: never) => unknown },
  options: Options<L> = {},
): PublicRead {
  return {
    path,
    file,
    loader: module.loader,
    meta: module.meta,
    reads: options.reads ?? [],
    echo: options.echo ?? [],
    lists: options.lists ?? false,
    reached: options.reached ?? "200",
    check: ({ data, body }, c) => [
      ...(options.check && data !== undefined ? options.check(data as LoaderData<L>, c) : []),
      ...(options.checkBody && body !== null ? options.checkBody(body, c) : []),
    ],
  };
}

// ---- what must hold ----

/** The one page number asked for, when the query holds exactly one plain number. */
function askedPage(search: URLSearchParams): number | null {
  const asked = search.getAll("page");
  return asked.length === 1 && /^\d{1,9}$/.test(asked[0]!) ? Number(asked[0]) : null;
}

/**
 * A page number within the real pages, the page asked for clamped to them (up to `askable`,
 * past which the finder starts again at 1), and, where the rows are known, the right
 * count of pages and of rows on this one.
 */
function paging(
  got: { page: number; pages: number },
  c: CheckContext,
  rows?: { total: number; size: number; shown: number },
  askable = Infinity,
): string[] {
  const problems: string[] = [];
  const last = Math.max(1, got.pages);
  if (!Number.isInteger(got.page) || got.page < 1 || got.page > last)
    problems.push(`page ${got.page} is outside 1..${last}`);
  if (rows) {
    const pages = Math.max(1, Math.ceil(rows.total / rows.size));
    const onPage = Math.min(rows.size, Math.max(0, rows.total - (got.page - 1) * rows.size));
    if (got.pages !== pages) problems.push(`${got.pages} pages of ${rows.total} rows, not ${pages}`);
    if (rows.shown !== onPage) problems.push(`${rows.shown} rows on page ${got.page}, not ${onPage}`);
  }
  const asked = askedPage(c.search);
  if (asked !== null && asked <= askable) {
    const want = Math.min(Math.max(1, asked), last);
    if (got.page !== want) problems.push(`page ${asked} asked, page ${got.page} given, not ${want}`);
  }
  return problems;
}

/** Public once approved; before that its owner's preview, and to anyone else a note (ADR 0017). */
function visibilityProblems(urlName: string, visibility: string, c: CheckContext): string[] {
  const { pending } = c.targets;
  const want =
    urlName !== pending.urlName
      ? "public"
      : c.reader === "pendingOwner"
        ? "owner-preview"
        : "awaiting-approval";
  return visibility === want ? [] : [`${urlName} is "${visibility}" to ${c.reader}, not "${want}"`];
}

const isPending = (urlName: string, c: CheckContext) => urlName === c.targets.pending.urlName;
const hidden = (urlName: string, c: CheckContext) => isPending(urlName, c) && c.reader !== "pendingOwner";

function passes(dish: ShownDish, f: BranchFilters): boolean {
  const allergies = dish.foodAllergies.toLowerCase();
  return (
    // Vegan is a kind of veg.
    (!f.type || dish.itemType === f.type || (f.type === "Veg" && dish.itemType === "Vegan")) &&
    (!f.taste || dish.itemTaste === f.taste) &&
    (!f.available || !dish.soldOut) &&
    f.avoid.every((word) => !allergies.includes(word))
  );
}

/** The filters as read from the query: choices or nothing, at most 10 words to avoid, each 1 to 40 characters. */
function filterProblems(f: BranchFilters, c: CheckContext): string[] {
  const problems: string[] = [];
  const typed = new Set(c.search.getAll("avoid").map((w) => w.trim().toLowerCase()));
  if (f.avoid.length > 10) problems.push(`${f.avoid.length} words to avoid`);
  for (const word of f.avoid) {
    if (word.length < 1 || word.length > 40 || !typed.has(word))
      problems.push(`avoids ${JSON.stringify(word.slice(0, 60))}, not a word of the query`);
  }
  const type = ITEM_TYPES.find((t) => t === c.search.get("type"));
  const taste = TASTES.find((t) => t === c.search.get("taste"));
  if (f.type !== type) problems.push(`type filter ${f.type}, not ${type}`);
  if (f.taste !== taste) problems.push(`taste filter ${f.taste}, not ${taste}`);
  if (f.available !== (c.search.get("available") === "1")) problems.push(`available ${f.available}`);
  return problems;
}

// The finder's words, as boundedSearch counts them.
const WORD = /[\p{L}\p{N}\u064B-\u065F\u0670]+/gu;

function finderProblems(d: LoaderData<typeof finder.loader>, c: CheckContext): string[] {
  // The Item Finder's deals (ADR 0044) are rows of their own.
  const shown = "deals" in d ? d.deals.length : d.results.length;
  const problems = paging(d, c, { total: d.total, size: FINDER_PAGE_SIZE, shown }, 10_000);
  if (d.limited) problems.push("a search was refused under a limit of a million");
  if (d.total > FINDER_COUNT_CAP) problems.push(`a total of ${d.total}, past the cap`);
  const tab = c.search.getAll("tab").at(-1) === "items" ? "items" : "restaurants";
  if (d.tab !== tab) problems.push(`tab ${d.tab}, not ${tab}`);
  for (const [key, value] of Object.entries(d.values)) {
    if (value.length > 100) problems.push(`echoes ${key} of ${value.length} characters`);
  }
  const words = [...(d.values.q ?? "").matchAll(WORD)].length;
  if (words > FINDER_MAX_WORDS) problems.push(`searches ${words} words`);
  if (d.tab === "items") {
    for (const item of d.results) {
      const type = d.values.itemType;
      if (type && item.itemType !== type && !(type === "Veg" && item.itemType === "Vegan"))
        problems.push(`a ${item.itemType} dish`);
      if (d.values.taste && item.itemTaste !== d.values.taste) problems.push(`a ${item.itemTaste} dish`);
    }
  }
  return problems;
}

function branchProblems(d: LoaderData<typeof branch.loader>, c: CheckContext): string[] {
  const problems = [
    ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
    ...filterProblems(d.filters, c),
  ];
  if (d.items.length > 6) problems.push(`${d.items.length} dishes on a page of six`);
  for (const item of d.items) {
    if (
      !passes({ ...item, soldOut: Number(item.soldOut), foodAllergies: item.foodAllergies ?? "" }, d.filters)
    )
      problems.push(`${item.name} does not pass the filters`);
  }
  if (d.visibility === "awaiting-approval") {
    if (d.items.length > 0 || d.branch.address)
      problems.push("shows the branch of a restaurant awaiting approval");
    return problems;
  }
  const dishes = c.targets.dishesAt.get(`${d.restaurant.urlName}/${d.branch.branchUrl}`);
  const rows = dishes && {
    total: dishes.filter((dish) => passes(dish, d.filters)).length,
    size: 6,
    shown: d.items.length,
  };
  problems.push(...paging(d, c, rows));
  const own = c.reader === "customer" && c.search.get("posted") === c.targets.reviewIds[0];
  if (d.posted && !own) problems.push(`shows ${c.reader} a review as just posted`);
  // The preview 'as at' a moment is its owner's alone; anyone else is redirected to now.
  const ownerOf = { restaurantOwner: c.targets.approved.urlName, pendingOwner: c.targets.pending.urlName };
  const owns = ownerOf[c.reader as keyof typeof ownerOf] === d.restaurant.urlName;
  if (d.preview && !owns) problems.push(`shows ${c.reader} an owner's preview`);
  return problems;
}

// ---- the list ----

const RESTAURANT = "/r/:restaurantName";
const BRANCH = `${RESTAURANT}/branch/:branchName`;

/** Every loader of app/routes/public and app/routes/seo (and the catch-all 404), by its path in app/routes.ts. */
export const PUBLIC_READS: readonly PublicRead[] = [
  read("/", "routes/public/home", home, { lists: true }),
  read("/menus", "routes/public/restaurants", restaurants, {
    reads: ["page"],
    lists: true,
    check: (d, c) =>
      paging(d, c, { total: c.targets.publicRestaurants, size: 24, shown: d.restaurants.length }),
  }),
  read("/search", "routes/public/search", finder, {
    reads: [
      "tab",
      "q",
      "country",
      "city",
      "area",
      "price",
      "type",
      "rating",
      "taste",
      "itemType",
      "show",
      "page",
    ],
    echo: ["values"],
    lists: true,
    check: finderProblems,
  }),
  read("/vendorbestsellers/:name", "routes/public/best-sellers", bestSellers, {
    check: (d, c) => [
      ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
      ...(d.items.length > 20 ? [`${d.items.length} best sellers`] : []),
    ],
  }),
  read("/reviews", "routes/public/recent-reviews", recentReviews, {
    reads: ["page", "verified"],
    lists: true,
    check: (d, c) => [
      ...paging(d, c, { total: c.targets.publicRestaurants, size: 6, shown: d.restaurants.length }),
      ...d.restaurants
        .filter((r) => r.reviews.length > 10)
        .map((r) => `${r.reviews.length} reviews of ${r.urlName}`),
      ...verifiedProblems(
        d.restaurants.flatMap((r) => r.reviews),
        c,
      ),
    ],
  }),
  read("/reviews/:name", "routes/public/restaurant-reviews", restaurantReviews, {
    reads: ["review", "verified"],
    check: (d, c) => {
      const owner =
        (c.reader === "restaurantOwner" && d.restaurant.urlName === c.targets.approved.urlName) ||
        (c.reader === "pendingOwner" && isPending(d.restaurant.urlName, c));
      return [
        ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
        ...(d.isOwner === owner ? [] : [`isOwner ${d.isOwner} for ${c.reader}`]),
        ...(d.reviews.length > 51 ? [`${d.reviews.length} reviews`] : []),
        // The review its owner came to answer is added whatever the filter.
        ...(d.isOwner ? [] : verifiedProblems(d.reviews, c)),
      ];
    },
  }),
  read(RESTAURANT, "routes/public/restaurant", restaurant, {
    check: (d, c) => (d.listed === !isPending(d.restaurant.urlName, c) ? [] : [`listed ${d.listed}`]),
  }),
  read(`${RESTAURANT}/menu`, "routes/public/menu", menu, {
    reads: ["page"],
    check: (d, c) => {
      const problems = visibilityProblems(d.restaurant.urlName, d.visibility, c);
      if (d.visibility === "awaiting-approval")
        return d.sections.length > 0 ? [...problems, "shows a menu awaiting approval"] : problems;
      const total = c.targets.sectionsOf.get(d.restaurant.urlName);
      const rows = total === undefined ? undefined : { total, size: 4, shown: d.sections.length };
      return [...problems, ...paging(d, c, rows)];
    },
  }),
  read(`${RESTAURANT}/menu/:itemId`, "routes/public/menu-item", menuItem, {
    check: (d, c) => [
      ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
      ...(hidden(d.restaurant.urlName, c) && d.item !== null ? ["shows a dish awaiting approval"] : []),
    ],
  }),
  read(`${RESTAURANT}/branches`, "routes/public/branches", branches, {
    check: (d, c) => [
      ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
      ...(hidden(d.restaurant.urlName, c) && d.branches.length > 0
        ? ["lists branches awaiting approval"]
        : []),
    ],
  }),
  read(BRANCH, "routes/public/branch", branch, {
    reads: ["page", "type", "taste", "avoid", "available", "posted", "at"],
    echo: ["filters"],
    check: branchProblems,
  }),
  read(`${BRANCH}/menu/:itemId`, "routes/public/branch-item", branchItem, {
    check: (d, c) => [
      // The page names the restaurant by its path back to the branch, "/r/{urlName}/branch/{branchUrl}".
      ...visibilityProblems(decodeURIComponent(d.back.split("/")[2]!), d.visibility, c),
      ...(d.visibility === "awaiting-approval" && d.item !== null ? ["shows a dish awaiting approval"] : []),
    ],
  }),
  read(`${BRANCH}/reviews`, "routes/public/branch-reviews", branchReviews, {
    reads: ["page", "verified"],
    check: (d, c) => [
      ...visibilityProblems(d.restaurant.urlName, d.visibility, c),
      ...(d.visibility === "awaiting-approval" ? [] : paging(d, c)),
      ...(d.reviews.length > 10 ? [`${d.reviews.length} reviews on a page of ten`] : []),
      ...verifiedProblems(d.reviews, c),
    ],
  }),
  // A printed table card (issue 33): a redirect to its branch's page, or 404; never a page of its own.
  read(`${BRANCH}/t/:code`, "routes/public/table-code", tableCode, {
    reached: "302",
    check: () => ["answered 200"],
  }),
  read("/sitemap.xml", "routes/seo/sitemap-index", sitemapIndex, {
    lists: true,
    checkBody: (body) => (body.startsWith("<?xml") ? [] : ["not XML"]),
  }),
  read("/sitemaps/:file", "routes/seo/sitemap-file", sitemapFile, {
    lists: true,
    checkBody: (body) => (body.startsWith("<?xml") ? [] : ["not XML"]),
  }),
  read("/robots.txt", "routes/seo/robots-txt", robotsTxt, {
    checkBody: (body) => (body.includes("Disallow: /admin") ? [] : ["not the robots file"]),
  }),
  read("/*", "routes/not-found", notFound, {
    check: () => ["the catch-all answered 200"],
  }),
];

/** The route's shape for the arbitraries: most cases name what exists, so they reach the queries. */
export function shapeOf(entry: PublicRead, t: ReadTargets): ReadShape {
  return { path: entry.path, reads: entry.reads, real: realValues(t), places: placesOf(entry.path, t) };
}

const SITEMAP_FILES = ["pages.xml", "restaurants-1.xml", "branches-1.xml"];

/** Params that name a real page together: a branch with two of its dishes, a restaurant with three of its menu's, a sitemap file. */
function placesOf(path: string, t: ReadTargets): Record<string, string>[] {
  const names = paramNames(path);
  if (names.includes("file")) return SITEMAP_FILES.map((file) => ({ file }));
  if (names.includes("branchName")) {
    return [...t.dishesAt].flatMap(([key, dishes]) => {
      const [restaurantName, branchName] = key.split("/") as [string, string];
      return dishes.slice(0, 2).map((dish) => ({ restaurantName, branchName, itemId: dish.id }));
    });
  }
  if (names.includes("itemId")) {
    return [...t.generalItems].flatMap(([restaurantName, ids]) =>
      ids.slice(0, 3).map((itemId) => ({ restaurantName, itemId })),
    );
  }
  return [t.approved.urlName, t.other.urlName, t.pending.urlName].map((urlName) => ({
    restaurantName: urlName,
    name: urlName,
  }));
}

/** 'Table-verified only' (issue 33) lists no review without the mark. */
function verifiedProblems(reviews: readonly { tableVerified: number }[], c: CheckContext): string[] {
  if (c.search.get("verified") !== "1") return [];
  return reviews.some((r) => r.tableVerified !== 1)
    ? ["lists a review without the mark as table-verified"]
    : [];
}

/** Real values of each path param and query name. */
function realValues(t: ReadTargets): (name: string) => readonly string[] {
  const restaurantNames = [t.approved.urlName, t.approved.urlName, t.other.urlName, t.pending.urlName];
  const values: Record<string, readonly string[]> = {
    restaurantName: restaurantNames,
    name: restaurantNames,
    branchName: [...t.approved.branches, t.pending.branchUrl],
    itemId: [t.approved.itemId, t.approved.mainCopyId, t.other.itemId, t.pending.itemId],
    file: [
      ...SITEMAP_FILES,
      "restaurants-2.xml",
      "branches-0.xml",
      "restaurants-9999999.xml",
      "pages.xml.gz",
    ],
    "*": ["nothing-here", "r", "r/x/y/z/w", "ur"],
    page: ["1", "2", "3", "0", "-1", "999999", "2.5", "1e3"],
    type: [...ITEM_TYPES, "Desi", "BBQ", "veg"],
    taste: TASTES,
    itemType: ITEM_TYPES,
    avoid: ["nuts", "NUTS ", "milk", "100%_", "%", "_", "egg", "sesame, nuts", "soy"],
    available: ["1", "0", "true"],
    // The Item Finder's deals (ADR 0044).
    show: ["deals", "iftar", "DEALS", "dishes"],
    posted: t.reviewIds,
    verified: ["1", "0", "true", ""],
    code: [...t.tableCodes, "zzzzzzzz", t.tableCodes[0]!.toUpperCase()],
    // The owner's preview moment (ADR 0043): real, impossible and made-up ones.
    at: ["2026-11-30T11:00", "2026-02-31T08:00", "2026-03-29T01:30", "tomorrow", "", "9999-01-01T00:00"],
    review: t.reviewIds,
    tab: ["items", "restaurants", "ITEMS"],
    q: [
      ...t.approved.dishNames,
      t.approved.restName,
      t.pending.restName,
      t.pending.secrets[1]!,
      "karahi",
      "Fuzz",
    ],
    country: ["Pakistan", "pakistan", "India"],
    city: ["Islamabad", "Rawalpindi", "islamabad"],
    area: ["Blue Area", "blue area"],
    price: FINDER_PRICES,
    rating: FINDER_RATINGS,
  };
  return (name) => values[name] ?? [];
}
