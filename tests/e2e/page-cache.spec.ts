import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { addSectionFor, approve, createRestaurant } from "./helpers.ts";

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
  // …and the CSP nonce of a cached page that has scripts is the one they carry.
  const finder = `/search?q=${encodeURIComponent(owner.name)}`;
  const { after: withScripts } = await cachedAnswer(visitor, finder);
  const nonce = /'nonce-([^']+)'/.exec(withScripts.headers()["content-security-policy"]!)?.[1];
  expect(await withScripts.text()).toContain(`nonce="${nonce}"`);

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
