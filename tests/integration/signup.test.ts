import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
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
  it("creates the account with every initial value of product rules §3 and signs the owner in", async () => {
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

  it("keeps the account unique by email without saying so: the owner of the address is mailed", async () => {
    const input = restaurantInput();
    expect((await signUpRestaurant(services, input, new Headers())).ok).toBe(true);
    const before = await count("restaurant");
    const mails = services.outbox.length;
    const again = await signUpRestaurant(
      services,
      restaurantInput({ email: String(input.email).toUpperCase() }),
      new Headers(),
    );
    expect(again).toEqual({
      ok: false,
      status: 202,
      level: "info",
      message: MESSAGES.signupCheckEmail,
      fieldErrors: undefined,
    });
    expect(JSON.stringify(again)).not.toMatch(/exist|taken|already/i);
    expect(await count("restaurant")).toBe(before);
    const sent = services.outbox.slice(mails);
    expect(sent.map((m) => m.to)).toEqual([input.email]);
    expect(sent[0]!.text).toContain("http://localhost:3000/forgot-password");
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

/** A web request as server/http-app.ts hands it on: with the client address it read. */
const fromClient = (ip: string) => new Headers({ [CLIENT_IP_HEADER]: ip });

describe("sign-up limits (ADR 0016, 0031)", () => {
  it("signs up every one of a busy restaurant's 30 guests from its one Wi-Fi address (the default limits)", async () => {
    const wifi = fromClient("203.0.113.77");
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await signUpCustomer(services, customerInput(), wifi));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
  });

  it("counts one mailbox's sign-ups however its address is written (case, +tag, Gmail's dots)", async () => {
    const name = `diner${Date.now().toString(36)}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name.slice(0, 3)}.${name.slice(3).toUpperCase()}+review@gmail.com`,
      `${name}+again@googlemail.com`,
      `${[...name].join(".")}+fourth@gmail.com`,
    ];
    const results = [];
    for (const [i, email] of spellings.entries()) {
      results.push(
        await signUpCustomer(services, customerInput({ email }), fromClient(`198.51.100.${20 + i}`)),
      );
    }
    expect(results.slice(0, 3).map((r) => r.ok)).toEqual([true, true, true]);
    expect(results[3]).toMatchObject({ ok: false, status: 429, message: MESSAGES.tooMany });
  });

  it("refuses more sign-ups from one client address than SIGNUP_MAX_PER_IP, on every address", async () => {
    const limited = await createTestServices({ SIGNUP_MAX_PER_IP: "3" });
    try {
      const results = [];
      for (let i = 0; i < 5; i++) {
        results.push(await signUpCustomer(limited, customerInput(), fromClient("198.51.100.7")));
      }
      expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false]);
      expect(results[3]).toMatchObject({ status: 429, message: MESSAGES.tooMany });
      expect((await signUpRestaurant(limited, restaurantInput(), fromClient("198.51.100.7"))).ok).toBe(false);
      const users = await limited.database.db.selectFrom("user").select("id").execute();
      expect(users).toHaveLength(3);
      // Another client is not affected.
      expect((await signUpCustomer(limited, customerInput(), fromClient("198.51.100.8"))).ok).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it("mails the owner of a used address at most SIGNUP_MAX_PER_EMAIL times, whatever the client", async () => {
    const limited = await createTestServices({ SIGNUP_MAX_PER_EMAIL: "2" });
    try {
      const input = customerInput();
      expect((await signUpCustomer(limited, input, fromClient("203.0.113.1"))).ok).toBe(true);
      const second = await signUpCustomer(
        limited,
        customerInput({ email: String(input.email) }),
        fromClient("203.0.113.2"),
      );
      expect(second).toMatchObject({ status: 202, message: MESSAGES.signupCheckEmail });
      for (const ip of ["203.0.113.3", "203.0.113.4"]) {
        expect(
          await signUpCustomer(limited, customerInput({ email: String(input.email) }), fromClient(ip)),
        ).toMatchObject({ status: 429, message: MESSAGES.tooMany });
      }
      expect(limited.outbox.map((m) => m.to)).toEqual([input.email]);
      // A new address is refused the same way once used up: the limit says nothing about accounts.
      const fresh = String(customerInput().email);
      for (let i = 0; i < 2; i++)
        await signUpCustomer(limited, customerInput({ email: fresh }), new Headers());
      expect(await signUpCustomer(limited, customerInput({ email: fresh }), new Headers())).toMatchObject({
        status: 429,
        message: MESSAGES.tooMany,
      });
    } finally {
      await limited.close();
    }
  });
});

describe("customer sign-up", () => {
  it("creates the customer with the initial values of product rules §3", async () => {
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
