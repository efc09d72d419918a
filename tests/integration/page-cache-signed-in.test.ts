import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpAndNonce, securityHeaders } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createPageCache, personalIn, type Render } from "~/server/page-cache-middleware.server.ts";
import { createViewerCache, variantOf, type PageTemplate } from "~/server/page-variant.server.ts";
import { sessionTokenOf } from "~/server/request-cookies.server.ts";
import type { Viewer } from "~/server/viewer.server.ts";
import { pageBody } from "~/server/page-cache.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * ADR 0028: signed-in readers of public pages are answered from the page cache, one
 * kept page per role with each reader's name put in. The render below stands in for
 * React Router as root.tsx and the public loaders behave: the header names the viewer
 * (or the slot while a page is rendered to be kept), the page shows role-specific
 * actions, an owner sees their own restaurant's preview, and a loader that puts the
 * reader's own data on the page says so.
 */
let services: TestServices;
let owner: { id: string; urlName: string };
let server: http.Server;
let pageCache: ReturnType<typeof createPageCache>;
const rendered: string[] = [];
let lookups = 0;
/** The viewer cache's clock (milliseconds): moved past its time to trust a lookup. */
let viewerClock = 0;

const people: Record<string, Viewer> = {};
/** The fixed slot marker pages carried until a review could hold it too (docs/threat-model.md). */
const OLD_MARKER = "fv-viewer-name-slot-3c9e";
const SLOT_LOOKALIKE = "fv-slot-0123456789abcdef01234567";
const ANY_SLOT = /fv-slot-[0-9a-f]{24}/;
const TOKENS = {
  ayesha: "tok-ayesha.sig",
  bilal: "tok-bilal.sig",
  admin: "tok-admin.sig",
  gone: "tok-gone.sig",
};

const render: Render = async (request, res) => {
  const url = new URL(request.url);
  rendered.push(url.pathname);
  const template = res.locals.pageTemplate as PageTemplate | null;
  const token = /session_token=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
  const viewer = Object.entries(TOKENS).find(([, t]) => t === token)?.[0];
  const person = viewer ? people[viewer] : undefined;
  const name = person ? (template ? template.slot : person.displayName) : null;
  const header = name
    ? `<a href="/profile">${name}</a><form method="post" action="/logout"></form>`
    : `<a href="/login">Login</a>`;
  const own = person?.role === "restaurant" && url.pathname.startsWith(`/r/${person.urlName}`);
  let main = `<p>Chicken Karahi Rs. 1,200</p>${own ? "<p>Preview: waiting for approval</p>" : ""}`;
  if (person?.role === "customer") main += `<a href="/review">Add a Review</a>`;
  // A loader that shows the reader's own data marks it (the rating form's current value)…
  if (url.pathname.endsWith("/rated") && person) {
    if (template) template.personal = true;
    main += `<p>Your rating: 4</p>`;
  }
  // …and one that forgot to: the reader's name in the page body.
  if (url.pathname.endsWith("/leaky") && person) main += `<p>Hello ${person.displayName}</p>`;
  // Text someone wrote that looks like a slot: the old fixed marker, and the shape of today's.
  if (url.pathname.endsWith("/marked")) main += `<p>Hello ${OLD_MARKER}, call ${SLOT_LOOKALIKE}</p>`;
  const body = `<html><body><header>${header}</header><nav>${name ?? ""}</nav><main>${main}</main></body></html>`;
  return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
};

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  owner = await signedUpOwner(services);
  people.ayesha = { userId: "u-ayesha", role: "customer", displayName: "Ayesha <Khan>" };
  people.bilal = { userId: "u-bilal", role: "customer", displayName: "Bilal Ahmed" };
  people.owner = {
    userId: owner.id,
    role: "restaurant",
    displayName: "Owner's Place",
    urlName: owner.urlName,
  };
  people.admin = { userId: "u-admin", role: "admin", displayName: "admin@foodverse.pk" };
  (TOKENS as Record<string, string>).owner = "tok-owner.sig";
  const viewers = createViewerCache(
    async (cookie) => {
      lookups++;
      const token = /session_token=([^;]*)/.exec(cookie)?.[1];
      const who = Object.entries(TOKENS).find(([, t]) => t === token)?.[0];
      return (who && people[who]) || null;
    },
    { ttlMs: 60_000, maxEntries: 100, now: () => viewerClock },
  );
  pageCache = createPageCache({
    db: services.database.db,
    maxBytes: 1024 * 1024,
    log: createLogger("silent"),
    render,
    origin: "http://localhost:3000",
    clientDir: null,
    viewers,
  });
  const app = express();
  app.get("/{*any}", pageCache.serveHit);
  app.use(clientIpAndNonce);
  app.use(securityHeaders("http://localhost:3000"));
  app.get("/{*any}", pageCache.renderAndStore);
  // What the cache passes on, React Router renders for this reader alone.
  app.get("/{*any}", async (req, res) => {
    const answer = await render(
      new Request(`http://localhost${req.originalUrl}`, { headers: { cookie: req.get("cookie") ?? "" } }),
      res,
    );
    res
      .status(answer.status)
      .type("html")
      .end(await answer.text());
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
});

/** A GET as a browser sends it (gzip accepted), as `who`, gunzipped. */
function read(path: string, who?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const token = who ? (TOKENS as Record<string, string>)[who] : undefined;
      http
        .get(
          {
            host: "127.0.0.1",
            port,
            path,
            headers: {
              "accept-encoding": "gzip",
              ...(token ? { cookie: `theme=light; better-auth.session_token=${token}` } : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (d: Buffer) => chunks.push(d));
            res.on("end", () => {
              const raw = Buffer.concat(chunks);
              const body = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
              resolve({ status: res.statusCode!, headers: res.headers, body: body.toString("utf8") });
            });
          },
        )
        .on("error", reject);
    },
  );
}

const keptBodies = () =>
  pageCache.kept().map(([key, page]) => ({
    key,
    text: page.spliced
      ? page.spliced.pieces.map((p) => p.toString()).join("{slot}")
      : pageBody(page).toString(),
  }));

describe("signed-in readers from the page cache", () => {
  it("gives two customers and an owner the same kept pages, each with only their own name and actions", async () => {
    const page = `/r/${owner.urlName}/branch/main`;
    const first = await read(page, "ayesha");
    expect(first.headers["x-page-cache"]).toBe("MISS");
    const second = await read(page, "bilal");
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(rendered.filter((p) => p === page)).toHaveLength(1);

    expect(first.body).toContain("<nav>Ayesha &lt;Khan&gt;</nav>");
    expect(first.body).toContain('<a href="/profile">Ayesha &lt;Khan&gt;</a>');
    expect(second.body).toContain("<nav>Bilal Ahmed</nav>");
    for (const answer of [first, second]) {
      expect(answer.body).toContain("Add a Review");
      expect(answer.body).not.toMatch(ANY_SLOT);
      expect(answer.body).not.toContain("Preview");
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers.vary).toBe("Accept-Encoding, Cookie");
    }
    expect(second.body).not.toContain("Ayesha");
    expect(first.body).not.toContain("Bilal");

    // The owner: their own restaurant's preview, their name, no customer's action.
    const own = await read(page, "owner");
    expect(own.body).toContain("Preview: waiting for approval");
    expect(own.body).toContain("<nav>Owner&#x27;s Place</nav>");
    expect(own.body).not.toContain("Add a Review");
    // A visitor: the page as before, kept on its own.
    const visitor = await read(page);
    expect(visitor.body).toContain("Login");
    expect(visitor.body).not.toMatch(/Ayesha|Bilal|Owner|Preview|Add a Review/);
    expect(visitor.headers["cache-control"]).toBe("public, no-cache");
    expect((await read(page, "admin")).body).toContain("<nav>admin@foodverse.pk</nav>");

    // Every page kept holds no reader's name, only the slot.
    const kept = keptBodies().filter((k) => k.key.endsWith(page));
    expect(kept).toHaveLength(4);
    for (const { text } of kept) expect(text).not.toMatch(/Ayesha|Bilal|admin@|Owner&#x27;s Place/);
    expect(kept.filter((k) => k.text.includes("{slot}"))).toHaveLength(3);
    for (const { text } of kept) expect(text).not.toMatch(ANY_SLOT);
  });

  it("puts a reader's name only where this render left its slot, never where content repeats a marker", async () => {
    const page = `/r/${owner.urlName}/marked`;
    const first = await read(page, "ayesha");
    const second = await read(page, "bilal");
    const admin = await read(page, "admin");
    expect([first, second, admin].map((r) => r.headers["x-page-cache"])).toEqual(["MISS", "HIT", "MISS"]);
    for (const [answer, name] of [
      [first, "Ayesha &lt;Khan&gt;"],
      [second, "Bilal Ahmed"],
      [admin, "admin@foodverse.pk"],
    ] as const) {
      // The header names the reader; the text someone wrote stays as they wrote it.
      expect(answer.body).toContain(`<nav>${name}</nav>`);
      expect(answer.body).toContain(`<p>Hello ${OLD_MARKER}, call ${SLOT_LOOKALIKE}</p>`);
      expect(answer.body.split(name)).toHaveLength(3);
    }
    // One kept page per role (customer, admin), each cut at its own slot only.
    const kept = pageCache.kept().filter(([key]) => key.endsWith(page));
    expect(kept).toHaveLength(2);
    for (const [, p] of kept) expect(p.spliced?.pieces).toHaveLength(3);
  });

  it("answers a reader's conditional request with 304 for their own copy only", async () => {
    const page = `/r/${owner.urlName}/menu`;
    const mine = await read(page, "ayesha");
    const again = await read(page, "ayesha", { "if-none-match": mine.headers.etag! });
    expect(again.status).toBe(304);
    const theirs = await read(page, "bilal", { "if-none-match": mine.headers.etag! });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toContain("Bilal Ahmed");
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it("sends the page uncompressed to a client that asks so", async () => {
    const page = `/r/${owner.urlName}`;
    await read(page, "ayesha");
    const plain = await read(page, "bilal", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["x-page-cache"]).toBe("HIT");
    expect(plain.body).toContain("<nav>Bilal Ahmed</nav>");
  });

  it("never keeps a page that holds its reader's own data, marked or not", async () => {
    for (const path of [`/r/${owner.urlName}/rated`, `/r/${owner.urlName}/leaky`]) {
      const a = await read(path, "ayesha");
      const b = await read(path, "ayesha");
      expect(b.headers["x-page-cache"]).toBeUndefined();
      expect(a.body).toContain("<nav>Ayesha &lt;Khan&gt;</nav>");
      expect(b.body).not.toMatch(ANY_SLOT);
      expect(keptBodies().some((k) => k.key.endsWith(path))).toBe(false);
    }
    expect(personalIn("<p>Bilal Ahmed</p>", people.bilal!, "customer")).toBe("name");
    expect(personalIn("<img src=/media/u-bilal.jpg>", people.bilal!, "customer")).toBe("id");
    expect(personalIn("<h1>Owner's Place</h1>", people.owner!, "self")).toBeNull();
    // A restaurant's name is public: on every list another owner reads too.
    expect(personalIn("<li>Owner's Place</li>", people.owner!, "restaurant")).toBeNull();
    expect(personalIn(`<img src=/media/${owner.id}.jpg>`, people.owner!, "restaurant")).toBe("id");
  });

  it("renders a session that has ended, and React's data requests of a signed-in reader, as before", async () => {
    const ended = await read(`/r/${owner.urlName}/branch/main`, "gone");
    expect(ended.headers["x-page-cache"]).toBeUndefined();
    expect(ended.body).toContain("Login");
    const before = rendered.length;
    await read(`/r/${owner.urlName}/branch/main.data`, "ayesha");
    await read(`/r/${owner.urlName}/branch/main.data`, "ayesha");
    expect(rendered.length - before).toBe(2);
  });

  it("asks who a session is once per process while it is trusted", async () => {
    const before = lookups;
    for (let i = 0; i < 5; i++) await read(`/r/${owner.urlName}/branch/main`, "bilal");
    expect(lookups - before).toBe(0);
  });

  it("sends a renamed reader their new name once their session is asked again, in every page", async () => {
    const page = `/r/${owner.urlName}/branch/main`;
    const before = people.bilal!;
    try {
      expect((await read(page, "bilal")).body).toContain("<nav>Bilal Ahmed</nav>");
      people.bilal = { ...before, displayName: "Bilal Qureshi" };
      // Trusted for the cache's time (docs: a name changed shows in other processes for at most that long)…
      expect((await read(page, "bilal")).body).toContain("<nav>Bilal Ahmed</nav>");
      viewerClock += 60_001;
      // …then asked again: the new name in the slots, gzipped and not.
      const renamed = await read(page, "bilal");
      expect(renamed.headers["x-page-cache"]).toBe("HIT");
      expect(renamed.body).toContain("<nav>Bilal Qureshi</nav>");
      expect(renamed.body).not.toContain("Bilal Ahmed");
      const plain = await read(page, "bilal", { "accept-encoding": "identity" });
      expect(plain.body).toContain('<a href="/profile">Bilal Qureshi</a>');
    } finally {
      people.bilal = before;
      viewerClock += 60_001;
    }
  });

  it("knows a session by its token, behind https too", () => {
    expect(sessionTokenOf("theme=dark; better-auth.session_token=abc.sig")).toBe("abc.sig");
    expect(sessionTokenOf("__Secure-better-auth.session_token=xyz.sig; fv_lang=ur")).toBe("xyz.sig");
    expect(sessionTokenOf("better-auth.session_token=")).toBeNull();
    expect(sessionTokenOf("theme=dark")).toBeNull();
  });

  it("tells the variants apart: role, and the owner of the page's restaurant", () => {
    expect(variantOf(null, owner.urlName)).toBe("");
    expect(variantOf(people.owner!, owner.urlName)).toBe("self");
    expect(variantOf(people.owner!, "someone-else")).toBe("restaurant");
    expect(variantOf(people.owner!, null)).toBe("restaurant");
    expect(variantOf(people.ayesha!, owner.urlName)).toBe("customer");
  });
});
