import type http from "node:http";
import express from "express";
import { clientIpAndNonce, securityHeaders } from "~/server/http-security.server.ts";
import { createPageCache, type PageCacheOptions } from "~/server/page-cache-middleware.server.ts";
import { listen } from "./http-client.ts";

const ORIGIN = "http://localhost:3000";

/**
 * One app process as far as the page cache goes: its own cache in memory in front, a
 * render behind, and whatever it shares with other processes (Redis, the disk file).
 */
export async function pageCacheProcess(
  options: Omit<PageCacheOptions, "origin" | "clientDir">,
): Promise<http.Server> {
  const pageCache = createPageCache({ ...options, origin: ORIGIN, clientDir: null });
  const app = express();
  app.use((req, res, next) => void pageCache.serveHit(req, res, next));
  app.use(clientIpAndNonce);
  app.use(securityHeaders(ORIGIN));
  app.get("/{*any}", pageCache.renderAndStore);
  return listen(app);
}
