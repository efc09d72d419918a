import { expect } from "vitest";
import * as customerEdit from "~/routes/customer/edit-profile.tsx";
import * as restaurantEdit from "~/routes/restaurant/edit-profile.tsx";
import * as customerData from "~/routes/customer/your-data.tsx";
import * as restaurantData from "~/routes/restaurant/your-data.tsx";
import { signedUpCustomer, signedUpOwner } from "../../setup/accounts.ts";
import type { MutatingAction } from "./action-entry.ts";
import type { FormFields } from "./route-call.ts";
import { changesIn, expectOnlyOwnAccountRowsChanged, expectSuccess } from "./effects.ts";
import { CUSTOMERS, RESTAURANTS, unique, type Actor, type SignedIn, type World } from "./world.ts";

/**
 * Both profile screens post to one action that reads no id from the request: the
 * signed-in person's own record is the only one it can reach. A wrong role is
 * sent to its own area; a visitor to the login screen.
 */
const signedInOr = (actor: Actor, fallback: SignedIn): SignedIn => (actor === "visitor" ? fallback : actor);

/** A valid Edit Profile form of a restaurant, with the given About text. */
export function restaurantProfileForm(about: string): FormFields {
  return {
    intent: "profile",
    restType: "Desi",
    restOthertypes: ["BBQ"],
    hasDelivery: "no",
    about,
    contact: "0300-1234567",
    contacttwo: "",
    address: "Blue Area",
    restWebsite: "",
    restWhatsapp: "",
    restInsta: "",
    restFb: "",
    restX: "",
    sociallinks: [],
  };
}

function profileForm(world: World, actor: Actor, role: "restaurant" | "customer") {
  const about = unique("About");
  const input = world.account(
    signedInOr(actor, role === "restaurant" ? "restaurantOwner" : "customer"),
  ).input;
  const form: FormFields =
    role === "restaurant"
      ? restaurantProfileForm(about)
      : {
          intent: "profile",
          // Another role's world account has no customer fields: send a customer's.
          username: String(input.username ?? "someone"),
          firstName: String(input.firstName ?? "Some"),
          lastName: String(input.lastName ?? "One"),
          about,
          contact: "0300-7654321",
        };
  return { about, form };
}

const profile = (role: "restaurant" | "customer", action: (args: never) => unknown): MutatingAction => ({
  name: `${role} edit-profile`,
  module: `routes/${role}/edit-profile`,
  method: "POST",
  intent: "profile",
  scope: "self",
  allowed: role === "restaurant" ? RESTAURANTS : CUSTOMERS,
  target: { kind: "route", action },
  async prepare(world, actor) {
    const { about, form } = profileForm(world, actor, role);
    return {
      path: `/profile/${role}/edit`,
      form,
      files: { profileImage: [world.photo] },
      async effect(ctx) {
        const id = world.idOf(actor as SignedIn);
        expectSuccess(ctx, `/profile/${role}/edit`);
        const row = await world.db
          .selectFrom(role)
          .select(["about", "profileImageUrl"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        expect(row.about).toBe(about);
        expect(row.profileImageUrl).toMatch(/^\/media\//);
        expect(changesIn(ctx, role).added.map((r) => r.id)).toEqual([id]);
        expectOnlyOwnAccountRowsChanged(ctx, id);
      },
    };
  },
});

const passwordChange = (
  role: "restaurant" | "customer",
  action: (args: never) => unknown,
): MutatingAction => ({
  name: `${role} edit-profile`,
  module: `routes/${role}/edit-profile`,
  method: "POST",
  intent: "password",
  scope: "self",
  allowed: role === "restaurant" ? RESTAURANTS : CUSTOMERS,
  target: { kind: "route", action },
  // A changed password ends every session of the account (revokeOtherSessions).
  endsSessions: true,
  async prepare(world, actor) {
    // The same password again: the hash changes (a new salt), the world's credentials stay right.
    const { password } = world.account(signedInOr(actor, "customer"));
    return {
      path: `/profile/${role}/edit`,
      form: {
        intent: "password",
        currentPassword: password,
        newPassword: password,
        confirmPassword: password,
      },
      effect(ctx) {
        const id = world.idOf(actor as SignedIn);
        expectSuccess(ctx, `/profile/${role}/edit`);
        expect(changesIn(ctx, "account").added.map((r) => r.userId)).toEqual([id]);
        expectOnlyOwnAccountRowsChanged(ctx, id);
      },
    };
  },
});

/**
 * 'Your data' (issue 34, item 6): deleting one's own account (a customer's) or closing
 * one's restaurant. The request names no account, only the session's; an allowed
 * actor acts through a fresh account of its role signed in for this call, so the
 * world's accounts stay for the other cells. A refused actor calls with its own session.
 */
const leave = (role: "restaurant" | "customer", action: (args: never) => unknown): MutatingAction => ({
  name: `${role} your-data delete`,
  module: `routes/${role}/your-data`,
  method: "POST",
  scope: "self",
  allowed: role === "restaurant" ? RESTAURANTS : CUSTOMERS,
  target: { kind: "route", action },
  async prepare(world, actor) {
    const allowed = (role === "restaurant" ? RESTAURANTS : CUSTOMERS).some((a) => a === actor);
    const fresh = allowed
      ? role === "restaurant"
        ? await signedUpOwner(world.services)
        : await signedUpCustomer(world.services)
      : null;
    const password = fresh
      ? String(fresh.input.password)
      : world.account(signedInOr(actor, "customer")).password;
    return {
      path: `/profile/${role}/data`,
      form: { password },
      cookies: fresh?.cookies,
      async effect(ctx) {
        expectSuccess(ctx, "/");
        expect(changesIn(ctx, "user").removed.map((r) => r.id)).toEqual([fresh!.id]);
        expect(changesIn(ctx, role).removed.map((r) => r.id)).toEqual([fresh!.id]);
        expectOnlyOwnAccountRowsChanged(ctx, fresh!.id);
      },
    };
  },
});

export const profileActions: MutatingAction[] = [
  profile("restaurant", restaurantEdit.action),
  passwordChange("restaurant", restaurantEdit.action),
  profile("customer", customerEdit.action),
  passwordChange("customer", customerEdit.action),
  leave("customer", customerData.action),
  leave("restaurant", restaurantData.action),
];
