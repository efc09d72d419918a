// Whether this Node.js is one Foodverse runs on, from package.json's `engines`.
// An older one does not fail with words: Node.js 20 segfaults inside better-sqlite3's
// native code. So every entry a person may start with a bare `node` checks first
// (through ./check-node.ts), and names the npm command that brings the project's own Node.js.
import fs from "node:fs";
import path from "node:path";

interface PackageJson {
  engines?: { node?: string };
  devDependencies?: Record<string, string>;
}

/** "22.22" → [22, 22, 0]; null for anything that is not plain digits and dots. */
function parts(version: string): [number, number, number] | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function atLeast(version: [number, number, number], minimum: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) {
    if (version[i]! !== minimum[i]!) return version[i]! > minimum[i]!;
  }
  return true;
}

/** The lowest version `engines.node` allows, when it is the `>=x.y` form package.json uses. */
export function minimumNode(pkg: PackageJson): string | null {
  const range = pkg.engines?.node?.trim() ?? "";
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range);
  return match ? match[1]! : null;
}

/**
 * The one line to print when `current` is older than package.json allows, else null.
 * `command` is what to run instead (npm start, npm run admin …): npm puts the
 * project's own Node.js (the `node` devDependency) first on PATH for its scripts.
 */
export function nodeVersionProblem(current: string, pkg: PackageJson, command: string): string | null {
  const minimum = minimumNode(pkg);
  const have = parts(current);
  const need = minimum ? parts(minimum) : null;
  // A range this check does not read is not a reason to refuse to start.
  if (!have || !need || atLeast(have, need)) return null;
  const own = parts(pkg.devDependencies?.node ?? "");
  const bundled = own ? `the project's own Node.js ${own[0]}` : "the project's own Node.js";
  return (
    `Foodverse needs Node.js ${minimum} or newer (this is ${current.replace(/^v/, "")}). ` +
    `Run it with ${command} (npm uses ${bundled}).`
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

/** Prints the line and exits 1 on a Node.js older than package.json's engines. */
export function exitUnlessNodeFits(): void {
  // Not import.meta.dirname: Node.js before 20.11 has none, and this must run there too.
  const file = new URL("../../package.json", import.meta.url);
  const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as PackageJson;
  const problem = nodeVersionProblem(process.versions.node, pkg, npmCommandFor(process.argv[1]));
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
