// What the scale-out and chaos tests start on 127.0.0.1, as an operator would run it
// (docs/operations.md): app processes from the production build on one PostgreSQL
// database, Redis and an S3 server, behind nginx with the documented configuration.
// Everything started is registered in a Cluster and undone in reverse, once, on any exit.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  makeDataDir,
  removeDataDir,
  REPO_ROOT,
  startApp,
  type AppServer,
} from "../../bench/lib/app-server.ts";

export const NGINX = "/usr/sbin/nginx";
/** The page nginx sends when no app process answers (502, 504): docs/operations.md's config. */
export const NGINX_ERROR_PAGE = path.join(REPO_ROOT, "deploy", "nginx", "unavailable.html");

export interface Cluster {
  log(line: string): void;
  /** Registers an undo step, run in reverse order by cleanUp. */
  onCleanUp(what: string, run: () => Promise<void> | void): void;
  cleanUp(): Promise<void>;
  /** Exit 2: something the test needs (nginx, PostgreSQL, Redis) is not there. */
  missing(message: string): never;
}

export function createCluster(tag: string): Cluster {
  const cleanups: { what: string; run: () => Promise<void> | void }[] = [];
  let cleaning: Promise<void> | undefined;
  const log = (line: string) => console.log(`[${tag}] ${line}`);
  const cluster: Cluster = {
    log,
    onCleanUp: (what, run) => void cleanups.push({ what, run }),
    cleanUp() {
      cleaning ??= (async () => {
        for (const { what, run } of cleanups.toReversed()) {
          try {
            await run();
          } catch (error) {
            console.error(`[${tag}] clean-up of ${what} failed: ${String(error)}`);
          }
        }
      })();
      return cleaning;
    },
    missing(message) {
      console.error(`[${tag}] ${message}`);
      process.exit(2);
    },
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up…`);
      void cluster.cleanUp().finally(() => process.exit(130));
    });
  }
  return cluster;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The settings of STORAGE=s3 for an S3 server (tests/setup/s3-server.ts), reached at `endpoint`. */
export function s3Env(
  settings: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  },
  endpoint = settings.endpoint,
): Record<string, string> {
  return {
    STORAGE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  };
}

/** A database on the PostgreSQL server at `base` (whatever database that URL names). */
export function pgUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function pgAdmin(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl(base, "postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Redis answers PING (or asks for a password: it is there either way). */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not answer ${url} within 15 s`);
}

/**
 * The load balancer, as docs/operations.md sets it up. Host keeps the port
 * ($http_host, not $host, which drops it): the app builds absolute URLs and checks
 * same-origin posts from it. Upstream connections are kept alive for less time
 * than Node's 5 s keep-alive, so nginx never reuses one the app is closing (a POST
 * on such a connection would fail with 502 and is not retried). GETs that fail to
 * reach one process are retried on the other; POSTs only when they were not sent.
 * When no process answers, nginx sends its own page in both languages (502, 504);
 * the app's own 503 (a database outage) passes through with its Retry-After.
 */
function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Above the app's own limits (10 MB per image, several per form; videos go by tus in chunks).
  client_max_body_size 64m;
  upstream foodverse {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://foodverse;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      # As the documented site: a video PATCH reaches the app as it is sent (tus keeps what arrives).
      proxy_request_buffering off;
      error_page 502 504 /foodverse-unavailable.html;
      # Which process answered (the last address when nginx had to try another).
      add_header X-Upstream $upstream_addr always;
    }
    location = /foodverse-unavailable.html {
      internal;
      root ${path.dirname(NGINX_ERROR_PAGE)};
      try_files /${path.basename(NGINX_ERROR_PAGE)} =502;
      add_header Retry-After 5 always;
      add_header Cache-Control no-store always;
    }
  }
}
`;
}

export interface Nginx {
  url: string;
  errors(): string;
}

export async function startNginx(cluster: Cluster, port: number, upstreams: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-nginx-"));
  // Run as root, nginx's workers are another user: they buffer large bodies (a dish's
  // three photos) under this folder, which mkdtemp made private.
  fs.chmodSync(dir, 0o755);
  cluster.onCleanUp("nginx folder", () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, upstreams));
  // -e: the error log before the config is read (else the Debian default under /var/log).
  const child = spawn(
    NGINX,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  cluster.onCleanUp("nginx", async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The master (our child) takes its workers with it on SIGTERM.
    process.kill(child.pid!, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid!, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/healthz`, child, "nginx");
  } catch (error) {
    throw new Error(`${String(error)}\n${stderr}`, { cause: error });
  }
  const errors = () => {
    try {
      return fs.readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return stderr;
    }
  };
  return { url, errors };
}

export async function startProcess(
  cluster: Cluster,
  name: string,
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<AppServer> {
  const dataDir = makeDataDir();
  cluster.onCleanUp(`${name}'s data folder`, () => removeDataDir(dataDir));
  const app = await startApp({ dataDir, env, keepDatabaseUrl: true, captureStdout: true, ...options });
  cluster.onCleanUp(`process ${name}`, () => app.stop());
  return app;
}
