import { describe, expect, it } from "vitest";
import { z } from "zod";
import { restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { profileSchemaOf } from "~/features/profiles/profiles.schema.ts";
import { fieldErrors, formValues, listFieldsOf } from "./forms.ts";

describe("formValues: a form's fields as its schema reads them", () => {
  it("reads the fields its schema declares as lists as lists", () => {
    const form = new FormData();
    form.append("restName", "A");
    form.append("sociallinks", "x");
    form.append("sociallinks", "y");
    expect(formValues(form, restaurantSignupSchema)).toEqual({
      restName: "A",
      sociallinks: ["x", "y"],
      restOthertypes: [],
    });
  });

  it("keeps the first value of any other field, and no file", () => {
    const form = new FormData();
    form.append("about", "first");
    form.append("about", "second");
    form.append("photo", new File(["x"], "a.jpg"));
    form.append("sociallinks", "x");
    expect(formValues(form)).toEqual({ about: "first", photo: "", sociallinks: "x" });
    expect(formValues(form, z.object({ about: z.array(z.string()) }))).toMatchObject({
      about: ["first", "second"],
    });
  });

  it("finds list fields under defaults, optionals, pipes, refinements and picks", () => {
    expect(listFieldsOf(restaurantSignupSchema).toSorted()).toEqual(["restOthertypes", "sociallinks"]);
    expect(listFieldsOf(profileSchemaOf("restaurant")).toSorted()).toEqual(["restOthertypes", "sociallinks"]);
    expect(listFieldsOf(profileSchemaOf("customer"))).toEqual([]);
    const refined = z.object({ tags: z.array(z.string()).optional(), name: z.string() }).refine(() => true);
    expect(listFieldsOf(refined)).toEqual(["tags"]);
    expect(listFieldsOf(z.string())).toEqual([]);
    expect(listFieldsOf(undefined)).toEqual([]);
  });
});

describe("fieldErrors", () => {
  it("keeps the first message of each field, and names a form-wide one 'form'", () => {
    const schema = z
      .object({ a: z.string().min(2, "too short").regex(/y/, "no y") })
      .refine(() => false, "whole form");
    const result = schema.safeParse({ a: "x" });
    expect(fieldErrors(result.error!)).toEqual({ a: "too short", form: "whole form" });
  });
});
