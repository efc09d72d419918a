import type express from "express";
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import type { DB } from "./db-schema.server.ts";
import {
  cachedPage,
  contentVersionKey,
  createPageStore,
  pageScope,
  type CachedPage,
} from "./page-cache.server.ts";

/** Renders one request the way the React Router handler would, as a web Response. */
export type Render = (request: Request, res: express.Response) => Promise<Response>;

// What a personalised request carries: a session, or a toast waiting to be shown.
const PERSONAL_COOKIE = /(?:^|;\s*)(?:[\w.-]*session_token|fv_toast)=/;
// A CDN may keep these but must ask again (ETag) before each use.
const CACHE_CONTROL = "public, no-cache";
const KEPT_HEADERS = new Set(["content-type", "content-language", "x-remix-response", "link"]);

function toRequest(req: express.Request, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { headers, signal });
}

function send(req: express.Request, res: express.Response, page: CachedPage, outcome: "HIT" | "MISS") {
  const csp = res.getHeader("content-security-policy");
  const nonce = res.locals.nonce as string;
  if (typeof csp === "string" && nonce !== page.nonce) {
    res.setHeader("content-security-policy", csp.replaceAll(nonce, page.nonce));
  }
  res.setHeader("cache-control", CACHE_CONTROL);
  res.setHeader("vary", "Accept-Encoding, Cookie");
  res.setHeader("etag", page.etag);
  res.setHeader("x-page-cache", outcome);
  if (req.get("if-none-match") === page.etag) {
    res.status(304).end();
    return;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.status(page.status).end(gzip ? page.gzip : page.body);
}

async function sendUncached(res: express.Response, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("set-cookie", cookie);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * DESIGN §5 / issue 8: anonymous GETs of public pages are answered from memory
 * when nothing they show has changed. The key holds the content versions the
 * page depends on (read from the database on every request, so several
 * processes sharing one database stay exact), and the URL. Everything else
 * (signed-in visitors, forms, other pages) goes on to the normal handler.
 */
export function pageCacheMiddleware(options: {
  db: Kysely<DB>;
  maxBytes: number;
  log: Logger;
  render: Render;
}): express.RequestHandler {
  const store = createPageStore(options.maxBytes);
  return async (req, res, next) => {
    if (req.method !== "GET") return next();
    if (PERSONAL_COOKIE.test(req.get("cookie") ?? "")) return next();
    const scope = pageScope(req.path);
    if (!scope) return next();
    let key: string;
    try {
      key = `${await contentVersionKey(options.db, scope)}|${req.originalUrl}`;
    } catch (error) {
      options.log.warn({ err: error }, "page cache: version lookup failed");
      return next();
    }
    const hit = store.get(key);
    if (hit) return send(req, res, hit, "HIT");

    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const response = await options.render(toRequest(req, controller.signal), res);
      if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) {
        await sendUncached(res, response);
        return;
      }
      const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name));
      const page = cachedPage(Buffer.from(await response.arrayBuffer()), headers, res.locals.nonce as string);
      store.set(key, page);
      send(req, res, page, "MISS");
    } catch (error) {
      next(error);
    }
  };
}
