// CI check (no server needed): after `npm run build`, the gzip size of all the
// JavaScript an anonymous visitor of each public route downloads on first load
// (the client entry, the root route and the page's route module, with their
// static imports; for a route whose visitors get no React, STATIC_FOR_VISITORS or
// staticForVisitorsWith(…), only its islands) must stay within docs/performance.md's budget. Exits 1 when a public
// route is over it; exit 2 when there is no build.
//   npm run check:js-budget            public routes
//   npm run check:js-budget -- --all   every route (only public ones gate)
import { parseArgs } from "node:util";
import {
  islandsDownload,
  loadClientManifest,
  publicRouteIds,
  routeDownload,
  visitorScriptsOf,
  type RouteDownload,
} from "./lib/client-bundle.ts";
import { formatKB, markdownTable } from "./lib/table.ts";

export const JS_BUDGET_BYTES = 110_000;

export interface RouteBudget extends RouteDownload {
  public: boolean;
  /** Anonymous visitors get no React on this route (its handle is STATIC_FOR_VISITORS or staticForVisitorsWith). */
  staticForVisitors: boolean;
  /** The islands such a route sends them instead. */
  islands: string[];
  /** What an anonymous visitor downloads: its islands on a static route, else the hydrating bundle. */
  visitorJsGzipBytes: number;
  overBudget: boolean;
}

export interface JsBudgetResult {
  budgetBytes: number;
  routes: RouteBudget[];
  /** The heaviest chunks among public routes that send visitors scripts. */
  heaviestChunks: { file: string; gzipBytes: number; publicRoutes: number }[];
}

export function measureJsBudget(): JsBudgetResult {
  const manifest = loadClientManifest();
  const publicIds = new Set(publicRouteIds(manifest));
  const routes: RouteBudget[] = Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && route.hasDefaultExport)
    .map((route) => {
      const download = routeDownload(manifest, route.id);
      const isPublic = publicIds.has(route.id);
      const visitor = isPublic ? visitorScriptsOf(route.id) : { staticForVisitors: false, islands: [] };
      const visitorJsGzipBytes = visitor.staticForVisitors
        ? islandsDownload(visitor.islands).jsGzipBytes
        : download.jsGzipBytes;
      return {
        ...download,
        public: isPublic,
        ...visitor,
        visitorJsGzipBytes,
        overBudget: isPublic && visitorJsGzipBytes > JS_BUDGET_BYTES,
      };
    })
    .toSorted(
      (a, b) =>
        Number(b.public) - Number(a.public) ||
        b.visitorJsGzipBytes - a.visitorJsGzipBytes ||
        b.jsGzipBytes - a.jsGzipBytes,
    );
  const chunkUse = new Map<string, { gzipBytes: number; publicRoutes: number }>();
  for (const route of routes.filter((r) => r.public && !r.staticForVisitors)) {
    for (const chunk of route.chunks) {
      const entry = chunkUse.get(chunk.file) ?? { gzipBytes: chunk.gzipBytes, publicRoutes: 0 };
      entry.publicRoutes += 1;
      chunkUse.set(chunk.file, entry);
    }
  }
  const heaviestChunks = [...chunkUse]
    .map(([file, use]) => ({ file, ...use }))
    .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 8);
  return { budgetBytes: JS_BUDGET_BYTES, routes, heaviestChunks };
}

function main() {
  const { values } = parseArgs({ options: { all: { type: "boolean", default: false } } });
  let result: JsBudgetResult;
  try {
    result = measureJsBudget();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const budget = formatKB(result.budgetBytes);
  console.log(
    `JavaScript an anonymous first-time visitor downloads, gzip (budget ${budget} per public route).`,
  );
  console.log("'hydrated' is the bundle whenever scripts are sent (signed-in people, pending toasts).\n");
  console.log(
    markdownTable(
      [
        "route",
        "path",
        "public",
        "visitors get scripts",
        "visitor JS",
        "hydrated JS (files)",
        "CSS",
        "verdict",
      ],
      result.routes
        .filter((r) => values.all || r.public)
        .map((r) => [
          r.routeId,
          r.path,
          r.public ? "yes" : "no",
          r.staticForVisitors
            ? r.islands.length
              ? `islands: ${r.islands.join(", ")}`
              : "no (static)"
            : "yes",
          formatKB(r.visitorJsGzipBytes),
          `${formatKB(r.jsGzipBytes)} (${r.chunks.length})`,
          formatKB(r.cssGzipBytes),
          r.public
            ? r.overBudget
              ? `OVER by ${formatKB(r.visitorJsGzipBytes - result.budgetBytes)}`
              : "ok"
            : "",
        ]),
    ),
  );
  if (result.heaviestChunks.length > 0) {
    console.log("\nHeaviest chunks on public routes that send visitors scripts:\n");
    console.log(
      markdownTable(
        ["chunk", "gzip", "such routes using it"],
        result.heaviestChunks.map((c) => [c.file, formatKB(c.gzipBytes), String(c.publicRoutes)]),
      ),
    );
  }
  const publicCount = result.routes.filter((r) => r.public).length;
  const over = result.routes.filter((r) => r.overBudget);
  if (over.length > 0) {
    console.error(`\n${over.length} of ${publicCount} public routes over the ${budget} JavaScript budget.`);
    process.exit(1);
  }
  console.log(`\nAll ${publicCount} public routes are within the ${budget} JavaScript budget.`);
}

if (import.meta.main) main();
