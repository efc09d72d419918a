import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/features/accounts/accounts.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import * as homeRoute from "~/routes/public/home.tsx";
import * as loginRoute from "~/routes/account/login.tsx";
import { servicesContext } from "~/server/context.ts";
import { newPageTemplate, pageTemplateContext, type PageTemplate } from "~/server/page-variant.server.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp, type SignedUpOwner } from "../setup/accounts.ts";
import { loaderData } from "../setup/loader-data.ts";
import { branchOf } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * Product rules §4 send an owner to / after login (they went to
 * /profile/restaurant); customers go to /, admins (not in the rules) to /admin. An owner's
 * / shows their own strip, and that page is marked personal, so the page cache never
 * keeps it for the owners' variant: no other reader, owner or visitor, is served it.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
let owner: SignedUpOwner;
let otherOwner: SignedUpOwner;
let customer: SignedUp;
const WAITING = 3;

function contextWith(template: PageTemplate | null) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(pageTemplateContext, template);
  return context;
}

async function logIn(email: unknown, password: unknown, redirectTo = "") {
  const request = new Request(`${ORIGIN}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: String(email), password: String(password), redirectTo }),
  });
  const answer = (await loginRoute.action({
    request,
    context: contextWith(null),
    params: {},
  } as never)) as Response;
  expect(answer.status).toBe(302);
  return answer.headers.get("location");
}

/** The home page's data for `cookies`, rendered as the page cache renders a page to keep. */
async function home(cookies?: Headers) {
  const template = newPageTemplate();
  const request = new Request(`${ORIGIN}/`, { headers: cookies ?? {} });
  const data = await loaderData(homeRoute.loader, { request, params: {}, context: contextWith(template) });
  return { data, kept: !template.personal };
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  owner = await signedUpOwner(services);
  otherOwner = await signedUpOwner(services);
  customer = await signedUpCustomer(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Karahi" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branchUrl = await branchOf(services, owner.id, "Main");
  for (let i = 0; i < WAITING; i++) {
    const diner = i === 0 ? customer : await signedUpCustomer(services);
    const posted = await postReview(
      services,
      diner.id,
      { urlName: owner.urlName, branchUrl },
      { values: { rating: "4", review: `Karahi ${i}` }, photos: [] },
    );
    if (!posted.ok) throw new Error(inEnglish(posted.message));
  }
});
afterAll(() => services.close());

describe("where a login ends (product rules §4)", () => {
  it("an owner on /, not their profile", async () => {
    expect(await logIn(owner.input.email, owner.input.password)).toBe("/");
  });

  it("a customer on /", async () => {
    expect(await logIn(customer.input.email, customer.input.password)).toBe("/");
  });

  it("an admin on /admin", async () => {
    await createAdmin(services, { email: "outcome-admin@example.com", password: "admin-password-1" });
    expect(await logIn("outcome-admin@example.com", "admin-password-1")).toBe("/admin");
  });

  it("anyone sent to log in from a page goes back there", async () => {
    expect(await logIn(owner.input.email, owner.input.password, "/profile/restaurant/insights")).toBe(
      "/profile/restaurant/insights",
    );
    expect(await logIn(owner.input.email, owner.input.password, "//evil.example")).toBe("/");
  });
});

describe("an owner's / (issue 29)", () => {
  it("shows the owner's strip: their restaurant and the reviews waiting for their reply", async () => {
    const { data, kept } = await home(owner.cookies);
    expect(data.owner).toEqual({ restName: owner.restName, waiting: WAITING });
    // Their own numbers: never kept for another reader.
    expect(kept).toBe(false);
  });

  it("another owner gets their own strip, not the first one's numbers", async () => {
    const { data, kept } = await home(otherOwner.cookies);
    expect(data.owner).toEqual({ restName: otherOwner.restName, waiting: 0 });
    expect(kept).toBe(false);
  });

  it("visitors and customers get no strip, and their / is still kept", async () => {
    for (const cookies of [undefined, customer.cookies]) {
      const { data, kept } = await home(cookies);
      expect(data.owner).toBeNull();
      expect(kept).toBe(true);
    }
  });
});
