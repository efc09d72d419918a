import { sql } from "kysely";
import sharp from "sharp";
import {
  createAdmin,
  getViewer,
  logIn,
  requestPasswordReset,
  signUpCustomer,
  signUpRestaurant,
} from "~/features/accounts/accounts.server.ts";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { moderateReview, postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import { customerInput, restaurantInput } from "../../setup/factories.ts";
import { resetLinkIn } from "../../setup/mail-text.ts";
import { headersWithCookies, type TestServices } from "../../setup/test-services.ts";
import type { FormFields } from "./route-call.ts";

export const ACTORS = [
  "visitor",
  "customer",
  "anotherCustomer",
  "restaurantOwner",
  "anotherRestaurant",
  "admin",
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedIn = Exclude<Actor, "visitor">;

export const SIGNED_IN: readonly SignedIn[] = ACTORS.filter((a): a is SignedIn => a !== "visitor");
export const CUSTOMERS = ["customer", "anotherCustomer"] as const satisfies readonly Actor[];
export const RESTAURANTS = ["restaurantOwner", "anotherRestaurant"] as const satisfies readonly Actor[];

export interface Account {
  id: string;
  email: string;
  password: string;
  /** The world's long-lived session; tests that end sessions work on a fresh one. */
  cookies: Headers;
  urlName?: string;
  input: Record<string, unknown>;
}

let counter = 0;
/** A value no other call has used, so an effect can be told from anything already stored. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A number no other call has used (a branch price), for the same reason. */
export const uniqueNumber = () => 1000 + counter++;

/** Form fields as a browser would send them (arrays stay lists). */
export function fields(input: Record<string, unknown>): FormFields {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v ?? "")]),
  );
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`setup failed: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

export const ITEM_FIELDS = {
  name: "Chicken Karahi",
  price: "1800",
  itemPriceRange: "1000-2000",
  itemTaste: "Spicy",
  itemCat: "Curries",
  itemSubCat: "Karahi",
  itemType: "Non-Veg",
} as const;

/**
 * One set of people for a whole test file, made through the real use cases:
 * two customers, two approved restaurants (each with a section, an item and a
 * branch called "main", so a wrong owner's branch URL names a real branch of
 * their own), an admin, and an account whose password the reset tests change.
 * Targets (a section to delete, a review to report…) are made fresh per call.
 */
export class World {
  readonly services: TestServices;
  readonly accounts = {} as Record<SignedIn, Account>;
  /** The account the reset-password cells reset (to the same password); no cell signs in as it. */
  resetee!: { email: string; password: string };
  photo!: Uint8Array;
  /** The "main" branch of restaurantOwner and the copy of its first item there. */
  ownerBranch!: { branchUrl: string; itemId: string };
  /** Branches of restaurantOwner to review: a customer reviews a branch once a day. */
  private reviewBranches: string[] = [];
  private reviewed = new Map<string, number>();

  private constructor(services: TestServices) {
    this.services = services;
  }

  /** `reviewBranches`: branches to review made up front, while each copies a one-section menu. */
  static async create(services: TestServices, options: { reviewBranches?: number } = {}): Promise<World> {
    const world = new World(services);
    world.photo = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#c85014" } })
      .jpeg()
      .toBuffer();
    await world.init(options.reviewBranches ?? 0);
    return world;
  }

  private async init(reviewBranches: number) {
    const s = this.services;
    for (const actor of CUSTOMERS) {
      const input = customerInput();
      const result = ok(await signUpCustomer(s, input, new Headers()));
      await this.remember(actor, input, result.headers);
    }
    for (const actor of RESTAURANTS) {
      const input = restaurantInput();
      const result = ok(await signUpRestaurant(s, input, new Headers()));
      const account = await this.remember(actor, input, result.headers);
      ok(await decideRestaurant(s, COMMAND_LINE, account.urlName!, { intent: "approve" }));
      const section = await this.newSection(actor);
      await this.newItem(actor, section);
      ok(await addBranch(s, account.id, { branchName: "main" }));
    }
    const admin = {
      email: `admin-${unique("a").replace(" ", "")}@foodverse.test`,
      password: "admin-password-1",
    };
    const { userId } = await createAdmin(s, admin);
    this.accounts.admin = { id: userId, ...admin, cookies: await this.logIn(admin), input: admin };

    const resetee = customerInput();
    ok(await signUpCustomer(s, resetee, new Headers()));
    this.resetee = { email: String(resetee.email), password: String(resetee.password) };

    const branch = await this.db
      .selectFrom("branch")
      .innerJoin("menu_item", "menu_item.branchId", "branch.id")
      .select(["branch.branchUrl", "menu_item.id"])
      .where("branch.restaurantId", "=", this.idOf("restaurantOwner"))
      .executeTakeFirstOrThrow();
    this.ownerBranch = { branchUrl: branch.branchUrl, itemId: branch.id };
    // Made while the general menu is one section long: each branch copies it.
    for (let i = 0; i < reviewBranches; i++) await this.addReviewBranch();
  }

  get db() {
    return this.services.database.db;
  }

  private async remember(actor: SignedIn, input: Record<string, unknown>, headers: Headers) {
    const cookies = headersWithCookies(headers);
    const viewer = (await getViewer(this.services, cookies))!;
    const account: Account = {
      id: viewer.userId,
      email: String(input.email),
      password: String(input.password),
      cookies,
      urlName: viewer.urlName,
      input,
    };
    this.accounts[actor] = account;
    return account;
  }

  private async logIn(credentials: { email: string; password: string }): Promise<Headers> {
    const result = ok(await logIn(this.services, credentials, { headers: new Headers(), ip: "127.0.0.1" }));
    return headersWithCookies(result.headers);
  }

  account(actor: SignedIn): Account {
    return this.accounts[actor];
  }

  idOf(actor: SignedIn): string {
    return this.accounts[actor].id;
  }

  urlOf(actor: "restaurantOwner" | "anotherRestaurant"): string {
    return this.accounts[actor].urlName!;
  }

  /** The world's session of this actor (null for a visitor). */
  cookiesOf(actor: Actor): Headers | null {
    return actor === "visitor" ? null : this.accounts[actor].cookies;
  }

  /** A second, new session, for calls that end the one they are made with. */
  async freshCookies(actor: Actor): Promise<Headers | null> {
    return actor === "visitor" ? null : this.logIn(this.accounts[actor]);
  }

  /** After a call that ended this actor's sessions (a password change, revoke-sessions). */
  async renewSession(actor: Actor) {
    if (actor === "visitor") return;
    const viewer = await getViewer(this.services, this.accounts[actor].cookies);
    if (!viewer) this.accounts[actor].cookies = await this.logIn(this.accounts[actor]);
  }

  /** The id of the actor's password account (better-auth's `account` row). */
  async credentialAccountId(actor: SignedIn): Promise<string> {
    // Only better-auth writes `account`, so the app's table types leave it out.
    const { rows } = await sql<{ id: string }>`
      select id from account where "userId" = ${this.idOf(actor)}`.execute(this.db);
    return rows[0]!.id;
  }

  sessionsOf(userId: string) {
    return this.db.selectFrom("session").select(["id", "token"]).where("userId", "=", userId).execute();
  }

  // ---- targets ----

  async newSection(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner"): Promise<string> {
    return ok(await menus.addSection(this.services, this.idOf(owner), { originalName: unique("Section") }))
      .id;
  }

  async newItem(
    owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner",
    sectionId?: string,
    position = 1,
  ): Promise<{ id: string; sectionId: string }> {
    const section = sectionId ?? (await this.newSection(owner));
    const files = new Map(["topView", "frontView", "sideView"].map((f) => [f, this.photo]));
    const values = { ...ITEM_FIELDS, sectionId: section, positionInSection: String(position) };
    const { id } = ok(await menus.addItem(this.services, this.idOf(owner), { values, files }));
    return { id, sectionId: section };
  }

  async item(id: string) {
    return this.db.selectFrom("menu_item").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async section(id: string) {
    return this.db.selectFrom("menu_section").selectAll().where("id", "=", id).executeTakeFirst();
  }

  private async addReviewBranch() {
    const { branchUrl } = ok(
      await addBranch(this.services, this.idOf("restaurantOwner"), { branchName: unique("Review branch") }),
    );
    this.reviewBranches.push(branchUrl);
  }

  /** A branch of restaurantOwner that this author has not reviewed yet. */
  async branchToReview(authorId: string): Promise<string> {
    const next = this.reviewed.get(authorId) ?? 0;
    this.reviewed.set(authorId, next + 1);
    while (this.reviewBranches.length <= next) await this.addReviewBranch();
    return this.reviewBranches[next]!;
  }

  /** A new review by `author` of a branch of restaurantOwner. */
  async newReview(author: "customer" | "anotherCustomer" = "customer") {
    const branchUrl = await this.branchToReview(this.idOf(author));
    const target = { urlName: this.urlOf("restaurantOwner"), branchUrl };
    const values = { rating: "3", review: unique("Review") };
    const { id } = ok(await postReview(this.services, this.idOf(author), target, { values, photos: [] }));
    return { id, branchUrl };
  }

  /** A review with an open report (by anotherCustomer), as the admin's queue shows it. */
  async reportedReview(hidden = false) {
    const review = await this.newReview("customer");
    ok(
      await reportReview(this.services, this.idOf("anotherCustomer"), {
        reviewId: review.id,
        reason: "Spam",
      }),
    );
    if (hidden) ok(await moderateReview(this.services, review.id, "hide"));
    return review;
  }

  /** A restaurant awaiting approval (the world runs with APPROVAL_MODE=manual). */
  async pendingRestaurant(): Promise<{ id: string; urlName: string }> {
    const result = ok(await signUpRestaurant(this.services, restaurantInput(), new Headers()));
    const viewer = (await getViewer(this.services, headersWithCookies(result.headers)))!;
    return { id: viewer.userId, urlName: viewer.urlName! };
  }

  async approvedRestaurant() {
    const restaurant = await this.pendingRestaurant();
    ok(await decideRestaurant(this.services, COMMAND_LINE, restaurant.urlName, { intent: "approve" }));
    return restaurant;
  }

  /** A password-reset token for the resetee, read from the mail as a person would. */
  async resetToken(): Promise<string> {
    ok(await requestPasswordReset(this.services, { email: this.resetee.email }));
    const link = resetLinkIn(this.services.outbox.at(-1)!.text);
    return new URL(link!).searchParams.get("token")!;
  }
}
