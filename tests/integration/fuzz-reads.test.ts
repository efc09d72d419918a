import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes.ts";
import { servicesContext } from "~/server/context.ts";
import { describeDiff, diff, snapshot } from "./authorization/db-snapshot.ts";
import { ORIGIN } from "./authorization/route-call.ts";
import { World } from "./authorization/world.ts";
import { PUBLIC_READS, shapeOf, type CheckContext, type PublicRead } from "./fuzz/public-reads.ts";
import {
  describePlan,
  documentUrlOf,
  headersOf,
  paramsOf,
  readPlan,
  urlOf,
  type ReadPlan,
} from "./fuzz/read-plan.ts";
import { cookiesOf, makeReadTargets, type ReadTargets } from "./fuzz/read-world.ts";
import { leaksIn } from "./fuzz/verdict.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * The read side of the fuzz (tests/integration/fuzz.test.ts covers every mutating
 * action): every public route module's loader gets hostile path params and query
 * strings (long values, NUL and control characters, broken percent-encodings,
 * repeated names, 1,000 `avoid`s, page numbers huge, negative or not numbers, Urdu
 * and emoji, SQL, HTML and script, 20+ words to search), in English and under /ur,
 * as a page and as its `.data`, from a visitor, a customer, an approved owner and the
 * owner of a restaurant awaiting approval, some with a forged session, toast or
 * language cookie. Every answer: no error and no 5xx (a 404 or a redirect on the
 * site is fine), nothing internal in it or its meta, nothing of the unapproved
 * restaurant's menu for anyone but its owner, the route's bounds (page sizes, pages
 * clamped, filters applied), a `.data` answer the same as the page's, and no table
 * changed by the reads.
 *
 * FUZZ_READ_RUNS cases per route (default 300); FUZZ_SEED replays a run (each route
 * its own stream: the seed plus its place in the list); FUZZ_READ_ROUTES=/search,/sitemaps
 * runs the routes whose path holds one of those; FUZZ_READ_SUMMARY=1 prints the answers' statuses.
 */
const env = process.env;
const RUNS = Number(env.FUZZ_READ_RUNS ?? 300);
const SEED = Number(env.FUZZ_SEED ?? 909);
const ONLY = env.FUZZ_READ_ROUTES?.split(",").map((p) => p.trim());

let services: TestServices;
let world: World;
let targets: ReadTargets;

beforeAll(async () => {
  services = await createTestServices({
    APPROVAL_MODE: "manual",
    // Every search case runs its queries: none may be refused by the per-address limit.
    SEARCH_MAX_PER_IP: "1000000",
  });
  world = await World.create(services);
  targets = await makeReadTargets(world);
  // React Router warns of each path it cannot decode (the broken escapes are the point).
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith("The URL path")) warn(...args);
  });
}, 120_000);

const summary = new Map<string, Map<string, number>>();
afterAll(async () => {
  vi.restoreAllMocks();
  if (env.FUZZ_READ_SUMMARY) {
    for (const [path, statuses] of summary)
      console.log(`${path.padEnd(56)} ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
  }
  await services?.close();
});

// ---- one case ----

interface ReadAnswer {
  status: number;
  location: string | null;
  /** What was thrown that React Router would answer with a 500. */
  error?: unknown;
  /** A page's data (inside `data(…)` unwrapped); undefined for a Response. */
  data: unknown;
  /** A Response's body (a file, a 404's text); null for data. */
  body: string | null;
}

const isDataWithInit = (value: unknown): value is { data: unknown; init?: ResponseInit | null } =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * Calls the loader as React Router would (server/http-app.ts hands it the services): the
 * request as sent, and `url` without `.data` and `_routes`. Reads what it returned or threw.
 */
async function load(entry: PublicRead, url: string, params: Record<string, string>, headers: Headers) {
  const request = new Request(url, { headers });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const args = { request, url: new URL(documentUrlOf(url)), pattern: entry.path, params, context };
  let value: unknown;
  let thrown = false;
  try {
    value = await entry.loader(args as never);
  } catch (caught) {
    value = caught;
    thrown = true;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      data: undefined,
      body: await value.text(),
    } satisfies ReadAnswer;
  }
  if (isDataWithInit(value)) {
    const location = new Headers(value.init?.headers).get("location");
    return { status: value.init?.status ?? 200, location, data: value.data, body: null } satisfies ReadAnswer;
  }
  // React Router answers anything else thrown (an Error or not) with a 500.
  if (thrown || value instanceof Error)
    return { status: 500, location: null, error: value, data: undefined, body: null } satisfies ReadAnswer;
  return { status: 200, location: null, data: value, body: null } satisfies ReadAnswer;
}

/** What a client reads of an answer, without the keys that echo its own input (bounded by the route's check). */
function readable(entry: PublicRead, answer: ReadAnswer): string {
  if (answer.body !== null) return answer.body;
  const data = answer.data;
  if (typeof data !== "object" || data === null) return JSON.stringify(data) ?? "";
  return JSON.stringify(Object.fromEntries(Object.entries(data).filter(([k]) => !entry.echo.includes(k))));
}

/** The values of a plan, as typed: a file's body must not hold them raw. */
const inputsOf = (plan: ReadPlan) =>
  [...Object.values(plan.params), ...plan.query].map((w) => w.value).filter((v) => /[<>"&]/.test(v));

function metaProblems(entry: PublicRead, plan: ReadPlan, answer: ReadAnswer, params: Record<string, string>) {
  if (!entry.meta || (answer.status !== 200 && answer.status !== 404)) return { text: "", problems: [] };
  const root = { id: "root", loaderData: { origin: ORIGIN, locale: plan.locale } };
  const loaderData = answer.status === 200 ? answer.data : undefined;
  try {
    const meta = entry.meta({ loaderData, data: loaderData, params, matches: [root] } as never);
    const text = JSON.stringify(meta) ?? "";
    const canonical = (meta as { rel?: string; href?: string }[] | undefined)?.find(
      (m) => m.rel === "canonical",
    );
    const offSite = canonical && !canonical.href?.startsWith(`${ORIGIN}/`);
    return { text, problems: offSite ? [`a canonical link off the site: ${canonical.href}`] : [] };
  } catch (error) {
    return { text: "", problems: [`meta threw ${String(error)}`] };
  }
}

function answerProblems(entry: PublicRead, plan: ReadPlan, answer: ReadAnswer, c: CheckContext): string[] {
  if (answer.error !== undefined) {
    const error = answer.error;
    return [
      `threw ${error instanceof Error ? error.stack?.split("\n").slice(0, 4).join(" | ") : JSON.stringify(error)}`,
    ];
  }
  const problems: string[] = [];
  const { status, location } = answer;
  if (status >= 300 && status < 400) {
    if (!location || new URL(location, ORIGIN).origin !== ORIGIN)
      problems.push(`redirects off the site to ${location}`);
  } else if (status !== 200 && status !== 404) problems.push(`answered ${status}`);
  const meta = metaProblems(entry, plan, answer, c.params);
  problems.push(...meta.problems);
  const shown = `${readable(entry, answer)}\n${meta.text}`;
  for (const leak of leaksIn(shown)) problems.push(`shows ${leak}: ${JSON.stringify(shown.slice(0, 300))}`);
  const { pending } = c.targets;
  const secrets = c.reader === "pendingOwner" ? [] : pending.secrets;
  for (const secret of secrets.filter((s) => shown.includes(s)))
    problems.push(`shows ${c.reader} "${secret}" of the restaurant awaiting approval`);
  // A listing never holds it, whoever reads; an owner's own strip on / names their
  // restaurant to them alone, and is left out of the listing for them.
  const listing =
    c.reader === "pendingOwner" && answer.data && typeof answer.data === "object"
      ? readable(entry, { ...answer, data: { ...(answer.data as object), owner: null } })
      : shown;
  const listed = entry.lists ? [pending.restName, pending.urlName] : [];
  for (const secret of listed.filter((s) => listing.includes(s)))
    problems.push(`shows ${c.reader} "${secret}" of the restaurant awaiting approval`);
  if (answer.body !== null && status === 200) {
    for (const input of inputsOf(plan).filter((v) => answer.body!.includes(v)))
      problems.push(`echoes raw input into a file: ${JSON.stringify(input.slice(0, 80))}`);
  }
  if (status === 200) problems.push(...entry.check({ data: answer.data, body: answer.body }, c));
  return problems;
}

function count(path: string, key: string) {
  const statuses = summary.get(path) ?? new Map<string, number>();
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  summary.set(path, statuses);
}

/** Runs one plan against one route; its problems (none when all is well). */
async function fuzzCase(entry: PublicRead, plan: ReadPlan): Promise<string[]> {
  const url = urlOf(entry.path, plan, entry.file);
  const cookies = cookiesOf(world, targets, plan.reader);
  const headers = headersOf(plan, cookies);
  const params = paramsOf(entry.path, url, plan);
  const search = new URL(url).searchParams;
  // A forged session cookie stands in for the reader's own: they read as a visitor.
  const reader = plan.cookie?.name === "session" ? "visitor" : plan.reader;
  const c: CheckContext = { search, params, reader, targets };
  const answer = await load(entry, url, params, headers);
  count(entry.path, `${answer.status}${plan.data ? " .data" : ""}`);
  const problems = answerProblems(entry, plan, answer, c);
  if (plan.data && problems.length === 0) {
    // A script's data request and the page itself are one answer (React Router strips `.data` and `_routes`).
    const page = await load(entry, documentUrlOf(url), params, headersOf({ ...plan, data: false }, cookies));
    const [a, b] = [answer, page].map((x) => `${x.status} ${x.location} ${x.body ?? JSON.stringify(x.data)}`);
    if (a !== b) problems.push(`the .data answer differs from the page's: ${firstDifference(a!, b!)}`);
  }
  return problems.map((p) => `${p}\n    case: ${describePlan(plan, url)}`);
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 60));
  return `.data ${around(a)} ≠ page ${around(b)}`;
}

// ---- the routes ----

describe("fuzz: public reads", () => {
  for (const [index, entry] of PUBLIC_READS.entries()) {
    if (ONLY && !ONLY.some((p) => entry.path.includes(p))) continue;
    const seed = SEED + index * 7919;
    it(
      `GET ${entry.path} (${RUNS} cases)`,
      async () => {
        const before = await snapshot(services);
        const plans = fc.limitShrink(readPlan(shapeOf(entry, targets)), 40);
        const property = fc.asyncProperty(plans, async (plan) => {
          const problems = await fuzzCase(entry, plan);
          if (problems.length > 0) throw new Error(problems.slice(0, 5).join("\n  → "));
        });
        await fc.assert(property, {
          numRuns: RUNS,
          seed,
          reporter(details) {
            if (!details.failed) return;
            const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "";
            throw new Error(
              `GET ${entry.path} failed; replay with FUZZ_SEED=${SEED} (route seed ${seed}, path ${details.counterexamplePath}):\n  → ${cause}`,
            );
          },
        });
        const changes = diff(before, await snapshot(services));
        expect(describeDiff(changes), "the reads changed the database").toEqual([]);
        // Deep enough: a fifth of the cases at least get past "not found" to the page's queries.
        const found = [...(summary.get(entry.path) ?? [])].filter(([status]) =>
          status.startsWith(entry.reached),
        );
        const share = found.reduce((sum, [, n]) => sum + n, 0) / RUNS;
        expect(share, `the share of cases answered ${entry.reached}`).toBeGreaterThanOrEqual(
          entry.path === "/*" ? 0 : 0.2,
        );
      },
      60_000 + RUNS * 200,
    );
  }
});

// ---- completeness: a public loader missing from the list fails here ----

interface RouteConfigEntry {
  file: string;
  path?: string;
  children?: RouteConfigEntry[];
}

const withoutExtension = (file: string) => file.replace(/^\/app\//, "").replace(/\.tsx?$/, "");

/** app/routes.ts's routes with their full paths ("/r/:restaurantName/menu", "/" for the index). */
function* mounted(entries: RouteConfigEntry[], parent = ""): Generator<{ path: string; file: string }> {
  for (const entry of entries) {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    yield { path: path || "/", file: withoutExtension(entry.file) };
    yield* mounted(entry.children ?? [], path);
  }
}

const publicModules = import.meta.glob([
  "/app/routes/public/*.{ts,tsx}",
  "/app/routes/seo/*.{ts,tsx}",
  "/app/routes/not-found.tsx",
]);

describe("the list of public reads is complete", () => {
  it("holds every route module under app/routes/public and app/routes/seo that has a loader, with its loader", async () => {
    const missing: string[] = [];
    for (const [file, importModule] of Object.entries(publicModules)) {
      const { loader } = (await importModule()) as { loader?: unknown };
      if (typeof loader !== "function") continue;
      const entry = PUBLIC_READS.find((e) => e.file === withoutExtension(file));
      if (!entry || entry.loader !== loader) missing.push(withoutExtension(file));
    }
    expect(missing, "public loaders the fuzz does not call").toEqual([]);
  });

  it("calls each at every path app/routes.ts mounts it, and at no other", async () => {
    const routed: string[] = [];
    for (const route of mounted(routes as RouteConfigEntry[])) {
      const importModule = publicModules[`/app/${route.file}.tsx`] ?? publicModules[`/app/${route.file}.ts`];
      if (!importModule) continue;
      const { loader } = (await importModule()) as { loader?: unknown };
      if (typeof loader === "function") routed.push(`${route.path} ${route.file}`);
    }
    expect(PUBLIC_READS.map((e) => `${e.path} ${e.file}`).toSorted()).toEqual(routed.toSorted());
  });
});
