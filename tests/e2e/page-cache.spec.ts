import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";
import { addSectionFor, approve, createRestaurant, islandLoaderSource } from "./helpers.ts";

/**
 * Asks twice in a row until the second answer is a hit: other tests write at the
 * same time, and a write elsewhere (a reviewer renaming themselves, any write for
 * the site-wide pages) rightly makes the next visit render again.
 */
async function cachedAnswer(visitor: APIRequestContext, path: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const before = await visitor.get(path);
    const after = await visitor.get(path);
    if (after.headers()["x-page-cache"] === "HIT") return { before, after };
  }
  throw new Error(`${path} was never answered from the page cache`);
}

const bodyOf = (response: APIResponse) => response.text();

test("anonymous public pages come from the page cache until what they show changes", async ({
  request,
  playwright,
  page,
}) => {
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Karahi");
  await approve(owner.urlName);

  const visitor = await playwright.request.newContext({ baseURL: process.env.E2E_APP_URL });
  const path = `/r/${owner.urlName}/menu`;
  const first = await visitor.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-page-cache"]).toBe("MISS");
  const { before, after: second } = await cachedAnswer(visitor, path);
  expect(second.headers().etag).toBe(before.headers().etag);
  expect(second.headers().etag).toBe(first.headers().etag);
  expect(second.headers()["cache-control"]).toBe("public, no-cache");
  expect(await bodyOf(second)).toBe(await bodyOf(before));

  // A page without scripts carries its stylesheet inline: one request paints it.
  expect(await second.text()).toContain("<style>");
  expect(await second.text()).not.toContain('rel="stylesheet"');
  // Visitors of a read-only page get no scripts at all…
  expect(await second.text()).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  // …and a cached page with an island grants no nonce (every visitor would read it):
  // the island loader runs by its hash and imports a module file of this origin (ADR 0029).
  const finder = "/search?tab=items";
  const { after: withScripts } = await cachedAnswer(visitor, finder);
  const policy = withScripts.headers()["content-security-policy"] ?? "";
  const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src"));
  expect(scriptSrc).toBe(`script-src 'self' ${islandLoaderSource()}`);
  expect(await withScripts.text()).not.toMatch(/nonce/i);
  expect(await withScripts.text()).toContain(`<script type="module">${ISLAND_LOADER}</script>`);
  expect(await withScripts.text()).toMatch(/<body [^>]*data-islands="\/assets\/finder-island-[\w-]+\.js"/);
  // The browser gets the page as the cache keeps it (a hit, or a miss kept the same way:
  // other tests' writes move the site's version), and its island works under that policy.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const served = await page.goto(finder);
  expect(served?.headers()["x-page-cache"]).toMatch(/^(HIT|MISS)$/);
  expect(served?.headers()["content-security-policy"]).toContain(
    `script-src 'self' ${islandLoaderSource()};`,
  );
  await page.getByLabel("Country").selectOption("Pakistan");
  await expect(page.getByLabel("City")).toBeEnabled();
  expect(violations).toEqual([]);

  const revalidated = await visitor.get(path, { headers: { "if-none-match": second.headers().etag! } });
  expect(revalidated.status()).toBe(304);

  // The owner adds a section: the very next visit shows it.
  await addSectionFor(request, "Desserts");
  const changed = await visitor.get(path);
  expect(changed.headers()["x-page-cache"]).toBe("MISS");
  expect(changed.headers().etag).not.toBe(first.headers().etag);
  expect(await changed.text()).toContain("Desserts");

  // A signed-in visitor's page is never shared.
  const mine = await request.get(path);
  expect(mine.headers()["x-page-cache"]).toBeUndefined();
  expect(await mine.text()).toContain('rel="stylesheet"');
  await visitor.dispose();
});
