import { expect, test } from "@playwright/test";
import { createRestaurant, expectAccessible, jpegFile } from "./helpers.ts";

test("the public restaurant page: details, cards, title, Open Graph and JSON-LD @phone", async ({
  page,
  request,
}) => {
  const owner = await createRestaurant(request, {
    about: "Charcoal tikka since 1985 </script><script>alert(1)</script>",
    restWebsite: "https://kabab.example",
    contact: "0300-0000000",
  });
  await request.post("/profile/restaurant/edit", {
    headers: { origin: process.env.E2E_APP_URL! },
    multipart: {
      intent: "profile",
      about: "Charcoal tikka since 1985 </script><script>alert(1)</script>",
      restType: "Desi",
      hasDelivery: "yes",
      restWebsite: "https://kabab.example",
      contact: "0300-0000000",
      coverImage: {
        name: "cover.jpg",
        mimeType: "image/jpeg",
        buffer: (await import("node:fs")).readFileSync(await jpegFile(1600, 900)),
      },
    },
  });

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(`/r/${owner.urlName}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${owner.name} · Foodverse`);
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByText("Desi").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "https://kabab.example" })).toBeVisible();
  await expect(page.getByRole("link", { name: "0300-0000000" })).toHaveAttribute("href", "tel:0300-0000000");

  const cards = page.getByRole("navigation", { name: `${owner.name} pages` });
  await expect(cards.getByRole("link", { name: /Menu/ })).toHaveAttribute("href", `/r/${owner.urlName}/menu`);
  await expect(cards.getByRole("link", { name: /Branches/ })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}/branches`,
  );
  await expect(cards.getByRole("link", { name: /Reviews/ })).toHaveAttribute(
    "href",
    `/reviews/${owner.urlName}`,
  );
  await expect(cards.getByRole("link", { name: /Best sellers/ })).toHaveAttribute(
    "href",
    `/vendorbestsellers/${owner.urlName}`,
  );

  const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
  expect(await og("og:title")).toBe(owner.name);
  expect(await og("og:url")).toBe(`${process.env.E2E_APP_URL}/r/${owner.urlName}`);
  const image = await og("og:image");
  expect(image).toMatch(/\/media\/img\/[a-f0-9]+\/og\.jpg$/);
  const shareImage = await request.get(new URL(image!).pathname);
  expect(shareImage.headers()["content-type"]).toBe("image/jpeg");
  expect((await shareImage.body()).length).toBeLessThanOrEqual(300 * 1024);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "Restaurant", name: owner.name, servesCuisine: "Desi" });
  expect(jsonLd.description).toContain("</script>");
  expect(dialogs).toEqual([]);
  await expectAccessible(page);
});

test("an unknown restaurant is a 404 'Oops!' page", async ({ page }) => {
  const response = await page.goto("/r/no-such-restaurant-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
});

test("the public page is readable with JavaScript off", async ({ browser, request }) => {
  const owner = await createRestaurant(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/r/${owner.urlName}`);
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByText("Seekh kabab and paratha.")).toBeVisible();
  await context.close();
});
