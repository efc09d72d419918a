import { expect, test } from "@playwright/test";
import { appUrl, expectAccessible, islandLoaderSource, siteNav } from "./helpers.ts";

test("an unknown URL shows the generic error page with status 404 @phone", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.getByText("Sorry, an unexpected error has occurred.")).toBeVisible();
  await expect(page.getByText("Not Found")).toBeVisible();
  await expectAccessible(page);
});

test("the header carries the brand and the main links @phone", async ({ page }) => {
  await page.goto("/");
  const nav = await siteNav(page);
  for (const name of ["Restaurants", "Reviews", "Search", "Login", "Register"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: /Foodverse/ }).first()).toHaveAttribute("href", "/");
  await expectAccessible(page);
});

test("the page is readable and has no horizontal scroll on a 360 px phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  for (const path of ["/", "/login", "/signup", "/signup/restaurantsignup"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.close();
});

test("health and readiness answer", async ({ request }) => {
  expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
  // docs/operations.md: each dependency's state; Redis is off on a laptop install.
  expect(await (await request.get("/readyz")).json()).toEqual({
    status: "ready",
    database: "up",
    dialect: "sqlite",
    redis: "off",
  });
});

test("security headers are set and responses carry a request id", async ({ request }) => {
  const response = await request.get("/login");
  const headers = response.headers();
  // Scripts from this origin, the island loader (ADR 0029) and this response's own nonce only.
  const scriptSrc = headers["content-security-policy"]?.split(";").find((d) => d.startsWith("script-src "));
  expect(scriptSrc?.split(" ")).toEqual([
    "script-src",
    "'self'",
    islandLoaderSource(),
    expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/),
  ]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("a form post from another site is refused", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { origin: "https://evil.example" },
    form: { email: "a@example.com", password: "x" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post("/login", {
    headers: { origin: appUrl() },
    form: { email: "a@example.com", password: "x" },
    maxRedirects: 0,
  });
  expect(sameSite.status()).toBe(401);
});

test("better-auth's own sign-up and sign-in endpoints are closed (the app's forms are the only way in)", async ({
  request,
}) => {
  for (const path of [
    "/api/auth/sign-up/email",
    "/api/auth/sign-in/email",
    "/api/auth/request-password-reset",
  ]) {
    const response = await request.post(path, {
      headers: { origin: appUrl() },
      data: { email: "x@example.com", password: "password123", name: "x" },
    });
    expect(response.status(), path).toBe(404);
  }
  expect((await request.get("/api/auth/get-session")).status()).toBe(200);
});

test("a browser's cross-site form post is refused even without an Origin header", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { "sec-fetch-site": "cross-site" },
    form: { email: "a@example.com", password: "x" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});
