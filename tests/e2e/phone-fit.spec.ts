import fs from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from "@playwright/test";
import routes from "../../app/routes.ts";
import { localisedPath, withoutLocale } from "../../app/lib/locale.ts";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createAdmin,
  createCustomer,
  createRestaurant,
  jpegFile,
  sectionIdsOf,
  uniqueId,
} from "./helpers.ts";

/**
 * ADR 0024: every screen fits a 360 px phone, with nothing to scroll sideways. Each
 * page of app/routes.ts is visited as the person it is for; a route missing from
 * SCREENS fails the test, so a new screen is checked from the day it is added.
 */

/** Routes that answer with no page of their own (files, forms' targets, XML). */
const NOT_SCREENS = new Set([
  "routes/restaurant/qr-png.ts",
  "routes/restaurant/qr-svg.ts",
  "routes/restaurant/menu/import-template.ts",
  "routes/restaurant/menu/import-photos.ts",
  "routes/restaurant/insights-csv.ts",
  "routes/restaurant/data-json.ts",
  "routes/customer/data-json.ts",
  "routes/account/logout.tsx",
  "routes/seo/sitemap-index.ts",
  "routes/seo/sitemap-file.ts",
  "routes/seo/robots-txt.ts",
  // A printed table card's code: a redirect to the branch page (issue 33).
  "routes/public/table-code.ts",
]);

type Who = "visitor" | "restaurant" | "customer" | "admin";

interface World {
  urlName: string;
  sectionId: string;
  itemId: string;
  branchItemId: string;
  branchSectionId: string;
  dealId: string;
  ownDishId: string;
  importId: string;
  /** The restaurant owner's user id (the admin's account screen). */
  ownerId: string;
}

/** Each screen's route path → who sees it and a real address of it. */
const SCREENS: Record<string, { who: Who; path: (w: World) => string }> = {
  "/": { who: "visitor", path: () => "/" },
  signup: { who: "visitor", path: () => "/signup" },
  "signup/restaurantsignup": { who: "visitor", path: () => "/signup/restaurantsignup" },
  "signup/customersignup": { who: "visitor", path: () => "/signup/customersignup" },
  login: { who: "visitor", path: () => "/login?redirectTo=%2Fprofile%2Fcustomer%2Faddreview%2Fx%2Fy" },
  "sign-in": { who: "visitor", path: () => "/sign-in" },
  forgotpassword: { who: "visitor", path: () => "/forgotpassword" },
  "forgot-password": { who: "visitor", path: () => "/forgot-password" },
  "reset-password": { who: "visitor", path: () => "/reset-password?token=unknown" },
  "profile/restaurant": { who: "restaurant", path: () => "/profile/restaurant" },
  "profile/restaurant/edit": { who: "restaurant", path: () => "/profile/restaurant/edit" },
  "profile/restaurant/addmenu": { who: "restaurant", path: () => "/profile/restaurant/addmenu" },
  "profile/restaurant/addmenu/addsection": {
    who: "restaurant",
    path: () => "/profile/restaurant/addmenu/addsection",
  },
  "profile/restaurant/addmenu/sections": {
    who: "restaurant",
    path: () => "/profile/restaurant/addmenu/sections",
  },
  "profile/restaurant/addmenu/sections/edit/:sectionId": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/sections/edit/${w.sectionId}`,
  },
  "profile/restaurant/addmenu/additems": {
    who: "restaurant",
    path: () => "/profile/restaurant/addmenu/additems",
  },
  "profile/restaurant/addmenu/items": { who: "restaurant", path: () => "/profile/restaurant/addmenu/items" },
  "profile/restaurant/addmenu/items/edit/:id": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/items/edit/${w.itemId}`,
  },
  "profile/restaurant/addmenu/deals": { who: "restaurant", path: () => "/profile/restaurant/addmenu/deals" },
  "profile/restaurant/addmenu/deals/new": {
    who: "restaurant",
    path: () => "/profile/restaurant/addmenu/deals/new",
  },
  "profile/restaurant/addmenu/deals/:dealId": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/deals/${w.dealId}`,
  },
  "profile/restaurant/mybranches/:branchName/special-hours": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/special-hours",
  },
  "profile/restaurant/mybranches/:branchName/tables": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/tables",
  },
  "profile/restaurant/mybranches/:branchName/tables/cards": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/tables/cards?layout=a4",
  },
  "profile/restaurant/mybranches/:branchName/deals": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/deals",
  },
  "profile/restaurant/addmenu/sections/:sectionId/times": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/sections/${w.sectionId}/times`,
  },
  "profile/restaurant/addmenu/items/:itemId/times": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/items/${w.itemId}/times`,
  },
  "profile/restaurant/mybranches/:branchName/sections/:sectionId/times": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/mybranches/main/sections/${w.branchSectionId}/times`,
  },
  "profile/restaurant/mybranches/:branchName/menu/:itemId/times": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/mybranches/main/menu/${w.branchItemId}/times`,
  },
  "profile/restaurant/addmenu/import": {
    who: "restaurant",
    path: () => "/profile/restaurant/addmenu/import",
  },
  "profile/restaurant/addmenu/import/:importId": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/addmenu/import/${w.importId}`,
  },
  "profile/restaurant/mymenu": { who: "restaurant", path: () => "/profile/restaurant/mymenu" },
  "profile/restaurant/mymenu/:itemId": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/mymenu/${w.itemId}`,
  },
  "profile/restaurant/qr-card": { who: "restaurant", path: () => "/profile/restaurant/qr-card" },
  "profile/restaurant/insights": { who: "restaurant", path: () => "/profile/restaurant/insights?days=90" },
  "profile/restaurant/data": { who: "restaurant", path: () => "/profile/restaurant/data" },
  "profile/restaurant/addbranch": { who: "restaurant", path: () => "/profile/restaurant/addbranch" },
  "profile/restaurant/mybranches": { who: "restaurant", path: () => "/profile/restaurant/mybranches" },
  "profile/restaurant/mybranches/:branchName": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main",
  },
  "profile/restaurant/mybranches/:branchName/menu/:itemId": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/mybranches/main/menu/${w.branchItemId}`,
  },
  "profile/restaurant/mybranches/:branchName/compare": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/compare",
  },
  "profile/restaurant/mybranches/:branchName/hours": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/hours",
  },
  "profile/restaurant/mybranches/:branchName/additem": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/additem",
  },
  "profile/restaurant/mybranches/:branchName/items/edit/:id": {
    who: "restaurant",
    path: (w) => `/profile/restaurant/mybranches/main/items/edit/${w.ownDishId}`,
  },
  "profile/restaurant/mybranches/:branchName/qr-card": {
    who: "restaurant",
    path: () => "/profile/restaurant/mybranches/main/qr-card",
  },
  "profile/customer": { who: "customer", path: () => "/profile/customer" },
  "profile/customer/edit": { who: "customer", path: () => "/profile/customer/edit" },
  "profile/customer/reviews": { who: "customer", path: () => "/profile/customer/reviews" },
  "profile/customer/data": { who: "customer", path: () => "/profile/customer/data" },
  "profile/customer/addreview/:restaurantName/:branchName": {
    who: "customer",
    path: (w) => `/profile/customer/addreview/${w.urlName}/main`,
  },
  admin: { who: "admin", path: () => "/admin" },
  "admin/restaurants/:urlName": { who: "admin", path: (w) => `/admin/restaurants/${w.urlName}` },
  "admin/reports": { who: "admin", path: () => "/admin/reports" },
  "admin/users": { who: "admin", path: () => "/admin/users" },
  "admin/users/:userId": { who: "admin", path: (w) => `/admin/users/${w.ownerId}` },
  "admin/audit": { who: "admin", path: () => "/admin/audit" },
  menus: { who: "visitor", path: () => "/menus" },
  search: { who: "visitor", path: () => "/search?tab=items&q=karahi" },
  "coming-soon": { who: "visitor", path: () => "/coming-soon" },
  "vendorbestsellers/:name": { who: "visitor", path: (w) => `/vendorbestsellers/${w.urlName}` },
  reviews: { who: "visitor", path: () => "/reviews" },
  "reviews/:name": { who: "visitor", path: (w) => `/reviews/${w.urlName}` },
  "r/:restaurantName": { who: "visitor", path: (w) => `/r/${w.urlName}` },
  "r/:restaurantName/menu": { who: "visitor", path: (w) => `/r/${w.urlName}/menu` },
  "r/:restaurantName/menu/:itemId": { who: "visitor", path: (w) => `/r/${w.urlName}/menu/${w.itemId}` },
  "r/:restaurantName/branches": { who: "visitor", path: (w) => `/r/${w.urlName}/branches` },
  "r/:restaurantName/branch/:branchName": { who: "visitor", path: (w) => `/r/${w.urlName}/branch/main` },
  "r/:restaurantName/branch/:branchName/menu/:itemId": {
    who: "visitor",
    path: (w) => `/r/${w.urlName}/branch/main/menu/${w.branchItemId}`,
  },
  "r/:restaurantName/branch/:branchName/reviews": {
    who: "visitor",
    path: (w) => `/r/${w.urlName}/branch/main/reviews`,
  },
  "*": { who: "visitor", path: () => "/no/such/page" },
};

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route's full path (index routes take their parent's), with its module. */
function flatten(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : [parent, entry.path].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)].filter(
      (r) => r.file !== entry.file || !entry.children,
    );
  });
}

const idsIn = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

async function makeWorld(request: APIRequestContext): Promise<Omit<World, "ownerId">> {
  // Long words real owners have (an e-mail address, a dish name) are what break a narrow layout.
  const owner = await createRestaurant(request, {
    email: `chandnichowkcharghahouse-${uniqueId()}@restaurants-of-pakistan.example.com`,
  });
  await addSectionFor(request, "Karahi");
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, {
    name: "Chicken Karahi with a long name that has to wrap on a phone",
    foodAllergies: "Nuts, Dairy",
  });
  const post = (path: string, form: Record<string, string>) =>
    request.post(path, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  await post("/profile/restaurant/addbranch", { branchName: "Main" });
  await post("/profile/restaurant/mybranches/main/tables", {
    intent: "add",
    tables: "1-3, Family hall with a long name 12",
  });
  await approve(owner.urlName);
  const items = await (await request.get("/profile/restaurant/addmenu/items")).text();
  const itemId = idsIn(items, /edit\/([0-9a-f-]{36})/gu)[0]!;
  const branch = await (await request.get("/profile/restaurant/mybranches/main")).text();
  const branchItemId = idsIn(branch, /menu\/([0-9a-f-]{36})/gu)[0]!;
  const branchSection = idsIn(branch, /name="sectionId" value="([0-9a-f-]{36})"/gu)[0]!;
  const picture = fs.readFileSync(await jpegFile(320, 240));
  const file = (name: string) => ({ name: `${name}.jpg`, mimeType: "image/jpeg", buffer: picture });
  await request.post("/profile/restaurant/mybranches/main/additem", {
    headers: { origin: appUrl() },
    multipart: {
      sectionId: branchSection,
      positionInSection: "5",
      name: "Only Here",
      price: "500",
      itemTaste: "Spicy",
      itemCat: "Curries",
      itemSubCat: "Karahi",
      itemType: "Veg",
      topView: file("top"),
      frontView: file("front"),
      sideView: file("side"),
    },
    maxRedirects: 0,
  });
  const own = await (await request.get("/profile/restaurant/mybranches/main")).text();
  const ownDishId = idsIn(own, /items\/edit\/([0-9a-f-]{36})/gu)[0]!;
  const sheet =
    "section,name,price,taste,category,subcategory,type,top_photo\nDrinks,Lassi,250,Sweet,Drinks,Lassi,Veg,lassi.jpg\n";
  const started = await request.post("/profile/restaurant/addmenu/import", {
    headers: { origin: appUrl() },
    multipart: { sheet: { name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) } },
    maxRedirects: 0,
  });
  const importId = started.headers().location!.split("/").at(-1)!;
  await request.post("/profile/restaurant/addmenu/deals/new", {
    headers: { origin: appUrl() },
    multipart: {
      name: "Family deal for the whole table",
      price: "2500",
      serves: "4",
      partDish: itemId,
      partQuantity: "2",
    },
    maxRedirects: 0,
  });
  const deals = await (await request.get("/profile/restaurant/addmenu/deals")).text();
  const dealId = idsIn(deals, /deals\/([0-9a-f-]{36})/gu)[0]!;
  return {
    urlName: owner.urlName,
    sectionId: sectionId!,
    itemId,
    branchItemId,
    branchSectionId: branchSection,
    dealId,
    ownDishId,
    importId,
  };
}

async function contextFor(
  browser: Browser,
  storage?: Awaited<ReturnType<APIRequestContext["storageState"]>>,
) {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    storageState: storage,
    baseURL: appUrl(),
  });
}

test("every screen fits a 360 px phone, in English and in Urdu (right to left): nothing to scroll sideways", async ({
  browser,
  playwright,
  request,
}) => {
  test.setTimeout(300_000);
  const pages = flatten(routes as RouteEntry[]).filter((r) => !NOT_SCREENS.has(r.file));
  expect(
    pages.filter((r) => !(r.path in SCREENS)).map((r) => `${r.path} (${r.file})`),
    "screens not listed",
  ).toEqual([]);

  const made = await makeWorld(request);
  const customer = await playwright.request.newContext({ baseURL: appUrl() });
  const shopper = await createCustomer(customer);
  await customer.post(`/profile/customer/addreview/${made.urlName}/main`, {
    headers: { origin: appUrl() },
    multipart: { rating: "4", review: `A long review ${uniqueId()} `.repeat(20) },
    maxRedirects: 0,
  });
  const admin = await playwright.request.newContext({ baseURL: appUrl() });
  const adminAccount = await createAdmin();
  await admin.post("/login", {
    headers: { origin: appUrl() },
    form: { email: adminAccount.email, password: adminAccount.password },
    maxRedirects: 0,
  });
  expect(shopper.email).toContain("@");
  // The owner's account screen, as the admin reaches it from the restaurant's.
  const inspected = await (await admin.get(`/admin/restaurants/${made.urlName}`)).text();
  const world: World = { ...made, ownerId: idsIn(inspected, /\/admin\/users\/([^"/?]+)"/gu)[0]! };
  const contexts: Record<Who, BrowserContext> = {
    visitor: await contextFor(browser),
    restaurant: await contextFor(browser, await request.storageState()),
    customer: await contextFor(browser, await customer.storageState()),
    admin: await contextFor(browser, await admin.storageState()),
  };
  const tooWide: string[] = [];
  for (const route of pages) {
    const screen = SCREENS[route.path]!;
    const page = await contexts[screen.who].newPage();
    // ADR 0026: Urdu pages are the same screens under /ur, laid out right to left.
    for (const locale of ["en", "ur"] as const) {
      const path = localisedPath(screen.path(world), locale);
      await page.goto(path);
      // Seen as the person it is for, not a login page they were sent to.
      if (screen.who !== "visitor" && withoutLocale(new URL(page.url()).pathname) === "/login")
        tooWide.push(`${path}: sent to log in`);
      const { overflow, dir } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        dir: document.documentElement.dir,
      }));
      if (dir !== (locale === "ur" ? "rtl" : "ltr")) tooWide.push(`${path}: dir="${dir}"`);
      if (overflow > 0) tooWide.push(`${path} (${screen.who}): ${overflow} px too wide`);
    }
    await page.close();
  }
  expect(tooWide).toEqual([]);
  for (const context of Object.values(contexts)) await context.close();
});
