import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer, signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const count = async (table: "user" | "restaurant" | "customer") =>
  Number(
    (
      await services.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("restaurant sign-up", () => {
  it("creates the account with every SPEC initial value and signs the owner in", async () => {
    const input = restaurantInput({
      restName: "  Bundu   Khan  Grill ",
      hasDelivery: "no",
      sociallinks: [" https://x.com/bk "],
    });
    const result = await signUpRestaurant(services, input, new Headers());
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const row = await services.database.db
      .selectFrom("restaurant")
      .selectAll()
      .where("urlName", "=", "bundukhangrill")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      usertype: "restaurant",
      isactive: 0,
      chargespaid: "no",
      approvalStatus: "pending",
      restName: "Bundu   Khan  Grill",
      restType: "Desi",
      country: "Pakistan",
      restRating: 0,
      restRatingoutof: 5,
      restPriceavg: 0,
      restNoofReviews: 0,
      restNoofBranches: 0,
      hasDelivery: "no",
      restQRcode: "http://localhost:3000/r/bundukhangrill",
    });
    expect(JSON.parse(row.restOthertypes)).toEqual(["BBQ"]);
    expect(JSON.parse(row.sociallinks)).toEqual(["https://x.com/bk"]);
    expect(row.restQRimg).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(row)).not.toContain("password");
    expect(JSON.stringify(row)).not.toContain(String(input.password));

    const user = await services.database.db
      .selectFrom("user")
      .selectAll()
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe(input.username);

    const viewer = await getViewer(services, headersWithCookies(result.headers));
    expect(viewer).toMatchObject({ role: "restaurant", urlName: "bundukhangrill" });
  });

  it("refuses a second restaurant with the same name in any case and spacing, and writes nothing", async () => {
    const first = await signUpRestaurant(
      services,
      restaurantInput({ restName: "Savour Foods" }),
      new Headers(),
    );
    expect(first.ok).toBe(true);
    const users = await count("user");
    for (const restName of ["savour foods", "SAVOURFOODS", "  Savour\tFoods  ", "sAvOuR   fOoDs"]) {
      const again = await signUpRestaurant(services, restaurantInput({ restName }), new Headers());
      expect(again).toMatchObject({ ok: false, status: 409, message: MESSAGES.nameTaken, level: "warning" });
    }
    expect(await count("user")).toBe(users);
  });

  it("keeps the account unique by email and says which field is wrong", async () => {
    const input = restaurantInput();
    expect((await signUpRestaurant(services, input, new Headers())).ok).toBe(true);
    const before = await count("restaurant");
    const again = await signUpRestaurant(
      services,
      restaurantInput({ email: String(input.email).toUpperCase() }),
      new Headers(),
    );
    expect(again).toMatchObject({ ok: false, status: 409, message: MESSAGES.signupFailed });
    expect(!again.ok && again.fieldErrors?.email).toBe(MESSAGES.emailTaken);
    expect(await count("restaurant")).toBe(before);
  });

  it("answers bad input with 400 and field errors, never an account", async () => {
    const users = await count("user");
    const result = await signUpRestaurant(
      services,
      { restName: "", email: "nope", password: "1" },
      new Headers(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(Object.keys(result.fieldErrors ?? {})).toEqual(
      expect.arrayContaining([
        "restName",
        "restType",
        "hasDelivery",
        "country",
        "about",
        "username",
        "email",
        "password",
      ]),
    );
    expect(await count("user")).toBe(users);
  });

  it("approves at once when APPROVAL_MODE is auto", async () => {
    const auto = await createTestServices({ APPROVAL_MODE: "auto" });
    try {
      expect(
        (await signUpRestaurant(auto, restaurantInput({ restName: "Auto Approved" }), new Headers())).ok,
      ).toBe(true);
      const row = await auto.database.db
        .selectFrom("restaurant")
        .select("approvalStatus")
        .where("urlName", "=", "autoapproved")
        .executeTakeFirstOrThrow();
      expect(row.approvalStatus).toBe("approved");
    } finally {
      await auto.close();
    }
  });
});

describe("customer sign-up", () => {
  it("creates the customer with the SPEC initial values", async () => {
    const input = customerInput({ gender: "Prefer Not To Tell", sociallinks: ["https://ig.com/a"] });
    const result = await signUpCustomer(services, input, new Headers());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const viewer = await getViewer(services, headersWithCookies(result.headers));
    expect(viewer?.role).toBe("customer");
    const row = await services.database.db
      .selectFrom("customer")
      .selectAll()
      .where("id", "=", viewer!.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      usertype: "customer",
      isactive: 0,
      chargespaid: "no",
      firstName: "Ayesha",
      gender: "Prefer Not To Tell",
      email: input.email,
    });
    expect(JSON.parse(row.sociallinks)).toEqual(["https://ig.com/a"]);
  });

  it("refuses a missing gender or more than 6 social links", async () => {
    const users = await count("user");
    expect((await signUpCustomer(services, customerInput({ gender: "" as never }), new Headers())).ok).toBe(
      false,
    );
    const links = Array.from({ length: 7 }, (_, i) => `https://l${i}.example`);
    expect((await signUpCustomer(services, customerInput({ sociallinks: links }), new Headers())).ok).toBe(
      false,
    );
    expect(await count("user")).toBe(users);
  });
});
