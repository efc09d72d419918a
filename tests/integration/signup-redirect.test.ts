import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/features/accounts/access.server.ts";
import { withRedirectTo } from "~/lib/safe-redirect.ts";
import { servicesContext } from "~/server/context.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { BYPASSES } from "../setup/redirect-bypasses.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

/**
 * 'Add a Review' → login → Register → sign-up ended on /, the review form
 * forgotten. The destination now goes through every hop (the login's Register link,
 * the choice of account, the sign-up form and its Sign In link, all built by
 * withRedirectTo) and the sign-up's redirect, and only ever as a path of this site.
 */
let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const REVIEW_FORM = "/profile/customer/addreview/savour/f-7";
const HOSTILE = ["//evil.example", "https://evil.example", "/\\evil", ...BYPASSES];

type Form = "customer" | "restaurant";

/** Posts a sign-up form to its route's action, as React Router hands it a request. */
async function signUp(
  form: Form,
  fields: Record<string, unknown>,
  path = `/signup/${form}signup`,
): Promise<Response> {
  // One module for both forms: the request's path says which.
  const route = await import("~/routes/account/signup-form.tsx");
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, String(one));
  }
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  try {
    return (await route.action({ request, context, params: {} } as never)) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

const input = (form: Form) => (form === "customer" ? customerInput() : restaurantInput());

describe("the destination through sign-up", () => {
  it.each(["customer", "restaurant"] as const)(
    "%s sign-up ends where the login was going, signed in",
    async (form) => {
      const answer = await signUp(form, { ...input(form), redirectTo: `${REVIEW_FORM}?from=login#form` });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`${REVIEW_FORM}?from=login#form`);
      // Signed in by it, with 'Sign Up was successful' to show there.
      const viewer = await getViewer(services, headersWithCookies(answer.headers));
      expect(viewer?.role).toBe(form);
      expect(answer.headers.getSetCookie().join("\n")).toMatch(/toast|flash/i);
    },
  );

  it.each(["customer", "restaurant"] as const)(
    "%s sign-up posted as React Router sends it (its .data path, in Urdu too) makes that kind of account",
    async (form) => {
      for (const path of [`/signup/${form}signup.data`, `/ur/signup/${form}signup.data`]) {
        const answer = await signUp(form, input(form), path);
        expect([path, answer.status]).toEqual([path, 302]);
        expect((await getViewer(services, headersWithCookies(answer.headers)))?.role).toBe(form);
      }
    },
  );

  it("without a destination, / as product rules §2 say", async () => {
    for (const redirectTo of [undefined, ""]) {
      const fields = redirectTo === undefined ? customerInput() : { ...customerInput(), redirectTo };
      const answer = await signUp("customer", fields);
      expect(answer.headers.get("location")).toBe("/");
    }
  });

  it.each(["customer", "restaurant"] as const)(
    "%s sign-up refuses every way off the site, and still makes the account",
    async (form) => {
      // Each is a real sign-up (a password hashed): a sample here; every bypass is run
      // against withRedirectTo below and against safeRedirect in its own tests.
      for (const hostile of HOSTILE.slice(0, form === "customer" ? 10 : 4)) {
        const answer = await signUp(form, { ...input(form), redirectTo: hostile });
        expect([hostile, answer.status, answer.headers.get("location")]).toEqual([hostile, 302, "/"]);
      }
    },
  );

  it("a refused sign-up answers with the form's own values (the destination stays in the page's address)", async () => {
    const answer = (await signUp("customer", { redirectTo: REVIEW_FORM })) as unknown as {
      data: { values: Record<string, unknown> };
    };
    expect(answer.data.values).not.toHaveProperty("redirectTo");
  });
});

describe("the hops carry it on (withRedirectTo)", () => {
  it("adds a path of this site, encoded", () => {
    expect(withRedirectTo("/signup", REVIEW_FORM)).toBe(
      `/signup?redirectTo=${encodeURIComponent(REVIEW_FORM)}`,
    );
    expect(withRedirectTo("/signup/customersignup", "/r/a%20b/branch/c?x=1")).toBe(
      `/signup/customersignup?redirectTo=${encodeURIComponent("/r/a%20b/branch/c?x=1")}`,
    );
  });

  it("drops anything that is not, so no hop passes it on", () => {
    for (const hostile of [...HOSTILE, null, undefined, ""]) {
      expect([hostile, withRedirectTo("/signup", hostile)]).toEqual([hostile, "/signup"]);
      expect([hostile, withRedirectTo("/sign-in", hostile)]).toEqual([hostile, "/sign-in"]);
    }
  });
});
