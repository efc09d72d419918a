import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addItemFor,
  addSectionFor,
  appUrl,
  approve,
  createCustomer,
  createRestaurant,
  expectAccessible,
  jpegFile,
  sectionIdsOf,
  shareSession,
  uniqueId,
  ur,
} from "./helpers.ts";

/**
 * An Urdu reader sees Urdu for every word the product writes. Each public and
 * owner screen of a restaurant is opened at /ur and its visible text (and every choice
 * in its lists) is read: a Latin word that is not the owner's or the diner's own text,
 * a code the product keeps in Latin (Rs., $, CSV…) or an address fails the test.
 */

test.use({ locale: "ur-PK", viewport: { width: 360, height: 740 } });

// Words the product writes the same in both languages: the brand, SPEC's currencies
// (SPEC: 'Rs.' on owner pages, '$' on public ones), units, file formats, the language
// switch, which names English in English, and what a spreadsheet must say in Latin.
const SAME_IN_BOTH = new Set([
  "foodverse",
  "rs",
  "mb",
  "csv",
  "xlsx",
  "png",
  "svg",
  "pdf",
  "qr",
  "a6",
  "jpg",
  "jpeg",
  "english",
  // The spreadsheet's column names and values (ADR 0023, 0044): a sheet holds them as written.
  "kind",
  "deal",
  "parts",
]);

interface World {
  urlName: string;
  /** The restaurant's name: a card without it on a shared list is another test's. */
  name: string;
  /** Everything the test itself wrote in Latin letters: the owner's and the diner's own words. */
  ownWords: Set<string>;
  itemId: string;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/gu) ?? [];

async function world(
  request: APIRequestContext,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
): Promise<World> {
  const owner = await createRestaurant(request);
  const own: string[] = [owner.name, owner.urlName, owner.email, "Seekh kabab and paratha.", `kabab`];
  await addSectionFor(request, "Karahi");
  await addSectionFor(request, "Sweets");
  own.push("Karahi", "Sweets");
  const [karahi, sweets] = await sectionIdsOf(request);
  const dishes: [string, string, Record<string, string>][] = [
    [karahi!, "Chicken Karahi", { itemType: "Non-Veg", foodAllergies: "None", itemCat: "Curries" }],
    [karahi!, "Paneer Karahi", { itemType: "Veg", foodAllergies: "Dairy", itemTaste: "Savory" }],
    [sweets!, "Kheer", { itemType: "Veg", itemTaste: "Sweet", foodAllergies: "Dairy, Nuts" }],
    [sweets!, "Jalebi", { itemType: "Vegan", itemTaste: "Sweet", foodAllergies: "Gluten" }],
  ];
  for (const [i, [section, name, fields]] of dishes.entries()) {
    await addItemFor(request, section, { name, positionInSection: String((i % 2) + 1), ...fields });
    own.push(name);
  }
  const post = (path: string, form: Record<string, string>) =>
    request.post(path, { headers: { origin: appUrl() }, form, maxRedirects: 0 });
  await post("/profile/restaurant/addbranch", { branchName: "Main", address: "Shop 12, Jinnah Super" });
  own.push("Main", "Shop 12, Jinnah Super");
  // Open in the afternoon and evening every day: the hours read "pm" in English.
  const week = Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((d) => [
      [`${d}Opens0`, "12:00"],
      [`${d}Closes0`, "15:00"],
      [`${d}Opens1`, "19:00"],
      [`${d}Closes1`, "23:30"],
    ]),
  );
  const note = "Ramadan: iftar to sehri";
  own.push(note);
  expect((await post("/profile/restaurant/mybranches/main/hours", { ...week, note })).status()).toBe(302);
  await approve(owner.urlName);

  const review = "Karahi was perfect.";
  own.push(review);
  const photo = fs.readFileSync(await jpegFile(400, 300));
  for (const rating of ["5", "4"]) {
    const customer = await playwright.request.newContext({ baseURL: appUrl() });
    const diner = await createCustomer(customer);
    own.push(diner.name, diner.email);
    const posted = await customer.post(`/profile/customer/addreview/${owner.urlName}/main`, {
      headers: { origin: appUrl() },
      multipart: { rating, review, photos: { name: "p.jpg", mimeType: "image/jpeg", buffer: photo } },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    await customer.dispose();
  }

  const items = await (await request.get("/profile/restaurant/addmenu/items")).text();
  const itemId = /\/items\/edit\/([0-9a-f-]{36})/u.exec(items)?.[1];
  expect(itemId).toBeTruthy();
  // An avatar shows the first letter of its person's or restaurant's name.
  const initials = [owner.name, ...own.filter((text) => text.startsWith("Sana"))].map((text) => text[0]!);
  return {
    urlName: owner.urlName,
    name: owner.name,
    ownWords: new Set([...own.flatMap(wordsOf), ...initials.map((letter) => letter.toLowerCase())]),
    itemId: itemId!,
  };
}

/** The Latin words on the page that nobody but the product wrote. */
async function strayLatin(
  page: Page,
  w: Pick<World, "name" | "ownWords">,
  { shared = false } = {},
): Promise<string[]> {
  const own = w.ownWords;
  const texts = await page.evaluate(
    (mine) => {
      let visible = document.body.innerText;
      const leaveOut = (el: Element) => {
        visible = visible.replace((el as HTMLElement).innerText, " ");
      };
      // A command to type (in <code>) is typed as it is, in any language.
      for (const code of document.querySelectorAll("code, kbd")) leaveOut(code);
      // Lists shared with other tests (the newest restaurants and reviews): only this test's cards
      // are read, and on /reviews only its restaurant's part (a section headed by each name).
      for (const card of mine
        ? document.querySelectorAll("main article, main li, main section[aria-labelledby]")
        : []) {
        if (card.textContent?.includes(mine)) continue;
        if (card.matches("section") || !card.parentElement?.closest("main article, main li")) leaveOut(card);
      }
      const out = [visible];
      for (const el of document.querySelectorAll("option, input[placeholder], textarea[placeholder]")) {
        out.push(el instanceof HTMLOptionElement ? el.text : (el as HTMLInputElement).placeholder);
      }
      return out;
    },
    shared ? w.name : "",
  );
  const stray = new Set<string>();
  for (const text of texts) {
    // Addresses, e-mail addresses, file names and what an operator types (PUBLIC_URL=…
    // npm start) are not words.
    const cleaned = text.replaceAll(
      /\b(?:https?:\/\/|www\.)\S+|\S+@\S+|\S+\.(?:png|svg|csv|xlsx|jpg)\b|\b[A-Z]+_[A-Z_]+\b|\bnpm (?:run )?[a-z]+/gu,
      " ",
    );
    for (const word of wordsOf(cleaned)) {
      if (!own.has(word) && !SAME_IN_BOTH.has(word)) stray.add(word);
    }
  }
  return [...stray].toSorted();
}

test("every public and owner screen at /ur shows no Latin word the product wrote", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(180_000);
  const w = await world(request, playwright);
  const r = `/ur/r/${w.urlName}`;
  const publicScreens = [
    "/ur",
    "/ur/menus",
    r,
    `${r}/menu`,
    `${r}/branches`,
    `${r}/branch/main`,
    `${r}/branch/main?type=Veg&avoid=dairy`,
    `${r}/branch/main/reviews`,
    `/ur/reviews/${w.urlName}`,
    `/ur/reviews`,
    `/ur/search?tab=items&q=karahi`,
    `/ur/search?q=kabab`,
    `/ur/vendorbestsellers/${w.urlName}`,
  ];
  const ownerScreens = [
    "/ur/profile/restaurant",
    "/ur/profile/restaurant/edit",
    "/ur/profile/restaurant/addmenu",
    "/ur/profile/restaurant/addmenu/sections",
    "/ur/profile/restaurant/addmenu/additems",
    "/ur/profile/restaurant/addmenu/items",
    `/ur/profile/restaurant/addmenu/items/edit/${w.itemId}`,
    "/ur/profile/restaurant/addmenu/import",
    "/ur/profile/restaurant/mymenu",
    "/ur/profile/restaurant/mybranches",
    "/ur/profile/restaurant/mybranches/main",
    "/ur/profile/restaurant/mybranches/main/hours",
    "/ur/profile/restaurant/mybranches/main/additem",
    "/ur/profile/restaurant/insights",
    "/ur/profile/restaurant/addbranch",
  ];
  // Lists of everyone's newest restaurants, reviews and finds, which other tests fill too.
  const sharedLists = new Set([
    "/ur",
    "/ur/menus",
    "/ur/reviews",
    "/ur/search?tab=items&q=karahi",
    "/ur/search?q=kabab",
  ]);
  const found: Record<string, string[]> = {};
  const visit = async (screen: string) => {
    await page.goto(screen);
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    const stray = await strayLatin(page, w, { shared: sharedLists.has(screen) });
    if (stray.length > 0) found[screen] = stray;
  };
  for (const screen of publicScreens) await visit(screen);
  // The first dish's page, public, reached as a diner reaches it.
  await page.goto(`${r}/branch/main`);
  await page.getByRole("link", { name: "Paneer Karahi" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paneer Karahi");
  const dish = new URL(page.url()).pathname;
  await visit(dish);

  await shareSession(page, request);
  for (const screen of ownerScreens) await visit(screen);
  // The subcategories of the chosen category, which appear once one is chosen.
  await page.goto("/ur/profile/restaurant/addmenu/additems");
  await page.getByLabel(ur("Category"), { exact: true }).selectOption({ index: 1 });
  const stray = await strayLatin(page, w);
  if (stray.length > 0) found["add item, a category chosen"] = stray;
  expect(found).toEqual({});
});

test("Urdu hours, ratings, periods, allergens and categories read in Urdu, in reading order", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  const w = await world(request, playwright);
  await page.goto(`/ur/r/${w.urlName}/branch/main`);

  // Hours: no am/pm, the Urdu words for them instead.
  const hours = page.locator("body");
  await expect(hours).not.toContainText(/\b(?:am|pm)\b/iu);
  await expect(page.getByText(/12:00 \S+ – 3:00 \S+/u).first()).toBeAttached();

  // The rating line: the average, then the number of reviews, each kept whole in its own
  // isolate, so right to left the average stands first (right) and its count after it.
  const rating = page.getByRole("link", { name: /4\.5/u }).first();
  const average = rating.locator("bdi", { hasText: "4.5" });
  const count = rating.locator("bdi", { hasText: ur("{{count}} reviews_other").replace("{{count}}", "2") });
  await expect(average).toBeVisible();
  await expect(count).toBeVisible();
  const [a, c] = [await average.boundingBox(), await count.boundingBox()];
  expect(a!.x).toBeGreaterThan(c!.x);

  // Allergens the product knows are named in Urdu, in the badge and in the filter.
  await expect(page.getByText(`${ur("Allergens:")} ${ur("Dairy")}`, { exact: true }).first()).toBeVisible();
  await page.locator("summary", { hasText: ur("Filter dishes") }).click();
  await expect(page.getByRole("checkbox", { name: ur("Gluten") })).toHaveAttribute("value", "gluten");
  await expect(page.getByText(/\b(?:Dairy|Gluten|Nuts)\b/u)).toHaveCount(0);

  // The owner's period: the number isolated and spaced from its words.
  await shareSession(page, request);
  await page.goto("/ur/profile/restaurant/insights");
  const period = page.getByRole("link", { name: ur("Last {{days}} days").replace("{{days}}", "30") });
  await expect(period).toBeVisible();
  expect(await period.innerHTML()).toMatch(/پچھلے <bdi[^>]*>30<\/bdi> دن/u);
  // Clear of the word before it, whose last letter sweeps to the left in Nastaliq: beyond
  // the space (measured with the word), a margin keeps the number apart.
  const gap = await period.locator("bdi").evaluate((number) => {
    const word = document.createRange();
    word.selectNodeContents(number.previousSibling!);
    return word.getBoundingClientRect().left - number.getBoundingClientRect().right;
  });
  expect(gap).toBeGreaterThanOrEqual(3);

  // Categories and subcategories are chosen in Urdu; the stored value stays the English one.
  await page.goto("/ur/profile/restaurant/addmenu/additems");
  const category = page.getByLabel(ur("Category"), { exact: true });
  await category.selectOption({ label: ur("Curries") });
  await expect(category).toHaveValue("Curries");
  await page.getByLabel(ur("Subcategory"), { exact: true }).selectOption({ label: ur("Karahi") });
  await expect(page.getByLabel(ur("Subcategory"), { exact: true })).toHaveValue("Karahi");
  await expectAccessible(page);
});

test("each hint of the add-item form belongs to its own field, in English and in Urdu", async ({
  page,
  request,
}) => {
  await createRestaurant(request);
  await addSectionFor(request, `Karahi ${uniqueId()}`);
  await shareSession(page, request);
  for (const locale of ["en", "ur"]) {
    await page.goto(`/profile/restaurant/addmenu/additems?lang=${locale}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const t = (english: string) => (locale === "ur" ? ur(english) : english);
    for (const [label, hint] of [
      ["Name Extra", "e.g. Boneless, or a second name"],
      ["Price (Rs.)", "A dish with sizes can leave this empty: it takes the lowest size's price."],
      ["Item Price Range", "Follows the price as you type it; you can choose another."],
    ] as const) {
      const field = page.getByLabel(t(label), { exact: false }).first();
      await expect(field).toHaveAccessibleDescription(t(hint));
      // Drawn between its own label and its own box: below the label, above the box.
      const note = page.getByText(t(hint), { exact: true });
      const labelBox = (await page
        .locator("label", { hasText: t(label) })
        .first()
        .boundingBox())!;
      const [noteBox, fieldBox] = [(await note.boundingBox())!, (await field.boundingBox())!];
      expect(noteBox.y).toBeGreaterThanOrEqual(labelBox.y + labelBox.height - 1);
      expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(fieldBox.y + 1);
    }
  }
});

test("Pakistan's cities read in Urdu on /ur pages; the pickers still send the English name", async ({
  page,
  request,
}) => {
  const dish = `Kabuli Pulao ${uniqueId()}`;
  test.setTimeout(120_000);
  const owner = await createRestaurant(request);
  await addSectionFor(request, "Mains");
  const [section] = await sectionIdsOf(request);
  await addItemFor(request, section!, { name: dish, itemType: "Non-Veg", itemTaste: "Savory" });
  const shot = async (name: string) =>
    page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });

  // The owner adds a branch in Islamabad from the Urdu form: Urdu names, English values.
  await shareSession(page, request);
  await page.goto("/ur/profile/restaurant/addbranch");
  await page.getByLabel(ur("Branch Name")).fill("F-7 Markaz");
  await page.getByLabel(ur("Province")).selectOption({ label: ur("Islamabad Capital Territory") });
  const ownerCity = page.getByLabel(ur("City"));
  await expect(ownerCity.locator("option", { hasText: /[A-Za-z]/u })).toHaveCount(0);
  await ownerCity.selectOption({ label: "اسلام آباد" });
  await expect(ownerCity).toHaveValue("Islamabad");
  await page.getByLabel(ur("Area")).selectOption("F-7");
  await expectAccessible(page);
  await shot("add-branch-ur");
  await page.getByRole("button", { name: ur("Add Branch") }).click();
  await expect(page).toHaveURL(/\/mybranches$/u);
  await expect(page.getByText("F-7, اسلام آباد", { exact: true })).toBeVisible();
  await shot("my-branches-ur");
  await approve(owner.urlName);
  await page.context().clearCookies();

  // Public pages: the restaurant's branch list, its branches page, the branch page's description.
  const r = `/r/${owner.urlName}`;
  await page.goto(`/ur${r}`);
  await expect(page.getByText("F-7, اسلام آباد", { exact: true })).toBeVisible();
  await shot("restaurant-ur");
  await page.goto(`/ur${r}/branches`);
  await expect(page.getByText("F-7, اسلام آباد", { exact: true })).toBeVisible();
  await page.goto(`/ur${r}/branch/f-7markaz`);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute("content", /اسلام آباد/u);
  await expect(description).not.toHaveAttribute("content", /Islamabad/u);

  // The finder's city picker, filled in the browser once a country is chosen.
  await page.goto("/ur/search?tab=items");
  await page.getByLabel(ur("Country")).selectOption({ label: ur("Pakistan") });
  const city = page.getByLabel(ur("City"));
  await expect(city).toBeEnabled();
  await expect(city.locator("option", { hasText: /[A-Za-z]/u })).toHaveCount(0);
  await city.selectOption({ label: "اسلام آباد" });
  await expect(city).toHaveValue("Islamabad");
  await page.getByLabel(ur("Area")).selectOption("F-7");
  await page.getByLabel(ur("Dish name")).fill(dish);
  await page.getByRole("button", { name: ur("Search"), exact: true }).click();
  await expect(page).toHaveURL(/country=Pakistan&city=Islamabad&area=F-7/u);
  // The card's branch line, and the picker drawn again by the server, in Urdu.
  const card = page.getByRole("listitem").filter({ hasText: dish });
  await expect(card.getByRole("list", { name: ur("Branches") })).toContainText("اسلام آباد");
  await expect(card).not.toContainText("Islamabad");
  await expect(city.locator("option:checked")).toHaveText("اسلام آباد");
  await expect(city.locator("option", { hasText: /[A-Za-z]/u })).toHaveCount(0);
  await expectAccessible(page);
  await shot("finder-ur");

  // English pages stay as they were (the switch remembers English from here on).
  await page.goto("/?lang=en");
  await shareSession(page, request);
  await page.goto("/profile/restaurant/mybranches");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Stored as the English name.
  await expect(page.getByText("F-7, Islamabad", { exact: true })).toBeVisible();
  await shot("my-branches-en");
  await page.goto(r);
  await expect(page.getByText("F-7, Islamabad", { exact: true })).toBeVisible();
  await shot("restaurant-en");
  await page.goto(`/search?tab=items&q=${encodeURIComponent(dish)}&country=Pakistan`);
  await expect(page.getByLabel("City").locator("option", { hasText: "Islamabad" })).toHaveAttribute(
    "value",
    "Islamabad",
  );
  await expect(page.getByRole("listitem").filter({ hasText: dish })).toContainText("F-7, Islamabad");
  await shot("finder-en");
});
