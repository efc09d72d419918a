// "Build first if there is no build", in one place: `npm start` (server.ts),
// `npm run demo`, `npm run admin` and the benchmarks all run the production
// build in build/. This builds it when it is missing, and when a source file is
// newer than it either builds again or says so, never silently.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
/** What `npm run build` writes last: its time is the build's time. */
export const BUILD_ENTRY = path.join(ROOT, "build", "server", "index.js");
/** What goes into the build (tests excepted). server.ts and scripts/ run from source. */
const SOURCE_DIRS = ["app", "server", "db", "build-tools", "public"];
const SOURCE_FILES = ["package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const NOT_BUILT = /\.test\.tsx?$/;

/** The newest source file, if it is newer than the build. */
export function newerSource(buildTime: number): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const consider = (file: string) => {
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs > buildTime && (!newest || mtimeMs > newest.mtimeMs)) newest = { file, mtimeMs };
  };
  for (const dir of SOURCE_DIRS) {
    const full = path.join(ROOT, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !NOT_BUILT.test(entry.name)) consider(path.join(entry.parentPath, entry.name));
    }
  }
  for (const file of SOURCE_FILES) {
    if (fs.existsSync(path.join(ROOT, file))) consider(path.join(ROOT, file));
  }
  return newest;
}

export type WhenStale = "rebuild" | "warn";
let warned = false;

/**
 * Makes sure build/ exists and says whether it is older than the sources.
 * `whenStale`: "rebuild" (npm start) builds again; "warn" (a command that may run
 * beside a server using this build) uses it and says so. STALE_BUILD=warn|rebuild
 * overrides it (the browser tests build once and keep that build).
 */
export function ensureBuild(options: { whenStale: WhenStale }): void {
  const override = process.env.STALE_BUILD;
  const whenStale: WhenStale = override === "warn" || override === "rebuild" ? override : options.whenStale;
  if (!fs.existsSync(BUILD_ENTRY)) {
    build("Building the app (first start, about a minute)…");
    return;
  }
  const newer = newerSource(fs.statSync(BUILD_ENTRY).mtimeMs);
  if (!newer) return;
  const changed = path.relative(ROOT, newer.file);
  if (whenStale === "rebuild") {
    build(`The build is older than the sources (${changed} changed): building again (about a minute)…`);
  } else if (!warned) {
    warned = true;
    console.error(
      `Warning: the build is older than the sources (${changed} changed) and is used as it is. ` +
        "Run `npm run build` to bring it up to date.",
    );
  }
}

/** The server build (server/index.ts bundled), built or checked first by ensureBuild. */
export async function loadServerBuild(options: { whenStale: WhenStale }): Promise<ServerBuild> {
  ensureBuild(options);
  return (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
}
export type ServerBuild = typeof import("../server/index.ts");

function build(message: string): void {
  // stdout stays free for the caller's own output (npm run admin prints one line).
  console.error(message);
  const built = runQuietly("npm", ["run", "build"]);
  if (!built.ok) {
    process.stderr.write(built.output);
    console.error("npm run build failed.");
    process.exit(built.status ?? 1);
  }
}

/**
 * Runs a command with its output held back: a build prints some 180 lines that say
 * nothing to a person starting the app, unless it fails; then they are the reason.
 */
export function runQuietly(
  command: string,
  args: string[],
  options: { cwd?: string } = {},
): { ok: true } | { ok: false; status: number | null; output: string } {
  const run = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status === 0) return { ok: true };
  const why = run.error ? `${run.error.message}\n` : "";
  return { ok: false, status: run.status, output: `${run.stdout ?? ""}${run.stderr ?? ""}${why}` };
}
