import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer, signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview, replyToReview } from "~/features/reviews/reviews.server.ts";
import {
  cachedPage,
  contentVersionKey,
  createPageStore,
  inlineStylesheets,
  pageScope,
  type PageScope,
} from "~/server/page-cache.server.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
});
afterAll(() => services.close());

async function restaurant() {
  const result = await signUpRestaurant(services, restaurantInput(), new Headers());
  if (!result.ok) throw new Error(result.message);
  const viewer = (await getViewer(services, headersWithCookies(result.headers)))!;
  const section = await menus.addSection(services, viewer.userId, { originalName: "Mains" });
  if (!section.ok) throw new Error(section.message);
  const branch = await addBranch(services, viewer.userId, { branchName: "Main" });
  if (!branch.ok) throw new Error(branch.message);
  return { id: viewer.userId, urlName: viewer.urlName!, branchUrl: branch.branchUrl, sectionId: section.id };
}

async function customer() {
  const result = await signUpCustomer(services, customerInput(), new Headers());
  if (!result.ok) throw new Error(result.message);
  return (await getViewer(services, headersWithCookies(result.headers)))!.userId;
}

const keyOf = (scope: PageScope) => contentVersionKey(services.database.db, scope);
const site: PageScope = { kind: "site" };

describe("which pages are cached, and under which content", () => {
  it("maps public paths (and their .data requests) to the site or to one restaurant", () => {
    expect(pageScope("/")).toEqual(site);
    expect(pageScope("/_root.data")).toEqual(site);
    expect(pageScope("/menus.data")).toEqual(site);
    expect(pageScope("/search")).toEqual(site);
    expect(pageScope("/sitemaps/restaurants-1.xml")).toEqual(site);
    expect(pageScope("/r/bundu%20khan/branch/f-7.data")).toEqual({
      kind: "restaurant",
      urlName: "bundu khan",
    });
    expect(pageScope("/reviews/savour")).toEqual({ kind: "restaurant", urlName: "savour" });
    expect(pageScope("/vendorbestsellers/savour")).toEqual({ kind: "restaurant", urlName: "savour" });
    for (const personal of [
      "/profile/restaurant",
      "/admin",
      "/login",
      "/profile/customer/reviews",
      "/r/%E0%A4%A",
    ]) {
      expect(pageScope(personal)).toBeNull();
    }
  });
});

describe("content versions", () => {
  it("change with every write a restaurant's pages show, and only that restaurant's", async () => {
    const a = await restaurant();
    const b = await restaurant();
    const pageA: PageScope = { kind: "restaurant", urlName: a.urlName };
    const pageB: PageScope = { kind: "restaurant", urlName: b.urlName };
    const author = await customer();

    let [keyA, keyB, keySite] = [await keyOf(pageA), await keyOf(pageB), await keyOf(site)];
    const expectChanged = async (changedA: boolean) => {
      const [nextA, nextB, nextSite] = [await keyOf(pageA), await keyOf(pageB), await keyOf(site)];
      expect(nextA !== keyA).toBe(changedA);
      expect(nextB).toBe(keyB);
      expect(nextSite).not.toBe(keySite);
      [keyA, keySite] = [nextA, nextSite];
    };

    await menus.addSection(services, a.id, { originalName: "Desserts" });
    await expectChanged(true);
    const posted = await postReview(
      services,
      author,
      { urlName: a.urlName, branchUrl: a.branchUrl },
      { values: { rating: "5", review: "Great" }, photos: [] },
    );
    if (!posted.ok) throw new Error(posted.message);
    await expectChanged(true);
    expect((await replyToReview(services, a.id, { reviewId: posted.id, text: "Thanks!" })).ok).toBe(true);
    await expectChanged(true);
    await services.database.db
      .updateTable("customer")
      .set({ firstName: "Renamed" })
      .where("id", "=", author)
      .execute();
    // A reviewer's new name shows on every restaurant's review pages: 'customers' moves for both.
    const [renamedA, renamedB] = [await keyOf(pageA), await keyOf(pageB)];
    expect(renamedA).not.toBe(keyA);
    expect(renamedB).not.toBe(keyB);
  });

  it("do not move when the write rolls back", async () => {
    const a = await restaurant();
    const page: PageScope = { kind: "restaurant", urlName: a.urlName };
    const before = [await keyOf(page), await keyOf(site)];
    await expect(
      services.database.db.transaction().execute(async (trx) => {
        await trx.updateTable("restaurant").set({ about: "changed" }).where("id", "=", a.id).execute();
        await sql`select 1`.execute(trx);
        throw new Error("forced");
      }),
    ).rejects.toThrow("forced");
    expect([await keyOf(page), await keyOf(site)]).toEqual(before);
  });

  it("give an unknown restaurant no version of its own", async () => {
    expect(await keyOf({ kind: "restaurant", urlName: "no-such-place" })).toMatch(/^none\|customers:/);
  });
});

describe("page stores in several processes sharing one database", () => {
  it("each answers the same page until a write, then none does", async () => {
    const a = await restaurant();
    const page: PageScope = { kind: "restaurant", urlName: a.urlName };
    const url = `/r/${a.urlName}/branch/${a.branchUrl}`;
    const processes = [createPageStore(1024 * 1024), createPageStore(1024 * 1024)];
    const lookup = async (store: (typeof processes)[number]) => store.get(`${await keyOf(page)}|${url}`);

    for (const store of processes) {
      expect(await lookup(store)).toBeUndefined();
      store.set(`${await keyOf(page)}|${url}`, cachedPage(Buffer.from("<p>menu v1</p>"), []));
      expect((await lookup(store))?.body.toString()).toBe("<p>menu v1</p>");
    }
    // One process (or the admin, or a script) changes the menu through the shared database.
    await menus.addSection(services, a.id, { originalName: "Drinks" });
    for (const store of processes) expect(await lookup(store)).toBeUndefined();
  });

  it("keeps a strong ETag of the body and a gzip copy", async () => {
    const body = Buffer.from("<html>".repeat(200));
    const one = cachedPage(body, []);
    expect(one.etag).toBe(cachedPage(Buffer.from(body), []).etag);
    expect(one.etag).not.toBe(cachedPage(Buffer.from("<html>"), []).etag);
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(one.gzip).equals(body)).toBe(true);
  });
});

describe("stylesheets of pages without scripts", () => {
  const css = ".a{color:red}";
  const read = (href: string) => (href === "/assets/root-x1.css" ? css : null);
  const link = '<link nonce="n1" rel="stylesheet" href="/assets/root-x1.css"/>';

  it("are inlined, so the first paint needs no second request", () => {
    expect(inlineStylesheets(`<head>${link}</head><body></body>`, read)).toBe(
      `<head><style>${css}</style></head><body></body>`,
    );
  });

  it("are inlined on a page whose only script is an island", () => {
    const island = '<script type="module" src="/assets/carousel-island-x1.js" nonce="n1"></script>';
    expect(inlineStylesheets(`<head>${link}</head><body>${island}</body>`, read)).toBe(
      `<head><style>${css}</style></head><body>${island}</body>`,
    );
  });

  it("stay linked when React hydrates the page, the file is unknown, or the CSS could end the tag", () => {
    const withScripts = `<head>${link}<link rel="modulepreload" href="/assets/entry.client-x1.js"/></head><script>window.__reactRouterContext = {};</script>`;
    expect(inlineStylesheets(withScripts, read)).toBe(withScripts);
    const unknown = '<link rel="stylesheet" href="/assets/other.css"/>';
    expect(inlineStylesheets(unknown, read)).toBe(unknown);
    expect(inlineStylesheets(link, () => "a{}</style><script>x</script>")).toBe(link);
  });
});
