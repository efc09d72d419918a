import { expect, test } from "@playwright/test";
import {
  createCustomer,
  createRestaurant,
  expectAccessible,
  jpegFile,
  shareSession,
  toast,
} from "./helpers.ts";

test("the restaurant profile: public link, Post New, cards, approval status and QR downloads @phone", async ({
  page,
  request,
}) => {
  const owner = await createRestaurant(request);
  await shareSession(page, request);
  await page.goto("/profile/restaurant");
  await expect(page.getByRole("heading", { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "View your public page" })).toHaveAttribute(
    "href",
    `/r/${owner.urlName}`,
  );
  await expect(page.getByText("Awaiting approval.")).toBeVisible();
  await expect(page.getByText("Your menus become public after admin approval.")).toBeVisible();

  await page.getByText("Post New").click();
  await expect(page.getByRole("link", { name: "Menu Item" })).toHaveAttribute(
    "href",
    "/profile/restaurant/addmenu",
  );
  await expect(page.getByRole("link", { name: "Branch", exact: true })).toHaveAttribute(
    "href",
    "/profile/restaurant/addbranch",
  );
  const cards = page.getByRole("navigation", { name: "Your restaurant" });
  await expect(cards.getByRole("link", { name: /MENU/ })).toHaveAttribute(
    "href",
    "/profile/restaurant/mymenu",
  );
  await expect(cards.getByRole("link", { name: /BRANCHES/ })).toHaveAttribute(
    "href",
    "/profile/restaurant/mybranches",
  );
  await expect(cards.getByRole("link", { name: /REVIEWS/ })).toHaveAttribute(
    "href",
    `/reviews/${owner.urlName}`,
  );
  // The app under test runs on a local address, so the QR card says phones cannot open it.
  await expect(page.getByText(/Your QR codes point to .*, which phones cannot open\./)).toBeVisible();
  await expectAccessible(page);
  // On the narrowest phone the profile and the QR card (three buttons) fit without a sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const png = await request.get("/profile/restaurant/qr.png");
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["content-disposition"]).toContain(`${owner.urlName}-qr.png`);
  expect((await png.body()).length).toBeGreaterThan(10_000);
  const svg = await request.get("/profile/restaurant/qr.svg");
  expect(svg.headers()["content-type"]).toBe("image/svg+xml");
  expect(await svg.text()).toContain("<svg");
});

test("the owner edits the profile: logo, about, delivery and links; the name stays", async ({
  page,
  request,
}) => {
  const owner = await createRestaurant(request);
  await shareSession(page, request);
  await page.goto("/profile/restaurant/edit");
  await expect(page.getByRole("heading", { name: "Edit restaurant profile" })).toBeVisible();
  await expect(page.getByRole("main").getByText(owner.name)).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Seekh kabab and paratha.");
  await expectAccessible(page);

  await page.getByLabel("About").fill("Open late. Family hall upstairs.");
  await page.getByLabel("No", { exact: true }).check();
  await page.getByLabel("New social link").fill("https://instagram.com/kababhouse");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByLabel("Logo (optional)").setInputFiles(await jpegFile(512, 512));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Profile details updated")).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Open late. Family hall upstairs.");
  await expect(page.getByText("https://instagram.com/kababhouse")).toBeVisible();

  await page.goto("/profile/restaurant");
  await expect(page.getByText("Open late. Family hall upstairs.")).toBeVisible();
  await expect(page.getByRole("img", { name: owner.name, exact: true })).toHaveAttribute(
    "src",
    /^\/media\/img\//,
  );
});

test("restaurant screens refuse visitors and customers", async ({ playwright }) => {
  const base = { baseURL: process.env.E2E_APP_URL, extraHTTPHeaders: { origin: process.env.E2E_APP_URL! } };
  const visitor = await playwright.request.newContext(base);
  for (const path of [
    "/profile/restaurant/edit",
    "/profile/restaurant/qr.png",
    "/profile/restaurant/qr.svg",
  ]) {
    const response = await visitor.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/^\/login\?redirectTo=/);
  }
  const posted = await visitor.post("/profile/restaurant/edit", {
    multipart: { intent: "profile", about: "hacked", restType: "Desi", hasDelivery: "no" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);

  const customer = await playwright.request.newContext(base);
  await createCustomer(customer);
  const asCustomer = await customer.get("/profile/restaurant/qr.png", { maxRedirects: 0 });
  expect(asCustomer.headers().location).toBe("/profile/customer");

  // Another restaurant's save names no account: it can only change its own record.
  const first = await playwright.request.newContext(base);
  const owner = await createRestaurant(first);
  const second = await playwright.request.newContext(base);
  await createRestaurant(second);
  const other = await second.post("/profile/restaurant/edit", {
    multipart: { intent: "profile", about: "Changed by someone else", restType: "Cafe", hasDelivery: "no" },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(302);
  expect(await (await visitor.get(`/r/${owner.urlName}`)).text()).toContain("Seekh kabab and paratha.");
  await Promise.all([visitor, customer, first, second].map((c) => c.dispose()));
});
