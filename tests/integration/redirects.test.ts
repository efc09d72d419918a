import http from "node:http";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { servicesContext } from "~/server/context.ts";
import { createLogger } from "~/server/log.server.ts";
import { languageRedirect, localeLocation } from "~/server/language-routing.server.ts";
import { createPageCache } from "~/server/page-cache-middleware.server.ts";
import { customerInput } from "../setup/factories.ts";
import { BYPASSES } from "../setup/redirect-bypasses.ts";
import { closeServer, listen, rawGet } from "../setup/http-client.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * docs/threat-model.md, "redirects": every redirect built from a request goes through
 * safeRedirect, and the known bypass list is run against each redirecting route: the
 * login's redirectTo, the language switch (?lang=), the remembered language, and the
 * page cache's canonical-path and trailing-slash redirects.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
let server: http.Server;

// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A Location a browser follows without leaving this site. */
function expectSameSite(location: string | null | undefined, asked: string) {
  expect(location, asked).toBeTruthy();
  const target = new URL(location!, `${ORIGIN}/somewhere/page`);
  expect([asked, target.origin]).toEqual([asked, ORIGIN]);
  expect([asked, /^[/\\]{2}|^\/\\/.test(location!)]).toEqual([asked, false]);
  expect([asked, CONTROL.test(location!)]).toEqual([asked, false]);
}

/** A bypass as a request path: controls and spaces percent-encoded (Node sends no raw ones), and under / . */
function asPath(value: string): string {
  // oxlint-disable-next-line no-control-regex
  const encoded = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, (c) => encodeURIComponent(c));
  return encoded.startsWith("/") ? encoded : `/${encoded}`;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await rawGet(server, path, headers);
  return { status: answer.status, location: answer.headers.location };
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  const pageCache = createPageCache({
    db: services.database.db,
    maxBytes: 1024 * 1024,
    log: createLogger("silent"),
    render: async () => new Response("page", { headers: { "content-type": "text/html" } }),
    origin: ORIGIN,
    clientDir: null,
  });
  // server/http-app.ts's front layer: the language redirect, then the page cache.
  const redirectLanguage = languageRedirect({ secureCookies: false });
  const app = express();
  app.use((req, res, next) => {
    if (redirectLanguage(req, res)) return;
    void pageCache.serveHit(req, res, next);
  });
  app.get("/{*any}", (_req, res) => res.status(404).end());
  server = await listen(app);
});
afterAll(async () => {
  await closeServer(server);
  await services.close();
});

describe("redirects built from a request stay on this site", () => {
  it("the language switch and the remembered language, for every known bypass", async () => {
    const navigation = { accept: "text/html" };
    let redirects = 0;
    for (const bypass of BYPASSES) {
      const path = asPath(bypass);
      for (const [asked, headers] of [
        [`/ur${path}?lang=en`, navigation],
        [`${path}?lang=ur`, navigation],
        [`/ur${path}?lang=en&x=1`, navigation],
        [path, { ...navigation, cookie: "fv_lang=ur" }],
        [`/ur${path}`, { ...navigation, cookie: "fv_lang=en" }],
        [path, { ...navigation, "accept-language": "ur" }],
      ] as const) {
        const answer = await get(asked, headers);
        if (answer.status >= 300 && answer.status < 400) {
          redirects++;
          expectSameSite(answer.location, asked);
        }
      }
      // And as the function sees a path the HTTP parser might never hand over.
      for (const locale of ["en", "ur"] as const) {
        expectSameSite(localeLocation(bypass, "", locale), bypass);
        expectSameSite(localeLocation(`/ur${bypass}`, "a=1", locale), bypass);
        expectSameSite(localeLocation(bypass, bypass, locale), bypass);
      }
    }
    expect(redirects).toBeGreaterThan(BYPASSES.length * 3);
  });

  it("sends the reported attacks to a page of this site", async () => {
    expect(await get("/ur//evil.example?lang=en", { accept: "text/html" })).toEqual({
      status: 302,
      location: "/evil.example",
    });
    expect(await get("/ur/%5Cevil.example?lang=en", { accept: "text/html" })).toMatchObject({ status: 302 });
    expect((await get("/ur/\\evil.example?lang=en", { accept: "text/html" })).location).toBe("/evil.example");
    // A page's own query survives the switch.
    expect(await get("/r/savour/menu?page=2&lang=ur", { accept: "text/html" })).toEqual({
      status: 302,
      location: "/ur/r/savour/menu?page=2",
    });
  });

  it("the page cache's canonical-path and trailing-slash redirects, for every known bypass", async () => {
    let redirects = 0;
    for (const bypass of BYPASSES) {
      const path = asPath(bypass);
      for (const asked of [
        `/r/savour/..${path}`,
        `/r/savour/${path}/`,
        `/r/savour${path}`,
        `/r/./savour/menu/?q=${encodeURIComponent(bypass)}`,
        `/reviews/..${path}/`,
      ]) {
        const answer = await get(asked);
        if (answer.status === 301) {
          redirects++;
          expectSameSite(answer.location, asked);
        }
      }
    }
    expect(redirects).toBeGreaterThan(BYPASSES.length);
  });

  it("the login's redirectTo, for every known bypass", async () => {
    const customer = customerInput();
    await signUpCustomer(services, customer, new Headers());
    const { action } = await import("~/routes/account/login.tsx");
    for (const bypass of BYPASSES) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const request = new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-foodverse-client-ip": "10.9.0.1" },
        body: new URLSearchParams({
          email: String(customer.email),
          password: String(customer.password),
          redirectTo: bypass,
        }),
      });
      let answer: unknown;
      try {
        answer = await action({ request, context, params: {} } as never);
      } catch (thrown) {
        answer = thrown;
      }
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status, bypass).toBe(302);
      expectSameSite((answer as Response).headers.get("location"), bypass);
    }
  });
});
