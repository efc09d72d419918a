// The data the benchmarked pages need, made through the app's own HTTP forms
// (as an owner and customers would): one approved restaurant (APPROVAL_MODE=auto)
// whose general menu has 5 sections × 10 dishes, each with three pictures, a
// branch that copies it, and a few reviews.
import { localisedPath, type Locale } from "../../app/lib/locale.ts";
import sharp from "sharp";
import { FormClient } from "./form-client.ts";

const MENU: { section: string; dishes: [name: string, subcategory: string][] }[] = [
  {
    section: "Curries",
    dishes: [
      ["Chicken Karahi", "Karahi"],
      ["Mutton Karahi", "Karahi"],
      ["White Karahi", "Karahi"],
      ["Chicken Qorma", "Qorma"],
      ["Beef Nihari", "Nihari"],
      ["Haleem", "Haleem"],
      ["Daal Makhni", "Daal"],
      ["Daal Chana", "Daal"],
      ["Mix Sabzi", "Sabzi"],
      ["Palak Paneer", "Sabzi"],
    ],
  },
  {
    section: "Rice",
    dishes: [
      ["Chicken Biryani", "Biryani"],
      ["Mutton Biryani", "Biryani"],
      ["Sindhi Biryani", "Biryani"],
      ["Vegetable Biryani", "Biryani"],
      ["Beef Pulao", "Pulao"],
      ["Chicken Pulao", "Pulao"],
      ["Kabuli Pulao", "Pulao"],
      ["Matar Pulao", "Pulao"],
      ["Plain Rice", "Plain Rice"],
      ["Zeera Rice", "Plain Rice"],
    ],
  },
  {
    section: "BBQ",
    dishes: [
      ["Chicken Tikka", "Tikka"],
      ["Malai Tikka", "Tikka"],
      ["Fish Tikka", "Tikka"],
      ["Seekh Kabab", "Seekh Kabab"],
      ["Reshmi Kabab", "Seekh Kabab"],
      ["Chapli Kabab", "Seekh Kabab"],
      ["Beef Boti", "Boti"],
      ["Mutton Boti", "Boti"],
      ["Bihari Boti", "Boti"],
      ["Malai Boti", "Malai Boti"],
    ],
  },
  {
    section: "Breads",
    dishes: [
      ["Plain Naan", "Naan"],
      ["Garlic Naan", "Naan"],
      ["Roghni Naan", "Naan"],
      ["Tandoori Roti", "Roti"],
      ["Chapati", "Roti"],
      ["Aloo Paratha", "Paratha"],
      ["Lachha Paratha", "Paratha"],
      ["Puri", "Puri"],
      ["Halwa Puri", "Puri"],
      ["Kulcha", "Naan"],
    ],
  },
  {
    section: "Desserts",
    dishes: [
      ["Kheer", "Kheer"],
      ["Firni", "Kheer"],
      ["Gulab Jamun", "Gulab Jamun"],
      ["Rasmalai", "Gulab Jamun"],
      ["Gajar Halwa", "Halwa"],
      ["Suji Halwa", "Halwa"],
      ["Shahi Tukray", "Halwa"],
      ["Kulfi", "Kulfi"],
      ["Pista Kulfi", "Kulfi"],
      ["Badam Kulfi", "Kulfi"],
    ],
  },
];

export const FIXTURE_ITEM_COUNT = MENU.reduce((n, s) => n + s.dishes.length, 0);

const RESTAURANT = { restName: "Bench Kabab House", urlName: "benchkababhouse" };
const BRANCH = { branchName: "F-7 Markaz", branchUrl: "f-7markaz" };

export interface Fixture {
  urlName: string;
  branchUrl: string;
  /** A dish on the branch menu, and its id. */
  itemName: string;
  itemId: string;
  /** A signed-in customer's session cookie (one who wrote no review), for the signed-in figures. */
  readerCookie: string;
  /** The finder query used by the benchmarks (matches several dishes). */
  searchQuery: string;
  paths: {
    home: string;
    listing: string;
    finder: string;
    restaurant: string;
    menu: string;
    branch: string;
    item: string;
  };
}

/** A drawn plate of food (a photo-like JPEG, so the image pipeline does real work). */
async function dishPicture(seed: number): Promise<Blob> {
  const hue = (seed * 47) % 360;
  const blobs = Array.from({ length: 9 }, (_, i) => {
    const angle = (i / 9) * Math.PI * 2 + seed;
    const x = 320 + Math.cos(angle) * (60 + ((seed * 13 + i * 29) % 70));
    const y = 240 + Math.sin(angle) * (50 + ((seed * 7 + i * 17) % 60));
    const r = 25 + ((seed * 11 + i * 23) % 35);
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="hsl(${(hue + i * 21) % 360} 65% ${35 + (i % 4) * 8}%)" opacity="0.85"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#d6d3d1"/></radialGradient>
    <linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 30% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 35% 15%)"/></linearGradient></defs>
    <rect width="640" height="480" fill="url(#t)"/>
    <ellipse cx="320" cy="240" rx="230" ry="200" fill="url(#g)"/>
    <ellipse cx="320" cy="240" rx="170" ry="145" fill="hsl(${hue} 40% 88%)"/>${blobs}
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
}

export async function signUpCustomer(baseUrl: string, n: number): Promise<FormClient> {
  const client = new FormClient(baseUrl);
  await client.post("/signup/customersignup", {
    firstName: "Bench",
    lastName: `Customer${n}`,
    gender: n % 2 ? "Female" : "Male",
    about: "Eats out twice a week.",
    username: `benchcustomer${n}`,
    email: `bench-customer-${n}@example.com`,
    password: "bench-customer-pass-1",
  });
  return client;
}

/** Signs up the owner of a Desi restaurant named `restName`; its username and email are the name's letters and digits. */
export async function signUpRestaurant(baseUrl: string, restName: string): Promise<FormClient> {
  const handle = restName.toLowerCase().replaceAll(/[^a-z0-9]+/gu, "");
  const owner = new FormClient(baseUrl);
  await owner.post("/signup/restaurantsignup", {
    restName,
    restType: "Desi",
    hasDelivery: "yes",
    country: "Pakistan",
    about: "A restaurant of the benchmarks.",
    username: handle,
    email: `${handle}@example.com`,
    password: "bench-owner-pass-1",
  });
  return owner;
}

const REVIEWS = [
  {
    rating: "5",
    review: "The karahi was rich and the naan came hot from the tandoor. Quick service at lunch.",
  },
  { rating: "4", review: "Good biryani, generous portions. The kheer was a little too sweet for me." },
  { rating: "5", review: "Best seekh kabab in the area; the QR menu made ordering easy." },
  { rating: "4", review: "Friendly staff, clean tables, fair prices. Will come back for the nihari." },
];

/** Creates the benchmark data in an empty app through its forms; takes a few seconds per 10 dishes. */
export async function createFixture(
  baseUrl: string,
  log: (line: string) => void = () => {},
): Promise<Fixture> {
  const owner = new FormClient(baseUrl);
  await owner.post("/signup/restaurantsignup", {
    restName: RESTAURANT.restName,
    restType: "Desi",
    hasDelivery: "yes",
    country: "Pakistan",
    about: "Charcoal grills, slow-cooked curries and fresh bread since 1998.",
    username: "benchkababhouse",
    email: "bench-owner@example.com",
    password: "bench-owner-pass-1",
  });
  for (const { section } of MENU) {
    await owner.post("/profile/restaurant/addmenu/addsection", {
      originalName: section,
      topNote: `All ${section.toLowerCase()} are made fresh to order.`,
    });
  }
  const form = await owner.get("/profile/restaurant/addmenu/additems");
  const sectionIds = [...form.text.matchAll(/<option value="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  if (sectionIds.length !== MENU.length)
    throw new Error(`expected ${MENU.length} sections, found ${sectionIds.length}`);

  log(`adding ${FIXTURE_ITEM_COUNT} dishes with three pictures each…`);
  for (const [s, { section, dishes }] of MENU.entries()) {
    const views = await Promise.all([0, 1, 2].map((v) => dishPicture(s * 3 + v)));
    for (const [i, [name, subcategory]] of dishes.entries()) {
      const price = 150 + (((s * 10 + i) * 137) % 2400);
      await owner.post("/profile/restaurant/addmenu/additems", {
        sectionId: sectionIds[s]!,
        positionInSection: String(i + 1),
        name,
        price: String(price),
        itemPriceRange:
          price < 500 ? "0-500" : price < 1000 ? "500-1000" : price < 2000 ? "1000-2000" : "2000-5000",
        itemTaste: section === "Desserts" ? "Sweet" : i % 2 ? "Savory" : "Spicy",
        itemCat: section,
        itemSubCat: subcategory,
        itemType: section === "Breads" || section === "Desserts" ? "Veg" : "Non-Veg",
        description: `${name}, cooked the house way with fresh spices and served with salad and raita.`,
        foodAllergies: section === "Desserts" ? "Milk, nuts" : "",
        topView: views[0]!,
        frontView: views[1]!,
        sideView: views[2]!,
      });
    }
  }
  await owner.post("/profile/restaurant/addbranch", {
    branchName: BRANCH.branchName,
    provinceLabel: "Islamabad Capital Territory",
    cityLabel: "Islamabad",
    areaLabel: "F-7",
    address: "Jinnah Super Market",
    contact: "051-1234567",
  });

  const branchPath = `/r/${RESTAURANT.urlName}/branch/${BRANCH.branchUrl}`;
  for (const [n, review] of REVIEWS.entries()) {
    const customer = await signUpCustomer(baseUrl, n + 1);
    await customer.post(`/profile/customer/addreview/${RESTAURANT.urlName}/${BRANCH.branchUrl}`, review, {
      multipart: true,
    });
  }

  // Product rules §9: the branch menu shows 6 dishes a page; every dish must be on one of them.
  const visitor = new FormClient(baseUrl);
  const itemIds = new Set<string>();
  for (let page = 1; page <= Math.ceil(FIXTURE_ITEM_COUNT / 6); page++) {
    const response = await visitor.get(`${branchPath}?page=${page}`);
    if (response.status !== 200) throw new Error(`${branchPath}?page=${page} answered ${response.status}`);
    for (const m of response.text.matchAll(/\/menu\/([0-9a-f-]{36})"/g)) itemIds.add(m[1]!);
  }
  if (itemIds.size !== FIXTURE_ITEM_COUNT) {
    throw new Error(`the branch pages link ${itemIds.size} dishes, expected ${FIXTURE_ITEM_COUNT}`);
  }
  const itemName = MENU[0]!.dishes[0]![0];
  const itemId = [...itemIds][0]!;
  const itemPage = await visitor.get(`${branchPath}/menu/${itemId}`);
  if (itemPage.status !== 200 || !itemPage.text.includes(itemName)) {
    throw new Error(`the first dish of the branch menu is not ${itemName}`);
  }
  const searchQuery = "karahi";
  // A diner at the table who is signed in: served from the cache too (ADR 0028).
  const reader = await signUpCustomer(baseUrl, REVIEWS.length + 1);
  const readerCookie = reader.cookieHeader(/session_token$/);
  if (!readerCookie) throw new Error("the reader's sign-up set no session cookie");
  return {
    readerCookie,
    urlName: RESTAURANT.urlName,
    branchUrl: BRANCH.branchUrl,
    itemName,
    itemId,
    searchQuery,
    // BENCH_LOCALE=ur measures the same pages in Urdu (ADR 0026).
    paths: inLocale(process.env.BENCH_LOCALE === "ur" ? "ur" : "en", {
      home: "/",
      listing: "/menus",
      finder: `/search?tab=items&q=${searchQuery}`,
      restaurant: `/r/${RESTAURANT.urlName}`,
      menu: `/r/${RESTAURANT.urlName}/menu`,
      branch: branchPath,
      item: `${branchPath}/menu/${itemId}`,
    }),
  };
}

function inLocale(locale: Locale, paths: Fixture["paths"]): Fixture["paths"] {
  return Object.fromEntries(
    Object.entries(paths).map(([page, path]) => [page, localisedPath(path, locale)]),
  ) as Fixture["paths"];
}
