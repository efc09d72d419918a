import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerSignupSchema, restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { addBranchSchema, branchItemSchema } from "~/features/branches/branches.schema.ts";
import {
  addItemFields,
  addSectionSchema,
  editItemFields,
  editSectionSchema,
  rateItemSchema,
} from "~/features/menus/menus.schema.ts";
import {
  customerProfileSchema,
  passwordChangeSchema,
  restaurantProfileSchema,
} from "~/features/profiles/profiles.schema.ts";
import { replySchema, reportSchema, reviewSchema } from "~/features/reviews/reviews.schema.ts";
import { deleteReview } from "~/features/reviews/reviews.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as signupForm from "~/routes/account/signup-form.tsx";
import * as addReview from "~/routes/customer/add-review.tsx";
import * as customerEdit from "~/routes/customer/edit-profile.tsx";
import * as menuItem from "~/routes/public/menu-item.tsx";
import * as restaurantReviews from "~/routes/public/restaurant-reviews.tsx";
import * as addBranch from "~/routes/restaurant/branches/add-branch.tsx";
import * as branchMenu from "~/routes/restaurant/branches/branch-menu.tsx";
import * as restaurantEdit from "~/routes/restaurant/edit-profile.tsx";
import * as addItem from "~/routes/restaurant/menu/add-item.tsx";
import * as addSection from "~/routes/restaurant/menu/add-section.tsx";
import * as editItem from "~/routes/restaurant/menu/edit-item.tsx";
import * as editSection from "~/routes/restaurant/menu/edit-section.tsx";
import { customerInput, itemInput, restaurantInput } from "../setup/factories.ts";
import { hostileFields } from "./authorization/hostile-fields.ts";
import { restaurantProfileForm } from "./authorization/profile-actions.ts";
import { buildRequest, callRoute, type FormFields, type Outcome } from "./authorization/route-call.ts";
import { fields, unique, uniqueNumber, World, type Actor } from "./authorization/world.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * docs/threat-model.md: only the fields a form owns can be written. Every write that takes
 * a form is sent its valid form plus a hostile value for every column of the
 * tables it writes (and names like `role` that are no column): the valid fields
 * still work, and nothing else differs from what the same write does without them.
 */
let services: TestServices;
let world: World;

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  world = await World.create(services, { reviewBranches: 4 });
}, 60_000);
afterAll(() => services.close());

type Row = Record<string, unknown>;

async function post(
  action: (args: never) => unknown,
  actor: Actor,
  path: string,
  form: FormFields,
  options: { params?: Record<string, string>; files?: Record<string, Uint8Array[]> } = {},
): Promise<Outcome> {
  const request = buildRequest({
    method: "POST",
    path,
    cookies: world.cookiesOf(actor),
    form,
    files: options.files,
  });
  const outcome = await callRoute(services, action, request, options.params ?? {});
  // The extra fields are ignored, not refused: the write goes through as without them.
  expect(outcome.error).toBeUndefined();
  expect(outcome.status, JSON.stringify(outcome.detail)).toBeLessThan(400);
  expect(outcome.toast?.level ?? "success").toBe("success");
  return outcome;
}

/** The fields a form owns: its schema's (and the action's own `intent`, files). */
const owns = (schema: { shape: object }, ...more: string[]) => [...Object.keys(schema.shape), ...more];

/** The valid form with a hostile value under every name the written tables have that the form does not own. */
async function withExtras(form: FormFields, tables: string[], owned: string[]): Promise<FormFields> {
  const hostile = await hostileFields(world, tables);
  for (const name of owned) delete hostile[name];
  return { ...hostile, ...form };
}

async function row(table: string, where: Record<string, unknown>): Promise<Row> {
  const conditions = Object.entries(where).map(([k, v]) =>
    v === null ? sql`${sql.ref(k)} is null` : sql`${sql.ref(k)} = ${v}`,
  );
  const { rows } =
    await sql<Row>`select * from ${sql.table(table)} where ${sql.join(conditions, sql` and `)}`.execute(
      services.database.db,
    );
  expect(rows, `${table} ${JSON.stringify(where)}`).toHaveLength(1);
  return rows[0]!;
}

/** A created row equals the one made without extras, but for the columns that differ by nature. */
function expectSameExcept(attacked: Row, control: Row, naturallyDifferent: string[]) {
  const strip = (r: Row) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => !naturallyDifferent.includes(k)));
  expect(strip(attacked)).toEqual(strip(control));
  for (const column of naturallyDifferent) {
    expect(attacked[column], column).not.toBe("injected-id");
    expect(attacked[column], column).not.toBe("1999-01-01T00:00:00.000Z");
  }
}

/** An edited row changed in the form's own columns only. */
function expectOnlyOwnedChanged(before: Row, after: Row, owned: string[]) {
  const strip = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => !owned.includes(k)));
  expect(strip(after)).toEqual(strip(before));
}

const userRow = (id: string) => row("user", { id });

describe("sign-ups write only what the form owns", () => {
  it.each([
    ["restaurant", signupForm.action, "/signup/restaurantsignup", restaurantInput, restaurantSignupSchema],
    ["customer", signupForm.action, "/signup/customersignup", customerInput, customerSignupSchema],
  ] as const)("%s sign-up", async (table, action, path, input, schema) => {
    const signUp = async (form: FormFields) => {
      const outcome = await post(action, "visitor", path, form);
      const cookie = outcome.setCookies.map((c) => c.split(";")[0]).join("; ");
      const viewer = (await getViewer(services, new Headers({ cookie })))!;
      return { record: await row(table, { id: viewer.userId }), user: await userRow(viewer.userId) };
    };
    const control = await signUp(fields(input()));
    const attacked = await signUp(await withExtras(fields(input()), [table, "user"], owns(schema)));

    // Names, addresses and ids differ between two accounts; everything else is as without extras.
    const own = ["id", "restName", "urlName", "username", "email", "restQRcode", "restQRimg", "timestamp"];
    expectSameExcept(attacked.record, control.record, own);
    expectSameExcept(attacked.user, control.user, ["id", "name", "email", "createdAt", "updatedAt"]);
    expect(attacked.record).toMatchObject({ usertype: table, isactive: 0, chargespaid: "no" });
    const admins = await services.database.db.selectFrom("admin").select("id").execute();
    expect(admins.map((a) => a.id)).toEqual([world.idOf("admin")]);
  });
});

describe("profile edits write only the profile's own fields", () => {
  it("restaurant profile", async () => {
    const id = world.idOf("restaurantOwner");
    const before = await row("restaurant", { id });
    const userBefore = await userRow(id);
    const about = unique("About");
    const form = restaurantProfileForm(about);
    await post(
      restaurantEdit.action,
      "restaurantOwner",
      "/profile/restaurant/edit",
      await withExtras(form, ["restaurant", "user"], owns(restaurantProfileSchema, "intent")),
      {
        files: {},
      },
    );
    const after = await row("restaurant", { id });
    expect(after.about).toBe(about);
    expectOnlyOwnedChanged(before, after, Object.keys(form));
    expect(await userRow(id)).toEqual(userBefore);
  });

  it("customer profile", async () => {
    const id = world.idOf("customer");
    const before = await row("customer", { id });
    const userBefore = await userRow(id);
    const about = unique("About");
    const form: FormFields = {
      intent: "profile",
      username: String(before.username),
      firstName: "Zara",
      lastName: String(before.lastName),
      about,
      contact: "0300-7654321",
    };
    await post(
      customerEdit.action,
      "customer",
      "/profile/customer/edit",
      await withExtras(form, ["customer", "user"], owns(customerProfileSchema, "intent")),
      {
        files: {},
      },
    );
    const after = await row("customer", { id });
    expect(after).toMatchObject({ about, firstName: "Zara" });
    expectOnlyOwnedChanged(before, after, Object.keys(form));
    expect(await userRow(id)).toEqual(userBefore);
  });

  it("password change", async () => {
    const id = world.idOf("anotherCustomer");
    const { password } = world.account("anotherCustomer");
    const account = () => row("account", { userId: id });
    const before = {
      customer: await row("customer", { id }),
      user: await userRow(id),
      account: await account(),
    };
    const form = {
      intent: "password",
      currentPassword: password,
      newPassword: password,
      confirmPassword: password,
    };
    await post(
      customerEdit.action,
      "anotherCustomer",
      "/profile/customer/edit",
      await withExtras(form, ["customer", "user", "account"], owns(passwordChangeSchema, "intent")),
    );
    await world.renewSession("anotherCustomer");
    expect(await row("customer", { id })).toEqual(before.customer);
    expectOnlyOwnedChanged(before.user, await userRow(id), ["updatedAt"]);
    // The password hash changes (a new salt, the same password); nothing else of the account does.
    expectOnlyOwnedChanged(before.account, await account(), ["password", "updatedAt"]);
  });
});

describe("menu writes keep owner, counts and ratings", () => {
  it("add section", async () => {
    const owner = world.idOf("restaurantOwner");
    const form = { originalName: unique("Section"), topNote: "Top", bottomNote: "" };
    const add = async (f: FormFields) => {
      await post(addSection.action, "restaurantOwner", "/profile/restaurant/addmenu/addsection", f);
      // The general menu's row (each branch gets a copy of it: ADR 0021).
      return row("menu_section", { originalName: form.originalName, branchId: null });
    };
    const control = await add(form);
    // Removed again, so the attacked one gets the same number.
    await menus.deleteSection(services, owner, String(control.id));
    const attacked = await add(await withExtras(form, ["menu_section"], owns(addSectionSchema)));
    expectSameExcept(attacked, control, ["id", "timestamp"]);
    expect(attacked).toMatchObject({ restaurantId: owner, branchId: null });
  });

  it("edit section", async () => {
    const sectionId = await world.newSection();
    const before = await row("menu_section", { id: sectionId });
    const form = { originalName: unique("Renamed"), topNote: "Serves two", bottomNote: "" };
    await post(
      editSection.action,
      "restaurantOwner",
      `/profile/restaurant/addmenu/sections/edit/${sectionId}`,
      await withExtras(form, ["menu_section"], owns(editSectionSchema)),
      {
        params: { sectionId },
      },
    );
    const after = await row("menu_section", { id: sectionId });
    expect(after.originalName).toBe(form.originalName);
    expectOnlyOwnedChanged(before, after, [...Object.keys(form), "sectionName", "timestamp"]);
  });

  it("add item", async () => {
    const owner = world.idOf("restaurantOwner");
    const sectionId = await world.newSection();
    const form = itemInput(sectionId, { name: unique("Dish") });
    const files = { topView: [world.photo], frontView: [world.photo], sideView: [world.photo] };
    const restaurantBefore = await row("restaurant", { id: owner });
    const add = async (f: FormFields) => {
      await post(addItem.action, "restaurantOwner", "/profile/restaurant/addmenu/additems", f, { files });
      return row("menu_item", { name: form.name, branchId: null });
    };
    const control = await add(form);
    await menus.deleteItem(services, owner, String(control.id));
    // A picture's URL as text next to each file: only the uploaded files count.
    const attacked = await add(await withExtras(form, ["menu_item"], owns(addItemFields)));
    // Pictures are stored under the item's id.
    expectSameExcept(attacked, control, ["id", "timestamp", "topView", "frontView", "sideView"]);
    expect(attacked).toMatchObject({
      restaurantId: owner,
      itemRating: 0,
      itemRatingBy: 0,
      soldOut: 0,
      priceOverride: null,
    });
    expect(String(attacked.topView)).toMatch(/^\/media\/img\//);
    expectOnlyOwnedChanged(restaurantBefore, await row("restaurant", { id: owner }), ["restPriceavg"]);
  });

  it("edit item", async () => {
    const { id } = await world.newItem();
    await menus.setSoldOut(services, world.idOf("restaurantOwner"), id, false);
    const before = await row("menu_item", { id });
    const form = {
      name: unique("Renamed dish"),
      price: "1900",
      itemPriceRange: "1000-2000",
      itemTaste: "Spicy",
      itemType: "Non-Veg",
      positionInSection: "1",
      nameExtra: "",
      description: "Slow cooked",
      descriptionExtra: "",
      foodAllergies: "",
    };
    await post(
      editItem.action,
      "restaurantOwner",
      `/profile/restaurant/addmenu/items/edit/${id}`,
      await withExtras(form, ["menu_item"], owns(editItemFields)),
      {
        params: { id },
        files: {},
      },
    );
    const after = await row("menu_item", { id });
    expect(after).toMatchObject({ name: form.name, price: 1900 });
    expectOnlyOwnedChanged(before, after, [...Object.keys(form), "timestamp"]);
  });

  it("add branch", async () => {
    const owner = world.idOf("restaurantOwner");
    const add = async (f: FormFields) => {
      await post(addBranch.action, "restaurantOwner", "/profile/restaurant/addbranch", f);
      return {
        branch: await row("branch", { branchName: f.branchName }),
        restaurant: await row("restaurant", { id: owner }),
      };
    };
    const control = await add({ branchName: unique("Branch"), address: "G-9" });
    const attacked = await add(
      await withExtras({ branchName: unique("Branch"), address: "G-9" }, ["branch"], owns(addBranchSchema)),
    );
    expectSameExcept(attacked.branch, control.branch, [
      "id",
      "branchName",
      "branchUrl",
      "branchQRcode",
      "branchQRimg",
      "timestamp",
    ]);
    expect(attacked.branch.restaurantId).toBe(owner);
    // One more branch, counted by the app, not taken from the form.
    expectSameExcept(attacked.restaurant, control.restaurant, ["restNoofBranches"]);
    expect(attacked.restaurant.restNoofBranches).toBe(Number(control.restaurant.restNoofBranches) + 1);
  });

  it("branch item edit", async () => {
    const { branchUrl, itemId } = world.ownerBranch;
    const before = await row("menu_item", { id: itemId });
    const form = { itemId, priceOverride: String(uniqueNumber()), soldOut: "on", intent: "save" };
    await post(
      branchMenu.action,
      "restaurantOwner",
      `/profile/restaurant/mybranches/${branchUrl}`,
      await withExtras(form, ["menu_item"], owns(branchItemSchema)),
      {
        params: { branchName: branchUrl },
      },
    );
    const after = await row("menu_item", { id: itemId });
    expect(after).toMatchObject({ priceOverride: Number(form.priceOverride), soldOut: 1 });
    expectOnlyOwnedChanged(before, after, ["priceOverride", "soldOut"]);
  });
});

describe("reviews, replies, reports and ratings keep author, target and counts", () => {
  it("add review", async () => {
    const author = world.idOf("customer");
    const restaurantName = world.urlOf("restaurantOwner");
    const branchName = await world.branchToReview(author);
    const path = `/profile/customer/addreview/${restaurantName}/${branchName}`;
    const form = { rating: "4", review: unique("Loved it") };
    const add = async (f: FormFields) => {
      await post(addReview.action, "customer", path, f, {
        params: { restaurantName, branchName },
        files: {},
      });
      return {
        review: await row("review", { review: form.review }),
        restaurant: await row("restaurant", { id: world.idOf("restaurantOwner") }),
      };
    };
    const control = await add(form);
    // Removed again: a customer reviews a branch once a day.
    expect((await deleteReview(services, author, String(control.review.id))).ok).toBe(true);
    const attacked = await add(await withExtras(form, ["review"], owns(reviewSchema, "videoUpload")));
    expectSameExcept(attacked.review, control.review, ["id", "timestamp"]);
    expect(attacked.review).toMatchObject({ authorId: author, hidden: 0, reviewPics: "[]", reviewVideo: "" });
    // The rating and the count are the app's sums, as after the same review without extras.
    expect(attacked.restaurant).toEqual(control.restaurant);
  });

  it("reply and report", async () => {
    const at = {
      path: `/reviews/${world.urlOf("restaurantOwner")}`,
      params: { name: world.urlOf("restaurantOwner") },
    };
    const send = (actor: Actor, form: FormFields) =>
      post(restaurantReviews.action, actor, at.path, form, { params: at.params });
    const [first, second] = [await world.newReview(), await world.newReview()];
    const reviewBefore = await row("review", { id: second.id });

    const reply = { intent: "reply", text: "Thank you" };
    await send("restaurantOwner", { ...reply, reviewId: first.id });
    await send(
      "restaurantOwner",
      await withExtras(
        { ...reply, reviewId: second.id },
        ["review_reply", "review"],
        owns(replySchema, "intent"),
      ),
    );
    expectSameExcept(
      await row("review_reply", { reviewId: second.id }),
      await row("review_reply", { reviewId: first.id }),
      ["reviewId", "timestamp"],
    );

    const report = { intent: "report", reason: "Spam" };
    await send("anotherRestaurant", { ...report, reviewId: first.id });
    await send(
      "anotherRestaurant",
      await withExtras(
        { ...report, reviewId: second.id },
        ["review_report", "review"],
        owns(reportSchema, "intent"),
      ),
    );
    const attackedReport = await row("review_report", { reviewId: second.id });
    expectSameExcept(attackedReport, await row("review_report", { reviewId: first.id }), [
      "reviewId",
      "timestamp",
    ]);
    expect(attackedReport).toMatchObject({ reporterId: world.idOf("anotherRestaurant"), status: "open" });
    expect(await row("review", { id: second.id })).toEqual(reviewBefore);
  });

  it("dish rating", async () => {
    const restaurantName = world.urlOf("restaurantOwner");
    const rate = async (form: FormFields) => {
      const { id: itemId } = await world.newItem();
      await post(menuItem.action, "customer", `/r/${restaurantName}/menu/${itemId}`, form, {
        params: { restaurantName, itemId },
      });
      return { rating: await row("item_rating", { itemId }), item: await row("menu_item", { id: itemId }) };
    };
    const control = await rate({ rating: "2" });
    const attacked = await rate(
      await withExtras({ rating: "2" }, ["item_rating", "menu_item"], owns(rateItemSchema)),
    );
    expectSameExcept(attacked.rating, control.rating, ["itemId", "timestamp"]);
    expect(attacked.rating.customerId).toBe(world.idOf("customer"));
    const ownOfEachItem = ["id", "sectionId", "timestamp", "topView", "frontView", "sideView"];
    expectSameExcept(attacked.item, control.item, ownOfEachItem);
    expect(attacked.item).toMatchObject({ itemRating: 2, itemRatingBy: 1 });
  });
});
