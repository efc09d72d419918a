import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpAndNonce, securityHeaders } from "~/server/http-security.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createPageCache, type Render } from "~/server/page-cache-middleware.server.ts";
import { webRequest, wellFormedRequest } from "~/server/web-request.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { closeServer, listen, rawGet } from "../setup/http-client.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * docs/threat-model.md, "page cache": `Host: 127.0.0.1:3000/r/burgerbarn?` on a GET of
 * /r/margallakarahihouse rendered Burger Barn's page and kept it under Margalla's key,
 * for every later visitor. Pages are rendered for the canonical origin (PUBLIC_URL)
 * and the request's path, and a Host that is no host is refused.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
/** One app behind a trusted proxy (X-Forwarded-Host believed by Express), one with no proxy trusted. */
const servers: Record<"trusted" | "untrusted", http.Server> = {} as never;
let server: http.Server;
const renderedUrls: string[] = [];
let a: string;
let b: string;

// The page names the restaurant its URL names, as React Router's match would.
const render: Render = async (request) => {
  renderedUrls.push(request.url);
  const name = /^\/r\/([^/?]+)/.exec(new URL(request.url).pathname)?.[1] ?? "none";
  return new Response(`<html><body><h1>${name}</h1><p>${request.url}</p></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await rawGet(server, path, headers);
  return { ...answer, cache: answer.headers["x-page-cache"] };
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  a = (await signedUpOwner(services)).urlName;
  b = (await signedUpOwner(services)).urlName;
  const pageCache = createPageCache({
    db: services.database.db,
    maxBytes: 1024 * 1024,
    log: createLogger("silent"),
    render,
    origin: ORIGIN,
    clientDir: null,
  });
  for (const trust of ["trusted", "untrusted"] as const) {
    const app = express();
    app.set("trust proxy", trust === "trusted" ? "loopback" : false);
    app.use((req, res, next) => {
      if (!wellFormedRequest(req, res)) return;
      void pageCache.serveHit(req, res, next);
    });
    app.use(clientIpAndNonce);
    app.use(securityHeaders(ORIGIN));
    app.get("/{*any}", pageCache.renderAndStore);
    servers[trust] = await listen(app);
  }
});
afterAll(async () => {
  for (const one of Object.values(servers)) await closeServer(one);
  await services.close();
});

describe.each(["trusted", "untrusted"] as const)(
  "the Host header never names what is rendered or kept (%s proxy)",
  (trust) => {
    beforeAll(() => {
      server = servers[trust];
    });

    it("refuses a Host holding a path, a query, user info or a second host", async () => {
      for (const host of [
        `127.0.0.1:3000/r/${b}?`,
        `127.0.0.1:3000/r/${b}#`,
        `127.0.0.1:3000?x=1`,
        `user@127.0.0.1:3000`,
        `evil.example@127.0.0.1`,
        `127.0.0.1:3000\\r\\${b}`,
        `evil.example, localhost:3000`,
        `127.0.0.1:3000 evil.example`,
        `:3000`,
      ]) {
        expect([host, (await get(`/r/${a}`, { host })).status]).toEqual([host, 400]);
      }
      expect(renderedUrls.some((url) => url.includes(`/r/${b}`))).toBe(false);
    });

    it("renders a page for the canonical origin and its own path, whatever Host and X-Forwarded-Host say", async () => {
      const proxied: Record<string, string>[] = [
        { host: "evil.example" },
        { host: "127.0.0.1:9999" },
        { host: "[::1]:3000" },
        { "x-forwarded-host": `evil.example/r/${b}?`, "x-forwarded-proto": "https" },
        { "x-forwarded-host": "evil.example", host: "localhost:3000" },
      ];
      for (const [n, headers] of proxied.entries()) {
        renderedUrls.length = 0;
        const answer = await get(`/r/${a}/menu?x=${n}`, headers);
        expect(answer.status).toBe(200);
        expect(answer.body).toContain(`<h1>${a}</h1>`);
        for (const url of renderedUrls) expect(new URL(url).origin).toBe(ORIGIN);
        expect(answer.body).not.toContain("evil.example");
      }
      // What was kept is that page, and a plain visitor gets it.
      const visitor = await get(`/r/${a}/menu`);
      expect(visitor.body).toContain(`<h1>${a}</h1>`);
      expect(visitor.body).not.toContain("evil.example");
    });

    it("cannot store one page under another's key (the reported attack, sent as a proxy would)", async () => {
      const attack = await get(`/r/${a}/branches`, { host: `127.0.0.1:3000/r/${b}?` });
      expect(attack.status).toBe(400);
      const visitor = await get(`/r/${a}/branches`);
      expect(visitor.body).toContain(`<h1>${a}</h1>`);
      expect(visitor.body).not.toContain(b);
    });

    it("refuses a request target that is not a path (the absolute form meant for proxies)", async () => {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: `http://evil.example/r/${b}` }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        req.end();
      });
      expect(status).toBe(400);
    });
  },
);

describe("a form post opened by another name of this server", () => {
  it("reaches React Router with the canonical origin, which its own origin check compares with the URL", async () => {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.all("/{*any}", (req, res) => {
      const request = webRequest(req, res, ORIGIN);
      res.json({ url: request.url, origin: request.headers.get("origin"), method: request.method });
    });
    const lan = await listen(app);
    try {
      const { port } = lan.address() as AddressInfo;
      const send = (method: string, origin: string) =>
        new Promise<{ url: string; origin: string | null; method: string }>((resolve, reject) => {
          const req = http.request(
            {
              host: "127.0.0.1",
              port,
              path: "/login?x=1",
              method,
              headers: { origin, host: "192.168.1.20:3000" },
            },
            (res) => {
              let body = "";
              res.setEncoding("utf8");
              res.on("data", (d: string) => (body += d));
              res.on("end", () => resolve(JSON.parse(body) as never));
            },
          );
          req.on("error", reject);
          req.end(method === "POST" ? "email=a" : undefined);
        });
      // A phone on the restaurant's Wi-Fi posts the login form to the LAN address.
      expect(await send("POST", "http://192.168.1.20:3000")).toEqual({
        url: `${ORIGIN}/login?x=1`,
        origin: ORIGIN,
        method: "POST",
      });
      // A read keeps what it was sent with; it is no action.
      expect(await send("GET", "http://192.168.1.20:3000")).toMatchObject({
        origin: "http://192.168.1.20:3000",
      });
    } finally {
      await closeServer(lan);
    }
  });
});
