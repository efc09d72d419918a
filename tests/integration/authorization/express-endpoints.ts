import { expect } from "vitest";
import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import type { MutatingAction, PreparedCall, Target } from "./action-entry.ts";
import { changesIn, expectOnlyOwnAccountRowsChanged } from "./effects.ts";
import { ACTORS, CUSTOMERS, SIGNED_IN, unique, type Actor, type SignedIn, type World } from "./world.ts";

/**
 * The mutating endpoints server/http-app.ts mounts outside React Router, called
 * in-process through the same handlers Express hands them to.
 */
const AUTH: Target = {
  kind: "express",
  mount: "/api/auth/{*any}",
  handle: (services, request) => services.auth.handler(request),
};
const TUS: Target = {
  kind: "express",
  mount: "VIDEO_UPLOAD_PATH",
  handle: (services, request) => services.videos.server.handleWeb(request),
};

/** better-auth endpoints that only read (or only redirect): not mutating, so not in the list. */
export const READ_ONLY_AUTH_PATHS = [
  "/get-session",
  "/list-sessions",
  "/list-accounts",
  "/account-info",
  "/ok",
  "/error",
  // Checks the token and redirects to the reset page with it; /reset-password (closed) would use it.
  "/reset-password/:token",
];

/** The better-auth endpoint an entry calls ("/sign-out"), or null for any other entry. */
export const authPathOf = (entry: MutatingAction) =>
  entry.target.kind === "express" && entry.target.mount === "/api/auth/{*any}"
    ? (entry.endpoint ?? null)
    : null;

const someoneFor = (world: World, actor: Actor) => world.account(actor === "visitor" ? "customer" : actor);

/**
 * app/server/auth.server.ts closes these (disabledPaths): the app's own forms are
 * the only way to sign up, sign in, change or reset a password. Each is sent a
 * body that would work if it were open; everyone gets 404 and nothing changes.
 */
const CLOSED: { path: string; method?: "GET"; body: (world: World, actor: Actor) => Promise<unknown> }[] = [
  {
    path: "/sign-up/email",
    body: async () => ({
      name: "x",
      email: `${unique("x").replace(" ", "")}@example.com`,
      password: "password-123",
    }),
  },
  {
    path: "/sign-in/email",
    body: async (world, actor) => {
      const { email, password } = someoneFor(world, actor);
      return { email, password };
    },
  },
  { path: "/request-password-reset", body: async (world) => ({ email: world.resetee.email }) },
  { path: "/forget-password", body: async (world) => ({ email: world.resetee.email }) },
  {
    path: "/reset-password",
    body: async (world) => ({ newPassword: "hijacked-pass-1", token: await world.resetToken() }),
  },
  {
    path: "/change-password",
    body: async (world, actor) => ({
      currentPassword: someoneFor(world, actor).password,
      newPassword: "hijacked-pass-1",
      revokeOtherSessions: true,
    }),
  },
  { path: "/set-password", body: async () => ({ newPassword: "hijacked-pass-1" }) },
  {
    path: "/change-email",
    body: async () => ({ newEmail: `${unique("new").replace(" ", "")}@example.com` }),
  },
  { path: "/update-user", body: async () => ({ name: "Hijacked", image: "https://evil.example/x.png" }) },
  { path: "/delete-user", body: async (world, actor) => ({ password: someoneFor(world, actor).password }) },
  {
    path: "/verify-password",
    body: async (world, actor) => ({ password: someoneFor(world, actor).password }),
  },
  {
    path: "/send-verification-email",
    body: async (world, actor) => ({ email: someoneFor(world, actor).email }),
  },
  { path: "/verify-email", method: "GET", body: async () => undefined },
];

const closedEntry = ({ path, method, body }: (typeof CLOSED)[number]): MutatingAction => ({
  name: `better-auth ${path} (closed)`,
  endpoint: path,
  module: "server/http-app.ts",
  method: method ?? "POST",
  scope: "closed",
  allowed: [],
  target: AUTH,
  async prepare(world, actor): Promise<PreparedCall> {
    return {
      path: method === "GET" ? `/api/auth${path}?token=anything` : `/api/auth${path}`,
      json: await body(world, actor),
      effect() {
        throw new Error(`${path} is closed: no one is allowed`);
      },
      refusalStatus: () => 404,
    };
  },
});

const closedEntries = CLOSED.map(closedEntry);

/** Ends all of the actor's sessions, or all but the one the call is made with. */
const revokeAll = (path: "/revoke-sessions" | "/revoke-other-sessions"): MutatingAction => ({
  name: `better-auth ${path}`,
  endpoint: path,
  module: "server/http-app.ts",
  method: "POST",
  scope: "self",
  allowed: SIGNED_IN,
  target: AUTH,
  endsSessions: true,
  async prepare(world, actor) {
    const cookies = await world.freshCookies(actor);
    return {
      path: `/api/auth${path}`,
      cookies,
      json: {},
      async effect(ctx) {
        const id = world.idOf(actor as SignedIn);
        expect(ctx.outcome.status).toBe(200);
        expect(changesIn(ctx, "session").removed.length).toBeGreaterThan(0);
        expectOnlyOwnAccountRowsChanged(ctx, id);
        const left = await world.sessionsOf(id);
        expect(left.length).toBe(path === "/revoke-sessions" ? 0 : 1);
      },
    };
  },
});

/**
 * Open better-auth endpoints that could write, with no social provider and no
 * session fields configured: the ones a person may use act on their own sessions only.
 */
const openEntries: MutatingAction[] = [
  {
    name: "better-auth /sign-out",
    endpoint: "/sign-out",
    module: "server/http-app.ts",
    method: "POST",
    scope: "self",
    allowed: ACTORS,
    target: AUTH,
    async prepare(world, actor) {
      const cookies = await world.freshCookies(actor);
      return {
        path: "/api/auth/sign-out",
        cookies,
        json: {},
        effect(ctx) {
          expect(ctx.outcome.status).toBe(200);
          const ended = changesIn(ctx, "session").removed.map((s) => s.userId);
          // Signed out already, a visitor signs out of nothing.
          expect(ended).toEqual(actor === "visitor" ? [] : [world.idOf(actor)]);
          expect(ctx.changes.filter((c) => c.table !== "session")).toEqual([]);
        },
      };
    },
  },
  {
    name: "better-auth /revoke-session",
    endpoint: "/revoke-session",
    module: "server/http-app.ts",
    method: "POST",
    scope: "owner",
    allowed: ["customer"],
    target: AUTH,
    async prepare(world) {
      // A second session of customer, named by its token: only customer may end it.
      const other = await world.freshCookies("customer");
      const sessions = await world.sessionsOf(world.idOf("customer"));
      const token = sessions.find((s) => other!.get("cookie")!.includes(s.token))!.token;
      return {
        path: "/api/auth/revoke-session",
        json: { token },
        effect(ctx) {
          expect(ctx.outcome.status).toBe(200);
          expect(changesIn(ctx, "session").removed.map((s) => s.token)).toEqual([token]);
          expect(ctx.changes.filter((c) => c.table !== "session")).toEqual([]);
        },
        // better-auth answers someone else's token with {status: true} and revokes nothing.
        refusalStatus: (actor) => (actor === "visitor" ? 401 : 200),
      };
    },
  },
  revokeAll("/revoke-sessions"),
  revokeAll("/revoke-other-sessions"),
  ...(
    [
      // No session fields are configured as input: nothing may be written, userId least of all.
      ["/update-session", async (world: World) => ({ userId: world.idOf("admin"), expiresAt: "2999-01-01" })],
      // customer's password account, named by id: it is everyone's only account, and the
      // last one cannot be unlinked; nor can anyone else's.
      [
        "/unlink-account",
        async (world: World) => ({ accountId: await world.credentialAccountId("customer") }),
      ],
      // No social providers: nothing to link, sign in with, or fetch tokens from.
      ["/link-social", async () => ({ provider: "google", callbackURL: "/" })],
      ["/sign-in/social", async () => ({ provider: "google", callbackURL: "/" })],
      [
        "/refresh-token",
        async (world: World) => ({
          accountId: await world.credentialAccountId("customer"),
          userId: world.idOf("customer"),
        }),
      ],
      [
        "/get-access-token",
        async (world: World) => ({
          accountId: await world.credentialAccountId("customer"),
          userId: world.idOf("customer"),
        }),
      ],
    ] as const
  ).map(([path, body]): MutatingAction => ({
    name: `better-auth ${path} (refuses all)`,
    endpoint: path,
    module: "server/http-app.ts",
    method: "POST",
    scope: "closed",
    allowed: [],
    target: AUTH,
    async prepare(world) {
      return {
        path: `/api/auth${path}`,
        json: await body(world),
        effect() {
          throw new Error(`${path} is not usable here: no one is allowed`);
        },
      };
    },
  })),
  ...(
    [
      // An OAuth provider's redirect back (a POST form_post only redirects to this GET).
      ["/callback/:id", "/callback/google?code=forged&state=forged"],
      // Deleting a user is closed, so no deletion token can exist.
      ["/delete-user/callback", "/delete-user/callback?token=forged"],
    ] as const
  ).map(([path, url]): MutatingAction => ({
    name: `better-auth ${path} (refuses all)`,
    endpoint: path,
    module: "server/http-app.ts",
    method: "GET",
    scope: "closed",
    allowed: [],
    target: AUTH,
    async prepare() {
      return {
        path: `/api/auth${url}`,
        effect() {
          throw new Error(`${path} is not usable here: no one is allowed`);
        },
      };
    },
  })),
];

const tusHeaders = { "tus-resumable": "1.0.0" };

const isCustomer = (actor: Actor): actor is (typeof CUSTOMERS)[number] =>
  (CUSTOMERS as readonly Actor[]).includes(actor);

function tusRequest(
  world: World,
  actor: Actor,
  method: string,
  path: string,
  headers: Record<string, string>,
) {
  const all = new Headers(world.cookiesOf(actor) ?? undefined);
  for (const [k, v] of Object.entries({ ...tusHeaders, ...headers })) all.set(k, v);
  return world.services.videos.server.handleWeb(
    new Request(`http://localhost:3000${path}`, { method, headers: all }),
  );
}

/**
 * Cancels a customer's open uploads, as their browser would (DELETE): a customer
 * may have MAX_OPEN_VIDEO_UPLOADS at once, and the cells and fuzz cases start many.
 */
async function cancelOpenUploads(world: World, actor: Actor) {
  if (!isCustomer(actor)) return;
  const open = await world.services.database.db
    .selectFrom("video_upload")
    .select("id")
    .where("ownerId", "=", world.idOf(actor))
    .where("open", "=", 1)
    .execute();
  for (const { id } of open) await tusRequest(world, actor, "DELETE", `${VIDEO_UPLOAD_PATH}/${id}`, {});
}

/** An upload of customer's, 1000 bytes long, none of them sent yet. */
async function customerUpload(world: World): Promise<string> {
  await cancelOpenUploads(world, "customer");
  const headers = new Headers(world.cookiesOf("customer")!);
  for (const [k, v] of Object.entries({ ...tusHeaders, "upload-length": "1000" })) headers.set(k, v);
  const created = await world.services.videos.server.handleWeb(
    new Request(`http://localhost:3000${VIDEO_UPLOAD_PATH}`, { method: "POST", headers }),
  );
  expect(created.status).toBe(201);
  return new URL(created.headers.get("location")!).pathname;
}

/** Resumable video uploads (tus): customers only, each only to their own uploads. */
const tusEntries: MutatingAction[] = [
  {
    name: "tus video-upload create",
    endpoint: VIDEO_UPLOAD_PATH,
    module: "server/http-app.ts",
    method: "POST",
    scope: "self",
    allowed: CUSTOMERS,
    target: TUS,
    async prepare(world, actor) {
      await cancelOpenUploads(world, actor);
      return {
        path: VIDEO_UPLOAD_PATH,
        headers: { ...tusHeaders, "upload-length": "1000" },
        effect(ctx) {
          expect(ctx.outcome.status).toBe(201);
          expect(ctx.outcome.location).toContain(VIDEO_UPLOAD_PATH);
          expect(changesIn(ctx, "(files)").added.length).toBeGreaterThan(0);
          // The ledger the per-customer quotas count holds the new upload, as its owner's.
          const id = ctx.outcome.location!.split("/").pop();
          expect(changesIn(ctx, "video_upload").added).toContainEqual(
            expect.objectContaining({ id, ownerId: ctx.world.idOf(ctx.actor as SignedIn), open: 1 }),
          );
        },
      };
    },
  },
  {
    // No one may start an upload past the quotas: a customer with MAX_OPEN_VIDEO_UPLOADS
    // unfinished ones is refused with 429 and words, and nothing is stored.
    name: "tus video-upload create past the quota",
    endpoint: VIDEO_UPLOAD_PATH,
    module: "server/http-app.ts",
    method: "POST",
    scope: "closed",
    allowed: [],
    target: TUS,
    async prepare(world, actor) {
      if (isCustomer(actor)) {
        let status = 201;
        for (let i = 0; i < 50 && status === 201; i++) {
          status = (await tusRequest(world, actor, "POST", VIDEO_UPLOAD_PATH, { "upload-length": "1000" }))
            .status;
        }
        expect(status).toBe(429);
      }
      return {
        path: VIDEO_UPLOAD_PATH,
        headers: { ...tusHeaders, "upload-length": "1000" },
        effect() {
          throw new Error("no one may start an upload past the quota");
        },
        refusalStatus: (a) => (isCustomer(a) ? 429 : 403),
      };
    },
  },
  {
    name: "tus video-upload patch",
    endpoint: `${VIDEO_UPLOAD_PATH}/:id`,
    module: "server/http-app.ts",
    method: "PATCH",
    scope: "owner",
    allowed: ["customer"],
    target: TUS,
    async prepare(world) {
      const path = await customerUpload(world);
      return {
        path,
        headers: { ...tusHeaders, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
        body: new Uint8Array(100).fill(1),
        effect(ctx) {
          expect(ctx.outcome.status).toBe(204);
          expect(changesIn(ctx, "(files)").added.length).toBeGreaterThan(0);
        },
      };
    },
  },
  {
    name: "tus video-upload delete",
    endpoint: `${VIDEO_UPLOAD_PATH}/:id`,
    module: "server/http-app.ts",
    method: "DELETE",
    scope: "owner",
    allowed: ["customer"],
    target: TUS,
    async prepare(world) {
      const path = await customerUpload(world);
      return {
        path,
        headers: tusHeaders,
        effect(ctx) {
          expect(ctx.outcome.status).toBe(204);
          expect(changesIn(ctx, "(files)").removed.length).toBeGreaterThan(0);
        },
      };
    },
  },
];

export const expressEndpoints: MutatingAction[] = [...closedEntries, ...openEntries, ...tusEntries];
