import { expect, test, type APIRequest, type APIRequestContext } from "@playwright/test";
import { addItemFor, addSectionFor, appUrl, approve, createRestaurant, sectionIdsOf } from "./helpers.ts";

// What crawlers and chat apps read: the server-rendered <head> and the crawl files, fetched
// without a browser by a visitor who has no session.

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

function head(html: string) {
  const attr = (tag: string, key: string, value: string, wanted: string) => {
    const re = new RegExp(
      `<${tag}[^>]*\\b${key}="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`,
      "g",
    );
    const found = html.match(re)?.[0];
    return found ? decode(new RegExp(`\\b${wanted}="([^"]*)"`).exec(found)?.[1] ?? "") : undefined;
  };
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    description: attr("meta", "name", "description", "content"),
    canonical: attr("link", "rel", "canonical", "href"),
    og: (p: string) => attr("meta", "property", p, "content"),
    named: (n: string) => attr("meta", "name", n, "content"),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

/** A second client without the owner's cookies: what a crawler sees. */
function visitorRequest(api: APIRequest) {
  return api.newContext({ baseURL: appUrl() });
}

async function approvedRestaurantWithBranch(request: APIRequestContext) {
  const owner = await createRestaurant(request, { address: "12 Blue Area", contact: "051-7654321" });
  await addSectionFor(request, "Mains");
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, { description: "Cooked on a high flame </script>." });
  const branch = await request.post("/profile/restaurant/addbranch", {
    headers: { origin: appUrl() },
    form: { branchName: "Main", address: "Plot 5, Jinnah Avenue", contact: "051-1234567" },
    maxRedirects: 0,
  });
  expect(branch.status()).toBe(302);
  await approve(owner.urlName);
  return owner;
}

test("every public page has a title, description, canonical URL, share tags and an image chat apps accept", async ({
  request,
  playwright,
}) => {
  const owner = await approvedRestaurantWithBranch(request);
  const visitor = await visitorRequest(playwright.request);
  const r = `/r/${owner.urlName}`;
  const pages = [
    "/",
    "/menus",
    "/reviews",
    r,
    `${r}/menu`,
    `${r}/branches`,
    `${r}/branch/main`,
    `${r}/branch/main/reviews`,
    `/reviews/${owner.urlName}`,
    `/vendorbestsellers/${owner.urlName}`,
    "/coming-soon",
  ];
  const checkedImages = new Set<string>();
  for (const path of pages) {
    const response = await visitor.get(path);
    expect(response.status(), path).toBe(200);
    const h = head(await response.text());
    expect(h.title, path).toMatch(/Foodverse/);
    expect(h.description, path).toBeTruthy();
    expect(h.canonical, path).toBe(`${appUrl()}${path}`);
    expect(h.og("og:url"), path).toBe(h.canonical);
    expect(h.og("og:site_name"), path).toBe("Foodverse");
    expect(h.og("og:title"), path).toBeTruthy();
    expect(h.og("og:description"), path).toBe(h.description);
    expect(h.named("twitter:card"), path).toBe("summary_large_image");
    const image = h.og("og:image");
    expect(image, path).toMatch(new RegExp(`^${appUrl()}/`));
    expect(h.named("twitter:image"), path).toBe(image);
    expect(h.jsonLd.length, path).toBeLessThanOrEqual(1);
    if (!checkedImages.has(image!)) {
      checkedImages.add(image!);
      const picture = await visitor.get(new URL(image!).pathname);
      expect(picture.headers()["content-type"], image).toBe("image/jpeg");
      expect((await picture.body()).length, image).toBeLessThanOrEqual(300 * 1024);
    }
  }
  await visitor.dispose();
});

test("the restaurant, menu and branch pages carry JSON-LD with the right values", async ({
  request,
  playwright,
}) => {
  const owner = await approvedRestaurantWithBranch(request);
  const visitor = await visitorRequest(playwright.request);
  const r = `/r/${owner.urlName}`;

  const [restaurant] = head(await (await visitor.get(r)).text()).jsonLd;
  expect(restaurant).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: owner.name,
    url: `${appUrl()}${r}`,
    telephone: "051-7654321",
    servesCuisine: "Desi",
    address: { streetAddress: "12 Blue Area", addressCountry: "Pakistan" },
    hasMenu: `${appUrl()}${r}/menu`,
  });

  const [menu] = head(await (await visitor.get(`${r}/menu`)).text()).jsonLd;
  expect(menu).toMatchObject({
    "@type": "Menu",
    hasMenuSection: [
      {
        name: "Mains",
        hasMenuItem: [
          {
            name: "Chicken Karahi",
            description: "Cooked on a high flame </script>.",
            offers: { price: 1800, priceCurrency: "PKR" },
          },
        ],
      },
    ],
  });

  const [branch] = head(await (await visitor.get(`${r}/branch/main`)).text()).jsonLd;
  expect(branch).toMatchObject({
    "@type": "Restaurant",
    url: `${appUrl()}${r}/branch/main`,
    telephone: "051-1234567",
    address: { streetAddress: "Plot 5, Jinnah Avenue" },
    parentOrganization: { name: owner.name, url: `${appUrl()}${r}` },
    hasMenu: { "@type": "Menu", hasMenuSection: [{ hasMenuItem: [{ name: "Chicken Karahi" }] }] },
  });
  await visitor.dispose();
});

test("a menu awaiting approval stays out of meta, JSON-LD and the sitemap", async ({
  request,
  playwright,
}) => {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [sectionId] = await sectionIdsOf(request);
  await addItemFor(request, sectionId!, { name: "Secret Karahi" });
  const visitor = await visitorRequest(playwright.request);
  for (const path of [`/r/${owner.urlName}/menu`, `/r/${owner.urlName}`]) {
    const html = await (await visitor.get(path)).text();
    const h = head(html);
    expect(h.named("robots"), path).toBe("noindex");
    expect(html, path).not.toContain("Secret Karahi");
    expect(
      h.jsonLd.some((ld) => "hasMenu" in ld || ld["@type"] === "Menu"),
      path,
    ).toBe(false);
  }
  const index = await (await visitor.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const file of files) {
    expect(await (await visitor.get(file)).text()).not.toContain(`/r/${owner.urlName}<`);
  }
  await visitor.dispose();
});

test("sitemap.xml leads to the approved restaurant's pages and branches; robots.txt points to it", async ({
  request,
  playwright,
}) => {
  const owner = await approvedRestaurantWithBranch(request);
  const visitor = await visitorRequest(playwright.request);
  const index = await visitor.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toMatch(/^application\/xml/);
  const files = [...(await index.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  const urls: string[] = [];
  for (const file of files) {
    const response = await visitor.get(file);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    urls.push(...[...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!));
  }
  const r = `${appUrl()}/r/${owner.urlName}`;
  for (const url of [
    `${appUrl()}/`,
    `${appUrl()}/menus`,
    r,
    `${r}/menu`,
    `${r}/branches`,
    `${r}/branch/main`,
    `${appUrl()}/reviews/${owner.urlName}`,
    `${appUrl()}/vendorbestsellers/${owner.urlName}`,
  ]) {
    expect(urls).toContain(url);
  }
  expect(urls.some((u) => u.includes("/profile") || u.includes("/admin") || u.includes("/login"))).toBe(
    false,
  );

  const robots = await visitor.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain("Disallow: /profile");
  expect(text).toContain(`Sitemap: ${appUrl()}/sitemap.xml`);
  await visitor.dispose();
});
