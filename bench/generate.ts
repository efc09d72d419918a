// Fills a database with a national-scale Foodverse for the SCALE benchmark:
//   npm run bench:generate -- --restaurants 10000 --data-dir <dir>
//   npm run bench:generate -- --restaurants 10000 --database-url postgres://…/foodverse_bench_10000
// Per restaurant: an owner account, ~2 branches in Pakistani cities, ~10 dishes in
// the general menu (plus each branch's copy), ~100 reviews (some with an owner's
// reply), item ratings; 2 customers per restaurant. The migrations and the schema
// are the app's own (from build/, the code the server runs); the rows are the ones
// the use cases write (same columns, formats and kept figures: restRating,
// restNoofReviews, restNoofBranches, restPriceavg, itemRating), bulk-inserted in
// multi-row statements inside transactions. Pictures: a handful of real images
// stored once and shared; QR codes: one real code image shared by every row.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Insertable, Kysely } from "kysely";
import QRCode from "qrcode";
import sharp from "sharp";
import type {
  BranchTable,
  CustomerTable,
  DB,
  MenuItemTable,
  MenuSectionTable,
  RestaurantTable,
  ReviewTable,
} from "../app/server/db-schema.server.ts";
import type {
  ITEM_TYPES as AppItemTypes,
  PRICE_RANGES as AppPriceRanges,
  TASTES as AppTastes,
} from "../app/lib/reference-data.ts";
import { seededRandom } from "../app/lib/random.ts";
import { branchPath, restaurantPath, toSlug } from "../app/lib/slug.ts";
import { dishKeys, textKeys } from "../app/lib/spelling-keys.ts";

type AppModule = typeof import("../server/index.ts");
type Db = Kysely<DB>;

/** A fixed secret, so a generated database can be served again with the same sessions. */
export const BENCH_AUTH_SECRET = "foodverse-bench-secret-0123456789abcdef";
/** Every generated account signs in with this password. */
export const BENCH_PASSWORD = "bench-password-1";
export const BENCH_EMAIL_DOMAIN = "bench.foodverse.pk";

// product rules §9's lists (app/lib/reference-data.ts); `satisfies` keeps them in step.
const PRICE_RANGES = [
  "0-500",
  "500-1000",
  "1000-2000",
  "2000-5000",
  "5000-10000",
  "10000+",
] as const satisfies typeof AppPriceRanges;
const TASTES = ["Spicy", "Sweet", "Savory"] as const satisfies typeof AppTastes;
const ITEM_TYPES = ["Veg", "Non-Veg", "Vegan"] as const satisfies typeof AppItemTypes;
const GENDERS = ["Male", "Female", "Other", "Prefer Not To Tell"] as const;

interface OptionGroup {
  category: string;
  options: string[];
}
interface ItemCategory {
  category: string;
  subcategories: string[];
}
interface CountryLocations {
  country: string;
  provinces: { label: string; cities: { label: string; areas: string[] }[] }[];
}

const dataDir = path.join(import.meta.dirname, "..", "app", "data");
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8")) as T;
const RESTAURANT_TYPES = readJson<OptionGroup[]>("restaurant-types.json").flatMap((g) => g.options);
const ITEM_CATEGORIES = readJson<Record<string, ItemCategory[]>>("item-categories.json");
const PAKISTAN = readJson<CountryLocations>("countries/Pakistan.json");

// --- a seeded random source, so two runs of one size hold the same world ---
let random = seededRandom(20260101);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;
function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

// --- names and words ---
const NAME_START = [
  "Al Noor",
  "Bundu",
  "Savour",
  "Monal",
  "Kabul",
  "Lahori",
  "Peshawari",
  "Karachi",
  "Shinwari",
  "Quetta",
  "Chaaye",
  "Butt",
  "Haveli",
  "Tandoori",
  "Mughal",
  "Sindhi",
  "Hunza",
  "Margalla",
  "Ravi",
  "Indus",
  "Student",
  "Cafe Aylanto",
  "Khan",
  "Salt",
  "Spice",
  "Desi",
  "Namak",
  "Zaiqa",
  "Dera",
  "Kolachi",
  "Tuscany",
  "Chinatown",
  "Golden",
  "Silver",
  "Royal",
  "Mehran",
  "Faisal",
  "Saddar",
  "Anarkali",
  "Gulberg",
  "Burns",
  "Jahangir",
  "Nawab",
  "Bukhari",
  "Chiniot",
  "Multani",
  "Swat",
  "Kaghan",
  "Chitral",
  "Skardu",
  "Sheesh Mahal",
  "Shalimar",
  "Badshahi",
  "Noor Jahan",
  "Lal Qila",
  "Pindi",
  "Potohar",
  "Saffron",
  "Zafran",
  "Clay Oven",
];
const NAME_END = [
  "Grill",
  "Kitchen",
  "Karahi House",
  "Tikka",
  "Biryani Centre",
  "Cafe",
  "Dhaba",
  "Bakers",
  "Sweets",
  "BBQ",
  "Food Street",
  "Tea House",
  "Juice Corner",
  "Pizza",
  "Burgers",
  "Restaurant",
  "Diner",
  "Bistro",
  "Chargha",
  "Nihari",
  "Halwa Puri",
  "Broast",
  "Shawarma",
  "Kebab House",
  "Seafood",
  "Dine",
  "Mess",
  "Tandoor",
  "Kulfi",
  "Haleem",
];
const DISH_START = [
  "Chicken",
  "Mutton",
  "Beef",
  "Special",
  "Classic",
  "Peshawari",
  "Lahori",
  "Shahi",
  "Desi",
  "House",
];
const FIRST_NAMES = [
  "Ali",
  "Ahmed",
  "Hassan",
  "Bilal",
  "Usman",
  "Hamza",
  "Zain",
  "Omar",
  "Fahad",
  "Saad",
  "Ayesha",
  "Fatima",
  "Sana",
  "Hira",
  "Zara",
  "Maryam",
  "Amna",
  "Mahnoor",
  "Iqra",
  "Noor",
  "Sara",
  "Imran",
  "Kamran",
  "Asad",
];
const LAST_NAMES = [
  "Khan",
  "Malik",
  "Sheikh",
  "Butt",
  "Qureshi",
  "Chaudhry",
  "Raza",
  "Hussain",
  "Siddiqui",
  "Abbasi",
  "Shah",
  "Mirza",
  "Baig",
  "Awan",
  "Javed",
  "Iqbal",
  "Akhtar",
  "Rana",
  "Anwar",
  "Zaidi",
];
const REVIEW_SENTENCES = [
  "The food arrived hot and fresh.",
  "Service was quick even at lunch time.",
  "Portions are generous for the price.",
  "The karahi was rich and perfectly spiced.",
  "A little too oily for my taste.",
  "Staff were friendly and helpful.",
  "We waited a long time for our order.",
  "Great place for a family dinner.",
  "The naan was soft and the chutney delicious.",
  "Clean tables and a calm atmosphere.",
  "Prices went up but the taste is the same.",
  "Scanning the QR code made ordering easy.",
  "Will definitely come again.",
  "The dessert was the best part of the meal.",
  "Parking is hard to find on weekends.",
];
const DESCRIPTIONS = [
  "Slow-cooked with fresh tomatoes, green chillies and ginger.",
  "Marinated overnight and grilled over charcoal.",
  "Served with naan, raita and salad.",
  "A house favourite, made fresh every morning.",
  "Fragrant basmati rice layered with tender meat.",
  "Light, crisp and lightly salted.",
  "Chilled and made to order.",
  "Finished with butter and fresh coriander.",
];
const REPLIES = [
  "Thank you for visiting, we hope to see you again soon!",
  "Sorry about the wait, we have added staff at lunch time.",
  "We are glad you enjoyed the meal.",
  "Thanks for the feedback, we will pass it to the kitchen.",
];

// Where restaurants are: the big cities carry most of them, every city has some.
const CITY_WEIGHTS: Record<string, number> = {
  Karachi: 20,
  Lahore: 18,
  Islamabad: 10,
  Rawalpindi: 8,
  Faisalabad: 6,
  Peshawar: 6,
  Multan: 5,
  Hyderabad: 4,
  Quetta: 4,
};
const CITIES = PAKISTAN.provinces.flatMap((province) =>
  province.cities.map((city) => ({ province: province.label, city: city.label, areas: city.areas })),
);
const CITY_CHOICES = CITIES.map((c) => [c, CITY_WEIGHTS[c.city] ?? 1] as const);

// product rules §9 price ranges, with a price inside each (Rs.); most dishes are everyday prices.
interface PriceBand {
  range: (typeof PRICE_RANGES)[number];
  min: number;
  max: number;
}
const PRICE_CHOICES: readonly (readonly [PriceBand, number])[] = [
  [{ range: PRICE_RANGES[0], min: 150, max: 499 }, 30],
  [{ range: PRICE_RANGES[1], min: 500, max: 999 }, 30],
  [{ range: PRICE_RANGES[2], min: 1000, max: 1999 }, 22],
  [{ range: PRICE_RANGES[3], min: 2000, max: 4999 }, 12],
  [{ range: PRICE_RANGES[4], min: 5000, max: 9999 }, 5],
  [{ range: PRICE_RANGES[5], min: 10000, max: 15000 }, 1],
];

const round2 = (n: number) => Math.round(n * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

// --- batched writing ---
type Row = Record<string, unknown>;
/** Rows per statement: SQLite allows 32,766 bound values, PostgreSQL 65,535; ≤ 1,000 rows either way. */
function rowsPerStatement(columns: number) {
  return Math.max(1, Math.min(1000, Math.floor(30_000 / columns)));
}

class Writer {
  readonly counts = new Map<string, number>();
  private readonly pending = new Map<string, Row[]>();
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  add(table: string, row: Row) {
    let list = this.pending.get(table);
    if (!list) this.pending.set(table, (list = []));
    list.push(row);
  }

  /** Writes everything queued, tables in the order given (parents before children), in one transaction. */
  async flush(order: readonly string[]) {
    await this.db.transaction().execute(async (trx) => {
      for (const table of order) {
        const rows = this.pending.get(table);
        if (!rows?.length) continue;
        const size = rowsPerStatement(Object.keys(rows[0]!).length);
        for (let i = 0; i < rows.length; i += size) {
          await trx
            .insertInto(table as keyof DB)
            .values(rows.slice(i, i + size) as never)
            .execute();
        }
        this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
        this.pending.delete(table);
      }
    });
  }

  get total() {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }
}

const TABLE_ORDER = [
  "user",
  "account",
  "customer",
  "restaurant",
  "restaurant_key",
  "audit_log",
  "branch",
  "menu_section",
  "menu_item",
  "menu_item_key",
  "item_rating",
  "review",
  "review_reply",
  "review_report",
] as const;

// --- better-auth rows: cloned from one real sign-up, so the format is better-auth's own ---
interface AuthTemplates {
  user: Row;
  account: Row;
  newId(): string;
  timeValue(ms: number): unknown;
}

async function authTemplates(app: Awaited<ReturnType<AppModule["createApp"]>>): Promise<AuthTemplates> {
  const { services } = app;
  const db = services.database.db;
  const email = `template-${randomBytes(6).toString("hex")}@${BENCH_EMAIL_DOMAIN}`;
  const { user } = await services.auth.api.signUpEmail({
    body: { name: "template", email, password: BENCH_PASSWORD },
  });
  const userRow = (await db
    .selectFrom("user")
    .selectAll()
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow()) as Row;
  const accountRow = (await db
    .selectFrom("account" as keyof DB)
    .selectAll()
    .where("userId" as never, "=", user.id as never)
    .executeTakeFirstOrThrow()) as Row;
  await db.deleteFrom("user").where("id", "=", user.id).execute();
  const sample = String(userRow.id);
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(sample);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const created = userRow.createdAt;
  return {
    user: userRow,
    account: accountRow,
    newId() {
      if (uuidLike) return randomUUID();
      const bytes = randomBytes(sample.length);
      let id = "";
      for (const b of bytes) id += alphabet[b % alphabet.length];
      return id;
    },
    // Dates as the database driver gave them back: Date objects, ISO text or epoch numbers.
    timeValue(ms: number) {
      if (created instanceof Date) return new Date(ms);
      if (typeof created === "number") return created > 1e11 ? ms : Math.floor(ms / 1000);
      return iso(ms);
    },
  };
}

function addAuthUser(w: Writer, t: AuthTemplates, id: string, name: string, email: string, ms: number) {
  w.add("user", { ...t.user, id, name, email, createdAt: t.timeValue(ms), updatedAt: t.timeValue(ms) });
  w.add("account", {
    ...t.account,
    id: t.newId(),
    accountId: id,
    userId: id,
    createdAt: t.timeValue(ms),
    updatedAt: t.timeValue(ms),
  });
}

// --- pictures: a handful of real images in the app's storage, shared by every row ---
async function placeholderImages(
  app: Awaited<ReturnType<AppModule["createApp"]>>,
  count: number,
): Promise<string[]> {
  const colours = ["#b4410c", "#7c2d12", "#166534", "#1e3a8a", "#854d0e", "#581c87", "#9f1239", "#155e75"];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const colour = colours[i % colours.length]!;
    const id = createHash("sha256").update(`foodverse-bench-${i}`).digest("hex").slice(0, 32);
    const base = sharp({ create: { width: 960, height: 720, channels: 3, background: colour } });
    // The widest variant is the 960 one again: the bytes matter here, not the detail.
    for (const width of [320, 960, 1920]) {
      const data = await base
        .clone()
        .resize({ width: Math.min(width, 960) })
        .webp({ quality: 60 })
        .toBuffer();
      await app.services.storage.put(`img/${id}/${width}.webp`, data, { contentType: "image/webp" });
    }
    const og = await base.clone().resize({ width: 1200, height: 630, fit: "cover" }).jpeg().toBuffer();
    await app.services.storage.put(`img/${id}/og.jpg`, og, { contentType: "image/jpeg" });
    urls.push(`/media/img/${id}/960.webp`);
  }
  return urls;
}

export interface GenerateSummary {
  restaurants: number;
  rows: Record<string, number>;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
  dialect: string;
}

interface GeneratedRestaurant {
  restaurant: Insertable<RestaurantTable>;
}

type App = Awaited<ReturnType<AppModule["createApp"]>>;

/** What every generated restaurant draws on: the clock, the shared pictures and QR image, the customers. */
interface World {
  now: number;
  publicUrl: string;
  templates: AuthTemplates;
  images: string[];
  qrImage: string;
  customerIds: string[];
  usedSlugs: Set<string>;
}

/** Fills the database the environment names (DATABASE_URL, or DATA_DIR's SQLite file). */
export async function generate(options: {
  restaurants: number;
  seed?: number;
  log?: (line: string) => void;
}): Promise<GenerateSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  random = seededRandom(options.seed ?? 20260101);
  const started = performance.now();
  const app = await openEmptyApp();
  const { services } = app;
  const { db, dialect } = services.database;
  const world = await prepareWorld(app);
  log(`  migrated, account template and ${world.images.length} pictures ready (${seconds(started)} s)`);
  const w = new Writer(db);

  // Customers first: reviews and ratings point at them.
  await addCustomers(w, world, Math.max(200, options.restaurants * 2));
  log(`  customers: ${world.customerIds.length.toLocaleString("en")} (${seconds(started)} s)`);
  await addRestaurants(w, world, { count: options.restaurants, dialect, started, log });

  await settle(db, dialect);
  await services.close();
  const secondsTaken = (performance.now() - started) / 1000;
  return {
    restaurants: options.restaurants,
    rows: Object.fromEntries(w.counts),
    totalRows: w.total,
    seconds: Math.round(secondsTaken * 10) / 10,
    rowsPerSecond: Math.round(w.total / secondsTaken),
    dialect,
  };
}

/** The app on the target database, migrated; refused when it already holds restaurants. */
async function openEmptyApp(): Promise<App> {
  const { createApp } = (await import("../build/server/index.js" as string)) as AppModule;
  const app = await createApp();
  const { services } = app;
  const db = services.database.db;
  if (services.database.dialect === "sqlite") {
    // A bigger page cache for the bulk load only (this connection); nothing is switched off.
    const { sql } = await import("kysely");
    await sql`pragma cache_size = -262144`.execute(db);
  }
  const existing = await db
    .selectFrom("restaurant")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    await services.close();
    throw new Error("The database already holds restaurants: generate into an empty database.");
  }
  return app;
}

async function prepareWorld(app: App): Promise<World> {
  const { services } = app;
  const templates = await authTemplates(app);
  const images = await placeholderImages(app, 8);
  const qrImage = await QRCode.toDataURL(`${services.env.PUBLIC_URL}/r/foodverse-bench`, {
    errorCorrectionLevel: "M",
    margin: 2,
    width: 512,
  });
  return {
    now: Date.now(),
    publicUrl: services.env.PUBLIC_URL,
    templates,
    images,
    qrImage,
    customerIds: [],
    usedSlugs: new Set(),
  };
}

async function addCustomers(w: Writer, world: World, count: number) {
  const { now, templates, images } = world;
  for (let i = 0; i < count; i++) {
    const id = templates.newId();
    world.customerIds.push(id);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const username = `${firstName.toLowerCase()}${i}`;
    const email = `customer${i}@${BENCH_EMAIL_DOMAIN}`;
    const ms = now - int(30, 3 * 365) * DAY - int(0, DAY);
    addAuthUser(w, templates, id, username, email, ms);
    const customer: Insertable<CustomerTable> = {
      id,
      usertype: "customer",
      isactive: 0,
      chargespaid: "no",
      firstName,
      lastName,
      gender: pick(GENDERS),
      country: "Pakistan",
      username,
      email,
      contact: chance(0.5) ? `+92 3${int(0, 4)}${int(0, 9)} ${int(1000000, 9999999)}` : "",
      about: "Food lover, always looking for the best karahi in town.",
      sociallinks: "[]",
      profileImageUrl: chance(0.3) ? pick(images) : "",
      timestamp: iso(ms),
    };
    w.add("customer", customer as Row);
    if ((i + 1) % 5000 === 0) await w.flush(TABLE_ORDER);
  }
  await w.flush(TABLE_ORDER);
}

async function addRestaurants(
  w: Writer,
  world: World,
  run: { count: number; dialect: string; started: number; log: (line: string) => void },
) {
  // One transaction per chunk. On PostgreSQL short ones: every row's content-version
  // trigger (migration 0006) updates the same few rows, and one transaction's chain
  // of row versions grows with every write in it.
  const CHUNK = run.dialect === "postgres" ? 5 : 200;
  for (let r = 0; r < run.count; r++) {
    addRestaurant(w, world, r);
    if ((r + 1) % CHUNK === 0 || r === run.count - 1) {
      await w.flush(TABLE_ORDER);
      if ((r + 1) % 1000 === 0 || r === run.count - 1) {
        const elapsed = (performance.now() - run.started) / 1000;
        run.log(
          `  restaurants: ${(r + 1).toLocaleString("en")} / ${run.count.toLocaleString("en")}, rows ${w.total.toLocaleString("en")} (${Math.round(w.total / elapsed).toLocaleString("en")} rows/s)`,
        );
      }
    }
  }
}

/** As autovacuum would leave it after a while: statistics, visibility map, hint bits. */
async function settle(db: Db, dialect: string) {
  const { sql } = await import("kysely");
  if (dialect === "postgres") {
    await sql`vacuum analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}

type ApprovalStatus = "approved" | "pending" | "rejected" | "suspended";

/** The restaurant's account and the choices its other rows follow. */
interface Owner {
  id: string;
  restName: string;
  urlName: string;
  username: string;
  email: string;
  createdMs: number;
  restType: string;
  home: (typeof CITIES)[number];
  status: ApprovalStatus;
  note: string;
}

type GeneratedItem = Insertable<MenuItemTable> & { itemRating: number; itemRatingBy: number };

// Dish names and descriptions repeat across the generated world: each pair's keys are made once.
const keysByDish = new Map<string, string[]>();
function itemKeys(name: string, description: string): string[] {
  const id = `${name}\u0000${description}`;
  let keys = keysByDish.get(id);
  if (!keys) keysByDish.set(id, (keys = dishKeys({ name, description })));
  return keys;
}

/** One restaurant with its account, general menu, branches (with menu copies), ratings and reviews. */
function addRestaurant(writer: Writer, world: World, index: number): GeneratedRestaurant {
  const owner = addOwner(writer, world, index);
  const menu = generalMenu(world, owner);
  const branches = branchesOf(world, owner, menu);
  const rating = addReviews(writer, world, owner, branches.branches);
  const restaurant = restaurantRow(world, owner, menu.items, branches.branches.length, rating);
  writer.add("restaurant", restaurant as Row);
  for (const key of textKeys(restaurant.restName))
    writer.add("restaurant_key", { key, restaurantId: restaurant.id });
  if (owner.status !== "pending") addDecision(writer, owner, menu.menuMs);
  for (const s of menu.sections) writer.add("menu_section", s as Row);
  for (const s of branches.sections) writer.add("menu_section", s as Row);
  for (const i of [...menu.items, ...branches.items]) {
    writer.add("menu_item", i as Row);
    for (const key of itemKeys(i.name, i.description)) writer.add("menu_item_key", { key, itemId: i.id });
  }
  for (const b of branches.branches) writer.add("branch", b as Row);
  for (const row of menu.ratingRows) writer.add("item_rating", row);
  for (const review of rating.reviews) writer.add("review", review as Row);
  return { restaurant };
}

function addOwner(writer: Writer, world: World, index: number): Owner {
  const combos = NAME_START.length * NAME_END.length;
  let restName = `${NAME_START[index % NAME_START.length]} ${NAME_END[Math.floor(index / NAME_START.length) % NAME_END.length]}`;
  if (index >= combos) restName += ` ${Math.floor(index / combos) + 1}`;
  let urlName = toSlug(restName);
  for (let n = 2; world.usedSlugs.has(urlName); n++) urlName = toSlug((restName = `${restName} ${n}`));
  world.usedSlugs.add(urlName);

  const id = world.templates.newId();
  const username = `owner${index}`;
  const email = `owner${index}@${BENCH_EMAIL_DOMAIN}`;
  const createdMs = world.now - int(60, 3 * 365) * DAY - int(0, DAY);
  addAuthUser(writer, world.templates, id, username, email, createdMs);
  const restType = pick(RESTAURANT_TYPES);
  const home = weighted(CITY_CHOICES);
  const status = weighted([
    ["approved", 92],
    ["pending", 5],
    ["rejected", 2],
    ["suspended", 1],
  ] as const);
  const note =
    status === "rejected" ? "Menu prices missing" : status === "suspended" ? "Closed for renovation" : "";
  return { id, restName, urlName, username, email, createdMs, restType, home, status, note };
}

/** The general menu: 2-4 sections, 6-14 dishes in them, each rated by 0-4 customers. */
function generalMenu(world: World, owner: Owner) {
  const categories = ITEM_CATEGORIES[owner.restType] ?? ITEM_CATEGORIES.other ?? [];
  const sectionCount = int(2, 4);
  const itemCount = int(6, 14);
  const menuMs = owner.createdMs + int(1, 10) * DAY;
  const sections: Insertable<MenuSectionTable>[] = [];
  for (let s = 0; s < sectionCount; s++) {
    const category = categories[s % Math.max(1, categories.length)];
    const originalName = category?.category ?? `Section ${s + 1}`;
    sections.push({
      id: randomUUID(),
      restaurantId: owner.id,
      restaurantName: owner.restName,
      urlName: owner.urlName,
      originalName,
      sectionName: toSlug(originalName),
      sectionNumber: s + 1,
      topNote: chance(0.2) ? "All prices include tax." : "",
      bottomNote: "",
      timestamp: iso(menuMs),
      branchId: null,
    });
  }
  const items: GeneratedItem[] = [];
  const ratingRows: Row[] = [];
  const positions = Array.from({ length: sectionCount }, () => 0);
  for (let i = 0; i < itemCount; i++) {
    const s = i % sectionCount;
    positions[s]! += 1;
    const category = categories[s % Math.max(1, categories.length)];
    const itemSubCat = category ? pick(category.subcategories) : "Special";
    const band = weighted(PRICE_CHOICES);
    const price = Math.round(int(band.min, band.max) / 10) * 10;
    const itemId = randomUUID();
    const { raters, sum } = rateItem(world, itemId, menuMs, ratingRows);
    items.push(
      itemRow(world, owner, {
        id: itemId,
        sectionId: sections[s]!.id,
        category: category?.category ?? "Other",
        itemSubCat,
        price,
        band,
        position: positions[s]!,
        rating: raters ? round2(sum / raters) : 0,
        raters,
        menuMs,
      }),
    );
  }
  return { menuMs, sections, items, ratingRows };
}

/** One dish of the general menu; what is drawn here is drawn in the order it always was. */
function itemRow(
  world: World,
  owner: Owner,
  chosen: {
    id: string;
    sectionId: string;
    category: string;
    itemSubCat: string;
    price: number;
    band: PriceBand;
    position: number;
    rating: number;
    raters: number;
    menuMs: number;
  },
): GeneratedItem {
  const { itemSubCat } = chosen;
  return {
    id: chosen.id,
    sectionId: chosen.sectionId,
    restaurantId: owner.id,
    urlName: owner.urlName,
    name: `${pick(DISH_START)} ${itemSubCat}`,
    nameExtra: chance(0.3) ? pick(["Half", "Full", "Family size", "Per plate"]) : "",
    price: chosen.price,
    itemPriceRange: chosen.band.range,
    itemTaste: pick(TASTES),
    itemCat: chosen.category,
    itemSubCat,
    itemType: weighted([
      ["Non-Veg", 6],
      ["Veg", 3],
      ["Vegan", 1],
    ] as const satisfies readonly (readonly [(typeof ITEM_TYPES)[number], number])[]),
    positionInSection: chosen.position,
    description: pick(DESCRIPTIONS),
    descriptionExtra: "",
    foodAllergies: chance(0.3) ? pick(["Contains nuts.", "Contains dairy.", "Contains gluten."]) : "",
    topView: pick(world.images),
    frontView: pick(world.images),
    sideView: pick(world.images),
    itemRating: chosen.rating,
    itemRatingBy: chosen.raters,
    soldOut: chance(0.03) ? 1 : 0,
    timestamp: iso(chosen.menuMs),
    branchId: null,
    priceOverride: null,
  };
}

/** Item ratings: 0-4 customers each; the item keeps the exact average and count. */
function rateItem(world: World, itemId: string, menuMs: number, ratingRows: Row[]) {
  const raters = new Set<string>();
  const ratingsCount = int(0, 4);
  while (raters.size < ratingsCount) raters.add(pick(world.customerIds));
  let sum = 0;
  for (const customerId of raters) {
    const rating = weighted([
      [5, 4],
      [4, 3],
      [3, 2],
      [2, 1],
      [1, 1],
    ] as const);
    sum += rating;
    ratingRows.push({ itemId, customerId, rating, timestamp: iso(menuMs + int(1, 300) * DAY) });
  }
  return { raters: raters.size, sum };
}

/** Branches (1-3), each with its copy of the menu (as addBranch writes it). */
function branchesOf(world: World, owner: Owner, menu: ReturnType<typeof generalMenu>) {
  const branchCount = weighted([
    [1, 3],
    [2, 4],
    [3, 3],
  ] as const);
  const branches: Insertable<BranchTable>[] = [];
  const sections: Insertable<MenuSectionTable>[] = [];
  const items: Insertable<MenuItemTable>[] = [];
  const usedBranchUrls = new Set<string>();
  for (let b = 0; b < branchCount; b++) {
    const place = chance(0.8) ? owner.home : weighted(CITY_CHOICES);
    const area = place.areas.length ? pick(place.areas) : "";
    const baseName = area ? `${area} ${place.city}` : place.city;
    let branchName = baseName;
    let branchUrl = toSlug(branchName);
    for (let n = 2; usedBranchUrls.has(branchUrl); n++) branchUrl = toSlug((branchName = `${baseName} ${n}`));
    usedBranchUrls.add(branchUrl);
    const branchId = randomUUID();
    const branchMs = menu.menuMs + int(1, 60) * DAY;
    branches.push({
      id: branchId,
      restaurantId: owner.id,
      restaurantName: owner.restName,
      urlName: owner.urlName,
      branchName,
      branchUrl,
      branchQRcode: `${world.publicUrl}${branchPath(owner.urlName, branchUrl)}`,
      branchQRimg: world.qrImage,
      country: "Pakistan",
      province: toSlug(place.province),
      city: toSlug(place.city),
      area: toSlug(area),
      provinceLabel: place.province,
      cityLabel: place.city,
      areaLabel: area,
      address: `Shop ${int(1, 99)}, ${area || "Main Bazaar"}, ${place.city}`,
      contact: `+92 51 ${int(1000000, 9999999)}`,
      timestamp: iso(branchMs),
    });
    const copies = new Map(menu.sections.map((s) => [s.id, randomUUID()]));
    for (const s of menu.sections)
      sections.push({
        ...s,
        id: copies.get(s.id)!,
        branchId,
        generalSectionId: s.id,
        timestamp: iso(branchMs),
      });
    for (const item of menu.items) {
      items.push({
        ...item,
        id: randomUUID(),
        sectionId: copies.get(item.sectionId)!,
        branchId,
        generalItemId: item.id,
        priceOverride: chance(0.05) ? Math.round((item.price * 1.1) / 10) * 10 : null,
        soldOut: chance(0.03) ? 1 : 0,
        timestamp: iso(branchMs),
      });
    }
  }
  return { branches, sections, items };
}

/**
 * Reviews: 40-160 (about 100), across the branches, by random customers; a few are
 * reported and hidden, some answered. Returns them with the visible ones' count and sum.
 */
function addReviews(writer: Writer, world: World, owner: Owner, branches: Insertable<BranchTable>[]) {
  const quality = 2 + random() * 3;
  const reviewCount = int(40, 160);
  let visible = 0;
  let ratingSum = 0;
  const reviews: Insertable<ReviewTable>[] = [];
  for (let v = 0; v < reviewCount; v++) {
    const branch = pick(branches);
    const branchMs = Date.parse(branch.timestamp);
    const ms = branchMs + Math.floor(random() * (world.now - branchMs));
    const rating = Math.min(5, Math.max(1, Math.round(quality + (random() - 0.5) * 2.5)));
    const hidden = chance(0.005) ? 1 : 0;
    const sentences = int(1, 3);
    const text: string[] = [];
    for (let k = 0; k < sentences; k++) text.push(pick(REVIEW_SENTENCES));
    const review: Insertable<ReviewTable> = {
      id: randomUUID(),
      restaurantId: owner.id,
      branchId: branch.id,
      authorId: pick(world.customerIds),
      rating,
      review: text.join(" "),
      reviewPics: chance(0.1)
        ? JSON.stringify([pick(world.images), pick(world.images)].slice(0, int(1, 2)))
        : "[]",
      reviewVideo: "",
      hidden,
      timestamp: iso(ms),
    };
    reviews.push(review);
    if (hidden) {
      addHiddenReport(writer, world, owner, review.id, ms);
    } else {
      visible += 1;
      ratingSum += rating;
    }
    if (chance(0.1)) {
      writer.add("review_reply", {
        reviewId: review.id,
        ownerId: owner.id,
        text: pick(REPLIES),
        timestamp: iso(Math.min(world.now, ms + int(1, 5) * DAY)),
      });
    }
  }
  return { reviews, visible, ratingSum };
}

/** A report of the review and the admin's decision to hide it. */
function addHiddenReport(writer: Writer, world: World, owner: Owner, reviewId: string, ms: number) {
  writer.add("review_report", {
    reviewId,
    reporterId: pick(world.customerIds),
    reason: "Offensive language",
    status: "hidden",
    timestamp: iso(ms + DAY),
  });
  writer.add("audit_log", {
    id: randomUUID(),
    actorId: null,
    actorLabel: "command line",
    action: "review.hide",
    targetType: "review",
    targetId: reviewId,
    targetLabel: owner.restName,
    reason: "",
    timestamp: iso(ms + 2 * DAY),
  });
}

function restaurantRow(
  world: World,
  owner: Owner,
  items: GeneratedItem[],
  branchCount: number,
  rating: { visible: number; ratingSum: number },
): Insertable<RestaurantTable> {
  const { id, restName, urlName, restType, home, status } = owner;
  const generalPrices = items.map((i) => i.price);
  return {
    id,
    usertype: "restaurant",
    isactive: status === "approved" ? 1 : 0,
    chargespaid: "no",
    approvalStatus: status,
    approvalNote: owner.note,
    restName,
    urlName,
    restType,
    restOthertypes: JSON.stringify(chance(0.4) ? [pick(RESTAURANT_TYPES)].filter((t) => t !== restType) : []),
    country: "Pakistan",
    username: owner.username,
    email: owner.email,
    address: home.areas.length ? `${pick(home.areas)}, ${home.city}` : home.city,
    contact: `+92 3${int(0, 4)}${int(0, 9)} ${int(1000000, 9999999)}`,
    contacttwo: "",
    about: `${restName} serves ${restType.toLowerCase()} food in ${home.city}.`,
    // Kept figures, exactly as the use cases keep them (see reviews/menus/branches queries).
    restRating: rating.visible ? round2(rating.ratingSum / rating.visible) : 0,
    restRatingoutof: 5,
    restInsta: "",
    restFb: "",
    restX: "",
    restWhatsapp: "",
    restWebsite: "",
    sociallinks: "[]",
    restPriceavg: Math.round(generalPrices.reduce((a, b) => a + b, 0) / generalPrices.length),
    restQRcode: `${world.publicUrl}${restaurantPath(urlName)}`,
    restQRimg: world.qrImage,
    restNoofReviews: rating.visible,
    restNoofBranches: branchCount,
    hasDelivery: chance(0.6) ? "yes" : "no",
    profileImageUrl: pick(world.images),
    coverImageUrl: pick(world.images),
    timestamp: iso(owner.createdMs),
  };
}

/** The audit entry of the admin's decision on a restaurant that is no longer pending. */
function addDecision(writer: Writer, owner: Owner, menuMs: number) {
  writer.add("audit_log", {
    id: randomUUID(),
    actorId: null,
    actorLabel: "command line",
    action: `restaurant.${owner.status === "approved" ? "approve" : owner.status === "rejected" ? "reject" : "suspend"}`,
    targetType: "restaurant",
    targetId: owner.id,
    targetLabel: owner.restName,
    reason: owner.note,
    timestamp: iso(menuMs + DAY),
  });
}

function seconds(since: number) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** The environment a bench database is served and generated with (never the repository's ./data). */
export function benchEnv(target: { dataDir: string; databaseUrl?: string }): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    AUTH_SECRET: BENCH_AUTH_SECRET,
    APPROVAL_MODE: "manual",
    LOG_LEVEL: "warn",
    PAGE_CACHE: "off",
    PUBLIC_URL: "http://localhost:3000",
    // The scale bench sends every finder page from one address: the per-address search
    // limit (docs/threat-model.md) would answer its pages 429 and time the refusal instead.
    SEARCH_MAX_PER_IP: "1000000",
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      restaurants: { type: "string", default: "1000" },
      "data-dir": { type: "string" },
      "database-url": { type: "string" },
      seed: { type: "string", default: "20260101" },
      json: { type: "boolean", default: false },
    },
  });
  const restaurants = Number(values.restaurants);
  if (!Number.isInteger(restaurants) || restaurants < 1) {
    console.error(
      "Usage: npm run bench:generate -- --restaurants <n> [--data-dir <dir>] [--database-url postgres://…] [--json]",
    );
    process.exit(2);
  }
  const dataDirArg = values["data-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-bench-"));
  Object.assign(process.env, benchEnv({ dataDir: dataDirArg, databaseUrl: values["database-url"] }));
  const target = values["database-url"]
    ? values["database-url"].replace(/\/\/[^@/]*@/, "//")
    : path.join(dataDirArg, "foodverse.db");
  console.log(`Generating ${restaurants.toLocaleString("en")} restaurants into ${target}…`);
  try {
    const summary = await generate({ restaurants, seed: Number(values.seed) });
    console.log(
      `Done: ${summary.totalRows.toLocaleString("en")} rows in ${summary.seconds} s (${summary.rowsPerSecond.toLocaleString("en")} rows/s)`,
    );
    for (const [table, n] of Object.entries(summary.rows))
      console.log(`  ${table.padEnd(14)} ${n.toLocaleString("en")}`);
    if (values.json) console.log(`SUMMARY ${JSON.stringify(summary)}`);
    process.exit(0);
  } catch (error) {
    console.error(
      `Could not generate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  }
}
