import { expect, test } from "@playwright/test";
import { addSectionFor, approve, createRestaurant } from "./helpers.ts";

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
  const second = await visitor.get(path);
  expect(second.headers()["x-page-cache"]).toBe("HIT");
  expect(second.headers().etag).toBe(first.headers().etag);
  expect(second.headers()["cache-control"]).toBe("public, no-cache");
  expect(await second.text()).toBe(await first.text());

  // Visitors of a read-only page get no scripts at all…
  expect(await second.text()).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  // …and the CSP nonce of a cached page that has scripts is the one they carry.
  await visitor.get(`/r/${owner.urlName}`);
  const withScripts = await visitor.get(`/r/${owner.urlName}`);
  expect(withScripts.headers()["x-page-cache"]).toBe("HIT");
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
  await visitor.dispose();
});
