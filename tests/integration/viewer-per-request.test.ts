import {
  createStaticHandler,
  data,
  RouterContextProvider,
  type ActionFunction,
  type ActionFunctionArgs,
  type LoaderFunction,
  type StaticHandlerContext,
} from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getViewer, rememberViewer, requireRole } from "~/features/accounts/access.server.ts";
import { logIn, logOut } from "~/features/accounts/accounts.server.ts";
import { COMMAND_LINE, decideAccount } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as loginRoute from "~/routes/account/login.tsx";
import * as branchPage from "~/routes/public/branch.tsx";
import { servicesContext } from "~/server/context.ts";
import { signedUpCustomer, signedUpOwner, type SignedUp } from "../setup/accounts.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// root.tsx imports the islands' URLs, which only the build's plugin provides.
vi.mock("virtual:islands", () => ({ islandUrls: {} }));
const root = await import("~/root.tsx");

/**
 * One session lookup per request, however many loaders ask (access.server.ts `getViewer`),
 * and never a viewer older than what the request's action did. Pages are answered by
 * React Router's own static handler (the one its request handler uses) with the real root
 * and branch loaders; runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
let owner: { urlName: string };
let branchPath: string;
let lookups = 0;
/** What the branch route's action does in the test at hand. */
let act: (args: ActionFunctionArgs) => Promise<unknown> = () => Promise.resolve(null);

const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    loader: root.loader as unknown as LoaderFunction,
    children: [
      {
        id: "branch",
        path: "r/:restaurantName/branch/:branchName",
        loader: branchPage.loader as unknown as LoaderFunction,
        action: (args) => act(args),
      },
      { id: "login", path: "login", action: loginRoute.action as unknown as ActionFunction },
    ],
  },
]);

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  const signedUp = await signedUpOwner(services);
  await menus.addSection(services, signedUp.id, { originalName: "Karahi" });
  const branch = await addBranch(services, signedUp.id, { branchName: "F-7 Markaz" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  owner = signedUp;
  branchPath = `/r/${owner.urlName}/branch/${branch.branchUrl}`;
  // Every session lookup of the app goes through better-auth's getSession.
  const getSession = services.auth.api.getSession;
  services.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    lookups++;
    return getSession(...args);
  }) as typeof getSession;
});
afterAll(() => services.close());
beforeEach(() => {
  lookups = 0;
  act = () => Promise.resolve(null);
});

function request(method: string, path: string, cookies: Headers | null, form?: Record<string, string>) {
  const headers = new Headers(cookies ?? undefined);
  headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
}

async function query(req: Request): Promise<StaticHandlerContext> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const result = await handler.query(req, { requestContext: context });
  if (result instanceof Response)
    throw new Error(`answered ${result.status} ${result.headers.get("location")}`);
  if (result.errors) throw new Error(`failed: ${JSON.stringify(result.errors)}`);
  return result;
}

/** Who the root's loader (the header) and the branch page's loader saw. */
function seen(context: StaticHandlerContext) {
  const rootData = context.loaderData.root as { viewer: { role: string; displayName: string } | null };
  const pageData = context.loaderData.branch as { viewerRole: string | null };
  return { header: rootData.viewer?.displayName ?? null, page: pageData.viewerRole };
}

async function customer(): Promise<SignedUp> {
  return signedUpCustomer(services);
}

const nameOf = (person: SignedUp) => `${String(person.input.firstName)} ${String(person.input.lastName)}`;

describe("a page's loaders share one session lookup", () => {
  it("a signed-in GET of a branch page asks once for the root's and the page's loaders", async () => {
    const diner = await customer();
    lookups = 0;
    const context = await query(request("GET", branchPath, diner.cookies));
    expect(seen(context)).toEqual({ header: nameOf(diner), page: "customer" });
    expect(lookups).toBe(1);
  });

  it("a HEAD too; a visitor's page asks none", async () => {
    const diner = await customer();
    lookups = 0;
    await query(request("HEAD", branchPath, diner.cookies));
    expect(lookups).toBe(1);
    lookups = 0;
    expect(seen(await query(request("GET", branchPath, null)))).toEqual({ header: null, page: null });
    expect(lookups).toBe(0);
  });

  it("is kept per request, not per cookie: the next request with the same cookie asks again", async () => {
    const diner = await customer();
    await query(request("GET", branchPath, diner.cookies));
    await services.database.db
      .updateTable("customer")
      .set({ firstName: "Renamed" })
      .where("id", "=", diner.id)
      .execute();
    lookups = 0;
    const context = await query(request("GET", branchPath, diner.cookies));
    expect(seen(context).header).toBe(`Renamed ${String(diner.input.lastName)}`);
    expect(lookups).toBe(1);
  });

  it("a viewer the server already looked up for a GET (the page cache's) is not asked again", async () => {
    const diner = await customer();
    const viewer = (await getViewer(services, diner.cookies))!;
    lookups = 0;
    const get = request("GET", branchPath, diner.cookies);
    rememberViewer(get, viewer);
    expect(seen(await query(get))).toEqual({ header: nameOf(diner), page: "customer" });
    expect(lookups).toBe(0);
    // An action's request keeps asking: what it does may change the answer.
    const post = request("POST", branchPath, diner.cookies);
    rememberViewer(post, null);
    expect((await getViewer(services, post))?.userId).toBe(diner.id);
    expect(lookups).toBe(1);
  });

  it("an action's own request is asked each time: it may change the session between", async () => {
    const diner = await customer();
    const post = request("POST", branchPath, diner.cookies);
    expect((await getViewer(services, post))?.userId).toBe(diner.id);
    await logOut(services, post.headers);
    expect(await getViewer(services, post)).toBeNull();
  });
});

describe("what an action does to the session, the loaders after it see", () => {
  it("a sign-out: the header and the page show a visitor", async () => {
    const diner = await customer();
    act = async ({ request: req, context }) => {
      await requireRole(req, context, "customer");
      await logOut(services, req.headers);
      return data({ ok: true });
    };
    const context = await query(request("POST", branchPath, diner.cookies, {}));
    expect(seen(context)).toEqual({ header: null, page: null });
  });

  it("a suspension: the suspended person's sessions are ended for the loaders too", async () => {
    const diner = await customer();
    act = async ({ request: req, context }) => {
      const { viewer } = await requireRole(req, context, "customer");
      const decided = await decideAccount(services, COMMAND_LINE, viewer.userId, {
        intent: "suspend",
        reason: "Spam reviews",
      });
      if (!decided.ok) throw new Error(inEnglish(decided.message));
      return null;
    };
    const context = await query(request("POST", branchPath, diner.cookies, {}));
    expect(seen(context)).toEqual({ header: null, page: null });
  });

  it("a rename: the header shows the new name", async () => {
    const diner = await customer();
    act = async ({ request: req, context }) => {
      const { viewer } = await requireRole(req, context, "customer");
      await services.database.db
        .updateTable("customer")
        .set({ firstName: "Zainab" })
        .where("id", "=", viewer.userId)
        .execute();
      return null;
    };
    const context = await query(request("POST", branchPath, diner.cookies, {}));
    expect(seen(context)).toEqual({ header: `Zainab ${String(diner.input.lastName)}`, page: "customer" });
  });

  it("a login in place of another session: the ended one is not what the loaders see", async () => {
    const first = await customer();
    const second = await customer();
    let signedIn: Headers | null = null;
    act = async ({ request: req }) => {
      expect((await getViewer(services, req))?.userId).toBe(first.id);
      await logOut(services, req.headers);
      const login = await logIn(services, second.input, { headers: new Headers(), ip: "127.0.0.1" });
      if (!login.ok) throw new Error(inEnglish(login.message));
      signedIn = login.headers;
      return data(null, { headers: login.headers });
    };
    // The loaders read the request's own cookie, whose session the action ended…
    expect(seen(await query(request("POST", branchPath, first.cookies, {})))).toEqual({
      header: null,
      page: null,
    });
    // …and the login's cookie takes effect with the browser's next request.
    const context = await query(request("GET", branchPath, headersWithCookies(signedIn!)));
    expect(seen(context)).toEqual({ header: nameOf(second), page: "customer" });
  });

  it("a visitor's login answers with its redirect (no loader runs), and the next page sees the person", async () => {
    const diner = await customer();
    await logOut(services, diner.cookies);
    lookups = 0;
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const answer = await handler.query(
      request("POST", `/login`, null, {
        email: String(diner.input.email),
        password: String(diner.input.password),
        redirectTo: branchPath,
      }),
      { requestContext: context },
    );
    if (!(answer instanceof Response)) throw new Error("the login did not redirect");
    expect(answer.headers.get("location")).toBe(branchPath);
    expect(lookups).toBe(0);
    const page = await query(request("GET", branchPath, headersWithCookies(answer.headers)));
    expect(seen(page)).toEqual({ header: nameOf(diner), page: "customer" });
    expect(lookups).toBe(1);
  });
});
