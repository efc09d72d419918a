import { describe, expect, it } from "vitest";
import {
  canAddSocialLink,
  customerSignupSchema,
  loginSchema,
  resetPasswordSchema,
  restaurantSignupSchema,
} from "./accounts.schema.ts";

const validRestaurant = {
  restName: "Bundu Khan",
  restType: "Desi",
  hasDelivery: "no",
  country: "Pakistan",
  about: "BBQ",
  username: "bundu",
  email: "Owner@Example.com",
  password: "password1",
};

describe("restaurant sign-up schema", () => {
  it("accepts the required fields alone and fills the optional ones", () => {
    const out = restaurantSignupSchema.parse(validRestaurant);
    expect(out.email).toBe("owner@example.com");
    expect(out.contact).toBe("");
    expect(out.sociallinks).toEqual([]);
    expect(out.hasDelivery).toBe("no");
  });

  it.each(["restName", "restType", "hasDelivery", "country", "about", "username", "email", "password"])(
    "requires %s",
    (field) => {
      const result = restaurantSignupSchema.safeParse({ ...validRestaurant, [field]: "" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    },
  );

  it("refuses a malformed email, an unknown type or country, and URL-breaking names", () => {
    for (const patch of [
      { email: "not-an-email" },
      { restType: "Spaceship" },
      { country: "Atlantis" },
      { restName: "a/b" },
      { restName: "50% off" },
    ]) {
      expect(restaurantSignupSchema.safeParse({ ...validRestaurant, ...patch }).success).toBe(false);
    }
  });

  it("applies the social link rules: trimmed, non-empty, ≤ 100 characters, at most 6", () => {
    const ok = restaurantSignupSchema.parse({ ...validRestaurant, sociallinks: ["  https://x.com/a  "] });
    expect(ok.sociallinks).toEqual(["https://x.com/a"]);
    for (const sociallinks of [["   "], ["x".repeat(101)], Array.from({ length: 7 }, (_, i) => `l${i}`)]) {
      expect(restaurantSignupSchema.safeParse({ ...validRestaurant, sociallinks }).success).toBe(false);
    }
    const longest = `https://x.com/${"x".repeat(100 - "https://x.com/".length)}`;
    expect(restaurantSignupSchema.safeParse({ ...validRestaurant, sociallinks: [longest] }).success).toBe(
      true,
    );
    // docs/threat-model.md: only web addresses, so a stored link can never run a script.
    for (const link of ["javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "x.com/a"]) {
      expect(restaurantSignupSchema.safeParse({ ...validRestaurant, sociallinks: [link] }).success).toBe(
        false,
      );
    }
  });
});

describe("the social links Add button", () => {
  it("is enabled only for a trimmed, non-empty link of ≤ 100 characters while fewer than 6", () => {
    expect(canAddSocialLink("https://fb.com/a", [])).toBe(true);
    expect(canAddSocialLink("   ", [])).toBe(false);
    expect(canAddSocialLink("x".repeat(101), [])).toBe(false);
    expect(canAddSocialLink(` https://x.com/${"x".repeat(86)} `, [])).toBe(true);
    expect(canAddSocialLink("javascript:alert(1)", [])).toBe(false);
    expect(canAddSocialLink("https://a.pk", ["1", "2", "3", "4", "5"])).toBe(true);
    expect(canAddSocialLink("https://a.pk", ["1", "2", "3", "4", "5", "6"])).toBe(false);
  });
});

describe("customer sign-up schema", () => {
  const valid = {
    firstName: "Ayesha",
    lastName: "Khan",
    gender: "Prefer Not To Tell",
    about: "Foodie",
    username: "ayesha",
    email: "a@example.com",
    password: "password1",
  };
  it("accepts the gender options of product rules §9 only", () => {
    for (const gender of ["Male", "Female", "Other", "Prefer Not To Tell"]) {
      expect(customerSignupSchema.safeParse({ ...valid, gender }).success).toBe(true);
    }
    expect(customerSignupSchema.safeParse({ ...valid, gender: "Robot" }).success).toBe(false);
  });
  it.each(["firstName", "lastName", "gender", "about", "username", "email", "password"])(
    "requires %s",
    (field) => {
      expect(customerSignupSchema.safeParse({ ...valid, [field]: "" }).success).toBe(false);
    },
  );
});

describe("login and reset", () => {
  it("requires email and password", () => {
    expect(loginSchema.safeParse({ email: "a@b.co", password: "" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: "", password: "x" }).success).toBe(false);
  });
  it("says so when the two new passwords differ", () => {
    const result = resetPasswordSchema.safeParse({
      token: "t",
      password: "password1",
      confirmPassword: "password2",
    });
    expect(result.error?.issues[0]?.message).toBe("New passwords do not match.");
  });
});
