import fs from "node:fs";
import path from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

/**
 * The islands trap (ADR 0012, 0013): an anonymous visitor of a page whose route
 * `handle` is STATIC_FOR_VISITORS / staticForVisitorsWith(...) gets its HTML and
 * no React, so an event handler (onClick, onChange, onSubmit…) or a state/effect
 * hook in what that page renders does nothing for them, silently. Such behaviour
 * must be an island (app/islands/), or be rendered only to people React serves.
 *
 * How this checks it, statically and without rendering (so no data or browser is
 * needed, and a new branch of a component cannot slip past unrendered): each
 * static route module, and app/root.tsx which wraps every page, is parsed with
 * Vite's parser (the one that builds the app), and its imports are followed
 * transitively within app/ (type-only imports and *.server.ts modules are
 * skipped: they run no browser code). In every module reached it looks for JSX attributes named on[A-Z]… and
 * calls of the hooks below. A finding is allowed when
 * - the module imports a behaviour module that one of the route's declared islands
 *   also imports (e.g. Carousel and carousel.island.ts both run
 *   carousel-behaviour.ts: the island does for visitors what the effect does for
 *   React), or
 * - the module is in KNOWN below, with the reason it never acts for a visitor.
 * Anything else fails the test with the route, the chain of imports and the line.
 */
const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");

const HOOKS = new Set([
  "useState",
  "useReducer",
  "useEffect",
  "useLayoutEffect",
  "useInsertionEffect",
  "useSyncExternalStore",
  "useActionState",
  "useOptimistic",
  "useTransition",
  "useFetcher",
  "useSubmit",
  "useNavigate",
]);

/**
 * Modules whose handlers or hooks never matter to an anonymous visitor of a static
 * page, each with the reason. Keep it short: a new entry needs a reason that holds.
 */
const KNOWN: Record<string, string> = {
  "app/components/ui/toasts.tsx":
    "the toast host: a page with a toast to show is sent with React (root.tsx `scripts`), so a visitor never gets a toast without it",
  "app/components/ui/use-toast-message.ts": "shows a toast, which comes with React as above",
};

interface Finding {
  what: string;
  line: number;
}

interface Module {
  imports: string[];
  findings: Finding[];
}

const cache = new Map<string, Module>();

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  return null;
}

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function parse(file: string): Module {
  const known = cache.get(file);
  if (known) return known;
  const text = fs.readFileSync(file, "utf8");
  const { program, errors } = parseSync(file, text);
  expect(errors, rel(file)).toEqual([]);
  const module: Module = { imports: [], findings: [] };
  const lineOf = (node: Node) => text.slice(0, node.start).split("\n").length;
  const follow = (source: unknown) => {
    if (!isNode(source) || typeof source.value !== "string") return;
    const target = resolve(file, source.value);
    if (target && target.startsWith(app) && !/\.server\.tsx?$/.test(target)) module.imports.push(target);
  };
  const visit = (node: Node) => {
    switch (node.type) {
      case "ImportDeclaration": {
        const specifiers = node.specifiers as { importKind?: string }[];
        const typeOnly =
          node.importKind === "type" ||
          (specifiers.length > 0 && specifiers.every((s) => s.importKind === "type"));
        if (!typeOnly) follow(node.source);
        break;
      }
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (node.exportKind !== "type") follow(node.source);
        break;
      case "ImportExpression":
        follow(node.source);
        break;
      case "JSXAttribute": {
        const name = node.name as Node & { name?: string };
        if (name.type === "JSXIdentifier" && /^on[A-Z]/.test(name.name ?? ""))
          module.findings.push({ what: `${name.name}={…}`, line: lineOf(node) });
        break;
      }
      case "CallExpression": {
        const callee = node.callee as Node & { name?: string; property?: { name?: string } };
        const name =
          callee.type === "Identifier"
            ? callee.name
            : callee.type === "MemberExpression"
              ? callee.property?.name
              : "";
        if (name && HOOKS.has(name)) module.findings.push({ what: `${name}()`, line: lineOf(node) });
        break;
      }
    }
    for (const value of Object.values(node)) {
      const children: unknown[] = Array.isArray(value) ? value : [value];
      for (const child of children) if (isNode(child)) visit(child);
    }
  };
  visit(program as unknown as Node);
  cache.set(file, module);
  return module;
}

/** Every module reached from `entry`, with the import chain that reached it first. */
function reach(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of parse(file).imports) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** The route modules marked static for visitors, with the islands each declares. */
function staticRoutes(): { file: string; islands: string[] }[] {
  const routes: { file: string; islands: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, "utf8");
        const handle =
          // Bare, or wrapped in keptForRoles(…) (ADR 0028).
          /export const handle\s*=\s*(?:keptForRoles\()?(STATIC_FOR_VISITORS|staticForVisitorsWith\(([^)]*)\))/.exec(
            text,
          );
        if (!handle) continue;
        const islands = [...(handle[2] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
        routes.push({ file: full, islands });
      }
    }
  };
  walk(path.join(app, "routes"));
  return routes;
}

/** Modules an island runs (what its entry reaches), by island name. */
function islandModules(name: string): Set<string> {
  const entry = path.join(app, "islands", `${name}.island.ts`);
  expect(fs.existsSync(entry), `app/islands/${name}.island.ts`).toBe(true);
  return new Set([...reach(entry).keys()].filter((f) => f !== entry));
}

/** What `route` renders that does nothing for a visitor: one line each, with the import chain. */
function problemsOf(route: { file: string; islands: string[] }): string[] {
  const problems: string[] = [];
  const covered = new Set(route.islands.flatMap((name) => [...islandModules(name)]));
  const chains = new Map([...reach(path.join(app, "root.tsx")), ...reach(route.file)]);
  for (const [file, chain] of chains) {
    const module = parse(file);
    if (module.findings.length === 0 || rel(file) in KNOWN) continue;
    // The same behaviour module as a declared island: React mounts it for signed-in people, the island for visitors.
    if (module.imports.some((imported) => covered.has(imported))) continue;
    for (const finding of module.findings)
      problems.push(
        `${rel(route.file)}: ${finding.what} at ${rel(file)}:${finding.line} (via ${chain.map(rel).join(" → ")})`,
      );
  }
  return problems;
}

describe("pages static for visitors", () => {
  const routes = staticRoutes();

  it("are found (the check looks at something)", () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.some((r) => r.islands.length > 0)).toBe(true);
  });

  it("render no event handler or state/effect hook a visitor would need, outside an island", () => {
    expect(routes.flatMap(problemsOf)).toEqual([]);
  });

  it("would catch the item page's carousel if the page did not declare its island", () => {
    const itemPage = routes.find((r) => rel(r.file) === "app/routes/public/menu-item.tsx");
    expect(itemPage?.islands).toEqual(["carousel"]);
    const withoutIsland = problemsOf({ ...itemPage!, islands: [] });
    expect(withoutIsland.some((p) => p.includes("app/components/ui/carousel.tsx"))).toBe(true);
  });
});
