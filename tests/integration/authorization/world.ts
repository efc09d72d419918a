import { sql } from "kysely";
import sharp from "sharp";
import {
  createAdmin,
  logIn,
  requestPasswordReset,
  signUpCustomer,
} from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import { addImportPhotos, startImport } from "~/features/menu-import/menu-import.server.ts";
import { saveDeal } from "~/features/deals/deals.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { moderateReview, postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp } from "../../setup/accounts.ts";
import { customerInput, itemInput, itemViews } from "../../setup/factories.ts";
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
    for (const actor of CUSTOMERS) this.remember(actor, await signedUpCustomer(s));
    for (const actor of RESTAURANTS) {
      const account = this.remember(actor, await signedUpOwner(s));
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

  private remember(actor: SignedIn, signedUp: SignedUp & { urlName?: string }) {
    const { input } = signedUp;
    const account: Account = {
      ...signedUp,
      email: String(input.email),
      password: String(input.password),
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
    const files = itemViews(this.photo);
    const values = itemInput(section, { positionInSection: String(position) });
    const { id } = ok(await menus.addItem(this.services, this.idOf(owner), { values, files }));
    return { id, sectionId: section };
  }

  /** A fresh general deal of one fresh dish of the owner's (ADR 0044). */
  async newDeal(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner") {
    const { id: itemId } = await this.newItem(owner);
    const values = {
      name: unique("Deal"),
      price: "500",
      serves: "2",
      partDish: [itemId],
      partQuantity: ["2"],
      partText: [""],
    };
    const { id } = ok(await saveDeal(this.services, this.idOf(owner), null, { values, files: new Map() }));
    return { id, itemId };
  }

  async deal(id: string) {
    return this.db.selectFrom("deal").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async branchIdsOf(restaurantId: string) {
    const rows = await this.db
      .selectFrom("branch")
      .select("id")
      .where("restaurantId", "=", restaurantId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The id of the owner's branch named "main" (every restaurant of the world has one). */
  async mainBranchId(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner") {
    const row = await this.db
      .selectFrom("branch")
      .select("id")
      .where("restaurantId", "=", this.idOf(owner))
      .where("branchUrl", "=", "main")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A fresh general dish's copy in the owner's "main" branch (ADR 0021: every branch gets one). */
  async newBranchCopy(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner") {
    const { id } = await this.newItem(owner);
    const copy = await this.db
      .selectFrom("menu_item")
      .select(["id", "sectionId"])
      .where("generalItemId", "=", id)
      .where("branchId", "=", await this.mainBranchId(owner))
      .executeTakeFirstOrThrow();
    return { generalId: id, ...copy };
  }

  /** A fresh dish of the owner's "main" branch only. */
  async newOwnDish(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner") {
    const { sectionId } = await this.newBranchCopy(owner);
    const values = itemInput(sectionId, { positionInSection: "2", name: unique("Own dish") });
    const branchId = await this.mainBranchId(owner);
    const { id } = ok(
      await menus.addItem(
        this.services,
        this.idOf(owner),
        { values, files: itemViews(this.photo) },
        branchId,
      ),
    );
    return { id, sectionId };
  }

  /**
   * A menu import of the owner's with one new dish in a new section; with `photo`,
   * its photo uploaded too (ready to be written). The photo is "photos.jpg": the
   * name the matrix gives a file sent in the field "photos" (route-call.ts).
   */
  async newImport(owner: "restaurantOwner" | "anotherRestaurant" = "restaurantOwner", withPhoto = false) {
    const dish = unique("Imported dish");
    const sheet = `section,name,price,taste,category,subcategory,type,top_photo\n${unique("Imported")},${dish},450,Spicy,Curries,Karahi,Veg,photos.jpg\n`;
    const started = ok(
      await startImport(this.services, this.idOf(owner), {
        name: "menu.csv",
        bytes: new TextEncoder().encode(sheet),
      }),
    );
    if (withPhoto)
      ok(
        await addImportPhotos(this.services, this.idOf(owner), started.importId, [
          { name: "photos.jpg", bytes: this.photo },
        ]),
      );
    return { importId: started.importId, dish };
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

  /**
   * A branch of restaurantOwner this author may review now (one review a branch a day):
   * one not reviewed yet while there are some, then the branches again in turn, with the
   * author's review there moved back a day (as if it were written yesterday). Branches are
   * not added for it once the world is made: every branch copies the whole menu (ADR 0021),
   * and the tables every cell compares would grow with each one.
   */
  async branchToReview(authorId: string): Promise<string> {
    const next = this.reviewed.get(authorId) ?? 0;
    this.reviewed.set(authorId, next + 1);
    if (this.reviewBranches.length === 0) await this.addReviewBranch();
    const branchUrl = this.reviewBranches[next % this.reviewBranches.length]!;
    if (next >= this.reviewBranches.length) {
      const branch = await this.db
        .selectFrom("branch")
        .select("id")
        .where("restaurantId", "=", this.idOf("restaurantOwner"))
        .where("branchUrl", "=", branchUrl)
        .executeTakeFirstOrThrow();
      await this.db
        .updateTable("review")
        .set({ timestamp: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
        .where("authorId", "=", authorId)
        .where("branchId", "=", branch.id)
        .execute();
    }
    return branchUrl;
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
    const { id, urlName } = await signedUpOwner(this.services);
    return { id, urlName };
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
