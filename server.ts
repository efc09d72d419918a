// The process entry (`npm start`, `npm run dev`): loads the Express app
// (server/http-app.ts) from the build, listens, and stops gracefully. It never builds:
// a missing or stale build stops it with one line (docs/decisions/0036).
// The request path from here to a route: docs/architecture.md. Runs on Node 24 as TypeScript.
// First: an older Node.js started by hand is told what to run, before anything native loads.
import "./scripts/lib/check-node.ts";
import http from "node:http";
import type express from "express";
import { loadServerBuild, type ServerBuild } from "./scripts/ensure-build.ts";
import { readyLine } from "./scripts/lib/ready-line.ts";
import { LISTENING_SOCKETS, listenOnSockets } from "./scripts/lib/listening-sockets.ts";
import { writeAfterLog } from "./app/server/log.server.ts";

const DEV = process.env.NODE_ENV !== "production";

let build: ServerBuild;
let viteMiddlewares: express.RequestHandler | undefined;
if (DEV) {
  // No build: Vite compiles server/index.ts and the routes on demand, with hot reload.
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  viteMiddlewares = viteDevServer.middlewares;
  build = (await viteDevServer.ssrLoadModule("./server/index.ts")) as ServerBuild;
} else {
  // Several processes may start at once from one build/: none of them writes into it.
  build = await loadServerBuild({ whenMissing: "refuse", whenStale: "refuse" });
}

let created: Awaited<ReturnType<ServerBuild["createApp"]>>;
try {
  created = await build.createApp({ viteMiddlewares });
} catch (error) {
  // One line an operator can act on (the database gave up being waited for, a bad
  // setting), not a stack trace; a supervisor starts the process again.
  console.error(`Foodverse could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { app, services, listenerOptions, onRequest, drain } = created;

const { PORT: port, HOST: host } = services.env;
// Header and request timeouts of our own (HTTP_HEADERS_TIMEOUT_SECONDS, HTTP_REQUEST_TIMEOUT_SECONDS).
const listener = http.createServer(listenerOptions, app);
if (onRequest) listener.on("request", onRequest);
// Several sockets on the port, so a crowd of new connections is taken while the process is busy.
let listening: Awaited<ReturnType<typeof listenOnSockets>>;
try {
  listening = await listenOnSockets(listener, port, host);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === "EADDRINUSE" ? `port ${port} is in use (PORT)` : String(error);
  console.error(`Foodverse could not start: ${why}`);
  process.exit(1);
}
services.log.info(
  {
    port: listening.port,
    host,
    mode: DEV ? "development" : "production",
    sockets: LISTENING_SOCKETS,
    ...listenerOptions,
  },
  "Foodverse is listening",
);
// Last, and not JSON: where a person opens the app (and a phone on the same Wi-Fi).
const line = readyLine(host, listening.port);
// In development the readable logger writes at once; in production after the log's lines.
if (DEV) console.log(line);
else writeAfterLog(services.log, line);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info({ signal }, "stopping: no new connections, finishing requests in flight");
  drain();
  void listening
    .close()
    .then(() => services.close())
    .then(() => process.exit(0));
  listener.closeIdleConnections();
  setTimeout(() => {
    listener.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
