import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logIn } from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from "~/features/profiles/profiles.schema.ts";
import {
  changePassword,
  updateCustomerProfile,
  updateRestaurantProfile,
} from "~/features/profiles/profiles.server.ts";
import { imageKeys, MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { notAnImage, photoWithGps, pixelBomb } from "../setup/images.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ LOGIN_MAX_FAILURES: "3" });
});
afterAll(() => services.close());

const newCustomer = () => signedUpCustomer(services);
const newRestaurant = () => signedUpOwner(services);

const customerRow = (id: string) =>
  services.database.db.selectFrom("customer").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const restaurantRow = (id: string) =>
  services.database.db.selectFrom("restaurant").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const exists = async (url: string) =>
  (await Promise.all(imageKeys(url).map((k) => services.storage.get(k)))).every(Boolean);
const values = (extra: Record<string, string>, base: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries({ ...base, ...extra }).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map(String) : String(v ?? ""),
    ]),
  );

describe("customer profile", () => {
  it("writes only the changed fields and the display name with the username", async () => {
    const me = await newCustomer();
    const form = values({ firstName: "Zara", username: "zara-new", contact: "0300-1234567" }, me.input);
    const result = await updateCustomerProfile(services, me.id, { values: form, files: new Map() });
    expect(result).toEqual({
      ok: true,
      changed: expect.arrayContaining(["firstName", "username", "contact"]),
    });
    expect(result.ok && result.changed).toHaveLength(3);
    expect(await customerRow(me.id)).toMatchObject({
      firstName: "Zara",
      username: "zara-new",
      lastName: "Khan",
    });
    const user = await services.database.db
      .selectFrom("user")
      .select("name")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe("zara-new");
  });

  it("ignores fields the form does not own (role, flags, email)", async () => {
    const me = await newCustomer();
    const before = await customerRow(me.id);
    const form = values(
      {
        usertype: "restaurant",
        isactive: "1",
        chargespaid: "yes",
        email: "hijack@example.com",
        id: "someone-else",
      },
      me.input,
    );
    await updateCustomerProfile(services, me.id, { values: form, files: new Map() });
    const after = await customerRow(me.id);
    expect(after).toEqual(before);
  });

  it("stores a new profile image, replaces it, and deletes the old one", async () => {
    const me = await newCustomer();
    const first = await updateCustomerProfile(services, me.id, {
      values: values({}, me.input),
      files: new Map([["profileImage", await photoWithGps(500, 500)]]),
    });
    expect(first).toMatchObject({ ok: true, changed: ["profileImageUrl"] });
    const firstUrl = (await customerRow(me.id)).profileImageUrl;
    expect(await exists(firstUrl)).toBe(true);

    await updateCustomerProfile(services, me.id, {
      values: values({}, me.input),
      files: new Map([["profileImage", await photoWithGps(600, 400)]]),
    });
    const secondUrl = (await customerRow(me.id)).profileImageUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await exists(secondUrl)).toBe(true);
    expect(await exists(firstUrl)).toBe(false);
  });

  it.each([
    ["a non-image renamed .jpg", () => Promise.resolve(notAnImage), MEDIA_MESSAGES.notImage],
    ["a pixel bomb", pixelBomb, MEDIA_MESSAGES.tooManyPixels(40_000_000)],
  ])("refuses %s with a message and changes nothing", async (_name, bytes, message) => {
    const me = await newCustomer();
    const before = await customerRow(me.id);
    const result = await updateCustomerProfile(services, me.id, {
      values: values({ firstName: "Changed" }, me.input),
      files: new Map([
        ["coverImage", await photoWithGps(300, 200)],
        ["profileImage", await bytes()],
      ]),
    });
    expect(result).toMatchObject({
      ok: false,
      message: PROFILE_MESSAGES.failed,
      fieldErrors: { profileImage: message },
    });
    expect(await customerRow(me.id)).toEqual(before);
  });

  it("refuses bad input with field errors", async () => {
    const me = await newCustomer();
    const result = await updateCustomerProfile(services, me.id, {
      values: values({ firstName: "", username: "x".repeat(41) }, me.input),
      files: new Map(),
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && Object.keys(result.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["firstName", "username"]),
    );
  });
});

describe("restaurant profile", () => {
  it("updates what the owner may change; the name, urlName, ratings and approval stay", async () => {
    const owner = await newRestaurant();
    const before = await restaurantRow(owner.id);
    const form = values(
      {
        about: "Now open till 2 am.",
        hasDelivery: "no",
        restOthertypes: "",
        restName: "Stolen Name",
        urlName: "stolen",
        restRating: "5",
        restNoofReviews: "999",
        approvalStatus: "approved",
        isactive: "1",
        chargespaid: "yes",
      },
      owner.input,
    );
    form.sociallinks = ["https://fb.com/a", "https://ig.com/b"];
    form.restOthertypes = ["Cafe", "BBQ"];
    const result = await updateRestaurantProfile(services, owner.id, { values: form, files: new Map() });
    expect(result.ok).toBe(true);
    const after = await restaurantRow(owner.id);
    expect(after).toMatchObject({
      about: "Now open till 2 am.",
      hasDelivery: "no",
      restName: before.restName,
      urlName: before.urlName,
      restRating: 0,
      restNoofReviews: 0,
      approvalStatus: "pending",
      isactive: 0,
      chargespaid: "no",
    });
    expect(JSON.parse(after.sociallinks)).toEqual(["https://fb.com/a", "https://ig.com/b"]);
    expect(JSON.parse(after.restOthertypes)).toEqual(["Cafe", "BBQ"]);
  });

  it("refuses more than 6 social links or one over 100 characters", async () => {
    const owner = await newRestaurant();
    for (const sociallinks of [Array.from({ length: 7 }, (_, i) => `l${i}`), ["x".repeat(101)]]) {
      const form = { ...values({}, owner.input), sociallinks };
      expect(
        await updateRestaurantProfile(services, owner.id, { values: form, files: new Map() }),
      ).toMatchObject({
        ok: false,
        status: 400,
      });
    }
  });
});

describe("password change", () => {
  it("checks the current password, counts failures, and ends other sessions on success", async () => {
    const me = await newCustomer();
    const other = await logIn(
      services,
      { email: me.input.email, password: me.input.password },
      { headers: new Headers(), ip: "1" },
    );
    if (!other.ok) throw new Error("second login failed");
    const otherSession = headersWithCookies(other.headers);

    expect(
      await changePassword(
        services,
        me.id,
        { currentPassword: "", newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
        me.cookies,
      ),
    ).toMatchObject({
      ok: false,
      message: PASSWORD_MESSAGES.currentMissing,
    });
    expect(
      await changePassword(
        services,
        me.id,
        {
          currentPassword: String(me.input.password),
          newPassword: "new-pass-123",
          confirmPassword: "other-pass",
        },
        me.cookies,
      ),
    ).toMatchObject({
      ok: false,
      message: PASSWORD_MESSAGES.mismatch,
    });
    expect(
      await changePassword(
        services,
        me.id,
        { currentPassword: "wrong", newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
        me.cookies,
      ),
    ).toMatchObject({
      ok: false,
      message: PASSWORD_MESSAGES.wrongCurrent,
    });

    const done = await changePassword(
      services,
      me.id,
      {
        currentPassword: String(me.input.password),
        newPassword: "new-pass-123",
        confirmPassword: "new-pass-123",
      },
      me.cookies,
    );
    expect(done.ok).toBe(true);
    expect(await getViewer(services, otherSession)).toBeNull();
    const newSession = done.ok ? headersWithCookies(done.headers) : new Headers();
    expect(await getViewer(services, newSession)).not.toBeNull();
    expect(
      await logIn(
        services,
        { email: me.input.email, password: "new-pass-123" },
        { headers: new Headers(), ip: "1" },
      ),
    ).toMatchObject({ ok: true });
  });

  it("checks at most LOGIN_MAX_FAILURES of 30 parallel guesses, and refuses the right one sent after them", async () => {
    const me = await newCustomer();
    const attempt = (currentPassword: string) =>
      changePassword(
        services,
        me.id,
        { currentPassword, newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
        me.cookies,
      );
    const checks = vi.spyOn(services.auth.api, "changePassword");
    try {
      const burst = Array.from({ length: 30 }, (_, i) => attempt(`wrong-${i}`));
      burst.push(attempt(String(me.input.password)));
      const results = await Promise.all(burst);
      expect(checks.mock.calls.length).toBeGreaterThan(0);
      expect(checks.mock.calls.length).toBeLessThanOrEqual(3);
      expect(results.filter((r) => r.ok)).toEqual([]);
      expect(results.at(-1)).toMatchObject({ status: 429, message: PASSWORD_MESSAGES.tooMany });
    } finally {
      checks.mockRestore();
    }
    // The password is unchanged.
    expect(
      await logIn(
        services,
        { email: me.input.email, password: me.input.password },
        { headers: new Headers(), ip: "2" },
      ),
    ).toMatchObject({ ok: true });
  });

  it("locks after repeated wrong current passwords", async () => {
    const me = await newCustomer();
    const attempt = (currentPassword: string) =>
      changePassword(
        services,
        me.id,
        { currentPassword, newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
        me.cookies,
      );
    expect(await attempt("bad-1")).toMatchObject({ message: PASSWORD_MESSAGES.wrongCurrent });
    expect(await attempt("bad-2")).toMatchObject({ message: PASSWORD_MESSAGES.wrongCurrent });
    expect(await attempt("bad-3")).toMatchObject({ status: 429, message: PASSWORD_MESSAGES.tooMany });
    expect(await attempt(String(me.input.password))).toMatchObject({
      status: 429,
      message: PASSWORD_MESSAGES.tooMany,
    });
  });
});
