import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { sql } from "kysely";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createWebRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { nonceContext, servicesContext } from "~/server/context.ts";
import {
  assetHeaders,
  clientIpAndNonce,
  sameOriginOnly,
  securityHeaders,
  trustProxySetting,
} from "~/server/http-security.server.ts";
import { serveMedia } from "~/server/media/serve-media.server.ts";
import { createPageCache } from "~/server/page-cache-middleware.server.ts";
import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import { referenceFile } from "~/server/reference-files.server.ts";
import { createAdmin } from "~/features/accounts/accounts.server.ts";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { getServices, type Services } from "~/server/services.server.ts";

// Bundled into build/server/index.js as the SSR entry, so the routes and this
// app share one module graph: one database pool, one auth instance.

export async function createApp(): Promise<{
  app: express.Express;
  services: Services;
  /** For server.ts to mount ahead of everything: a page cache hit needs nothing else. */
  serveCachedPage: express.RequestHandler | null;
  /** Security headers for the static files server.ts serves ahead of the app. */
  staticHeaders: express.RequestHandler;
}> {
  const services = await getServices();
  const { env, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  const mode = env.NODE_ENV === "production" ? "production" : "development";
  const loadContext = (res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(nonceContext, res.locals.nonce as string);
    return context;
  };
  const renderWeb = createWebRequestHandler(build, mode);
  // Hits are answered before logging and header middleware: the page keeps its headers.
  const pageCache = env.PAGE_CACHE
    ? createPageCache({
        db: services.database.db,
        maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
        log,
        render: (request, res) => renderWeb(request, loadContext(res)),
        clientDir: mode === "production" ? "build/client" : null,
      })
    : null;
  if (pageCache) app.get("/{*any}", pageCache.serveHit);

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );

  app.use(clientIpAndNonce);
  app.use(securityHeaders(env.PUBLIC_URL));

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (req, res) => {
    try {
      await sql`select 1`.execute(services.database.db);
      // Commands wait while Redis reconnects; readiness must not.
      if (services.redis) await services.redis.withAbortSignal(AbortSignal.timeout(2000)).ping();
      res.json({ status: "ready", database: services.database.dialect, redis: Boolean(services.redis) });
    } catch (error) {
      req.log.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.get("/media/{*key}", serveMedia(services.storage));

  // SPEC §7's static GETs: the reference data the forms use, for other clients too.
  app.get("/data/{*file}", (req, res) => {
    const file = referenceFile((req.params as { file: string[] }).file.join("/"));
    if (!file) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(file);
  });

  app.use(sameOriginOnly(env.PUBLIC_URL));
  app.all("/api/auth/{*any}", toNodeHandler(services.auth));
  // Resumable video uploads (tus); unfinished ones expire and are swept hourly.
  app.all([VIDEO_UPLOAD_PATH, `${VIDEO_UPLOAD_PATH}/{*id}`], (req, res) => {
    void services.videos.server.handle(req, res);
  });
  setInterval(
    () => {
      services.videos.cleanUp().catch((error) => log.warn({ err: error }, "video upload clean-up failed"));
    },
    60 * 60 * 1000,
  ).unref();

  if (pageCache) app.get("/{*any}", pageCache.renderAndStore);
  app.all("/{*any}", createRequestHandler({ build, mode, getLoadContext: (_req, res) => loadContext(res) }));
  return {
    app,
    services,
    serveCachedPage: pageCache?.serveHit ?? null,
    staticHeaders: assetHeaders(env.PUBLIC_URL),
  };
}

/** For scripts/admin.ts: the CLI runs the same migrations and account code as the server. */
export type AdminCommand =
  | { command: "create"; email: string; password: string }
  | { command: "approve" | "reject" | "suspend"; restaurant: string; reason?: string };

export async function runAdminCommand(input: AdminCommand): Promise<string> {
  const services = await getServices();
  try {
    if (input.command === "create") {
      const { created } = await createAdmin(services, input);
      return created ? `Admin ${input.email} created.` : `${input.email} is now an admin.`;
    }
    const result = await decideRestaurant(services, COMMAND_LINE, input.restaurant, {
      intent: input.command,
      reason: input.reason ?? "",
    });
    if (!result.ok) throw new Error(result.message);
    return result.message;
  } finally {
    await services.close();
  }
}

/** For scripts/demo.ts: the demo world, made with the same migrations and use cases. */
export { runDemo } from "~/features/demo/demo.server.ts";
