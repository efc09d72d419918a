// Starts the production build of the app (server.ts with NODE_ENV=production)
// on 127.0.0.1 with its own data folder, and stops it by its pid.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureBuild as ensureAppBuild } from "../../scripts/ensure-build.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Builds the app if there is no build yet; a bench run never rebuilds an existing one, but says when it is stale. */
export function ensureBuild(): void {
  ensureAppBuild({ whenStale: "warn" });
}

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-bench-"));
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface AppServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** The last 20 kB the process wrote to stderr (and stdout, with captureStdout). */
  output(): string;
  /** How the process ended ("exit code 1", "SIGKILL"), or null while it runs. */
  ended(): string | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** Reuse a port (so that pages rendered by two runs carry the same URLs). */
  port?: number;
  env?: Record<string, string>;
  /**
   * Keep DATABASE_URL and UPLOAD_DIR (from `env` or the caller's environment) instead
   * of forcing SQLite and uploads in dataDir: the scale-out test runs on PostgreSQL.
   */
  keepDatabaseUrl?: boolean;
  /** Keep the app's log (stdout) in output(), for a test to show why a process failed. */
  captureStdout?: boolean;
  /** Each line the app writes to stdout (its JSON log), e.g. to count renders from pino-http's lines. */
  onStdoutLine?: (line: string) => void;
  /** How long to wait for /readyz (60 s); a large catalogue on a new address takes longer to start. */
  readyWithinMs?: number;
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  stderr: () => string,
  withinMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${stderr()}`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become ready within ${withinMs / 1000} s:\n${stderr()}`);
}

function startScript(): string {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  return scripts.start ?? "";
}

/**
 * The flags `npm start` gives Node (package.json): the bench measures the process an
 * operator runs, its heap bound included (ADR 0034 §6, §7).
 */
export function startFlags(): string[] {
  return (
    /exec node ((?:--[\w-]+(?:=\S+)? )*)server\.ts/
      .exec(startScript())?.[1]
      ?.trim()
      .split(" ")
      .filter(Boolean)
      // As the shell expands them: `${NODE_HEAP_MB:-256}` is the operator's value, or 256.
      .map((flag) =>
        flag.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, value: string) => process.env[name] || value),
      ) ?? []
  );
}

/** Starts `server.ts` from the build with APPROVAL_MODE=auto and LOG_LEVEL=warn. */
export async function startApp(options: StartOptions): Promise<AppServer> {
  ensureBuild();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    APPROVAL_MODE: "auto",
    LOG_LEVEL: "warn",
    // ensureBuild above said whether the build is stale; server.ts then serves it instead of refusing it.
    STALE_BUILD: "warn",
    // The fixture signs several accounts up from one address in a few seconds.
    AUTH_RATE_LIMIT: "off",
    SIGNUP_MAX_PER_IP: "1000000",
    RESET_MAIL_MAX_PER_IP: "1000000",
    // The benchmarks search from this one address too (the finder pages).
    SEARCH_MAX_PER_IP: "1000000",
    // One address plays every diner: each view it is answered must count (the load test checks).
    PAGE_VIEWS_PER_CLIENT: "1000000",
    ...options.env,
  };
  // SQLite in the data folder unless asked: the scale benchmark covers PostgreSQL.
  if (!options.keepDatabaseUrl) {
    delete env.DATABASE_URL;
    delete env.UPLOAD_DIR;
  }
  // process.execPath is the Node 24 that npm put first on PATH for this script.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...startFlags(), ...profile, "server.ts"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", options.captureStdout || options.onStdoutLine ? "pipe" : "ignore", "pipe"],
  });
  let errors = "";
  const keep = (chunk: string) => {
    errors = (errors + chunk).slice(-20_000);
  };
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", keep);
  child.stdout?.setEncoding("utf8");
  if (options.captureStdout) child.stdout?.on("data", keep);
  const onLine = options.onStdoutLine;
  if (onLine) {
    let partial = "";
    child.stdout?.on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
  }
  try {
    await waitUntilReady(url, child, () => errors, options.readyWithinMs);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    dataDir: options.dataDir,
    output: () => errors,
    ended: () => child.signalCode ?? (child.exitCode === null ? null : `exit code ${child.exitCode}`),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(pid, "SIGTERM");
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
