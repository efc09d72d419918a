import pLimit from "p-limit";
import { writeDemoViews } from "./demo-views.server.ts";
import { DEMO_URDU, DEMO_URDU_DESCRIPTIONS } from "./demo-urdu.ts";
import { hashOf, seededRandom } from "~/lib/random.ts";
import { priceRangeOf } from "~/lib/price-range.ts";
import { branchPath, restaurantPath, toSlug } from "~/lib/slug.ts";
import { locationsOf } from "~/server/reference-files.server.ts";
import { getServices, type Services } from "~/server/services.server.ts";
import { signUpCustomer, signUpRestaurant } from "../accounts/accounts.server.ts";
import { findUserIdByEmail } from "../accounts/accounts.queries.server.ts";
import type { Result } from "~/lib/result.ts";
import { ADMIN_MESSAGES } from "../admin/admin.schema.ts";
import { decideRestaurant, type Actor } from "../admin/admin.server.ts";
import { addBranch, setOpeningHours } from "../branches/branches.server.ts";
import { addItem, addSection, rateItem } from "../menus/menus.server.ts";
import { setServedTimes } from "../menus/served-times.server.ts";
import { saveDeal } from "../deals/deals.server.ts";
import { addSchedule } from "../branches/special-hours.server.ts";
import { servedTimesValues } from "../menus/served-times-form.ts";
import { updateCustomerProfile, updateRestaurantProfile } from "../profiles/profiles.server.ts";
import { postReview, replyToReview, reportReview } from "../reviews/reviews.server.ts";
import { addTables, openTableCode, ownTables } from "../tables/tables.server.ts";
import {
  DEMO_CUSTOMERS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_PENDING_RESTAURANT,
  DEMO_REPORTED_REVIEW,
  DEMO_RESTAURANTS,
  OWNER_REPLIES,
  REVIEW_TEXTS,
  TASTE_REMARKS,
  type DemoCustomer,
  type DemoDish,
  type DemoRestaurant,
} from "./demo-data.ts";
import {
  avatarPicture,
  coverPicture,
  dishPicture,
  logoPicture,
  reviewPhoto,
  type DishView,
} from "./demo-images.server.ts";
import { backdate, branchCopyOf, countDemoWorld, countNonDemoAccounts } from "./demo.queries.server.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * `npm run demo`: a living site in one command. Everything is made through the
 * same use cases a person's clicks run (sign-up, menu, branch, review, rating,
 * admin approval), so the demo world is exactly what the app itself would hold.
 */

export interface DemoScale {
  restaurants: number;
  customers: number;
  sectionsPerMenu: number;
  dishesPerSection: number;
  /** Dishes in the whole menu: the last section may have fewer than the others. */
  dishesPerMenu: number;
  branchesPerRestaurant: number;
  /** At most this many reviews per branch (at least two). */
  reviewsPerBranch: number;
  /** At most this many customers rate each dish. */
  ratingsPerDish: number;
}

export const DEMO_SCALES = {
  full: {
    restaurants: DEMO_RESTAURANTS.length,
    customers: DEMO_CUSTOMERS.length,
    sectionsPerMenu: 3,
    dishesPerSection: 3,
    // Eight, not nine: each dish's three pictures are most of the run time.
    dishesPerMenu: 8,
    branchesPerRestaurant: 3,
    reviewsPerBranch: 4,
    ratingsPerDish: 6,
  },
  // For tests: the same kinds of data, a few of each.
  small: {
    restaurants: 2,
    customers: 4,
    sectionsPerMenu: 2,
    dishesPerSection: 2,
    dishesPerMenu: 4,
    branchesPerRestaurant: 2,
    reviewsPerBranch: 2,
    ratingsPerDish: 3,
  },
} as const satisfies Record<string, DemoScale>;
export type DemoScaleName = keyof typeof DEMO_SCALES;

export interface DemoCounts {
  /** Approved restaurants. */
  restaurants: number;
  /** Restaurants waiting for an admin's approval. */
  pending: number;
  customers: number;
  branches: number;
  dishes: number;
  reviews: number;
  photos: number;
  /** Reviews with an open report, in the admin's queue. */
  reported: number;
}

export type DemoOutcome =
  | { status: "loaded"; counts: DemoCounts; seconds: number }
  | { status: "already-loaded"; counts: DemoCounts }
  | { status: "refused"; nonDemo: { restaurants: number; customers: number } };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo world is the same on every run: one seed for all its choices. */
const SEED = 20261121;
/** Approvals are written to the admin audit log under this name. */
const DEMO_ACTOR: Actor = { id: null, label: "npm run demo" };
/**
 * How many restaurants (and branches' reviews) are built at once. Image encoding runs
 * on libvips' threads, one upload of an account at a time and two in all: with four
 * restaurants in flight, one rating its dishes or opening branches leaves the two
 * encodes busy.
 */
const PARALLEL = 4;
/**
 * Pictures drawn at once (librsvg and a JPEG encode, on libuv's threads). Drawing runs
 * ahead of the uploads, whose encodes wait for the image pipeline's own two slots, so
 * two keep both cores busy without starving those (the demo took 80–166 s).
 */
const drawing = pLimit(2);

export const restaurantEmail = (r: DemoRestaurant) => `${r.username}@${DEMO_EMAIL_DOMAIN}`;
export const customerEmail = (c: DemoCustomer) =>
  `${c.firstName}.${c.lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();

function must<T extends object>(result: Result<T>, what: string): T {
  if (result.ok) return result;
  const details = result.fieldErrors ? ` ${JSON.stringify(result.fieldErrors)}` : "";
  throw new Error(`${what}: ${inEnglish(result.message)}${details}`);
}

/** Runs `work` on every item, PARALLEL at a time; the first failure stops what has not started. */
async function inParallel<T>(items: readonly T[], work: (item: T, index: number) => Promise<void>) {
  const limit = pLimit({ concurrency: PARALLEL, rejectOnClear: true });
  await limit.map(items, async (item, index) => {
    try {
      await work(item, index);
    } catch (error) {
      limit.clearQueue();
      throw error;
    }
  });
}

const starsAround = (quality: number, random: () => number) =>
  Math.min(5, Math.max(1, Math.round(quality + (random() + random() + random() - 1.5) * 1.6)));

function fill(template: string, values: { dish: string; branch: string }) {
  return template.replaceAll("{dish}", values.dish).replaceAll("{branch}", values.branch);
}

/** A review of `dish` with `stars`; about half add how it tasted, true to the dish's taste. */
function reviewText(stars: 1 | 2 | 3 | 4 | 5, dish: DemoDish, branch: string, seed: number) {
  const texts = REVIEW_TEXTS[stars];
  const text = fill(texts[seed % texts.length]!, { dish: dish.name, branch });
  if (Math.floor(seed / texts.length) % 2 === 0) return text;
  const remark = TASTE_REMARKS[dish.taste];
  return `${text} ${fill(stars >= 4 ? remark.praise : remark.complaint, { dish: dish.name, branch })}`;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function locationOf(city: string, area: string) {
  const province = locationsOf("Pakistan").provinces.find((p) => p.cities.some((c) => c.label === city));
  return { provinceLabel: province?.label ?? "", cityLabel: city, areaLabel: area };
}

interface BuiltRestaurant {
  data: DemoRestaurant;
  id: string;
  urlName: string;
  dishes: { id: string; dish: DemoDish }[];
  branches: { name: string; url: string }[];
}

async function createCustomer(services: Services, customer: DemoCustomer, index: number): Promise<string> {
  const email = customerEmail(customer);
  const profile = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    about: customer.about,
    username: `${customer.firstName}${customer.lastName}`.toLowerCase(),
    contact: "",
  };
  must(
    await signUpCustomer(
      services,
      { ...profile, gender: customer.gender, email, password: DEMO_PASSWORD, country: "Pakistan" },
      new Headers(),
    ),
    `signing up ${email}`,
  );
  const id = await findUserIdByEmail(services.database.db, email);
  if (!id) throw new Error(`signing up ${email}: no user was made`);
  // Half the customers have a photo, so review cards show both a photo and the placeholder.
  if (index % 2 === 0) {
    const name = `${customer.firstName} ${customer.lastName}`;
    const files = new Map([["profileImage", await avatarPicture(name, hashOf(name) % 360)]]);
    must(await updateCustomerProfile(services, id, { values: profile, files }), `photo of ${email}`);
  }
  return id;
}

async function approve(services: Services, name: string, urlName: string) {
  const result = await decideRestaurant(services, DEMO_ACTOR, urlName, { intent: "approve" });
  // With APPROVAL_MODE=auto the sign-up approved it already.
  if (!result.ok && result.message === ADMIN_MESSAGES.alreadyApproved) return;
  must(result, `approving ${name}`);
}

/**
 * Customers rate the general menu's dishes (so best sellers have a ranking);
 * some dishes stay unrated. Each restaurant has its own seed, so restaurants
 * built in parallel still get the same ratings on every run.
 */
async function rateDishes(
  services: Services,
  restaurant: { data: DemoRestaurant; urlName: string; dishes: BuiltRestaurant["dishes"] },
  customers: string[],
  scale: DemoScale,
) {
  const random = seededRandom(hashOf(`ratings:${restaurant.data.name}`));
  for (const [index, { id, dish }] of restaurant.dishes.entries()) {
    const raters = Math.min(
      customers.length,
      index === 0 ? scale.ratingsPerDish : Math.floor(random() * (scale.ratingsPerDish + 1)),
    );
    const lean = restaurant.data.quality + ((hashOf(dish.name) % 100) / 100 - 0.6);
    for (const customer of shuffled(customers, random).slice(0, raters)) {
      must(
        await rateItem(services, customer, restaurant.urlName, id, {
          rating: String(starsAround(lean, random)),
        }),
        `rating ${dish.name}`,
      );
    }
  }
}

/** An approved restaurant, as one that grows would be made: account, menu, approval, ratings, branches. */
async function createRestaurant(
  services: Services,
  data: DemoRestaurant,
  customers: string[],
  scale: DemoScale,
): Promise<BuiltRestaurant> {
  const { id, urlName } = await signUpOwner(services, data);
  const dishes = await buildMenu(services, id, data, scale);
  // Approved and rated before the branches open, as a restaurant that grows would
  // be: each branch copies the general menu, ratings included, when it is added.
  await approve(services, data.name, urlName);
  await rateDishes(services, { data, urlName, dishes }, customers, scale);
  const branches = await openBranches(services, id, data, scale.branchesPerRestaurant);
  await addDeals(services, id, data, dishes);
  return { data, id, urlName, dishes, branches };
}

/**
 * The restaurant waiting for approval: signed up, menu and a branch made, nothing
 * more (it takes no ratings or reviews until approved). With APPROVAL_MODE=auto the
 * sign-up approves it, as it would anyone's.
 */
async function createPendingRestaurant(services: Services, data: DemoRestaurant, scale: DemoScale) {
  const { id } = await signUpOwner(services, data);
  await buildMenu(services, id, data, scale);
  await openBranches(services, id, data, 1);
  return id;
}

/** What the owner types into the profile form, at sign-up and again with the pictures. */
function ownerProfile(data: DemoRestaurant, urlName: string) {
  return {
    restType: data.type,
    restOthertypes: data.otherTypes,
    hasDelivery: data.hasDelivery,
    about: data.about,
    contact: data.contact,
    contacttwo: data.contacttwo,
    address: data.address,
    restWebsite: `https://${urlName}.${DEMO_EMAIL_DOMAIN}`,
    restWhatsapp: data.contact,
    restInsta: "",
    restFb: "",
    restX: "",
    sociallinks: [],
  };
}

/** Sign-up, then the profile with a logo and a cover, as the owner's first visit would. */
async function signUpOwner(services: Services, data: DemoRestaurant) {
  const email = restaurantEmail(data);
  const urlName = toSlug(data.name);
  const profile = ownerProfile(data, urlName);
  must(
    await signUpRestaurant(
      services,
      {
        ...profile,
        restName: data.name,
        country: "Pakistan",
        username: data.username,
        email,
        password: DEMO_PASSWORD,
      },
      new Headers(),
    ),
    `signing up ${data.name}`,
  );
  const id = await findUserIdByEmail(services.database.db, email);
  if (!id) throw new Error(`signing up ${data.name}: no user was made`);
  const [logo, cover] = await Promise.all([
    logoPicture(data.name, data.hue),
    coverPicture(
      data.name,
      data.hue,
      `${data.type} in ${[...new Set(data.branches.map((b) => b.city))].join(" and ")}`,
    ),
  ]);
  must(
    await updateRestaurantProfile(services, id, {
      values: profile,
      files: new Map([
        ["profileImage", logo],
        ["coverImage", cover],
      ]),
    }),
    `logo of ${data.name}`,
  );
  return { id, urlName };
}

/** The dishes of each section the scale keeps: `dishesPerSection` each, `dishesPerMenu` in all. */
function menuAtScale(data: DemoRestaurant, scale: DemoScale) {
  let left = scale.dishesPerMenu;
  return data.menu.slice(0, scale.sectionsPerMenu).map((section) => {
    const dishes = section.dishes.slice(0, Math.min(scale.dishesPerSection, left));
    left -= dishes.length;
    return { section, dishes };
  });
}

/**
 * The general menu: sections one after another (each takes the next number), a
 * section's dishes at once. Every dish's pictures are drawn from the start, a few at
 * a time, so they are ready when its turn to be uploaded comes.
 */
async function buildMenu(services: Services, id: string, data: DemoRestaurant, scale: DemoScale) {
  const menu = menuAtScale(data, scale);
  const pictures = new Map(
    menu.flatMap(({ dishes }) =>
      dishes.map((dish, position) => [dish, drawDish(dish, data.hue + position * 12)] as const),
    ),
  );
  // A failure below leaves later drawings unread: they must not end the process.
  for (const drawn of pictures.values()) drawn.catch(() => undefined);
  const dishes: BuiltRestaurant["dishes"] = [];
  for (const { section, dishes: sectionDishes } of menu) {
    const { id: sectionId } = must(
      await addSection(services, id, {
        originalName: section.name,
        sectionNameUr: DEMO_URDU[section.name] ?? "",
        topNote: section.topNote ?? "",
        bottomNote: section.bottomNote ?? "",
      }),
      `section ${section.name} of ${data.name}`,
    );
    if (section.servedTimes)
      must(
        await setServedTimes(
          services,
          id,
          { kind: "section", id: sectionId, branchUrl: null },
          servedTimesValues(section.servedTimes),
        ),
        `serving times of ${section.name}`,
      );
    const added = await Promise.all(
      sectionDishes.map(async (dish, position) => ({
        id: await addDish(services, id, data, { sectionId, dish, position, files: pictures.get(dish)! }),
        dish,
      })),
    );
    dishes.push(...added);
  }
  return dishes;
}

/** A dish's three pictures (top, front, side), each drawn in its turn of the demo's drawing slots. */
async function drawDish(dish: DemoDish, hue: number): Promise<Map<string, Uint8Array>> {
  const views: DishView[] = ["topView", "frontView", "sideView"];
  const drawn = await Promise.all(views.map((view) => drawing(() => dishPicture(dish.name, hue, view))));
  return new Map(views.map((view, i) => [view, drawn[i]!]));
}

/** One dish with its three pictures, through the owner's add-item use case. */
async function addDish(
  services: Services,
  id: string,
  data: DemoRestaurant,
  {
    sectionId,
    dish,
    position,
    files,
  }: { sectionId: string; dish: DemoDish; position: number; files: Promise<Map<string, Uint8Array>> },
) {
  const values = {
    sectionId,
    positionInSection: String(position + 1),
    name: dish.name,
    nameExtra: dish.nameExtra ?? "",
    nameUr: DEMO_URDU[dish.name] ?? "",
    price: String(dish.price),
    itemPriceRange: priceRangeOf(dish.price),
    itemTaste: dish.taste,
    itemType: dish.type,
    itemCat: dish.category,
    itemSubCat: dish.subcategory,
    description: dish.description,
    descriptionUr: DEMO_URDU_DESCRIPTIONS[dish.description] ?? "",
    foodAllergies: dish.allergies ?? "",
    sizeLabel: (dish.sizes ?? []).map(([label]) => label),
    sizePrice: (dish.sizes ?? []).map(([, price]) => String(price)),
  };
  return must(await addItem(services, id, { values, files: await files }), `${dish.name} of ${data.name}`).id;
}

/** The restaurant's deals, of the dishes the scale kept (a part whose dish it left out is left out). */
async function addDeals(
  services: Services,
  id: string,
  data: DemoRestaurant,
  dishes: BuiltRestaurant["dishes"],
) {
  for (const deal of data.deals ?? []) {
    const parts = deal.parts.flatMap(([name, quantity]) => {
      const built = dishes.find((d) => d.dish.name === name);
      return built ? [{ dish: built.id, quantity: String(quantity), words: "" }] : [];
    });
    if (deal.words) parts.push({ dish: "", quantity: "1", words: deal.words });
    if (parts.length === 0) continue;
    const values = {
      ...servedTimesValues(deal.servedTimes ?? []),
      name: deal.name,
      nameUr: deal.nameUr,
      price: String(deal.price),
      serves: String(deal.serves),
      validFrom: deal.validFrom ?? "",
      validUntil: deal.validUntil ?? "",
      iftar: deal.iftar ? "on" : "",
      partDish: parts.map((p) => p.dish),
      partQuantity: parts.map((p) => p.quantity),
      partText: parts.map((p) => p.words),
    };
    must(
      await saveDeal(services, id, null, { values, files: new Map() }),
      `deal ${deal.name} of ${data.name}`,
    );
  }
}

/** Branches after the menu is complete: each one copies the general menu. */
async function openBranches(services: Services, id: string, data: DemoRestaurant, count: number) {
  const branches: BuiltRestaurant["branches"] = [];
  for (const branch of data.branches.slice(0, count)) {
    const { branchUrl } = must(
      await addBranch(services, id, {
        branchName: branch.name,
        ...locationOf(branch.city, branch.area),
        address: `${branch.address}, ${branch.city}`,
        contact: branch.contact,
      }),
      `branch ${branch.name} of ${data.name}`,
    );
    must(await setOpeningHours(services, id, branchUrl, demoHours(data)), `hours of ${branch.name}`);
    for (const schedule of data.schedules ?? [])
      must(await addSchedule(services, id, branchUrl, schedule), `${schedule.kind} hours of ${branch.name}`);
    // Table cards (issue 33): a visitor sees reviews marked as written at the table.
    must(await addTables(services, id, branchUrl, { tables: DEMO_TABLES }), `tables of ${branch.name}`);
    branches.push({ name: branch.name, url: branchUrl });
  }
  return branches;
}

/**
 * Hours as such places keep them: a cafe from the morning, everyone else lunch to past
 * midnight, Friday opening after the Jumu'ah prayer; and the Ramadan note owners post.
 */
function demoHours({ type, hours }: DemoRestaurant): Record<string, string> {
  const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
  const [opens, closes] = hours
    ? [hours.opens, hours.closes]
    : type === "Cafe"
      ? ["09:00", "23:00"]
      : ["12:00", "00:30"];
  const form: Record<string, string> = {
    note: "Ramadan: from iftar to sehri (7 pm to 3:30 am).",
  };
  for (const day of days) {
    form[`${day}Opens0`] = day === "fri" && type !== "Cafe" ? "14:00" : opens;
    form[`${day}Closes0`] = closes;
  }
  return form;
}

interface PlannedReview {
  restaurant: BuiltRestaurant;
  branch: { name: string; url: string };
  author: string;
  /** The review's text and photos are drawn from this: who and where, the same on every run (user ids are not). */
  seed: string;
  stars: 1 | 2 | 3 | 4 | 5;
  dish: DemoDish;
  /** The general dish's id: its photos are tagged with the branch's copy (issue 33). */
  dishId: string;
  photos: number;
  daysAgo: number;
  /** Posted after opening a table card (issue 33): two in five, by the seed. */
  atTable: boolean;
}

/** Each demo branch's tables. */
const DEMO_TABLES = "1-12, Family hall 1, Family hall 2";

/** Who reviews which branch, with what: decided up front, so parallel posting stays deterministic. */
function planReviews(
  restaurants: BuiltRestaurant[],
  customers: string[],
  scale: DemoScale,
  random: () => number,
): PlannedReview[][] {
  const perBranch: PlannedReview[][] = [];
  for (const restaurant of restaurants) {
    for (const [branchIndex, branch] of restaurant.branches.entries()) {
      const count = Math.min(
        customers.length,
        2 + Math.floor(random() * Math.max(1, scale.reviewsPerBranch - 1)),
      );
      perBranch.push(
        shuffled(customers, random)
          .slice(0, count)
          .map((author, index) => {
            // About a quarter of the reviews come with a photo or two, and every
            // restaurant's first one does, so each has photos to show.
            const photos = random() < 0.25 ? (random() < 0.3 ? 2 : 1) : 0;
            const seed = `${customerEmail(DEMO_CUSTOMERS[customers.indexOf(author)]!)}:${branch.url}`;
            // Drawn in the order they always were, so the same demo comes out.
            const stars = starsAround(restaurant.data.quality, random) as PlannedReview["stars"];
            const picked = pick(restaurant.dishes, random);
            return {
              restaurant,
              branch,
              author,
              seed,
              stars,
              dish: picked.dish,
              dishId: picked.id,
              photos: branchIndex === 0 && index === 0 ? Math.max(1, photos) : photos,
              daysAgo: 1 + random() * 120,
              atTable: hashOf(`${seed}:table`) % 5 < 2,
            };
          }),
      );
    }
  }
  return perBranch;
}

async function postReviews(services: Services, plan: PlannedReview[][]) {
  const now = Date.now();
  await inParallel(plan, async (reviews) => {
    for (const review of reviews) {
      const { restaurant, branch, dish } = review;
      const photos = await Promise.all(
        Array.from({ length: review.photos }, (_, i) =>
          reviewPhoto(dish.name, branch.name, restaurant.data.hue, hashOf(`${review.seed}:${i}`), i),
        ),
      );
      const text = reviewText(review.stars, dish, branch.name, hashOf(review.seed));
      // Each photo shows the dish reviewed (issue 33), by the branch's copy of it.
      const copy =
        photos.length > 0
          ? await branchCopyOf(services.database.db, restaurant.id, branch.url, review.dishId)
          : "";
      const { id } = must(
        await postReview(
          services,
          review.author,
          { urlName: restaurant.urlName, branchUrl: branch.url },
          {
            values: { rating: String(review.stars), review: text, photoDish: photos.map(() => copy) },
            photos,
          },
          review.atTable ? await tablePass(services, restaurant, branch.url, review.seed) : null,
        ),
        `review of ${restaurant.data.name} ${branch.name}`,
      );
      // Owners answer the unhappy reviews, and thank the happy ones now and then.
      if (review.stars <= 3 || (review.stars === 5 && review.photos > 0)) {
        const reply = review.stars <= 3 ? OWNER_REPLIES.sorry : OWNER_REPLIES.thanks;
        must(
          await replyToReview(services, restaurant.id, {
            reviewId: id,
            text: fill(reply, { dish: dish.name, branch: branch.name }),
          }),
          "owner reply",
        );
      }
      const when = new Date(now - review.daysAgo * DAY_MS).toISOString();
      await backdate(services.database.db, "review", id, when);
    }
  });
}

/** The pass a phone gets from one of the branch's table cards (issue 33), as the cookie it sends back. */
async function tablePass(services: Services, restaurant: BuiltRestaurant, branchUrl: string, seed: string) {
  const { tables } = (await ownTables(services, restaurant.id, branchUrl))!;
  const code = tables[hashOf(seed) % tables.length]!.url.split("/t/")[1]!;
  const opened = await openTableCode(
    services,
    { urlName: restaurant.urlName, branchUrl, code },
    { address: `demo:${seed}`, cookies: null },
  );
  return opened?.setCookie?.split(";")[0] ?? null;
}

/**
 * One review for the admin's queue: an advert posted as a review of the first
 * restaurant's first branch by the last customer, reported by the first.
 */
async function postReportedReview(services: Services, restaurant: BuiltRestaurant, customers: string[]) {
  const branch = restaurant.branches[0]!;
  const dish = restaurant.dishes[0]!.dish;
  const { stars, text, reason } = DEMO_REPORTED_REVIEW;
  const { id } = must(
    await postReview(
      services,
      customers.at(-1)!,
      { urlName: restaurant.urlName, branchUrl: branch.url },
      {
        values: { rating: String(stars), review: fill(text, { dish: dish.name, branch: branch.name }) },
        photos: [],
      },
    ),
    "the reported review",
  );
  await backdate(services.database.db, "review", id, new Date(Date.now() - 2 * DAY_MS).toISOString());
  must(await reportReview(services, customers[0]!, { reviewId: id, reason }), "reporting a review");
}

/**
 * Loads the demo world into an empty database (or one holding only an admin).
 * A database with anyone else's restaurants or customers is refused before
 * anything is written; one that already has the demo is left as it is.
 */
export async function loadDemo(
  services: Services,
  options: { scale?: DemoScaleName } = {},
): Promise<DemoOutcome> {
  const started = performance.now();
  const scale: DemoScale = DEMO_SCALES[options.scale ?? "full"];
  const { db } = services.database;
  const nonDemo = await countNonDemoAccounts(db);
  if (nonDemo.restaurants > 0 || nonDemo.customers > 0) return { status: "refused", nonDemo };
  const existing = await countDemoWorld(db);
  if (existing.restaurants + existing.pending > 0 || existing.customers > 0)
    return { status: "already-loaded", counts: existing };

  const customers: string[] = [];
  const customerData = DEMO_CUSTOMERS.slice(0, scale.customers);
  await inParallel(customerData, async (customer, index) => {
    customers[index] = await createCustomer(services, customer, index);
  });

  const restaurants: BuiltRestaurant[] = [];
  const restaurantData = DEMO_RESTAURANTS.slice(0, scale.restaurants);
  // The one waiting for approval is built in the same pool, last: the pictures of the
  // last restaurants are then not encoded one restaurant at a time.
  let pending = "";
  await inParallel([...restaurantData, DEMO_PENDING_RESTAURANT], async (data, index) => {
    if (index === restaurantData.length) pending = await createPendingRestaurant(services, data, scale);
    else restaurants[index] = await createRestaurant(services, data, customers, scale);
  });
  for (const [index, restaurant] of restaurants.entries()) {
    // Joined over the past year, so "newest restaurants" has an order.
    const joined = new Date(Date.now() - (30 + index * 29) * DAY_MS).toISOString();
    await backdate(db, "restaurant", restaurant.id, joined);
  }
  // The newest of all: signed up three days ago and still waiting.
  await backdate(db, "restaurant", pending, new Date(Date.now() - 3 * DAY_MS).toISOString());

  await postReviews(services, planReviews(restaurants, customers, scale, seededRandom(SEED)));
  await postReportedReview(services, restaurants[0]!, customers);
  // ADR 0027: a quarter of scans and views, so the owners' insights have something to show.
  await writeDemoViews(
    services,
    restaurants.map((r) => ({ id: r.id, quality: r.data.quality })),
  );

  const seconds = Math.round((performance.now() - started) / 100) / 10;
  return { status: "loaded", counts: await countDemoWorld(db), seconds };
}

/** What `npm run demo` prints: the outcome, the logins and where to look. */
export function describeDemo(outcome: DemoOutcome, publicUrl: string): string {
  if (outcome.status === "refused") {
    const { restaurants, customers } = outcome.nonDemo;
    return [
      `Refused: this database already holds ${restaurants} restaurant(s) and ${customers} customer(s)`,
      `that are not demo accounts (demo accounts have @${DEMO_EMAIL_DOMAIN} emails). Nothing was written.`,
      "Load the demo into an empty database instead: another DATA_DIR for SQLite",
      "(e.g. DATA_DIR=./data/demo npm run demo, then DATA_DIR=./data/demo npm start),",
      "or another DATABASE_URL for PostgreSQL.",
    ].join("\n");
  }
  const c = outcome.counts;
  const world = [
    `${c.restaurants} approved restaurants and ${c.pending} waiting for approval, in Islamabad and Rawalpindi,`,
    `with ${c.branches} branches and ${c.dishes} dishes; ${c.customers} customers, ${c.reviews} reviews with ${c.photos} photos,`,
    `${c.reported} of them reported.`,
  ];
  const head =
    outcome.status === "loaded"
      ? [`Demo data loaded in ${outcome.seconds} s: ${world[0]}`, ...world.slice(1)]
      : ["Demo data is already loaded in this database; nothing was changed. It holds", ...world];
  const owner = DEMO_RESTAURANTS[0]!;
  const urlName = toSlug(owner.name);
  const branch = owner.branches[0]!;
  const url = (path: string) => `${publicUrl}${path}`;
  const rows: [string, string][] = [
    [url("/login"), "sign in"],
    [url("/menus"), "all restaurants"],
    [url(restaurantPath(urlName)), owner.name],
    [url(branchPath(urlName, toSlug(branch.name))), `${branch.name} branch, as its table QR code opens it`],
    [url("/admin"), "a restaurant to approve and a reported review (admin)"],
  ];
  const width = Math.max(...rows.map(([u]) => u.length));
  return [
    ...head,
    "",
    `Every demo account's password: ${DEMO_PASSWORD}`,
    `  restaurant owner  ${restaurantEmail(owner)}  (${owner.name})`,
    `  customer          ${customerEmail(DEMO_CUSTOMERS[0]!)}`,
    // Not --password: npm echoes a script's arguments, so the password would show on screen.
    "  admin             make one: npm run admin -- create --email you@example.com  (asks for a password)",
    "",
    "Start the app (npm start, with the same DATA_DIR or DATABASE_URL) and visit:",
    ...rows.map(([u, what]) => `  ${u.padEnd(width)}  ${what}`),
  ].join("\n");
}

/** For scripts/demo.ts (through the server build): the process's own services, closed after. */
export async function runDemo(options: { scale?: DemoScaleName } = {}) {
  const services = await getServices();
  try {
    const outcome = await loadDemo(services, options);
    return {
      exitCode: outcome.status === "refused" ? 1 : 0,
      text: describeDemo(outcome, services.env.PUBLIC_URL),
    };
  } finally {
    await services.close();
  }
}
