// CI check (no server needed): after `npm run build`, the gzip size of all the
// JavaScript a visitor of each public route downloads on first load (the client
// entry, the root route and the page's route module, with their static imports)
// must stay within DESIGN §5's budget. Exits 1 when a public route is over it.
//   npm run check:js-budget            public routes
//   npm run check:js-budget -- --all   every route (only public ones gate)
import { parseArgs } from "node:util";
import {
  loadClientManifest,
  publicRouteIds,
  routeDownload,
  type RouteDownload,
} from "./lib/client-bundle.ts";
import { formatKB, markdownTable } from "./lib/table.ts";

export const JS_BUDGET_BYTES = 110_000;

export interface JsBudgetResult {
  budgetBytes: number;
  routes: (RouteDownload & { public: boolean; overBudget: boolean })[];
  heaviestChunks: { file: string; gzipBytes: number; publicRoutes: number }[];
}

export function measureJsBudget(): JsBudgetResult {
  const manifest = loadClientManifest();
  const publicIds = new Set(publicRouteIds(manifest));
  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && route.hasDefaultExport)
    .map((route) => {
      const download = routeDownload(manifest, route.id);
      const isPublic = publicIds.has(route.id);
      return {
        ...download,
        public: isPublic,
        overBudget: isPublic && download.jsGzipBytes > JS_BUDGET_BYTES,
      };
    })
    .toSorted((a, b) => Number(b.public) - Number(a.public) || b.jsGzipBytes - a.jsGzipBytes);
  const chunkUse = new Map<string, { gzipBytes: number; publicRoutes: number }>();
  for (const route of routes.filter((r) => r.public)) {
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
  const shown = result.routes.filter((r) => values.all || r.public);
  console.log(
    `JavaScript a first-time visitor downloads, gzip (budget ${formatKB(result.budgetBytes)} per public route)\n`,
  );
  console.log(
    markdownTable(
      ["route", "path", "public", "files", "JS gzip", "JS raw", "CSS gzip", "verdict"],
      shown.map((r) => [
        r.routeId,
        r.path,
        r.public ? "yes" : "no",
        String(r.chunks.length),
        formatKB(r.jsGzipBytes),
        formatKB(r.jsRawBytes),
        formatKB(r.cssGzipBytes),
        r.public ? (r.overBudget ? `OVER by ${formatKB(r.jsGzipBytes - result.budgetBytes)}` : "ok") : "",
      ]),
    ),
  );
  console.log("\nHeaviest chunks on public routes:\n");
  console.log(
    markdownTable(
      ["chunk", "gzip", "public routes using it"],
      result.heaviestChunks.map((c) => [c.file, formatKB(c.gzipBytes), String(c.publicRoutes)]),
    ),
  );
  const over = result.routes.filter((r) => r.overBudget);
  if (over.length > 0) {
    console.error(
      `\n${over.length} public route(s) over the ${formatKB(result.budgetBytes)} JavaScript budget.`,
    );
    process.exit(1);
  }
  console.log(`\nAll ${result.routes.filter((r) => r.public).length} public routes are within the budget.`);
}

if (import.meta.main) main();
