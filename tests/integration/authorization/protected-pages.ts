import type { Role } from "~/server/viewer.queries.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as adminAudit from "~/routes/admin/audit.tsx";
import * as adminReports from "~/routes/admin/reports.tsx";
import * as adminRestaurant from "~/routes/admin/restaurant.tsx";
import * as adminRestaurants from "~/routes/admin/restaurants.tsx";
import * as adminUser from "~/routes/admin/user.tsx";
import * as adminUsers from "~/routes/admin/users.tsx";
import * as addReview from "~/routes/customer/add-review.tsx";
import * as customerEdit from "~/routes/customer/edit-profile.tsx";
import * as myReviews from "~/routes/customer/my-reviews.tsx";
import * as customerProfile from "~/routes/customer/profile.tsx";
import * as addBranchPage from "~/routes/restaurant/branches/add-branch.tsx";
import * as addOwnItem from "~/routes/restaurant/branches/add-own-item.tsx";
import * as branchItem from "~/routes/restaurant/branches/branch-item.tsx";
import * as branchMenu from "~/routes/restaurant/branches/branch-menu.tsx";
import * as compare from "~/routes/restaurant/branches/compare.tsx";
import * as editOwnItem from "~/routes/restaurant/branches/edit-own-item.tsx";
import * as hours from "~/routes/restaurant/branches/hours.tsx";
import * as servedTimes from "~/routes/restaurant/menu/served-times.tsx";
import * as specialHoursPage from "~/routes/restaurant/branches/special-hours.tsx";
import * as tablesPage from "~/routes/restaurant/branches/tables.tsx";
import * as tableCardsPage from "~/routes/restaurant/branches/table-cards.tsx";
import { addTables, ownTables } from "~/features/tables/tables.server.ts";
import * as dealForm from "~/routes/restaurant/deals/deal-form.tsx";
import * as dealsList from "~/routes/restaurant/deals/deals.tsx";
import * as branchDealsPage from "~/routes/restaurant/branches/branch-deals.tsx";
import * as myBranches from "~/routes/restaurant/branches/my-branches.tsx";
import * as restaurantEdit from "~/routes/restaurant/edit-profile.tsx";
import * as insightsCsv from "~/routes/restaurant/insights-csv.ts";
import * as restaurantDataJson from "~/routes/restaurant/data-json.ts";
import * as restaurantYourData from "~/routes/restaurant/your-data.tsx";
import * as customerDataJson from "~/routes/customer/data-json.ts";
import * as customerYourData from "~/routes/customer/your-data.tsx";
import * as insights from "~/routes/restaurant/insights.tsx";
import * as addItem from "~/routes/restaurant/menu/add-item.tsx";
import * as addSection from "~/routes/restaurant/menu/add-section.tsx";
import * as dashboard from "~/routes/restaurant/menu/dashboard.tsx";
import * as editItem from "~/routes/restaurant/menu/edit-item.tsx";
import * as editSection from "~/routes/restaurant/menu/edit-section.tsx";
import * as importPreview from "~/routes/restaurant/menu/import-preview.tsx";
import * as importTemplate from "~/routes/restaurant/menu/import-template.ts";
import * as importList from "~/routes/restaurant/menu/import.tsx";
import * as items from "~/routes/restaurant/menu/items.tsx";
import * as myMenuItem from "~/routes/restaurant/menu/my-menu-item.tsx";
import * as myMenu from "~/routes/restaurant/menu/my-menu.tsx";
import * as sections from "~/routes/restaurant/menu/sections.tsx";
import * as restaurantProfile from "~/routes/restaurant/profile.tsx";
import * as qrCard from "~/routes/restaurant/qr-card.tsx";
import * as qrPng from "~/routes/restaurant/qr-png.ts";
import * as qrSvg from "~/routes/restaurant/qr-svg.ts";
import { itemInput, itemViews } from "../../setup/factories.ts";
import { unique, type Actor, type World } from "./world.ts";

/**
 * Who may read a page:
 * - role: anyone of the page's role (the admin's queues, a template, a review form);
 * - self: anyone of the role, each seeing their own records (profile, own menu list);
 *   restaurantOwner's / customer's texts must not show in the other one's answer;
 * - owner: the page names a target (section, item, branch, import) of
 *   restaurantOwner's: anotherRestaurant must get a 404 or a redirect away.
 */
export type ReadScope = "role" | "self" | "owner";

/** What an allowed reader gets: a page's data, or a file of this kind. */
export type Answer = "page" | "png" | "svg" | "csv" | "xlsx" | "json";

export interface PreparedRead {
  /** The URL path (and query) asked for. */
  path: string;
  params: Record<string, string>;
  /**
   * Texts of the target that the allowed answer shows and no other reader's answer
   * may: names, not the ids in the path (a visitor's login redirect repeats the path).
   */
  secrets: string[];
}

export interface ProtectedPage {
  /** The route's full path as app/routes.ts makes it ("/profile/restaurant/mybranches/:branchName"). */
  path: string;
  /** The route module's loader (the completeness tests check it is the path's). */
  loader: (args: never) => unknown;
  role: Role;
  scope: ReadScope;
  answer: Answer;
  prepare(world: World, actor: Actor): Promise<PreparedRead>;
}

/**
 * The targets every read names, made once per world through the real use cases and
 * shared by all cells: a read changes nothing (each cell checks), so they stay as made.
 * All belong to restaurantOwner (or customer), with names no other record has.
 */
export interface ReadTargets {
  restName: string;
  urlName: string;
  /** A general section, and its copy in the "main" branch. */
  section: { id: string; name: string; mainCopyId: string };
  /** A general dish, and its copy in the "main" branch (anotherRestaurant has a "main" too). */
  item: { id: string; name: string; mainCopyId: string };
  /** A general deal of restaurantOwner's. */
  deal: { id: string; name: string };
  /** A dish of the "main" branch only. */
  ownDish: { id: string; name: string };
  /** A branch only restaurantOwner has an address of. */
  branch: { url: string; name: string };
  /** A table of that branch, and the code its card carries (issue 33). */
  table: { label: string; code: string };
  import: { id: string; dish: string };
  customer: { id: string; username: string; email: string };
  /** customer's review of a branch of restaurantOwner, reported by anotherCustomer. */
  review: string;
  pending: { urlName: string; restName: string };
}

const made = new WeakMap<World, Promise<ReadTargets>>();

/** The world's read targets, made on the first call. */
export function readTargets(world: World): Promise<ReadTargets> {
  let targets = made.get(world);
  if (!targets) {
    targets = makeTargets(world);
    made.set(world, targets);
  }
  return targets;
}

async function makeTargets(world: World): Promise<ReadTargets> {
  const s = world.services;
  const ownerId = world.idOf("restaurantOwner");
  const owner = world.account("restaurantOwner");
  const branchName = unique("Read branch");
  const added = await addBranch(s, ownerId, { branchName });
  if (!added.ok) throw new Error(`setup failed: ${JSON.stringify(added)}`);

  const tableLabel = unique("Hall");
  const tables = await addTables(s, ownerId, added.branchUrl, { tables: tableLabel });
  if (!tables.ok) throw new Error(`setup failed: ${JSON.stringify(tables)}`);
  const tableUrl = (await ownTables(s, ownerId, added.branchUrl))!.tables[0]!.url;

  const sectionId = await world.newSection();
  const section = (await world.section(sectionId))!;
  const sectionCopy = await world.db
    .selectFrom("menu_section")
    .select("id")
    .where("generalSectionId", "=", sectionId)
    .where("branchId", "=", await world.mainBranchId())
    .executeTakeFirstOrThrow();
  const dishName = unique("Read dish");
  const values = itemInput(sectionId, { name: dishName });
  const dish = await menus.addItem(s, ownerId, { values, files: itemViews(world.photo) });
  if (!dish.ok) throw new Error(`setup failed: ${JSON.stringify(dish)}`);
  const copy = await world.db
    .selectFrom("menu_item")
    .select("id")
    .where("generalItemId", "=", dish.id)
    .where("branchId", "=", await world.mainBranchId())
    .executeTakeFirstOrThrow();
  const ownDish = await world.newOwnDish();
  const newDeal = await world.newDeal();
  const dealRow = (await world.deal(newDeal.id))!;
  const started = await world.newImport();
  const reviewed = await world.reportedReview();
  const review = await world.db
    .selectFrom("review")
    .select("review")
    .where("id", "=", reviewed.id)
    .executeTakeFirstOrThrow();
  const pending = await world.pendingRestaurant();
  const pendingRow = await world.db
    .selectFrom("restaurant")
    .select("restName")
    .where("id", "=", pending.id)
    .executeTakeFirstOrThrow();
  const customer = world.account("customer");
  return {
    restName: String(owner.input.restName),
    urlName: world.urlOf("restaurantOwner"),
    section: { id: sectionId, name: section.originalName, mainCopyId: sectionCopy.id },
    item: { id: dish.id, name: dishName, mainCopyId: copy.id },
    ownDish: { id: ownDish.id, name: (await world.item(ownDish.id))!.name },
    deal: { id: newDeal.id, name: dealRow.name },
    branch: { url: added.branchUrl, name: branchName },
    table: { label: tableLabel, code: tableUrl.split("/t/")[1]! },
    import: { id: started.importId, dish: started.dish },
    customer: {
      id: world.idOf("customer"),
      username: String(customer.input.username),
      email: customer.email,
    },
    review: review.review,
    pending: { urlName: pending.urlName, restName: pendingRow.restName },
  };
}

/** Where a page points: its params (filled into the path), a query, and the texts it shows. */
interface Place {
  params?: Record<string, string>;
  query?: string;
  secrets: string[];
}

type Loads = { loader: (args: never) => unknown };

function page(
  role: Role,
  scope: ReadScope,
  path: string,
  route: Loads,
  place: (t: ReadTargets) => Place,
  answer: Answer = "page",
): ProtectedPage {
  return {
    path,
    loader: route.loader,
    role,
    scope,
    answer,
    async prepare(world) {
      const { params = {}, query = "", secrets } = place(await readTargets(world));
      const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
      return { path: `${filled}${query}`, params, secrets };
    },
  };
}

/** A screen under /profile/restaurant. */
const restaurant = (
  scope: ReadScope,
  path: string,
  route: Loads,
  place: (t: ReadTargets) => Place,
  answer?: Answer,
) => page("restaurant", scope, `/profile/restaurant${path}`, route, place, answer);

/** A screen of the branch only restaurantOwner has (anotherRestaurant has no branch at that address). */
const ofBranch = (path: string, route: Loads, secrets: (t: ReadTargets) => string[], answer?: Answer) =>
  restaurant(
    "owner",
    `/mybranches/:branchName${path}`,
    route,
    (t) => ({ params: { branchName: t.branch.url }, secrets: secrets(t) }),
    answer,
  );

/** Every page of a signed-in role, as app/routes.ts lists it (one entry per path). */
export const PROTECTED_PAGES: readonly ProtectedPage[] = [
  // ---- restaurant: the restaurant's own screens ----
  restaurant("self", "", restaurantProfile, (t) => ({ secrets: [t.restName] })),
  restaurant("self", "/edit", restaurantEdit, (t) => ({ secrets: [t.restName] })),
  restaurant("self", "/qr.png", qrPng, (t) => ({ secrets: [t.urlName] }), "png"),
  restaurant("self", "/qr.svg", qrSvg, (t) => ({ secrets: [t.urlName] }), "svg"),
  restaurant("self", "/qr-card", qrCard, (t) => ({ secrets: [t.restName] })),
  restaurant("self", "/insights", insights, (t) => ({
    query: "?days=7",
    secrets: [t.restName, t.branch.name],
  })),
  restaurant("self", "/insights.csv", insightsCsv, (t) => ({ secrets: [t.urlName, t.branch.name] }), "csv"),
  // ---- restaurant: 'Your data' (issue 34): the download holds the menus and branches ----
  restaurant("self", "/data", restaurantYourData, () => ({ secrets: [] })),
  restaurant(
    "self",
    "/data.json",
    restaurantDataJson,
    (t) => ({ secrets: [t.urlName, t.branch.name, t.item.name] }),
    "json",
  ),
  // ---- restaurant: the general menu ----
  restaurant("role", "/addmenu", dashboard, () => ({ secrets: [] })),
  restaurant("self", "/addmenu/addsection", addSection, (t) => ({ secrets: [t.branch.name] })),
  restaurant("self", "/addmenu/sections", sections, (t) => ({ secrets: [t.section.name] })),
  restaurant("owner", "/addmenu/sections/edit/:sectionId", editSection, (t) => ({
    params: { sectionId: t.section.id },
    secrets: [t.section.name],
  })),
  // The form carries the section to add to: another restaurant's is never picked.
  restaurant("self", "/addmenu/additems", addItem, (t) => ({
    query: `?sectionId=${t.section.id}`,
    secrets: [t.section.name],
  })),
  restaurant("self", "/addmenu/items", items, (t) => ({ secrets: [t.item.name] })),
  restaurant("owner", "/addmenu/items/edit/:id", editItem, (t) => ({
    params: { id: t.item.id },
    secrets: [t.item.name],
  })),
  // Deals (ADR 0044).
  restaurant("self", "/addmenu/deals", dealsList, (t) => ({ secrets: [t.deal.name] })),
  restaurant("self", "/addmenu/deals/new", dealForm, (t) => ({ secrets: [t.item.name] })),
  restaurant("owner", "/addmenu/deals/:dealId", dealForm, (t) => ({
    params: { dealId: t.deal.id },
    secrets: [t.deal.name],
  })),
  // When a section or dish is served (ADR 0043): one module at four addresses.
  restaurant("owner", "/addmenu/sections/:sectionId/times", servedTimes, (t) => ({
    params: { sectionId: t.section.id },
    secrets: [t.section.name],
  })),
  restaurant("owner", "/addmenu/items/:itemId/times", servedTimes, (t) => ({
    params: { itemId: t.item.id },
    secrets: [t.item.name],
  })),
  restaurant("self", "/addmenu/import", importList, (t) => ({ secrets: [t.import.id] })),
  restaurant("role", "/addmenu/import/template.csv", importTemplate, () => ({ secrets: [] }), "csv"),
  restaurant("role", "/addmenu/import/template.xlsx", importTemplate, () => ({ secrets: [] }), "xlsx"),
  restaurant("owner", "/addmenu/import/:importId", importPreview, (t) => ({
    params: { importId: t.import.id },
    secrets: [t.import.dish],
  })),
  restaurant("self", "/mymenu", myMenu, (t) => ({ secrets: [t.item.name] })),
  restaurant("owner", "/mymenu/:itemId", myMenuItem, (t) => ({
    params: { itemId: t.item.id },
    secrets: [t.item.name],
  })),
  // ---- restaurant: branches ----
  restaurant("self", "/addbranch", addBranchPage, (t) => ({ secrets: [t.restName] })),
  restaurant("self", "/mybranches", myBranches, (t) => ({ secrets: [t.branch.name] })),
  ofBranch("", branchMenu, (t) => [t.branch.name]),
  ofBranch("/compare", compare, (t) => [t.branch.name]),
  ofBranch("/hours", hours, (t) => [t.branch.name]),
  ofBranch("/deals", branchDealsPage, (t) => [t.branch.name, t.deal.name]),
  ofBranch("/special-hours", specialHoursPage, (t) => [t.branch.name]),
  ofBranch("/tables", tablesPage, (t) => [t.branch.name, t.table.label, t.table.code]),
  ofBranch("/tables/cards", tableCardsPage, (t) => [t.restName, t.table.label, t.table.code]),
  ofBranch("/additem", addOwnItem, (t) => [t.branch.name, t.section.name]),
  ofBranch("/qr.png", qrPng, (t) => [t.urlName], "png"),
  ofBranch("/qr.svg", qrSvg, (t) => [t.urlName], "svg"),
  ofBranch("/qr-card", qrCard, (t) => [t.restName, t.branch.name]),
  // "main": anotherRestaurant has a branch of that name too, so these check whose the dish is.
  restaurant("owner", "/mybranches/:branchName/menu/:itemId", branchItem, (t) => ({
    params: { branchName: "main", itemId: t.item.mainCopyId },
    secrets: [t.item.name],
  })),
  restaurant("owner", "/mybranches/:branchName/sections/:sectionId/times", servedTimes, (t) => ({
    params: { branchName: "main", sectionId: t.section.mainCopyId },
    secrets: [t.section.name],
  })),
  restaurant("owner", "/mybranches/:branchName/menu/:itemId/times", servedTimes, (t) => ({
    params: { branchName: "main", itemId: t.item.mainCopyId },
    secrets: [t.item.name],
  })),
  restaurant("owner", "/mybranches/:branchName/items/edit/:id", editOwnItem, (t) => ({
    params: { branchName: "main", id: t.ownDish.id },
    secrets: [t.ownDish.name],
  })),

  // ---- customer ----
  page("customer", "self", "/profile/customer", customerProfile, (t) => ({ secrets: [t.customer.username] })),
  page("customer", "self", "/profile/customer/edit", customerEdit, (t) => ({ secrets: [t.customer.email] })),
  page("customer", "self", "/profile/customer/reviews", myReviews, (t) => ({ secrets: [t.review] })),
  page("customer", "self", "/profile/customer/data", customerYourData, () => ({ secrets: [] })),
  page(
    "customer",
    "self",
    "/profile/customer/data.json",
    customerDataJson,
    (t) => ({ secrets: [t.customer.email, t.review] }),
    "json",
  ),
  // Any customer may review any public branch: the form shows public names only.
  page("customer", "role", "/profile/customer/addreview/:restaurantName/:branchName", addReview, (t) => ({
    params: { restaurantName: t.urlName, branchName: "main" },
    secrets: [t.restName],
  })),

  // ---- admin ----
  page("admin", "role", "/admin", adminRestaurants, (t) => ({ secrets: [t.pending.restName] })),
  page("admin", "role", "/admin/restaurants/:urlName", adminRestaurant, (t) => ({
    params: { urlName: t.pending.urlName },
    secrets: [t.pending.restName],
  })),
  page("admin", "role", "/admin/reports", adminReports, (t) => ({ secrets: [t.review] })),
  page("admin", "role", "/admin/users", adminUsers, (t) => ({ secrets: [t.customer.email] })),
  page("admin", "role", "/admin/users/:userId", adminUser, (t) => ({
    params: { userId: t.customer.id },
    secrets: [t.customer.email],
  })),
  page("admin", "role", "/admin/audit", adminAudit, (t) => ({ secrets: [t.restName] })),
];
