// Reads the client build (build/client) the way a browser loads it: React Router's
// manifest says which modules a route needs; each chunk's static imports are
// followed too. Sizes are gzip at compression's default level, as the server sends them.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "./app-server.ts";

const CLIENT_DIR = path.join(REPO_ROOT, "build", "client");

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}

export interface ManifestRoute extends ManifestEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
}

export interface ClientManifest {
  url: string;
  version: string;
  entry: ManifestEntry;
  routes: Record<string, ManifestRoute>;
}

/** The React Router manifest the build wrote as build/client/assets/manifest-{version}.js. */
export function loadClientManifest(): ClientManifest {
  const assets = path.join(CLIENT_DIR, "assets");
  if (!fs.existsSync(assets)) throw new Error("No client build: run `npm run build` first.");
  const files = fs.readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1)
    throw new Error(`Expected one manifest-*.js in build/client/assets, found ${files.length}.`);
  const text = fs.readFileSync(path.join(assets, files[0]!), "utf8").trim();
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as ClientManifest;
}

/** Public pages: the route modules under app/routes/public/ and the not-found page. */
export function publicRouteIds(manifest: ClientManifest): string[] {
  return Object.values(manifest.routes)
    .filter((r) => r.hasDefaultExport && (r.id.startsWith("routes/public/") || r.id === "routes/not-found"))
    .map((r) => r.id);
}

export interface VisitorScripts {
  /** Anonymous visitors get no React on this route (its handle is STATIC_FOR_VISITORS or staticForVisitorsWith). */
  staticForVisitors: boolean;
  /** The islands (app/islands) such a page still sends them. */
  islands: string[];
}

/**
 * Read-only public pages send anonymous visitors no React when their route module
 * says so (`export const handle = STATIC_FOR_VISITORS` or `staticForVisitorsWith("carousel")`, perhaps in `keptForRoles(…)`,
 * app/lib/static-page.ts; root.tsx then leaves <Scripts> out). Read from the route's source file.
 */
export function visitorScriptsOf(routeId: string): VisitorScripts {
  for (const ext of [".tsx", ".ts", ".jsx", ".js"]) {
    const file = path.join(REPO_ROOT, "app", `${routeId}${ext}`);
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, "utf8");
    // Bare, or wrapped in keptForRoles(…) (ADR 0028).
    const handle = /export\s+const\s+handle\s*=\s*(?:keptForRoles\()?/.source;
    if (new RegExp(`${handle}STATIC_FOR_VISITORS\\b|staticForVisitors\\s*:\\s*true`).test(source)) {
      return { staticForVisitors: true, islands: [] };
    }
    const withIslands = new RegExp(`${handle}staticForVisitorsWith\\(([^)]*)\\)`).exec(source);
    if (withIslands) {
      const islands = [...withIslands[1]!.matchAll(/["']([\w-]+)["']/g)].map((m) => m[1]!);
      return { staticForVisitors: true, islands };
    }
  }
  return { staticForVisitors: false, islands: [] };
}

/** The URL pattern of a route (its parents' paths joined). */
export function routePath(manifest: ClientManifest, routeId: string): string {
  const parts: string[] = [];
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}

const STATIC_IMPORT = /\s*import\s*(?:[^"'`;()]*?\sfrom\s*|[^"'`;()]*?from)?\s*["']([^"']+)["']\s*;?/y;

/** Relative static imports at the top of an ES module chunk (dynamic import() is not followed). */
function staticImportsOf(file: string, source: string): string[] {
  const found: string[] = [];
  STATIC_IMPORT.lastIndex = 0;
  for (let m = STATIC_IMPORT.exec(source); m; m = STATIC_IMPORT.exec(source)) {
    const specifier = m[1]!;
    if (specifier.startsWith(".")) found.push(path.posix.join(path.posix.dirname(file), specifier));
  }
  return found;
}

const sizeCache = new Map<string, { raw: number; gzip: number; source: string }>();
function sizeOf(file: string) {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(CLIENT_DIR, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length, source: bytes.toString("utf8") };
    sizeCache.set(file, size);
  }
  return size;
}

export interface Download {
  chunks: { file: string; gzipBytes: number; rawBytes: number }[];
  jsGzipBytes: number;
  jsRawBytes: number;
}

export interface RouteDownload extends Download {
  routeId: string;
  path: string;
  cssGzipBytes: number;
}

/** The given modules and everything they import statically, each file once. */
function download(modules: Iterable<string>): Download {
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    for (const imported of staticImportsOf(file, sizeOf(file).source)) visit(imported);
  };
  for (const file of modules) visit(file);
  const chunks = [...js].map((file) => {
    const { gzip, raw } = sizeOf(file);
    return { file: path.posix.basename(file), gzipBytes: gzip, rawBytes: raw };
  });
  return {
    chunks,
    jsGzipBytes: chunks.reduce((n, c) => n + c.gzipBytes, 0),
    jsRawBytes: chunks.reduce((n, c) => n + c.rawBytes, 0),
  };
}

/** Everything a first visit to `routeId` loads: the client entry, then root → … → the route. */
export function routeDownload(manifest: ClientManifest, routeId: string): RouteDownload {
  const chain: ManifestEntry[] = [];
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    chain.unshift(route);
  }
  if (chain.length === 0) throw new Error(`No route ${routeId} in the manifest.`);
  chain.unshift(manifest.entry);

  const modules = chain.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]);
  // With routeDiscovery "initial" the whole manifest file is loaded too; the
  // default ("lazy") inlines the part the page needs in the HTML instead.
  if (manifestIsLoaded()) modules.push(manifest.url);
  const css = new Set(chain.flatMap((entry) => entry.css ?? []));
  return {
    routeId,
    path: routePath(manifest, routeId),
    ...download(modules),
    cssGzipBytes: [...css].reduce((n, file) => n + sizeOf(file).gzip, 0),
  };
}

/** What the islands of a page without React load (build/islands.json, written by the build). */
export function islandsDownload(names: string[]): Download {
  const file = path.join(REPO_ROOT, "build", "islands.json");
  if (names.length === 0) return download([]);
  if (!fs.existsSync(file)) throw new Error("No build/islands.json: run `npm run build` first.");
  const built = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { file: string }>;
  return download(
    names.map((name) => {
      const island = built[name];
      if (!island) throw new Error(`The build has no island "${name}".`);
      return island.file;
    }),
  );
}

let manifestLoaded: boolean | undefined;
function manifestIsLoaded(): boolean {
  if (manifestLoaded === undefined) {
    const config = fs.readFileSync(path.join(REPO_ROOT, "react-router.config.ts"), "utf8");
    manifestLoaded = /routeDiscovery[\s\S]{0,80}["']initial["']/.test(config);
  }
  return manifestLoaded;
}
