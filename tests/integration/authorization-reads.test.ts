import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_OF } from "~/features/accounts/access.server.ts";
import routes from "~/routes.ts";
import type { Role } from "~/server/viewer.queries.server.ts";
import { describeDiff, diff, snapshot } from "./authorization/db-snapshot.ts";
import {
  PROTECTED_PAGES,
  readTargets,
  type PreparedRead,
  type ProtectedPage,
} from "./authorization/protected-pages.ts";
import { buildRequest, callLoader, type LoaderAnswer } from "./authorization/route-call.ts";
import { ACTORS, World, type Actor } from "./authorization/world.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
let world: World;

beforeAll(async () => {
  // Manual approval, so the admin's queue has a restaurant waiting.
  services = await createTestServices({ APPROVAL_MODE: "manual" });
  world = await World.create(services);
  await readTargets(world);
}, 120_000);
afterAll(() => services.close());

const ROLE_OF: Record<Exclude<Actor, "visitor">, Role> = {
  customer: "customer",
  anotherCustomer: "customer",
  restaurantOwner: "restaurant",
  anotherRestaurant: "restaurant",
  admin: "admin",
};

/** The actors that own the targets of an owner-scoped page. */
const OWNERS: Record<Role, Actor> = { restaurant: "restaurantOwner", customer: "customer", admin: "admin" };

type Expectation = "allowed" | "sees own" | "not the owner" | "other role" | "signed out";

/**
 * What an actor must get: the page (its secrets shown to the owner), a page of their
 * own (self pages of the role's other actor), a 404 or a redirect away (someone
 * else's target), their own area or a 4xx (another role), the login screen (visitor).
 */
function expectationOf(entry: ProtectedPage, actor: Actor): Expectation {
  if (actor === "visitor") return "signed out";
  if (ROLE_OF[actor] !== entry.role) return "other role";
  if (entry.scope === "role" || actor === OWNERS[entry.role]) return "allowed";
  return entry.scope === "self" ? "sees own" : "not the owner";
}

const FILE_CHECKS: Record<Exclude<ProtectedPage["answer"], "page">, [RegExp, (b: Buffer) => boolean]> = {
  png: [/^image\/png$/, (b) => b.subarray(0, 8).equals(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"))],
  svg: [/^image\/svg\+xml/, (b) => /^(<\?xml[^>]*>\s*)?<svg[\s>]/.test(b.toString("utf8"))],
  csv: [/^text\/csv/, (b) => b.length > 0 && b.toString("utf8").includes(",")],
  xlsx: [/spreadsheetml\.sheet$/, (b) => b.subarray(0, 2).toString("latin1") === "PK"],
  json: [/^application\/json/, (b) => typeof JSON.parse(b.toString("utf8")) === "object"],
};

function successProblem(entry: ProtectedPage, read: PreparedRead, answer: LoaderAnswer) {
  if (answer.status !== 200)
    return `status ${answer.status} ${answer.location ?? ""} ${answer.text.slice(0, 300)}`;
  if (answer.toast && answer.toast.level !== "success")
    return `${answer.toast.level} toast "${answer.toast.message}"`;
  if (entry.answer !== "page") {
    const [type, looksRight] = FILE_CHECKS[entry.answer];
    if (!type.test(answer.contentType ?? ""))
      return `content type ${answer.contentType}, not ${entry.answer}`;
    if (!looksRight(Buffer.from(answer.bytes ?? []))) return `the body is not a ${entry.answer}`;
  }
  const missing = read.secrets.filter((s) => !answer.text.includes(s));
  return missing.length ? `the owner's answer does not show ${JSON.stringify(missing)}` : null;
}

/** What is wrong with an answer that must not be the page, or null. */
function refusalProblem(expectation: Expectation, actor: Actor, read: PreparedRead, answer: LoaderAnswer) {
  const redirected = answer.status >= 300 && answer.status < 400 && answer.location !== null;
  const toLogin = /^\/(login|sign-in)\?/.test(answer.location ?? "");
  if (expectation === "signed out") {
    const back = toLogin && new URL(answer.location!, "http://x").searchParams.get("redirectTo");
    return redirected && back === read.path
      ? null
      : `not sent to log in and back: ${answer.status} ${answer.location}`;
  }
  if (expectation === "other role") {
    const home = HOME_OF[ROLE_OF[actor as Exclude<Actor, "visitor">]];
    if (redirected) return answer.location === home ? null : `redirected to ${answer.location}, not ${home}`;
    return answer.status >= 400 && answer.status < 500 ? null : `status ${answer.status}`;
  }
  // Someone else's target: not found, or back to a list of one's own.
  if (redirected) return toLogin ? `sent to log in (${answer.location})` : null;
  return answer.status >= 400 && answer.status < 500 ? null : `status ${answer.status}`;
}

function problemOf(
  entry: ProtectedPage,
  actor: Actor,
  expectation: Expectation,
  read: PreparedRead,
  answer: LoaderAnswer,
) {
  if (expectation === "allowed") return successProblem(entry, read, answer);
  // The other restaurant (or customer) on a page of their own: theirs, with none of the owner's texts.
  if (expectation === "sees own") return successProblem(entry, { ...read, secrets: [] }, answer);
  return refusalProblem(expectation, actor, read, answer);
}

const cells = PROTECTED_PAGES.flatMap((entry) =>
  ACTORS.map((actor) => {
    const expectation = expectationOf(entry, actor);
    return [`GET ${entry.path} × ${actor} → ${expectation}`, entry, actor, expectation] as const;
  }),
);

describe("read matrix: every protected page × every actor", () => {
  it.each(cells)("%s", async (_name, entry, actor, expectation) => {
    const read = await entry.prepare(world, actor);
    expect(
      read.secrets.filter((s) => !s || read.path.includes(s)),
      "secrets must be texts, not the path",
    ).toEqual([]);
    const request = buildRequest({ method: "GET", path: read.path, cookies: world.cookiesOf(actor) });
    const before = await snapshot(services);
    const answer = await callLoader(services, entry.loader, request, read.params);
    const changes = diff(before, await snapshot(services));

    expect(answer.error, String(answer.error)).toBeUndefined();
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    expect(problemOf(entry, actor, expectation, read, answer)).toBeNull();
    // Only the allowed reader's answer may hold the target's texts.
    const leaked = expectation === "allowed" ? [] : read.secrets.filter((s) => answer.text.includes(s));
    expect(leaked, `${actor} got the owner's texts: ${answer.text.slice(0, 500)}`).toEqual([]);
    expect(describeDiff(changes), JSON.stringify(changes).slice(0, 2000)).toEqual([]);
  });
});

// ---- completeness: a protected page missing from the list fails here ----

interface RouteNode {
  file: string;
  path?: string;
  children?: RouteNode[];
}

/** Every route of app/routes.ts with its full path, as React Router reads them. */
function fullRoutes(nodes: RouteNode[], prefix = ""): { path: string; file: string }[] {
  return nodes.flatMap((node) => {
    const path = [prefix, node.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, file: node.file }, ...fullRoutes(node.children ?? [], path)];
  });
}

const PROTECTED = /^routes\/(restaurant|customer|admin)\//;
const routeModules = import.meta.glob("/app/routes/**/*.{ts,tsx}");
const moduleId = (file: string) => file.replace(/^\/?(app\/)?/, "").replace(/\.tsx?$/, "");

async function loaderOf(file: string): Promise<unknown> {
  const load = routeModules[`/app/${file}`];
  if (!load) throw new Error(`no module ${file}`);
  return ((await load()) as { loader?: unknown }).loader;
}

describe("the list of protected pages is complete", () => {
  const protectedRoutes = fullRoutes(routes as RouteNode[]).filter((r) => PROTECTED.test(r.file));

  it("names every path of app/routes.ts whose restaurant, customer or admin module has a loader", async () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const loader = await loaderOf(route.file);
      if (typeof loader !== "function") continue;
      const entry = PROTECTED_PAGES.find((e) => e.path === route.path);
      if (!entry) missing.push(`${route.path} (${route.file})`);
      else if (entry.loader !== loader) wrong.push(route.path);
    }
    expect(missing, "protected pages with a loader that the list leaves out").toEqual([]);
    expect(wrong, "entries whose loader is not the route's").toEqual([]);
  });

  it("names every route module with a loader under those folders, and only paths that exist", async () => {
    const paths = new Set(PROTECTED_PAGES.map((e) => e.path));
    const listed = new Set(protectedRoutes.filter((r) => paths.has(r.path)).map((r) => moduleId(r.file)));
    const unlisted: string[] = [];
    for (const [file, load] of Object.entries(routeModules)) {
      if (!PROTECTED.test(moduleId(file))) continue;
      const mod = (await load()) as { loader?: unknown };
      if (typeof mod.loader === "function" && !listed.has(moduleId(file))) unlisted.push(moduleId(file));
    }
    expect(unlisted).toEqual([]);
    const routed = new Set(protectedRoutes.map((r) => r.path));
    expect(PROTECTED_PAGES.map((e) => e.path).filter((p) => !routed.has(p))).toEqual([]);
    expect(new Set(PROTECTED_PAGES.map((e) => e.path)).size).toBe(PROTECTED_PAGES.length);
    expect(PROTECTED_PAGES.length).toBeGreaterThanOrEqual(40);
  });
});
