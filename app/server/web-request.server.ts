import { createReadableStreamFromReadable } from "@react-router/node";
import type express from "express";

/**
 * The one converter from an Express request to the web Request that React Router
 * renders (docs/threat-model.md, "page cache"). Its URL is the canonical origin
 * (PUBLIC_URL) and the request's path: never the Host or X-Forwarded-Host header as
 * sent. A Host of `127.0.0.1:3000/r/other?` once made the page cache render one page
 * and keep it under another's key; with the origin fixed, what a page is rendered for
 * is what its path names, whoever sent which header.
 */
export function webRequest(
  req: express.Request,
  res: express.Response,
  origin: string,
  /** The path and query to render, when it is not the request's own (the page cache's canonical one). */
  pathAndQuery: string = req.originalUrl,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  // A form post's Origin was judged already, against PUBLIC_URL and the Host it came to
  // (sameOriginOnly in server/http-app.ts: no mutation reaches a render before it). React
  // Router checks it again against this URL, which is now the canonical origin, and
  // would refuse a diner who opened the site by another name of this server (a LAN
  // address, a process behind the load balancer): it is told the canonical origin.
  if (req.method !== "GET" && req.method !== "HEAD" && headers.has("origin")) headers.set("origin", origin);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Concatenated, not resolved: a path of "//host" stays a path on this origin.
  return new Request(`${origin}${pathAndQuery}`, init);
}

// A host name or an IPv4 address, or an IPv6 literal in brackets; a port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * RFC 9112 §3.2: a request whose Host is not a host (a path, a query, user info, a
 * second host) gets 400, as does a request target that is not a path (the absolute
 * form `GET http://other/…`, meant for proxies): false, answered. The app never reads Host to build a
 * URL, but nothing downstream should meet one that lies about what it is.
 */
export function wellFormedRequest(req: express.Request, res: express.Response): boolean {
  const host = req.headers.host;
  const target = req.url;
  const targetOk = target.startsWith("/") || (req.method === "OPTIONS" && target === "*");
  if (targetOk && (host === undefined || HOST.test(host))) return true;
  res.status(400).type("text/plain").send("Bad Request");
  return false;
}
