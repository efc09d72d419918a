// The process entry (`npm start`, `npm run dev`): static files, compression, the
// app from server/app.ts, and a graceful stop. Runs on Node 24 as TypeScript.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";

const DEV = process.env.NODE_ENV !== "production";
const BUILD_ENTRY = "./build/server/index.js";
type AppModule = typeof import("./server/app.ts");

const server = express();
server.disable("x-powered-by");

let appModule: AppModule;
let devMiddlewares: express.RequestHandler | null = null;
if (DEV) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  devMiddlewares = viteDevServer.middlewares;
  appModule = (await viteDevServer.ssrLoadModule("./server/app.ts")) as AppModule;
} else {
  if (!fs.existsSync(BUILD_ENTRY)) {
    console.log("No build found: building first (npm run build)…");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  appModule = (await import(BUILD_ENTRY)) as AppModule;
}

const { app, services, serveCachedPage, staticHeaders } = await appModule.createApp();
// A page cache hit is kept gzipped with its headers: it needs no static lookup or compression.
if (serveCachedPage && !DEV) server.use(serveCachedPage);
server.use(compression());
if (devMiddlewares) {
  server.use(devMiddlewares);
} else {
  // Fingerprinted assets never change; everything else in public/ may.
  server.use(
    "/assets",
    staticHeaders,
    express.static("build/client/assets", { immutable: true, maxAge: "1y" }),
  );
  // Only paths under what public/ holds reach the disk: a page request costs no stat() call.
  const publicEntries = new Set(fs.readdirSync("build/client"));
  const publicFiles = express.static("build/client", { maxAge: "1h" });
  server.use((req, res, next) => {
    if (!publicEntries.has(req.path.split("/")[1] ?? "")) return next();
    staticHeaders(req, res, () => publicFiles(req, res, next));
  });
}
server.use(app);

const { PORT: port, HOST: host } = services.env;
const listener: Server = server.listen(port, host, () => {
  services.log.info({ port, host, mode: DEV ? "development" : "production" }, "Foodverse is listening");
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info({ signal }, "stopping: no new connections, finishing requests in flight");
  listener.close(() => {
    void services.close().then(() => process.exit(0));
  });
  listener.closeIdleConnections();
  setTimeout(() => {
    listener.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
