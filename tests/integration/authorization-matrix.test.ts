import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  accountDecisionSchema,
  restaurantDecisionSchema,
  reviewDecisionSchema,
} from "~/features/admin/admin.schema.ts";
import type { MutatingAction, PreparedCall } from "./authorization/action-entry.ts";
import { describeDiff, diff, snapshot } from "./authorization/db-snapshot.ts";
import { authPathOf, READ_ONLY_AUTH_PATHS } from "./authorization/express-endpoints.ts";
import { MUTATING_ACTIONS } from "./authorization/mutating-actions.ts";
import { buildRequest, callRoute, outcomeOf, type Outcome } from "./authorization/route-call.ts";
import { ACTORS, World, type Actor } from "./authorization/world.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";

let services: TestServices;
let world: World;

beforeAll(async () => {
  // Manual approval, so the admin has pending restaurants to decide on.
  // The per-address limits are raised: every reset-password cell mails the same person a link.
  services = await createTestServices({
    APPROVAL_MODE: "manual",
    // Each tus cell starts an upload of customer's (cancelling the earlier ones): the open-upload limit stays 3.
    MAX_VIDEO_UPLOADS_PER_HOUR: "100000",
    SIGNUP_MAX_PER_EMAIL: "100000",
    RESET_MAIL_MAX_PER_EMAIL: "100000",
  });
  // Branches to review; the world reuses them, moving earlier reviews back a day (one review a branch a day).
  world = await World.create(services, { reviewBranches: 8 });
}, 120_000);
afterAll(() => services.close());

const label = (entry: MutatingAction) =>
  entry.intent && !entry.name.endsWith(entry.intent) ? `${entry.name} ${entry.intent}` : entry.name;

async function send(
  entry: MutatingAction,
  request: Request,
  params: Record<string, string>,
): Promise<Outcome> {
  if (entry.target.kind === "route") return callRoute(services, entry.target.action, request, params);
  const response = await entry.target.handle(services, request).catch((error: unknown) => error);
  return outcomeOf(response);
}

/**
 * What is wrong with a denied actor's answer, or null when it is a refusal: the
 * login screen for a visitor, otherwise a redirect elsewhere or a 4xx (or the
 * entry's own refusal status); never an error or a success toast.
 */
function refusalProblem(entry: MutatingAction, call: PreparedCall, actor: Actor, outcome: Outcome) {
  if (outcome.error) return `threw ${String(outcome.error)}`;
  if (outcome.status >= 500) return `server error ${outcome.status}`;
  if (outcome.toast?.level === "success") return `success toast "${outcome.toast.message}"`;
  const expected = call.refusalStatus?.(actor);
  if (expected !== undefined)
    return outcome.status === expected ? null : `status ${outcome.status}, not ${expected}`;
  const redirected = outcome.status >= 300 && outcome.status < 400 && outcome.location !== null;
  if (entry.target.kind === "route" && actor === "visitor") {
    const toLogin = redirected && /^\/(login|sign-in)\?redirectTo=/.test(outcome.location ?? "");
    return toLogin ? null : `a visitor was not sent to log in (${outcome.status} ${outcome.location})`;
  }
  if (entry.target.kind === "route")
    return redirected || outcome.status >= 400 ? null : `status ${outcome.status}`;
  return outcome.status >= 300 ? null : `status ${outcome.status}`;
}

/** What is wrong with an allowed actor's answer, or null: no error, no 4xx, no error toast, no login screen. */
function successProblem(outcome: Outcome) {
  if (outcome.error) return `threw ${String(outcome.error)}`;
  if (outcome.status >= 400) return `status ${outcome.status}: ${JSON.stringify(outcome.detail)}`;
  if (outcome.toast && outcome.toast.level !== "success")
    return `${outcome.toast.level} toast "${outcome.toast.message}"`;
  if (/^\/(login|sign-in)\?/.test(outcome.location ?? "")) return `sent to log in (${outcome.location})`;
  return null;
}

const cells = MUTATING_ACTIONS.flatMap((entry) =>
  ACTORS.map((actor) => {
    const allowed = entry.allowed.includes(actor);
    return [`${label(entry)} × ${actor} → ${allowed ? "allowed" : "denied"}`, entry, actor, allowed] as const;
  }),
);

/** An actor whose sessions the last cell ended: signed in again once the cell is judged. */
let signInAgain: Actor | null = null;
afterEach(async () => {
  if (signInAgain) await world.renewSession(signInAgain);
  signInAgain = null;
});

/** Makes the call of one cell; the database is read before and after the action alone. */
async function runCell(entry: MutatingAction, actor: Actor) {
  const call = await entry.prepare(world, actor);
  const cookies = call.cookies !== undefined ? call.cookies : world.cookiesOf(actor);
  const request = buildRequest({ method: entry.method, cookies, ...call });
  const before = await snapshot(services);
  if (entry.endsSessions) signInAgain = actor;
  const outcome = await send(entry, request, call.params ?? {});
  const after = await snapshot(services);
  return { call, outcome, before, after, changes: diff(before, after) };
}

describe("authorization matrix: every mutating action × every actor", () => {
  it.each(cells.filter(([, , , allowed]) => allowed))("%s", async (_name, entry, actor) => {
    const { call, ...ctx } = await runCell(entry, actor);
    expect(successProblem(ctx.outcome)).toBeNull();
    // The specific effect: the row exists, changed or is gone, and is the actor's own.
    await call.effect({ world, actor, ...ctx });
  });

  it.each(cells.filter(([, , , allowed]) => !allowed))("%s", async (_name, entry, actor) => {
    const { call, outcome, changes } = await runCell(entry, actor);
    expect(refusalProblem(entry, call, actor, outcome)).toBeNull();
    expect(describeDiff(changes), JSON.stringify(changes).slice(0, 2000)).toEqual([]);
  });
});

// ---- limits: an open action that makes accounts or sends mail is limited per client ----

/** Open actions without a per-client limit of ADR 0016, and why they need none. */
const OPEN_WITHOUT_CLIENT_LIMIT: Record<string, string> = {
  "account login":
    "slows (account, client) pairs, clients and accounts down on failures (LOGIN_*, ADR 0031, tests/integration/login.test.ts)",
  "account reset-password": "needs the single-use token of a reset mail, itself limited",
  "account logout": "ends the caller's own session",
};

describe("sign-up and reset-mail limits (ADR 0016)", () => {
  const open = MUTATING_ACTIONS.filter((e) => e.scope === "open");

  it("every open action has a per-client limit, or a reason to go without", () => {
    expect(open.filter((e) => !e.clientLimit && !OPEN_WITHOUT_CLIENT_LIMIT[e.name]).map(label)).toEqual([]);
    expect(Object.keys(OPEN_WITHOUT_CLIENT_LIMIT).filter((n) => !open.some((e) => e.name === n))).toEqual([]);
  });

  it.each(open.filter((e) => e.clientLimit).map((e) => [label(e), e] as const))(
    "%s: one client gets its limit, then 'Too many attempts', and nothing is written",
    async (_name, entry) => {
      const limit = entry.clientLimit!;
      if (entry.target.kind !== "route") throw new Error("per-client limits are checked on route actions");
      const { action } = entry.target;
      const saved = services.env[limit];
      services.env[limit] = 2;
      try {
        const client = { [CLIENT_IP_HEADER]: `192.0.2.${MUTATING_ACTIONS.indexOf(entry)}` };
        const sendAsClient = async () => {
          const call = await entry.prepare(world, "visitor");
          const request = buildRequest({
            method: entry.method,
            cookies: null,
            ...call,
            headers: { ...call.headers, ...client },
          });
          const before = await snapshot(services);
          const outcome = await callRoute(services, action, request, {});
          return { outcome, changes: diff(before, await snapshot(services)) };
        };
        for (let i = 0; i < 2; i++) expect(successProblem((await sendAsClient()).outcome)).toBeNull();
        const { outcome, changes } = await sendAsClient();
        expect(outcome.status).toBe(429);
        expect(outcome.toast?.message).toBe(MESSAGES.tooMany);
        expect(describeDiff(changes)).toEqual([]);
      } finally {
        services.env[limit] = saved;
      }
    },
  );
});

// ---- completeness: a mutating action missing from the list fails here ----

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => fs.readFileSync(`${ROOT}${file.replace(/^\//, "")}`, "utf8");
const routeModules = import.meta.glob("/app/routes/**/*.{ts,tsx}");
const moduleId = (file: string) => file.replace(/^\/app\//, "").replace(/\.tsx?$/, "");
const routeEntries = MUTATING_ACTIONS.filter((e) => e.target.kind === "route");

/** Intents a use case's zod schema decides, which the route's source does not spell out. */
const SCHEMA_INTENTS: Record<string, readonly string[]> = {
  "routes/admin/restaurant": restaurantDecisionSchema.options.map((o) => o.shape.intent.value),
  "routes/admin/reports": reviewDecisionSchema.shape.intent.options,
  "routes/admin/user": accountDecisionSchema.options.map((o) => o.shape.intent.value),
};

/**
 * The intents a route's action handles, read from its source and the shared
 * `*-action.server.ts` helper it hands the request to: `intent === "x"` tests
 * and `x: { run: … }` tables (ownerListAction).
 */
function intentsInSource(file: string): string[] {
  const source = read(file);
  const helpers = [...source.matchAll(/from "~\/(features\/[\w/-]+-action\.server\.ts)"/g)].map(
    (m) => `app/${m[1]}`,
  );
  const text = [source, ...helpers.map(read)].join("\n");
  const found = new Set<string>();
  for (const m of text.matchAll(/intent\s*===\s*"([\w-]+)"/g)) found.add(m[1]!);
  for (const m of text.matchAll(/^\s*([\w-]+):\s*\{\s*run:/gm)) found.add(m[1]!);
  return [...found].toSorted();
}

describe("the list of mutating actions is complete", () => {
  it("names every route module that exports an action, with that module's action", async () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const [file, load] of Object.entries(routeModules)) {
      const mod = (await load()) as { action?: unknown };
      if (typeof mod.action !== "function") continue;
      const entries = routeEntries.filter((e) => e.module === moduleId(file));
      if (entries.length === 0) missing.push(moduleId(file));
      for (const e of entries) {
        if (e.target.kind === "route" && e.target.action !== mod.action) wrong.push(label(e));
      }
    }
    expect(missing, "route modules with an action that the list leaves out").toEqual([]);
    expect(wrong, "entries whose action is not their module's").toEqual([]);
    expect(new Set(routeEntries.map((e) => e.module)).size).toBeGreaterThanOrEqual(23);
  });

  it("names only route modules that exist and export an action", () => {
    const files = new Set(Object.keys(routeModules).map(moduleId));
    expect(routeEntries.map((e) => e.module).filter((m) => !files.has(m))).toEqual([]);
  });

  it("lists every intent each action handles", () => {
    const missing: string[] = [];
    for (const file of Object.keys(routeModules)) {
      const id = moduleId(file);
      const listed = new Set(routeEntries.filter((e) => e.module === id).map((e) => e.intent));
      for (const intent of new Set([...intentsInSource(file), ...(SCHEMA_INTENTS[id] ?? [])])) {
        if (!listed.has(intent)) missing.push(`${id} intent=${intent}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("covers every mutating mount of server/http-app.ts outside React Router", () => {
    const source = read("server/http-app.ts");
    const mounts = [
      ...source.matchAll(/app\.(?:all|post|put|patch|delete|use)\(\s*(\[[^\]]*\]|"[^"]*")/g),
    ].map((m) => m[1]!);
    const listed = MUTATING_ACTIONS.flatMap((e) => (e.target.kind === "express" ? [e.target.mount] : []));
    // "/{*any}" is React Router's own handler: its actions are the route entries above.
    const uncovered = mounts.filter((m) => m !== '"/{*any}"' && !listed.some((l) => m.includes(l)));
    expect(mounts.length).toBeGreaterThanOrEqual(3);
    expect(uncovered).toEqual([]);
  });

  it("covers every better-auth endpoint that can write, and every closed one", () => {
    const api = services.auth.api as unknown as Record<string, { path?: string }>;
    const listed = new Set(MUTATING_ACTIONS.map(authPathOf).filter(Boolean));
    const paths = Object.values(api).flatMap((endpoint) => (endpoint.path ? [endpoint.path] : []));
    expect(paths.filter((p) => !listed.has(p) && !READ_ONLY_AUTH_PATHS.includes(p))).toEqual([]);
    const closed = new Set(
      MUTATING_ACTIONS.filter((e) => e.scope === "closed" && authPathOf(e)).map(authPathOf),
    );
    const disabled = services.auth.options.disabledPaths ?? [];
    expect(disabled.filter((p) => !closed.has(p))).toEqual([]);
  });

  it("covers every method the video upload server writes with", () => {
    // GET, HEAD and OPTIONS read; every other method tus handles writes.
    const writing = Object.keys(services.videos.server.handlers).filter(
      (m) => !["GET", "HEAD", "OPTIONS"].includes(m),
    );
    const listed = MUTATING_ACTIONS.flatMap((e) =>
      e.target.kind === "express" && e.target.mount === "VIDEO_UPLOAD_PATH" ? [e.method] : [],
    );
    expect(writing.filter((m) => !listed.includes(m as MutatingAction["method"]))).toEqual([]);
  });
});
