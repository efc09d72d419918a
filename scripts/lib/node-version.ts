// Whether this Node.js is the one Foodverse runs on: the major version of the `node`
// devDependency, which `npm install` installs and every npm script runs on. Another
// major does not fail with words: Node.js 20 segfaults inside better-sqlite3's native
// code, and native modules are built for one Node ABI. So every entry a person may start
// with a bare `node` checks first (through ./check-node.ts), and names the npm command
// that brings the project's own Node.js.
import fs from "node:fs";
import path from "node:path";

interface PackageJson {
  devDependencies?: Record<string, string>;
}

/** "v24.21.0" → 24; null for anything that does not start with a number. */
function majorOf(version: string): number | null {
  const match = /^v?(\d+)(?:\.|$)/.exec(version.trim());
  return match ? Number(match[1]) : null;
}

/** The major version of the `node` devDependency ("24.21.0" → 24). */
export function pinnedNodeMajor(pkg: PackageJson): number | null {
  return majorOf(pkg.devDependencies?.node ?? "");
}

/**
 * The one line to print when `current` is not the pinned major, else null.
 * `command` is what to run instead (npm start, npm run admin …): npm puts the
 * project's own Node.js (the `node` devDependency) first on PATH for its scripts.
 */
export function nodeVersionProblem(current: string, pkg: PackageJson, command: string): string | null {
  const need = pinnedNodeMajor(pkg);
  const have = majorOf(current);
  // A pin or a version this check does not read is not a reason to refuse to start.
  if (need === null || have === null || have === need) return null;
  return (
    `Foodverse needs Node ${need}; this is Node ${current.trim().replace(/^v/, "")}. ` +
    `Run it through npm (${command}), which uses the project's Node.`
  );
}

/** What to run instead of `node <entry>`: the npm script that starts the same file. */
export function npmCommandFor(entry: string | undefined): string {
  const name = path.basename(entry ?? "");
  const scripts: Record<string, string> = {
    "admin.ts": "npm run admin -- …",
    "demo.ts": "npm run demo",
    "backup.ts": "npm run backup",
    "restore.ts": "npm run restore -- …",
  };
  return scripts[name] ?? "npm start";
}

/** Prints the line and exits 1 on a Node.js of another major than the pinned one. */
export function exitUnlessNodeFits(): void {
  // Not import.meta.dirname: Node.js before 20.11 has none, and this must run there too.
  const file = new URL("../../package.json", import.meta.url);
  const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as PackageJson;
  const problem = nodeVersionProblem(process.versions.node, pkg, npmCommandFor(process.argv[1]));
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
