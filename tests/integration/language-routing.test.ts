import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { redirect } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localisedPath, localeOfPath, withoutLocale } from "~/lib/locale.ts";
import { keepLanguageInRedirects } from "~/server/language-redirects.server.ts";
import { languageRedirect } from "~/server/language-routing.server.ts";
import { pageScope } from "~/server/page-cache.server.ts";

/**
 * ADR 0026: a page's language is its URL (/ur for Urdu). The switch (?lang=) is
 * remembered in a cookie, a first visit follows Accept-Language, and only page
 * navigations are ever redirected.
 */
let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  const redirectLanguage = languageRedirect({ secureCookies: false });
  app.use((req, res, next) => {
    if (!redirectLanguage(req, res)) next();
  });
  app.use((req, res) => {
    res.type("text/plain").send(`page ${req.originalUrl}`);
  });
  server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NAVIGATION = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie"),
    body: await response.text(),
  };
}

describe("paths in two languages", () => {
  it("puts Urdu pages under /ur and takes the prefix off again", () => {
    expect(localisedPath("/", "ur")).toBe("/ur");
    expect(localisedPath("/?q=karahi", "ur")).toBe("/ur?q=karahi");
    expect(localisedPath("/r/savour/menu?page=2", "ur")).toBe("/ur/r/savour/menu?page=2");
    expect(localisedPath("/r/savour", "en")).toBe("/r/savour");
    expect(localeOfPath("/ur")).toBe("ur");
    expect(localeOfPath("/ur/menus")).toBe("ur");
    expect(localeOfPath("/urdu-house")).toBe("en");
    expect(localeOfPath("/r/ur")).toBe("en");
    expect(withoutLocale("/ur")).toBe("/");
    expect(withoutLocale("/ur/r/savour")).toBe("/r/savour");
    expect(withoutLocale("/menus")).toBe("/menus");
  });

  it("caches both languages of a page under the same content", () => {
    expect(pageScope("/ur")).toEqual(pageScope("/"));
    expect(pageScope("/ur/_root.data")).toEqual({ kind: "site" });
    expect(pageScope("/ur/r/savour/branch/f-7")).toEqual(pageScope("/r/savour/branch/f-7"));
    expect(pageScope("/ur/r/savour/branch/f-7")).toEqual({
      kind: "restaurant",
      urlName: "savour",
      reviews: { branchUrl: "f-7" },
    });
    expect(pageScope("/ur/profile/restaurant")).toBeNull();
  });
});

describe("the language switch", () => {
  it("remembers the choice and opens the page in that language, keeping its query", async () => {
    const toUrdu = await get("/r/savour/menu?page=2&lang=ur");
    expect(toUrdu).toMatchObject({ status: 302, location: "/ur/r/savour/menu?page=2" });
    expect(toUrdu.cookie).toMatch(/^fv_lang=ur; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const toEnglish = await get("/r/savour/menu?lang=en");
    expect(toEnglish).toMatchObject({ status: 302, location: "/r/savour/menu" });
    expect(toEnglish.cookie).toMatch(/^fv_lang=en;/);
    expect(await get("/?lang=ur")).toMatchObject({ status: 302, location: "/ur" });
  });

  it("ignores a language it does not have", async () => {
    expect(await get("/menus?lang=fr", NAVIGATION)).toMatchObject({
      status: 200,
      body: "page /menus?lang=fr",
    });
  });
});

describe("a visit without a choice", () => {
  it("follows Accept-Language to Urdu on an English address, and English stays English", async () => {
    expect(
      await get("/menus", { ...NAVIGATION, "accept-language": "ur-PK,ur;q=0.9,en;q=0.8" }),
    ).toMatchObject({
      status: 302,
      location: "/ur/menus",
    });
    expect(await get("/menus", { ...NAVIGATION, "accept-language": "en-US,en;q=0.9" })).toMatchObject({
      status: 200,
    });
    // An Urdu address shared with someone who reads English is opened as it was sent.
    expect(await get("/ur/menus", { ...NAVIGATION, "accept-language": "en-US" })).toMatchObject({
      status: 200,
    });
  });

  it("never redirects crawlers without preferences, scripts' requests or files", async () => {
    const urdu = { "accept-language": "ur" };
    expect((await get("/menus", NAVIGATION)).status).toBe(200);
    expect((await get("/menus.data", { ...urdu, accept: "*/*" })).status).toBe(200);
    expect((await get("/media/img/abc/480.webp", { ...urdu, ...NAVIGATION })).status).toBe(200);
    expect((await get("/data/countries.json", { ...urdu, ...NAVIGATION })).status).toBe(200);
    expect((await get("/sitemap.xml", { ...urdu, ...NAVIGATION })).status).toBe(200);
    expect((await get("/api/auth/session", { ...urdu, ...NAVIGATION })).status).toBe(200);
  });
});

describe("a remembered choice", () => {
  it("wins over the address and over Accept-Language", async () => {
    expect(await get("/r/savour", { ...NAVIGATION, cookie: "a=1; fv_lang=ur" })).toMatchObject({
      status: 302,
      location: "/ur/r/savour",
    });
    expect(
      await get("/ur/r/savour?page=2", { ...NAVIGATION, cookie: "fv_lang=en", "accept-language": "ur" }),
    ).toMatchObject({ status: 302, location: "/r/savour?page=2" });
    expect(await get("/ur/r/savour", { ...NAVIGATION, cookie: "fv_lang=ur" })).toMatchObject({ status: 200 });
  });
});

const run = async (url: string, response: Response) =>
  (await keepLanguageInRedirects({ request: new Request(url) } as never, async () => response)) as Response;

describe("redirects made by routes on Urdu pages", () => {
  it("keep the reader in Urdu", async () => {
    const kept = await run("http://x.test/ur/profile/restaurant", redirect("/login?redirectTo=%2Fprofile"));
    expect(kept.headers.get("location")).toBe("/ur/login?redirectTo=%2Fprofile");
    const home = await run("http://x.test/ur/logout", redirect("/"));
    expect(home.headers.get("location")).toBe("/ur");
  });

  it("leave English pages, other sites, already-Urdu paths and other answers alone", async () => {
    expect((await run("http://x.test/profile", redirect("/login"))).headers.get("location")).toBe("/login");
    expect((await run("http://x.test/ur/a", redirect("/ur/b"))).headers.get("location")).toBe("/ur/b");
    expect(
      (await run("http://x.test/ur/a", redirect("https://maps.example/x"))).headers.get("location"),
    ).toBe("https://maps.example/x");
    expect((await run("http://x.test/ur/a", redirect("//evil.test/x"))).headers.get("location")).toBe(
      "//evil.test/x",
    );
    const page = new Response("ok", { status: 200 });
    expect(await run("http://x.test/ur/a", page)).toBe(page);
  });
});
