import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { createHash } from "node:crypto";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";
import { clientIpAndNonce, ISLAND_LOADER_SOURCE, securityHeaders } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { ISLAND_CLASSES } from "~/server/used-css.server.ts";
import { createPageCache, type Render } from "~/server/page-cache-middleware.server.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview, replyToReview } from "~/features/reviews/reviews.server.ts";
import {
  cachedPage,
  pageBody,
  canonicalPath,
  contentVersionKey,
  hasInlineScript,
  inlineStylesheets,
  pageScope,
  withoutNonce,
  type PageScope,
} from "~/server/page-cache.server.ts";
import { createPageStore } from "~/server/page-store.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
});
afterAll(() => services.close());

async function restaurant() {
  const { id, urlName } = await signedUpOwner(services);
  const section = await menus.addSection(services, id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branch = await addBranch(services, id, { branchName: "Main" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  return { id, urlName, branchUrl: branch.branchUrl, sectionId: section.id };
}

const customer = async () => (await signedUpCustomer(services)).id;

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
      reviews: { branchUrl: "f-7" },
    });
    expect(pageScope("/reviews/savour")).toEqual({ kind: "restaurant", urlName: "savour" });
    expect(pageScope("/vendorbestsellers/savour")).toEqual({
      kind: "restaurant",
      urlName: "savour",
      reviews: "none",
    });
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
    if (!posted.ok) throw new Error(inEnglish(posted.message));
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
      const kept = await lookup(store);
      expect(kept && pageBody(kept).toString()).toBe("<p>menu v1</p>");
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

  it("are inlined, so the first paint needs no second request", async () => {
    expect(await inlineStylesheets(`<head>${link}</head><body><p class="a">x</p></body>`, read)).toBe(
      `<head><style>${css}</style></head><body><p class="a">x</p></body>`,
    );
  });

  it("are inlined on a page whose only script is an island", async () => {
    const island = '<script type="module" src="/assets/carousel-island-x1.js" nonce="n1"></script>';
    expect(await inlineStylesheets(`<head>${link}</head><body class="a">${island}</body>`, read)).toBe(
      `<head><style>${css}</style></head><body class="a">${island}</body>`,
    );
  });

  it("stay linked when React hydrates the page, the file is unknown, or the CSS could end the tag", async () => {
    const withScripts = `<head>${link}<link rel="modulepreload" href="/assets/entry.client-x1.js"/></head><script>window.__reactRouterContext = {};</script>`;
    expect(await inlineStylesheets(withScripts, read)).toBe(withScripts);
    const unknown = '<link rel="stylesheet" href="/assets/other.css"/>';
    expect(await inlineStylesheets(unknown, read)).toBe(unknown);
    expect(await inlineStylesheets(link, () => "a{}</style><script>x</script>")).toBe(link);
  });

  it("hold only the rules the page's markup can use, Tailwind's variants, the islands' classes and the rtl rules included", async () => {
    const sheet = [
      ".used{color:red}",
      ".unused{color:blue}",
      ".hover\\:bg-brand:hover{color:green}",
      ".aspect-\\[4\\/3\\]{aspect-ratio:4/3}",
      ".overflow-hidden{overflow:hidden}",
      ".rtl\\:ms-2:where(:dir(rtl),[dir=rtl],[dir=rtl] *){margin-inline-start:.5rem}",
      "details[open] summary{font-weight:700}",
      "@media (min-width:48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}",
    ].join("");
    const page = `<head>${link}</head><body dir="ltr"><p class="used hover:bg-brand aspect-[4/3] md:flex rtl:ms-2">x</p><details><summary>s</summary></details></body>`;
    const inlined = await inlineStylesheets(page, () => sheet);
    const style = /<style>(.*)<\/style>/s.exec(inlined)![1]!;
    for (const kept of [
      ".used",
      "hover\\:bg-brand",
      "aspect-\\[4\\/3\\]",
      ".overflow-hidden",
      "[dir=rtl]",
      "details[open]",
      "md\\:flex",
    ]) {
      expect(style).toContain(kept);
    }
    expect(style).not.toContain(".unused");
    expect(style).not.toContain("md\\:grid");
  });

  it("keep every class an island sets in the browser", () => {
    const islandCode = ["app/components/ui/carousel-behaviour.ts", "app/features/discovery/finder-places.ts"]
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const set = [
      // What they add: classList.add / toggle, replace's second class, className =.
      ...islandCode.matchAll(
        /classList\.(?:add|toggle)\(([^)]*)\)|classList\.replace\([^,]*,([^)]*)\)|className = ("[^"]*")/g,
      ),
    ].flatMap((m) => (m[1] ?? m[2] ?? m[3] ?? "").match(/"([^"]+)"/g) ?? []);
    const classes = set.flatMap((literal) => literal.slice(1, -1).split(/\s+/));
    expect(classes.length).toBeGreaterThan(0);
    for (const name of classes) expect(ISLAND_CLASSES).toContain(name);
  });
});

// ---- ADR 0012: the nonce of a cached page, and the paths a page is cached under ----

const html = (nonce: string, extra = "") =>
  `<html><head><link nonce="${nonce}" rel="stylesheet" href="/assets/root-x1.css"/>` +
  `<script type="application/ld+json">{"@type":"Menu"}</script></head><body><p>menu</p>` +
  `<script type="module" src="/assets/carousel-island-x1.js" nonce="${nonce}"></script>${extra}</body></html>`;
const htmlHeaders = (nonce: string): [string, string][] => [
  ["content-type", "text/html; charset=utf-8"],
  ["content-security-policy", `default-src 'self';script-src 'self' 'nonce-${nonce}';object-src 'none'`],
];

describe("a cached page's CSP nonce", () => {
  it("is taken out of a page whose scripts are files: markup and policy", () => {
    const shared = withoutNonce(html("n0nce+/="), htmlHeaders("n0nce+/="), "n0nce+/=")!;
    expect(shared.body).not.toContain("n0nce");
    expect(shared.body).toContain('<script type="module" src="/assets/carousel-island-x1.js"></script>');
    expect(shared.headers).toContainEqual([
      "content-security-policy",
      "default-src 'self';script-src 'self';object-src 'none'",
    ]);
  });

  it("keeps a page out of the cache when it needs its nonce: an inline script", () => {
    for (const inline of [
      '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
      '<script type="module" nonce="n0nce">import "/assets/entry.client.js";</script>',
      "<SCRIPT>alert(1)</SCRIPT>",
      '<script type="text/javascript" data-src="x">1</script>',
    ]) {
      expect(hasInlineScript(html("n0nce", inline))).toBe(true);
      expect(withoutNonce(html("n0nce", inline), htmlHeaders("n0nce"), "n0nce")).toBeNull();
    }
    expect(hasInlineScript(html("n0nce"))).toBe(false);
  });

  it("keeps a page whose one inline script is the island loader, which its hash allows (ADR 0029)", () => {
    const loader = `<script type="module">${ISLAND_LOADER}</script>`;
    const shared = withoutNonce(html("n0nce", loader), htmlHeaders("n0nce"), "n0nce")!;
    expect(shared.body).toContain(loader);
    expect(shared.body).not.toContain("n0nce");
    // The loader's text and nothing after it: a script that only starts like it needs the nonce.
    for (const lookalike of [
      `<script type="module">${ISLAND_LOADER};alert(1)</script>`,
      `<script type="module">${ISLAND_LOADER.slice(0, -1)}</script>`,
      `<script type="module">${ISLAND_LOADER}`,
      `${loader}<script>alert(1)</script>`,
    ]) {
      expect(hasInlineScript(html("n0nce", lookalike)), lookalike.slice(-40)).toBe(true);
    }
    expect(ISLAND_LOADER_SOURCE).toBe(
      `'sha256-${createHash("sha256").update(ISLAND_LOADER).digest("base64")}'`,
    );
  });

  it("is taken out of React Router's .data too, or the answer is not kept", () => {
    const data = '[{"_1":2},"root",{"nonce":3},"n0nce"]';
    const typed: [string, string][] = [["content-type", "text/x-script"]];
    expect(withoutNonce(data, typed, "n0nce")!.body).toBe('[{"_1":2},"root",{"nonce":3},""]');
    expect(withoutNonce("nonce is n0nce", typed, "n0nce")).toBeNull();
    expect(withoutNonce("<p>x</p>", typed, "")).toBeNull();
    expect(
      withoutNonce("<p>x</p>", [...typed, ["link", '</a.js>; rel=modulepreload; nonce="n0nce"']], "n0nce"),
    ).toBeNull();
  });
});

describe("the canonical path of a page", () => {
  it("resolves dot-segments (written or escaped), backslashes, empty segments and a trailing slash", () => {
    const cases: [string, string][] = [
      ["/r/x/menu", "/r/x/menu"],
      ["/r/x/./menu", "/r/x/menu"],
      ["/r/./x/menu", "/r/x/menu"],
      ["/r/y/../x/menu", "/r/x/menu"],
      ["/r/%2e/x/menu", "/r/x/menu"],
      ["/r/y/%2E%2e/x/menu", "/r/x/menu"],
      ["/r/y\\..\\x/menu", "/r/x/menu"],
      ["/r//x/menu", "/r/x/menu"],
      ["//r/x/menu", "/r/x/menu"],
      ["/r/x/menu/", "/r/x/menu"],
      ["/r/x/.//./menu//", "/r/x/menu"],
      ["/", "/"],
      ["/r/bundu%20khan/menu", "/r/bundu%20khan/menu"],
      ["/R/x/menu", "/R/x/menu"],
    ];
    for (const [raw, canonical] of cases) expect([raw, canonicalPath(raw)]).toEqual([raw, canonical]);
    // The plain paths taken as they are (no URL parsed on a cache hit) are what parsing gives.
    const plain = "/r/a'b(c)!$&*+,;=:@~-_9/menu";
    expect(canonicalPath(plain)).toBe(plain);
    expect(new URL(`http://x${plain}`).pathname).toBe(plain);
  });
});

const scriptSrc = (headers: http.IncomingHttpHeaders) =>
  String(headers["content-security-policy"])
    .split(";")
    .find((d) => d.startsWith("script-src"));

describe("the page cache over HTTP", () => {
  let url: string;
  let server: http.Server;
  const rendered: string[] = [];
  /** Milliseconds the cache's clock is ahead of the real one: a test moves it instead of sleeping. */
  let skipped = 0;

  /** Renders like React Router: the request's resolved path, a restaurant's status from the database. */
  const render: Render = async (request, res) => {
    const nonce = res.locals.nonce as string;
    const path = new URL(request.url).pathname;
    rendered.push(path);
    const urlName = decodeURIComponent(/^\/r\/([^/]+)/.exec(path)?.[1] ?? "");
    const row = await services.database.db
      .selectFrom("restaurant")
      .select("approvalStatus")
      .where("urlName", "=", urlName)
      .executeTakeFirst();
    if (!row || row.approvalStatus !== "approved") return new Response("Not Found", { status: 404 });
    const inline = path.endsWith("/hydrated")
      ? `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`
      : "";
    const body =
      `<html><head><link nonce="${nonce}" rel="stylesheet" href="/assets/root-x1.css"/></head>` +
      `<body data-islands="/assets/carousel-island-x1.js"><p>${urlName} is ${row.approvalStatus}</p>` +
      `<script type="module">${ISLAND_LOADER}</script>${inline}</body></html>`;
    // A page true only for a while (a branch's "Open now"): it says until when.
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (path.endsWith("/fresh")) headers.set(FRESH_UNTIL_HEADER, String(Date.now() + 60_000));
    return new Response(body, { headers });
  };

  beforeAll(async () => {
    const pageCache = createPageCache({
      db: services.database.db,
      maxBytes: 1024 * 1024,
      log: createLogger("silent"),
      render,
      origin: "http://localhost:3000",
      clientDir: null,
      now: () => performance.now() + skipped,
    });
    // server/http-app.ts's order: hits first, then the nonce and headers, then render and store.
    const app = express();
    app.get("/{*any}", pageCache.serveHit);
    app.use(clientIpAndNonce);
    app.use(securityHeaders("http://localhost:3000"));
    app.get("/{*any}", pageCache.renderAndStore);
    app.use((_req, res) => res.status(404).end());
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A GET with the path exactly as written (fetch would resolve its dot-segments first). */
  const get = (path: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: "127.0.0.1", port, path }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on("error", reject);
    });
  /** What a browser ends on: the redirect followed, once. */
  const visit = async (path: string) => {
    const answer = await get(path);
    return answer.status === 301 ? get(answer.headers.location!) : answer;
  };

  it("keeps a page that says until when it is true no longer than that, and never sends the header on", async () => {
    const a = await restaurant();
    const path = `/r/${a.urlName}/fresh`;
    // True for a minute from when it was rendered.
    const first = await get(path);
    const second = await get(path);
    skipped += 59_000;
    const third = await get(path);
    skipped += 1_001;
    const fourth = await get(path);
    expect([first, second, third, fourth].map((r) => r.headers["x-page-cache"])).toEqual([
      "MISS",
      "HIT",
      "HIT",
      "MISS",
    ]);
    expect([first, second, third, fourth].map((r) => r.headers[FRESH_UNTIL_HEADER])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("serves a page with no nonce at all, the first time and from the cache", async () => {
    const a = await restaurant();
    const path = `/r/${a.urlName}/menu`;
    const first = await get(path);
    const second = await get(path);
    expect([first.status, first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual([
      200,
      "MISS",
      "HIT",
    ]);
    for (const answer of [first, second]) {
      expect(scriptSrc(answer.headers)).toBe(`script-src 'self' ${ISLAND_LOADER_SOURCE}`);
      expect(answer.body).not.toMatch(/nonce/i);
      // The island loader runs by its hash, and the island it imports is a file of this origin: 'self'.
      expect(answer.body).toContain(`<script type="module">${ISLAND_LOADER}</script>`);
    }
    expect(second.body).toBe(first.body);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it("never keeps a page that needs its nonce: each visitor gets a fresh one", async () => {
    const a = await restaurant();
    const answers = [await get(`/r/${a.urlName}/hydrated`), await get(`/r/${a.urlName}/hydrated`)];
    const nonces = answers.map((answer) => {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc(answer.headers) ?? "")?.[1];
      expect(answer.body).toContain(`<script nonce="${nonce}">`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("redirects another spelling of a page to its canonical path, and renders a .data one uncached", async () => {
    const a = await restaurant();
    const b = await restaurant();
    const canonical = `/r/${a.urlName}/menu`;
    for (const path of [
      `/r/${a.urlName}/./menu`,
      `/r/./${a.urlName}/menu`,
      `/r/${b.urlName}/../${a.urlName}/menu`,
      `/r/%2e/${a.urlName}/menu`,
      `/r/${b.urlName}/%2e%2E/${a.urlName}/menu`,
      `/r//${a.urlName}/menu`,
      `//r/${a.urlName}/menu`,
      `/r/${a.urlName}/menu/`,
    ]) {
      const answer = await get(`${path}?page=1`);
      expect([path, answer.status, answer.headers.location]).toEqual([path, 301, `${canonical}?page=1`]);
    }
    const before = rendered.length;
    const data = await get(`/r/./${a.urlName}/menu.data`);
    const again = await get(`/r/./${a.urlName}/menu.data`);
    // Past the cache (this test app has no router behind it: 404), and never kept.
    expect([data.headers["x-page-cache"], again.headers["x-page-cache"]]).toEqual([undefined, undefined]);
    expect(rendered.length).toBe(before);
  });

  it("stops serving a suspended restaurant's menu under every spelling of its address", async () => {
    const a = await restaurant();
    const other = await restaurant();
    const canonical = `/r/${a.urlName}/menu`;
    const spellings = [
      canonical,
      `/r/${a.urlName}/./menu`,
      `/r/./${a.urlName}/menu`,
      `/r/${other.urlName}/../${a.urlName}/menu`,
      `/r/%2E/${a.urlName}/menu`,
      `/r/${a.urlName}/menu/`,
      `/r//${a.urlName}//menu`,
    ];
    for (const path of spellings) {
      await visit(path);
      const warm = await visit(path);
      expect([path, warm.status, warm.body]).toEqual([path, 200, expect.stringContaining("is approved")]);
    }
    const decided = await decideRestaurant(services, COMMAND_LINE, a.urlName, {
      intent: "suspend",
      reason: "Closed for renovation",
    });
    expect(decided.ok).toBe(true);
    for (const path of spellings) {
      const answer = await visit(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain("is approved");
    }
  });
});
