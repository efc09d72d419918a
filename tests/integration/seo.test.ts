import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet, RouterContextProvider, type MetaDescriptor } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RestaurantSignup } from "~/features/accounts/accounts.schema.ts";
import { addBranch, setBranchItemDetails } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { sitemapFile, sitemapIndex } from "~/features/seo/sitemap.server.ts";
import { aggregateRating, menuJsonLd, postalAddress, restaurantJsonLd, reviewJsonLd } from "~/lib/json-ld.ts";
import { DEFAULT_SHARE_IMAGE, metaDescription, seoMeta } from "~/lib/seo.ts";
import { localisedPath } from "~/lib/locale.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import * as branchPage from "~/routes/public/branch.tsx";
import * as branchReviewsPage from "~/routes/public/branch-reviews.tsx";
import * as menuPage from "~/routes/public/menu.tsx";
import * as restaurantPage from "~/routes/public/restaurant.tsx";
import * as restaurantReviewsPage from "~/routes/public/restaurant-reviews.tsx";
import * as robotsRoute from "~/routes/seo/robots-txt.ts";
import * as sitemapFileRoute from "~/routes/seo/sitemap-file.ts";
import * as sitemapIndexRoute from "~/routes/seo/sitemap-index.ts";
import { servicesContext } from "~/server/context.ts";
import type { RestaurantTable } from "~/server/db-schema.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { loaderData, type LoaderData } from "../setup/loader-data.ts";
import { inEnglish } from "~/lib/message.ts";

const ORIGIN = "http://localhost:3000";
const HOSTILE = "</script><script>alert(1)</script>";

let services: TestServices;
let photo: Buffer;

// ---------------------------------------------------------------- fixtures

interface Owner {
  id: string;
  urlName: string;
  restName: string;
}

const newOwner = (overrides: Partial<RestaurantSignup> = {}): Promise<Owner> =>
  signedUpOwner(services, overrides);
const newCustomerId = async (firstName: string, lastName: string) =>
  (await signedUpCustomer(services, { firstName, lastName })).id;

// The admin screens set these; the sitemap only reads them.
async function setStatus(owner: Owner, status: RestaurantTable["approvalStatus"]) {
  await services.database.db
    .updateTable("restaurant")
    .set({ approvalStatus: status })
    .where("id", "=", owner.id)
    .execute();
}

async function withMenu(owner: Owner, dish: string, price: string) {
  const section = await menus.addSection(services, owner.id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const item = await menus.addItem(services, owner.id, {
    values: itemInput(section.id, { name: dish, price, description: `${dish}, cooked ${HOSTILE}` }),
    files: itemViews(photo),
  });
  if (!item.ok) throw new Error(inEnglish(item.message));
}

async function branch(owner: Owner, branchName: string, extra: Record<string, string> = {}) {
  const result = await addBranch(services, owner.id, { branchName, ...extra });
  if (!result.ok) throw new Error(inEnglish(result.message));
  return result.branchUrl;
}

let approved: Owner;
let approvedBranches: string[];
let other: Owner;
let hidden: { pending: Owner; rejected: Owner; suspended: Owner };

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual", PUBLIC_URL: ORIGIN });
  photo = await photoWithGps(400, 300);

  // A name with every character XML and HTML care about that the sign-up form allows.
  approved = await newOwner({
    restName: `Tom & Jerry's <Grill> ${Date.now().toString(36)}`,
    about: `Karahi since 1990. ${HOSTILE}`,
    address: "12 Blue Area",
    contact: "051-7654321",
    restOthertypes: ["BBQ", "Desi"],
  });
  await withMenu(approved, "Chicken Karahi", "1800");
  approvedBranches = [
    await branch(approved, "Blue Area", {
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "Blue Area",
      address: "Plot 5, Jinnah Avenue",
      contact: "051-1234567",
    }),
    await branch(approved, "F-7 Markaz"),
  ];
  await setStatus(approved, "approved");

  other = await newOwner();
  await setStatus(other, "approved");

  const hiddenOwners: Owner[] = [];
  for (const status of ["pending", "rejected", "suspended"] as const) {
    const owner = await newOwner();
    await withMenu(owner, `Secret ${status} dish`, "999");
    await branch(owner, "Main");
    await setStatus(owner, status);
    hiddenOwners.push(owner);
  }
  hidden = { pending: hiddenOwners[0]!, rejected: hiddenOwners[1]!, suspended: hiddenOwners[2]! };
});
afterAll(() => services.close());

// ---------------------------------------------------------------- helpers

function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** Calls a route's loader as React Router would, for a visitor without a session. */
async function load<L extends (args: never) => unknown>(
  loader: L,
  path: string,
  params: Record<string, string>,
): Promise<LoaderData<L>> {
  return loaderData(loader, { request: new Request(`${ORIGIN}${path}`), params, context: context() });
}

/** A route's meta for its loader's data, with the root loader's origin in `matches`. */
function metaOf(meta: (args: never) => MetaDescriptor[] | undefined, data: unknown): MetaDescriptor[] {
  const args = { loaderData: data, matches: [{ id: "root", loaderData: { origin: ORIGIN } }], params: {} };
  return meta(args as never) ?? [];
}

function contentOf(meta: MetaDescriptor[], key: string): string | undefined {
  const found = meta.find((m) => ("property" in m && m.property === key) || ("name" in m && m.name === key));
  return found && "content" in found ? String(found.content) : undefined;
}

/** The JSON-LD as a crawler gets it: serialized the way React Router does, parsed back. */
function jsonLdOf(meta: MetaDescriptor[]): Record<string, unknown> | undefined {
  const found = meta.find((m) => "script:ld+json" in m);
  return found ? JSON.parse(JSON.stringify(found["script:ld+json" as keyof typeof found])) : undefined;
}

/**
 * A small well-formedness check (no XML parser is a dependency): one declaration,
 * balanced tags, and no raw `<` or stray `&` in text. Returns what is wrong.
 */
function xmlProblems(xml: string): string[] {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!xml.startsWith(declaration)) return ["no XML declaration"];
  const body = xml.slice(declaration.length);
  const problems: string[] = [];
  const stack: string[] = [];
  // Tags with attributes (xmlns, xhtml:link's rel/hreflang/href), self-closing ones, and text.
  const token = /<(\/?)([a-z:]+)((?:\s+[a-z:]+="(?:[^"<&]|&(?:amp|lt|gt|quot|apos);)*")*)(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body))) {
    consumed = token.lastIndex;
    const [, closing, tag, , selfClosing, text] = match;
    if (selfClosing) continue;
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) problems.push(`stray & in ${text}`);
    } else if (closing) {
      const open = stack.pop();
      if (open !== tag) problems.push(`</${tag}> closes <${open}>`);
    } else {
      stack.push(tag!);
    }
  }
  if (consumed !== body.length) problems.push(`unparsable from: ${body.slice(consumed, consumed + 40)}`);
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1]!));
}

/** Every page URL reachable from /sitemap.xml, fetched through the routes. */
async function crawlSitemap(): Promise<string[]> {
  const index = await load(sitemapIndexRoute.loader, "/sitemap.xml", {});
  expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
  expect(index.headers.get("cache-control")).toMatch(/max-age=\d+/);
  const indexXml = await index.text();
  expect(xmlProblems(indexXml)).toEqual([]);
  expect(indexXml).toContain("<sitemapindex");
  const urls: string[] = [];
  for (const file of locs(indexXml)) {
    expect(file.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
    const name = file.slice(`${ORIGIN}/sitemaps/`.length);
    const response = await load(sitemapFileRoute.loader, `/sitemaps/${name}`, { file: name });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xmlProblems(xml)).toEqual([]);
    urls.push(...locs(xml));
  }
  return urls;
}

function pagesOf(o: Owner) {
  const name = encodeURIComponent(o.urlName);
  const base = restaurantPath(o.urlName);
  return [base, `${base}/menu`, `${base}/branches`, `/reviews/${name}`, `/vendorbestsellers/${name}`];
}

/** Every public page in English and in Urdu (ADR 0026). */
function expectedUrls() {
  return [
    "/",
    "/menus",
    "/reviews",
    "/search",
    ...pagesOf(approved),
    ...pagesOf(other),
    ...approvedBranches.map((b) => branchPath(approved.urlName, b)),
  ].flatMap((p) => [`${ORIGIN}${p}`, `${ORIGIN}${localisedPath(p, "ur")}`]);
}

// ---------------------------------------------------------------- sitemap and robots

describe("sitemap.xml", () => {
  it("lists exactly the approved public pages: restaurants, menus, branches; never pending, rejected or suspended", async () => {
    const urls = await crawlSitemap();
    expect(urls.toSorted()).toEqual(expectedUrls().toSorted());
    expect(new Set(urls).size).toBe(urls.length);
    for (const owner of Object.values(hidden)) {
      expect(urls.some((u) => u.includes(encodeURIComponent(owner.urlName)))).toBe(false);
    }
  });

  it("names both languages of every page, itself included, with English for everyone else", async () => {
    const xml = (await sitemapFile(services, "pages.xml"))!;
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(8);
    for (const entry of entries) {
      const loc = /<loc>(.*?)<\/loc>/.exec(entry)![1]!;
      const links = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(links.map(([lang]) => lang)).toEqual(["en", "ur", "x-default"]);
      expect(links.map(([, href]) => href)).toContain(loc);
    }
    expect(xml).toContain(`<loc>${ORIGIN}/ur/menus</loc>`);
  });

  it("escapes names for XML: the & and ' of a restaurant's name stay data", async () => {
    const xml = (await sitemapFile(services, "restaurants-1.xml"))!;
    expect(approved.urlName).toMatch(/&.*'/);
    expect(xml).toContain(`/r/${encodeURIComponent(approved.urlName).replaceAll("'", "&apos;")}</loc>`);
    expect(xml).not.toContain("'");
  });

  it("splits into numbered files under the 50,000-URL limit, each listed once by the index", async () => {
    const limits = { restaurantsPerFile: 1, branchesPerFile: 1 };
    const index = await sitemapIndex(services, limits);
    const files = locs(index).map((u) => u.slice(`${ORIGIN}/sitemaps/`.length));
    expect(files).toEqual([
      "pages.xml",
      "restaurants-1.xml",
      "restaurants-2.xml",
      "branches-1.xml",
      "branches-2.xml",
    ]);
    const urls: string[] = [];
    for (const file of files) {
      const xml = (await sitemapFile(services, file, limits))!;
      expect(xmlProblems(xml)).toEqual([]);
      urls.push(...locs(xml));
    }
    expect(urls.toSorted()).toEqual(expectedUrls().toSorted());
    expect(await sitemapFile(services, "restaurants-3.xml", limits)).toBeNull();
    for (const bad of ["restaurants-0.xml", "branches-x.xml", "../etc.xml", "pages.txt"]) {
      expect(await sitemapFile(services, bad, limits), bad).toBeNull();
    }
  });

  it("answers an unknown sitemap file with a 404", async () => {
    const response = await load(sitemapFileRoute.loader, "/sitemaps/nope.xml", { file: "nope.xml" });
    expect(response.status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("allows public pages, keeps accounts, profiles, admin and the API out, and names the sitemap", async () => {
    const response = await load(robotsRoute.loader, "/robots.txt", {});
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    const disallowed = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice(10));
    expect(disallowed.toSorted()).toEqual(
      [
        "/admin",
        "/profile",
        "/api",
        "/login",
        "/sign-in",
        "/signup",
        "/forgotpassword",
        "/forgot-password",
        "/reset-password",
        "/logout",
      ]
        .flatMap((p) => [p, localisedPath(p, "ur")])
        .toSorted(),
    );
    // No public page is shut out by a prefix rule.
    for (const p of ["/r/", "/menus", "/reviews", "/search", "/vendorbestsellers/", "/ur/r/", "/ur/menus"]) {
      expect(disallowed.some((d) => p.startsWith(d))).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

// ---------------------------------------------------------------- JSON-LD builders

describe("JSON-LD builders", () => {
  it("gives a restaurant its rating, cuisines, address and menu, leaving out what is empty", () => {
    const ld = restaurantJsonLd({
      name: "Karahi House",
      url: `${ORIGIN}/r/karahihouse`,
      cuisines: ["Desi", "BBQ", "Desi"],
      telephone: " ",
      address: postalAddress({ address: "12 Blue Area", city: "Islamabad", country: "Pakistan" }),
      rating: { average: 4.333333, count: 3 },
      menu: `${ORIGIN}/r/karahihouse/menu`,
      sameAs: [""],
    });
    expect(JSON.parse(JSON.stringify(ld))).toEqual({
      "@type": "Restaurant",
      name: "Karahi House",
      url: `${ORIGIN}/r/karahihouse`,
      servesCuisine: ["Desi", "BBQ"],
      address: {
        "@type": "PostalAddress",
        streetAddress: "12 Blue Area",
        addressLocality: "Islamabad",
        addressCountry: "Pakistan",
      },
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.33,
        bestRating: 5,
        worstRating: 1,
        reviewCount: 3,
      },
      hasMenu: `${ORIGIN}/r/karahihouse/menu`,
    });
  });

  it("has no AggregateRating without reviews", () => {
    expect(aggregateRating(0, 0)).toBeUndefined();
    expect(
      restaurantJsonLd({ name: "New", url: ORIGIN, rating: { average: 0, count: 0 } }),
    ).not.toHaveProperty("aggregateRating");
  });

  it("writes reviews with author, rating, date and body", () => {
    expect(
      reviewJsonLd({
        rating: 4,
        review: "  Great karahi  ",
        timestamp: "2026-11-20T10:00:00.000Z",
        firstName: "Ayesha",
        lastName: "Khan",
      }),
    ).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Ayesha Khan" },
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      datePublished: "2026-11-20T10:00:00.000Z",
      reviewBody: "Great karahi",
    });
    const bare = reviewJsonLd({ rating: 1, review: "", timestamp: null, firstName: "", lastName: "" });
    expect(bare).not.toHaveProperty("datePublished");
    expect(bare).not.toHaveProperty("reviewBody");
  });

  it("puts sections, items and offers in rupees in a Menu", () => {
    const ld = menuJsonLd({
      name: "Menu",
      url: `${ORIGIN}/r/x/menu`,
      sections: [{ name: "Mains", items: [{ name: "Daal", price: 450.5, soldOut: 1 }] }],
    });
    expect(ld).toEqual({
      "@type": "Menu",
      name: "Menu",
      url: `${ORIGIN}/r/x/menu`,
      hasMenuSection: [
        {
          "@type": "MenuSection",
          name: "Mains",
          hasMenuItem: [
            {
              "@type": "MenuItem",
              name: "Daal",
              offers: {
                "@type": "Offer",
                price: 450.5,
                priceCurrency: "PKR",
                availability: "https://schema.org/SoldOut",
              },
            },
          ],
        },
      ],
    });
  });
});

describe("seoMeta", () => {
  it("makes every tag a page needs, absolute, with the default share image when a page has none", () => {
    const meta = seoMeta({
      origin: ORIGIN,
      path: "/menus?page=2",
      title: "Restaurants",
      description: "All of them.",
    });
    expect(meta).toContainEqual({ title: "Restaurants · Foodverse" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/menus?page=2` });
    expect(contentOf(meta, "description")).toBe("All of them.");
    expect(contentOf(meta, "og:site_name")).toBe("Foodverse");
    expect(contentOf(meta, "og:type")).toBe("website");
    expect(contentOf(meta, "og:title")).toBe("Restaurants");
    expect(contentOf(meta, "og:url")).toBe(`${ORIGIN}/menus?page=2`);
    expect(contentOf(meta, "og:image")).toBe(`${ORIGIN}${DEFAULT_SHARE_IMAGE}`);
    expect(contentOf(meta, "og:image:width")).toBe("1200");
    expect(contentOf(meta, "og:image:height")).toBe("630");
    expect(contentOf(meta, "twitter:card")).toBe("summary_large_image");
    expect(contentOf(meta, "twitter:image")).toBe(`${ORIGIN}${DEFAULT_SHARE_IMAGE}`);
    expect(contentOf(meta, "robots")).toBeUndefined();
    expect(meta.some((m) => "script:ld+json" in m)).toBe(false);
  });

  it("keeps descriptions to a preview's length, cut between words", () => {
    const long = metaDescription("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
    expect(metaDescription("  two\n lines ")).toBe("two lines");
  });

  it("the default share image is a 1200×630 JPEG that WhatsApp accepts (≤ 300 KB)", async () => {
    const file = `public${DEFAULT_SHARE_IMAGE}`;
    const info = await sharp(file).metadata();
    expect(info).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(info.size ?? (await sharp(file).toBuffer()).length).toBeLessThanOrEqual(300 * 1024);
  });

  it("React Router writes JSON-LD so that '</script>' in a value cannot end the script", () => {
    const jsonLd = { "@context": "https://schema.org", "@type": "Thing", name: `a ${HOSTILE} & b` };
    const pageMeta = () => seoMeta({ origin: ORIGIN, path: "/", title: "T", description: "D", jsonLd });
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () => createElement(Fragment, null, createElement(Meta), createElement(Outlet)),
        children: [{ id: "page", index: true, meta: pageMeta, Component: () => null }],
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(JSON.parse(scripts[0]![1]!)).toEqual(jsonLd);
  });
});

// ---------------------------------------------------------------- pages: loader → meta

describe("public pages' meta and JSON-LD", () => {
  it("restaurant page: Restaurant with address, phone, cuisines, menu and share image; no rating before reviews", async () => {
    const data = await load(restaurantPage.loader, restaurantPath(approved.urlName), {
      restaurantName: approved.urlName,
    });
    expect(data).not.toHaveProperty("restaurant.approvalStatus");
    const meta = metaOf(restaurantPage.meta, data);
    const url = `${ORIGIN}${restaurantPath(approved.urlName)}`;
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: url });
    expect(contentOf(meta, "og:type")).toBe("restaurant.restaurant");
    expect(contentOf(meta, "robots")).toBeUndefined();
    expect(jsonLdOf(meta)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: approved.restName,
      url,
      telephone: "051-7654321",
      servesCuisine: ["Desi", "BBQ"],
      address: { "@type": "PostalAddress", streetAddress: "12 Blue Area", addressCountry: "Pakistan" },
      hasMenu: `${url}/menu`,
    });
    expect(jsonLdOf(meta)).not.toHaveProperty("aggregateRating");
  });

  it("pending, rejected and suspended restaurants: noindex, and no menu in meta", async () => {
    for (const owner of Object.values(hidden)) {
      const params = { restaurantName: owner.urlName };
      const path = restaurantPath(owner.urlName);
      const meta = metaOf(restaurantPage.meta, await load(restaurantPage.loader, path, params));
      expect(contentOf(meta, "robots")).toBe("noindex");
      expect(jsonLdOf(meta)).not.toHaveProperty("hasMenu");
      const menuMeta = metaOf(menuPage.meta, await load(menuPage.loader, `${path}/menu`, params));
      expect(contentOf(menuMeta, "robots")).toBe("noindex");
      expect(jsonLdOf(menuMeta)).toBeUndefined();
      const branchMeta = metaOf(
        branchPage.meta,
        await load(branchPage.loader, branchPath(owner.urlName, "main"), { ...params, branchName: "main" }),
      );
      expect(contentOf(branchMeta, "robots")).toBe("noindex");
      // ADR 0017: only the profile page of a restaurant not approved describes it.
      expect(jsonLdOf(branchMeta)).toBeUndefined();
      for (const m of [meta, menuMeta, branchMeta]) expect(JSON.stringify(m)).not.toContain("Secret");
    }
  });

  it("menu page: Menu with sections, items and their prices", async () => {
    const path = `${restaurantPath(approved.urlName)}/menu`;
    const data = await load(menuPage.loader, path, { restaurantName: approved.urlName });
    const meta = metaOf(menuPage.meta, data);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${path}` });
    const ld = jsonLdOf(meta)!;
    expect(ld).toMatchObject({ "@type": "Menu", url: `${ORIGIN}${path}` });
    const section = (ld.hasMenuSection as Record<string, unknown>[])[0]!;
    expect(section).toMatchObject({ "@type": "MenuSection", name: "Mains" });
    expect((section.hasMenuItem as unknown[])[0]).toMatchObject({
      "@type": "MenuItem",
      name: "Chicken Karahi",
      description: `Chicken Karahi, cooked ${HOSTILE}`,
      offers: { "@type": "Offer", price: 1800, priceCurrency: "PKR" },
    });
  });

  it("branch page and branch reviews: the branch as a Restaurant with its address, rating, menu at branch prices and reviews", async () => {
    const [blueArea] = approvedBranches;
    const params = { restaurantName: approved.urlName, branchName: blueArea! };
    const itemId = (await load(branchPage.loader, branchPath(approved.urlName, blueArea!), params)).items[0]!
      .id;
    expect(
      await setBranchItemDetails(services, approved.id, blueArea!, { itemId, priceOverride: "1700" }),
    ).toEqual({
      ok: true,
    });
    const target = { urlName: approved.urlName, branchUrl: blueArea! };
    const a = await newCustomerId("Ayesha", "Khan");
    const b = await newCustomerId("Bilal", "Ahmed");
    expect(
      (
        await postReview(services, a, target, {
          values: { rating: "5", review: `Great ${HOSTILE}` },
          photos: [],
        })
      ).ok,
    ).toBe(true);
    expect((await postReview(services, b, target, { values: { rating: "4" }, photos: [] })).ok).toBe(true);

    const path = branchPath(approved.urlName, blueArea!);
    const meta = metaOf(branchPage.meta, await load(branchPage.loader, path, params));
    const restaurantUrl = `${ORIGIN}${restaurantPath(approved.urlName)}`;
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${path}` });
    expect(jsonLdOf(meta)).toMatchObject({
      "@type": "Restaurant",
      name: `${approved.restName} · Blue Area`,
      url: `${ORIGIN}${path}`,
      telephone: "051-1234567",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Plot 5, Jinnah Avenue",
        addressLocality: "Islamabad",
        addressRegion: "Islamabad Capital Territory",
        addressCountry: "Pakistan",
      },
      parentOrganization: { name: approved.restName, url: restaurantUrl },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2, bestRating: 5 },
      hasMenu: {
        "@type": "Menu",
        hasMenuSection: [
          {
            name: "Mains",
            hasMenuItem: [{ name: "Chicken Karahi", offers: { price: 1700, priceCurrency: "PKR" } }],
          },
        ],
      },
    });

    const reviewsMeta = metaOf(
      branchReviewsPage.meta,
      await load(branchReviewsPage.loader, `${path}/reviews`, params),
    );
    expect(contentOf(reviewsMeta, "description")).toContain("2 reviews");
    const ld = jsonLdOf(reviewsMeta)!;
    expect(ld).toMatchObject({
      "@type": "Restaurant",
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    const reviews = ld.review as Record<string, unknown>[];
    expect(reviews.map((r) => r.author)).toEqual(
      expect.arrayContaining([
        { "@type": "Person", name: "Ayesha Khan" },
        { "@type": "Person", name: "Bilal Ahmed" },
      ]),
    );
    expect(reviews.find((r) => (r.reviewRating as { ratingValue: number }).ratingValue === 5)).toMatchObject({
      reviewBody: `Great ${HOSTILE}`,
      datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // /reviews/{name}: the restaurant's exact rating (kept by every review write) and its reviews.
    const name = approved.urlName;
    const restaurantMeta = metaOf(
      restaurantReviewsPage.meta,
      await load(restaurantReviewsPage.loader, `/reviews/${encodeURIComponent(name)}`, { name }),
    );
    expect(restaurantMeta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${ORIGIN}/reviews/${encodeURIComponent(name)}`,
    });
    expect(jsonLdOf(restaurantMeta)).toMatchObject({
      "@type": "Restaurant",
      url: restaurantUrl,
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(jsonLdOf(restaurantMeta)!.review).toHaveLength(2);
  });
});
