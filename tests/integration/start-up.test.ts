// The newcomer's first start: an older Node.js started by hand is told
// what to run (no segfault), the build's output is held back unless it fails, and
// the start ends with one readable line. `npm start` itself: tests/e2e/start-up.spec.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAction, runQuietly } from "../../scripts/ensure-build.ts";
import { nodeVersionProblem, npmCommandFor } from "../../scripts/lib/node-version.ts";
import { lanAddress, readyLine } from "../../scripts/lib/ready-line.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  devDependencies: { node: string };
};
const ownMajor = Number(pkg.devDependencies.node.split(".")[0]);

describe("the Node.js version check", () => {
  it("names the major needed, the version running and the npm command to use", () => {
    expect(nodeVersionProblem("20.20.2", pkg, "npm start")).toBe(
      `Foodverse needs Node ${ownMajor}; this is Node 20.20.2. ` +
        "Run it through npm (npm start), which uses the project's Node.",
    );
    expect(nodeVersionProblem("v20.20.2", pkg, "npm run demo")).toBe(
      `Foodverse needs Node ${ownMajor}; this is Node 20.20.2. ` +
        "Run it through npm (npm run demo), which uses the project's Node.",
    );
    expect(nodeVersionProblem(process.versions.node, pkg, "npm start")).toBeNull();
    expect(nodeVersionProblem(`${ownMajor}.0.0`, pkg, "npm start")).toBeNull();
  });

  it("refuses a newer major too: native modules are built for the pinned one", () => {
    expect(nodeVersionProblem(`${ownMajor + 1}.0.0`, pkg, "npm start")).toContain(
      `this is Node ${ownMajor + 1}.0.0`,
    );
    expect(nodeVersionProblem(`${ownMajor - 2}.22.0`, pkg, "npm start")).toContain(
      `Foodverse needs Node ${ownMajor};`,
    );
  });

  it("does not refuse what it cannot read", () => {
    expect(nodeVersionProblem("20.20.2", {}, "npm start")).toBeNull();
    expect(nodeVersionProblem("20.20.2", { devDependencies: { node: "latest" } }, "npm start")).toBeNull();
    expect(nodeVersionProblem("nightly", pkg, "npm start")).toBeNull();
  });

  it("names the script that starts the same file", () => {
    expect(npmCommandFor(path.join(ROOT, "server.ts"))).toBe("npm start");
    expect(npmCommandFor(path.join(ROOT, "scripts", "demo.ts"))).toBe("npm run demo");
    expect(npmCommandFor(path.join(ROOT, "scripts", "admin.ts"))).toBe("npm run admin -- …");
    expect(npmCommandFor(path.join(ROOT, "scripts", "build-if-needed.ts"))).toBe("npm start");
  });
});

// docs/decisions/0036: the server never builds; npm start's first step builds a missing build.
describe("the build check", () => {
  const missing = { missing: true } as const;
  const stale = { missing: false, changed: "app/root.tsx" } as const;
  const fresh = { missing: false, changed: null } as const;
  const server = { whenMissing: "refuse", whenStale: "refuse" } as const;

  it("the server in production refuses a missing or stale build in one line, and never builds", () => {
    expect(buildAction(missing, server)).toEqual({
      do: "refuse",
      line: "Foodverse could not start: there is no build (build/server/index.js). Run `npm run build` first.",
    });
    expect(buildAction(stale, server)).toEqual({
      do: "refuse",
      line:
        "Foodverse could not start: the build is older than the sources (app/root.tsx changed). " +
        "Run `npm run build` first.",
    });
    expect(buildAction(fresh, server)).toEqual({ do: "use" });
  });

  it("STALE_BUILD=warn lets tests and benchmarks serve a stale build, never a missing one", () => {
    expect(buildAction(stale, server, "warn")).toMatchObject({ do: "warn" });
    expect(buildAction(missing, server, "warn")).toMatchObject({ do: "refuse" });
    // It never stops the build a command was asked to make.
    expect(buildAction(stale, { whenStale: "build" }, "warn")).toMatchObject({ do: "build" });
  });

  it("npm start builds only when there is no build; npm run build:if-needed when stale too", () => {
    const start = { whenStale: "ignore" } as const;
    expect(buildAction(missing, start)).toMatchObject({ do: "build" });
    expect(buildAction(stale, start)).toEqual({ do: "use" });
    const ifNeeded = { whenStale: "build" } as const;
    expect(buildAction(stale, ifNeeded)).toMatchObject({ do: "build" });
    expect(buildAction(fresh, ifNeeded)).toEqual({ do: "use" });
  });

  it("admin, demo and the benchmarks build a missing build and warn about a stale one", () => {
    expect(buildAction(missing, { whenStale: "warn" })).toMatchObject({ do: "build" });
    expect(buildAction(stale, { whenStale: "warn" })).toMatchObject({
      do: "warn",
      line: expect.stringContaining("(app/root.tsx changed) and is used as it is"),
    });
  });
});

// The machine's own Node.js, as a newcomer types `node server.ts` (v20 on the developers' machines).
const SYSTEM_NODE = "/usr/bin/node";
const systemVersion = fs.existsSync(SYSTEM_NODE)
  ? spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim()
  : "";
const systemTooOld = systemVersion !== "" && nodeVersionProblem(systemVersion, pkg, "npm start") !== null;
/** The line an entry prints on the machine's Node.js. */
const line = (command: string) => nodeVersionProblem(systemVersion, pkg, command);

describe.skipIf(!systemTooOld)(`the machine's Node.js (${systemVersion || "none"}) started by hand`, () => {
  let scratch = "";
  let register = "";
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-old-node-"));
    // Node.js 20 reads no TypeScript; a Node.js that does (22.6 to 22.21, or 20 with a
    // TypeScript loader such as tsx) reaches the code. This hook plays that part with
    // TypeScript's own transpiler, so the entries run as far as they would there.
    const typescript = path.join(ROOT, "node_modules", "typescript6", "lib", "typescript.js");
    const hook = path.join(scratch, "strip-types.mjs");
    fs.writeFileSync(
      hook,
      [
        'import fs from "node:fs";',
        'import { createRequire } from "node:module";',
        `const ts = createRequire(import.meta.url)(${JSON.stringify(typescript)});`,
        "export async function load(url, context, next) {",
        '  if (!url.startsWith("file:") || !url.endsWith(".ts")) return next(url, context);',
        '  const source = fs.readFileSync(new URL(url), "utf8");',
        "  const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };",
        "  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: url });",
        '  return { format: "module", source: outputText, shortCircuit: true };',
        "}",
      ].join("\n"),
    );
    register = path.join(scratch, "register.mjs");
    fs.writeFileSync(
      register,
      `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`,
    );
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  function runOld(args: string[], withTypeScript: boolean) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: path.join(scratch, "data"),
      LOG_LEVEL: "warn",
      // Never a build from this test: an old Node.js must stop before needing one.
      STALE_BUILD: "warn",
      // Only the line under test on stderr (no notes on the loader hook).
      NODE_NO_WARNINGS: "1",
    };
    // Flags for the test runner's Node.js may mean nothing to the old one.
    delete env.NODE_OPTIONS;
    return spawnSync(
      SYSTEM_NODE,
      [...(withTypeScript ? ["--import", pathToFileURL(register).href] : []), ...args],
      {
        cwd: ROOT,
        env,
        encoding: "utf8",
        timeout: 30_000,
      },
    );
  }

  it("server.ts says what to run instead and exits 1, before better-sqlite3 loads (no segfault)", () => {
    const run = runOld(["server.ts"], true);
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(line("npm start"));
    expect(run.stderr.trim()).toContain(`this is Node ${systemVersion.replace(/^v/, "")}`);
    expect(run.stdout).toBe("");
  });

  it("the scripts that open the database do the same", () => {
    const admin = runOld(["scripts/admin.ts", "unlock", "someone@example.com"], true);
    expect(admin.signal, admin.stderr).toBeNull();
    expect(admin.status, admin.stderr).toBe(1);
    expect(admin.stderr.trim()).toBe(line("npm run admin -- …"));
    const demo = runOld(["scripts/demo.ts", "--scale", "small"], true);
    expect(demo.signal, demo.stderr).toBeNull();
    expect(demo.status, demo.stderr).toBe(1);
    expect(demo.stderr.trim()).toBe(line("npm run demo"));
    // npm start's first step, before it could start a build on the wrong Node.js.
    const first = runOld(["scripts/build-if-needed.ts"], true);
    expect(first.status, first.stderr).toBe(1);
    expect(first.stderr.trim()).toBe(line("npm start"));
  });

  it("plain `node server.ts` on it stops at Node's own word on .ts files: exit 1, no segfault", () => {
    const run = runOld(["server.ts"], false);
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(1);
  });
});

describe("the readable line the start ends with", () => {
  const lan: ReturnType<typeof os.networkInterfaces> = {
    lo: [
      {
        address: "127.0.0.1",
        netmask: "255.0.0.0",
        family: "IPv4",
        mac: "00:00:00:00:00:00",
        internal: true,
        cidr: "127.0.0.1/8",
      },
    ],
    eth0: [
      {
        address: "fe80::1",
        netmask: "ffff:ffff:ffff:ffff::",
        family: "IPv6",
        mac: "02:00:00:00:00:01",
        internal: false,
        cidr: "fe80::1/64",
        scopeid: 2,
      },
      {
        address: "192.168.1.20",
        netmask: "255.255.255.0",
        family: "IPv4",
        mac: "02:00:00:00:00:01",
        internal: false,
        cidr: "192.168.1.20/24",
      },
    ],
  };
  const noLan = { lo: lan.lo };

  it("on every address (the default HOST): localhost, and the LAN address when there is one", () => {
    expect(readyLine("0.0.0.0", 3000, lan)).toBe(
      "Foodverse is ready: http://localhost:3000 (on this network: http://192.168.1.20:3000)",
    );
    expect(readyLine("0.0.0.0", 3000, noLan)).toBe("Foodverse is ready: http://localhost:3000");
    expect(readyLine("::", 8080, lan)).toBe(
      "Foodverse is ready: http://localhost:8080 (on this network: http://192.168.1.20:8080)",
    );
    expect(lanAddress(noLan)).toBeNull();
  });

  it("on one address: that address only", () => {
    expect(readyLine("127.0.0.1", 3210, lan)).toBe("Foodverse is ready: http://127.0.0.1:3210");
    expect(readyLine("::1", 3000, lan)).toBe("Foodverse is ready: http://[::1]:3000");
  });
});

/**
 * A command as talkative as a build: 180 lines, then `status`. It sets the exit code and
 * lets Node end: process.exit() would cut short the lines still queued for a pipe.
 */
const chatty = (status: number) =>
  `for (let i = 1; i <= 180; i++) console.log("vite line " + i); process.exitCode = ${status};`;

describe("the build on first start", () => {
  it("holds back the build's output when it succeeds", () => {
    expect(runQuietly(process.execPath, ["-e", chatty(0)])).toEqual({ ok: true });
  });

  it("hands it back when it fails, as the reason", () => {
    const run = runQuietly(process.execPath, ["-e", chatty(3)]);
    expect(run.ok).toBe(false);
    if (run.ok) return;
    expect(run.status).toBe(3);
    expect(run.output).toContain("vite line 1\n");
    expect(run.output).toContain("vite line 180\n");
  });
});
