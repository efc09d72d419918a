// The Express app: every request goes through here, in this order (docs/architecture.md):
//   page-view count → language redirect → page cache hit → compression → static files (or Vite in development) → request log
//   → nonce and security headers → body limits → health, media, reference data
//   → same-origin check → better-auth, tus uploads → page cache miss → React Router.
// server.ts gives it a listener; server/index.ts bundles it with the routes into the build.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerOptions } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { authEndpoint } from "~/server/auth-endpoint.server.ts";
import { bodyLimitsOf, listenerOptions, refuseLargeBodies } from "~/server/body-limit.server.ts";
import { nonceContext, servicesContext } from "~/server/context.ts";
import {
  assetHeaders,
  clientIpAndNonce,
  sameOriginOnly,
  securityHeaders,
  trustProxySetting,
  trustProxyWarning,
} from "~/server/http-security.server.ts";
import { serveMedia } from "~/server/media/serve-media.server.ts";
import { languageRedirect } from "~/server/language-routing.server.ts";
import { localeOfPath, URDU_PREFIX } from "~/lib/locale.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { rewriteLinksAtStart } from "~/features/admin/public-links.server.ts";
import { createPageCache } from "~/server/page-cache-middleware.server.ts";
import { diskPageStoreFile, openDiskPageStore } from "~/server/page-disk-store.server.ts";
import { createSharedPageTier } from "~/server/page-shared-tier.server.ts";
import { createViewerCache, pageTemplateContext, type PageTemplate } from "~/server/page-variant.server.ts";
import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import { isOutageError, outageResponse, sendOutage } from "~/server/outage.server.ts";
import { readiness } from "~/server/readiness.server.ts";
import { referenceFile } from "~/server/reference-files.server.ts";
import { getServices, type Services } from "~/server/services.server.ts";
import { webRequest, wellFormedRequest } from "~/server/web-request.server.ts";
import { redactedRequest, redactUrl } from "~/server/log-redaction.server.ts";

export interface AppOptions {
  /** Development (npm run dev): Vite's middlewares serve the client modules instead of build/client. */
  viteMiddlewares?: express.RequestHandler;
}

export async function createApp(options: AppOptions = {}): Promise<{
  app: express.Express;
  services: Services;
  /** For server.ts's http.createServer: header and request timeouts (HTTP_*_TIMEOUT_SECONDS). */
  listenerOptions: ServerOptions;
  /** For the listener's "request" event, ahead of everything (cache hits too): TRUST_PROXY=on's warning. */
  onRequest: ((req: IncomingMessage) => void) | null;
  /** The process is stopping: /readyz answers 503 so a load balancer sends its traffic elsewhere. */
  drain(): void;
}> {
  const services = await getServices();
  const { env, log } = services;
  // QR codes and shared links follow PUBLIC_URL. The stored ones are rewritten in
  // the background (ADR 0034: a national catalog's 30,000 codes take minutes, and the site
  // would be down meanwhile); every page shows and prints the new address from the first
  // request (app/server/shown-code.server.ts).
  void rewriteLinksAtStart(services);
  let draining = false;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  // Every rendered request's URL is on this origin, whatever its Host header said.
  const origin = new URL(env.PUBLIC_URL).origin;
  const render = createRender(services);
  const pageCache = env.PAGE_CACHE ? createAppPageCache(services, render, origin, options) : null;
  // Ahead of everything, in one Express layer (each layer ahead of a hit cost it ≈ 15 µs
  // of CPU, measured with bench:throughput's CPU a request): a page asked in the other
  // language is redirected (ADR 0026), and a cache hit is answered (and its page view
  // counted, ADR 0027; `count` below counts the others).
  const redirectLanguage = languageRedirect({ secureCookies: env.PUBLIC_URL.startsWith("https:") });
  app.use((req, res, next) => {
    // A Host that is no host, or a target that is no path: 400 before anything reads them.
    if (!wellFormedRequest(req, res)) return;
    if (redirectLanguage(req, res)) return;
    if (pageCache) Promise.resolve(pageCache.serveHit(req, res, next)).catch(next);
    else next();
  });
  if (services.pageViews) app.use(services.pageViews.count);

  app.use(compression());
  app.use(options.viteMiddlewares ?? builtClientFiles(env.PUBLIC_URL));

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      // "GET /menus 200 12 ms": the whole line in development (log.server.ts), the message in JSON.
      // No secret a URL carries (a reset link's token) reaches a line (log-redaction.server.ts).
      serializers: { req: redactedRequest },
      customSuccessMessage: (req, res, time) =>
        `${req.method} ${redactUrl(req.url)} ${res.statusCode} ${Math.round(time)} ms`,
      customErrorMessage: (req, res, error) =>
        `${req.method} ${redactUrl(req.url)} ${res.statusCode} ${error.message}`,
    }),
  );

  app.use(clientIpAndNonce);
  app.use(securityHeaders(env.PUBLIC_URL));
  // A body that is no upload and says it is larger than FORM_MAX_KB: 413 before any route reads it.
  app.use(refuseLargeBodies(bodyLimitsOf(env)));

  mountEndpoints(app, services, () => draining);

  if (pageCache) app.get("/{*any}", pageCache.renderAndStore);
  app.all("/{*any}", reactRouter(render, origin));
  // A failure during a database outage is the outage's: 503 and Retry-After, not a 500.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!services.database.health.down && !isOutageError(error)) return next(error);
    sendOutage(req, res);
  });
  return {
    app,
    services,
    listenerOptions: listenerOptions(env),
    onRequest: trustProxyWarning(env.TRUST_PROXY, app.get("trust proxy fn"), log),
    drain: () => {
      draining = true;
    },
  };
}

/** The page cache of this process (ADR 0012, 0028, 0034), rendering its misses with `render`. */
function createAppPageCache(
  services: Services,
  render: (request: Request, res: express.Response) => Promise<Response>,
  origin: string,
  options: AppOptions,
) {
  const { env, log } = services;
  const buildId = pageBuildId();
  // A hit is answered first of all, kept gzipped with its headers (security headers
  // included): no static lookup, compression, logging or header middleware.
  return createPageCache({
    db: services.database.db,
    changeStamp: services.database.changeStamp,
    maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    log,
    render,
    origin,
    clientDir: options.viteMiddlewares ? null : "build/client",
    viewers: createViewerCache((cookie) => getViewer(services, new Headers({ cookie })).catch(() => null), {
      ttlMs: env.PAGE_CACHE_VIEWER_SECONDS * 1000,
      maxEntries: 10_000,
    }),
    onHit: services.pageViews ? (req, status) => services.pageViews!.served(req, status) : undefined,
    databaseDown: () => services.database.health.down,
    // ADR 0034: with several processes on one Redis, a page is rendered once per change.
    shared: services.redis ? createSharedPageTier(services.redis, { buildId }) : null,
    // ADR 0034 §5: every page rendered lately, on disk behind memory, shared by this host's processes.
    // Not in development, where the code changes under one build id.
    disk:
      env.PAGE_DISK_MB > 0 && !options.viteMiddlewares
        ? openDiskPageStore(diskPageStoreFile(env.DATA_DIR), {
            maxBytes: env.PAGE_DISK_MB * 1024 * 1024,
            buildId,
            log,
          })
        : null,
  });
}

/**
 * What names this build's pages in the stores processes share (Redis, the disk file):
 * the client assets' version and the server bundle's bytes, since a change to the
 * server alone can change a page's markup. Without a bundle (development), this
 * process's own.
 */
function pageBuildId(): string {
  const bundle = "build/server/index.js";
  if (!fs.existsSync(bundle)) return randomUUID();
  return createHash("sha1").update(build.assets.version).update(fs.readFileSync(bundle)).digest("base64url");
}

/** How a request is rendered: React Router's handler for its language, with the request's context. */
function createRender(services: Services) {
  const { env } = services;
  const mode = env.NODE_ENV === "production" ? "production" : "development";
  const loadContext = (res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(nonceContext, res.locals.nonce as string);
    context.set(pageTemplateContext, (res.locals.pageTemplate as PageTemplate | undefined) ?? null);
    return context;
  };
  // The React Router handlers: the page cache renders misses with them, and every other
  // request. One per language (ADR 0026): Urdu pages are the same routes under /ur, so
  // React Router's basename prefixes their links, forms and client navigations.
  const handleEnglish = createRequestHandler(build, mode);
  const handleUrdu = createRequestHandler({ ...build, basename: URDU_PREFIX }, mode);
  const { health } = services.database;
  const render = async (request: Request, res: express.Response) => {
    const url = new URL(request.url);
    const started = health.now();
    const response = await (localeOfPath(url.pathname) === "ur" ? handleUrdu : handleEnglish)(
      request,
      loadContext(res),
    );
    // The error page of a loader or action that failed because the database is away: the
    // outage's 503 instead, for the page cache's renders and every other.
    if (response.status < 500 || !health.failedSince(started)) return response;
    await response.body?.cancel();
    return outageResponse(url);
  };
  return render;
}

/** Health, readiness, media and reference data; then, behind the same-origin check, better-auth and tus. */
function mountEndpoints(app: express.Express, services: Services, draining: () => boolean) {
  const { env, log } = services;
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", readiness(services, draining));

  app.get("/media/{*key}", serveMedia(services.storage));

  // product rules §7's static GETs: the reference data the forms use, for other clients too.
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
  // better-auth answers a failed query with its own 500: while the database is known to
  // be down its clients get the 503 and Retry-After instead (pages find out by trying).
  app.all("/api/auth/{*any}", (req, res, next) => {
    if (services.database.health.down) sendOutage(req, res);
    else next();
  });
  app.all("/api/auth/{*any}", ...authEndpoint(services));
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
}

/**
 * build/client, read-only and ahead of the request log: the bundles, stylesheets and
 * public/'s files. One plain middleware, not an express.Router: a Router whose stack
 * runs out (every page request passes through this one) hands the request on with
 * setImmediate, so each page waited a turn of the event loop behind every other
 * connection; under the load test's 200 readers and 20 writers that cut reads from
 * ≈ 2,400/s to ≈ 250/s, because pages then took longer to render than the writes
 * took to change them, so the page cache kept nothing it could serve.
 */
function builtClientFiles(publicUrl: string): express.RequestHandler {
  const staticHeaders = assetHeaders(publicUrl);
  // Fingerprinted assets never change; everything else in public/ may.
  const assets = express.static("build/client", { immutable: true, maxAge: "1y" });
  const publicFiles = express.static("build/client", { maxAge: "1h" });
  // Only paths under what public/ holds reach the disk: a page request costs no stat() call.
  const publicEntries = new Set(fs.readdirSync("build/client"));
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    if (!publicEntries.has(first)) return next();
    staticHeaders(req, res, () => (first === "assets" ? assets : publicFiles)(req, res, next));
  };
}

/**
 * The React Router handler as Express middleware: what @react-router/express does,
 * around the one handler above (the Request it builds, the Response it streams back).
 */
function reactRouter(
  render: (request: Request, res: express.Response) => Promise<Response>,
  origin: string,
): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await render(webRequest(req, res, origin), res);
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (!response.body) {
        res.end();
        return;
      }
      await writeReadableStreamToWritable(response.body, res).catch((error: unknown) => {
        if (!res.destroyed && !res.writableEnded) throw error;
      });
    } catch (error) {
      next(error);
    }
  };
}
