// The one build check (docs/decisions/0036). `npm run admin`, `npm run demo` and the
// benchmarks build when there is no build and warn when a source file is newer than it.
// server.ts never builds: in production it refuses a missing or stale build in one line,
// so several processes started at once never write into one build/. `npm start`'s first
// step (scripts/build-if-needed.ts) builds only when there is none, under a lock.
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

export interface BuildPolicy {
  /** "build" (the default): `npm run build`, one process at a time; "refuse": exit 1 with one line. */
  whenMissing?: "build" | "refuse";
  /**
   * "warn": use it and say so (a server may be running from it); "build": build again;
   * "refuse": exit 1 with one line, or warn when STALE_BUILD=warn (tests and benchmarks
   * that must not rebuild under a running app); "ignore": leave it to the next step.
   */
  whenStale: "warn" | "build" | "refuse" | "ignore";
}
let warned = false;

/** The build's state: none, older than a source file (`changed`), or fresh. */
export type BuildState = { missing: true } | { missing: false; changed: string | null };
export type BuildAction =
  { do: "use" } | { do: "build"; message: string } | { do: "refuse" | "warn"; line: string };

/** What `policy` does with a build in `state`; `staleBuild` is STALE_BUILD. */
export function buildAction(state: BuildState, policy: BuildPolicy, staleBuild?: string): BuildAction {
  const rerun = "Run `npm run build` first.";
  if (state.missing) {
    return policy.whenMissing === "refuse"
      ? {
          do: "refuse",
          line: `Foodverse could not start: there is no build (build/server/index.js). ${rerun}`,
        }
      : { do: "build", message: "Building the app (first start, about a minute)…" };
  }
  if (!state.changed) return { do: "use" };
  const older = `the build is older than the sources (${state.changed} changed)`;
  let whenStale = policy.whenStale;
  if (whenStale === "refuse" && staleBuild === "warn") whenStale = "warn";
  switch (whenStale) {
    case "refuse":
      return { do: "refuse", line: `Foodverse could not start: ${older}. ${rerun}` };
    case "build":
      return {
        do: "build",
        message: `The build is older than the sources (${state.changed} changed): building again (about a minute)…`,
      };
    case "warn":
      return {
        do: "warn",
        line: `Warning: ${older} and is used as it is. Run \`npm run build\` to bring it up to date.`,
      };
    case "ignore":
      return { do: "use" };
  }
}

function buildState(): BuildState {
  if (!fs.existsSync(BUILD_ENTRY)) return { missing: true };
  const newer = newerSource(fs.statSync(BUILD_ENTRY).mtimeMs);
  return { missing: false, changed: newer ? path.relative(ROOT, newer.file) : null };
}

/** Makes sure build/ exists, and does what `policy` says when it is older than the sources. */
export function ensureBuild(policy: BuildPolicy): void {
  const action = buildAction(buildState(), policy, process.env.STALE_BUILD);
  if (action.do === "refuse") {
    console.error(action.line);
    process.exit(1);
  }
  if (action.do === "warn" && !warned) {
    warned = true;
    console.error(action.line);
  }
  if (action.do === "build") {
    // Checked again once the lock is ours: another command may have built meanwhile.
    buildOnce(action.message, () => buildAction(buildState(), policy).do === "build");
  }
}

/** The server build (server/index.ts bundled), checked (or built) first by ensureBuild. */
export async function loadServerBuild(policy: BuildPolicy): Promise<ServerBuild> {
  ensureBuild(policy);
  return (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
}
export type ServerBuild = typeof import("../server/index.ts");

/** Where the process building the app writes its pid: one build at a time. */
const BUILD_LOCK = path.join(ROOT, "node_modules", ".cache", "foodverse-build.lock");
/** A lock older than this is left over from a build that was killed. */
const LOCK_ABANDONED_MS = 15 * 60_000;

/**
 * Builds under BUILD_LOCK when `stillNeeded()` holds once the lock is ours: two
 * commands started at once on a fresh checkout build once, the second waits and uses it.
 */
function buildOnce(message: string, stillNeeded: () => boolean): void {
  fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  let waiting = false;
  for (;;) {
    try {
      fs.writeFileSync(BUILD_LOCK, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (lockAbandoned()) {
      fs.rmSync(BUILD_LOCK, { force: true });
      continue;
    }
    if (!waiting) console.error("Waiting for the build another command is making…");
    waiting = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  let failed: { status: number | null; output: string } | null = null;
  try {
    if (stillNeeded()) {
      // stdout stays free for the caller's own output (npm run admin prints one line).
      console.error(message);
      const built = runQuietly("npm", ["run", "build"]);
      if (!built.ok) failed = built;
    }
  } finally {
    fs.rmSync(BUILD_LOCK, { force: true });
  }
  if (failed) {
    process.stderr.write(failed.output);
    console.error("npm run build failed.");
    process.exit(failed.status ?? 1);
  }
}

/** The lock's holder is gone (or the lock is so old that its pid may be someone else's). */
function lockAbandoned(): boolean {
  let pid = 0;
  let mtimeMs = 0;
  try {
    pid = Number(fs.readFileSync(BUILD_LOCK, "utf8"));
    mtimeMs = fs.statSync(BUILD_LOCK).mtimeMs;
  } catch {
    return false; // released between our attempt and this look: try again
  }
  if (Date.now() - mtimeMs > LOCK_ABANDONED_MS) return true;
  // The holder writes its pid just after creating the file: an empty file is a lock being taken.
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - mtimeMs > 5_000;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
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
