import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type express from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import type { Env } from "./env.server.ts";
import { ISLAND_LOADER } from "~/lib/island-loader.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Express's `trust proxy` from TRUST_PROXY: off (the default) trusts no one, so
 * `X-Forwarded-For` is ignored and a client cannot pose as another address to reset a
 * rate limit; "on" trusts proxies on this machine or a private network only; anything
 * else is Express's own syntax (addresses, subnets, a hop count).
 */
export function trustProxySetting(value: Env["TRUST_PROXY"]): boolean | string | number {
  if (value === false) return false;
  if (value === true) return "loopback, linklocal, uniquelocal";
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const TRUST_PROXY_OPEN_WARNING =
  "TRUST_PROXY=on, but a request came straight from a public address: no proxy is in front of " +
  "this server, so any client on this machine or a private network can pick its own address with " +
  "X-Forwarded-For and escape the login and rate limits. Put the proxy in front, or set TRUST_PROXY " +
  "to the proxy's own address (docs/operations.md).";

/**
 * docs/threat-model.md: TRUST_PROXY=on believes X-Forwarded-For from any private address,
 * which is right behind a proxy and wrong without one. A request arriving from a
 * public address shows there is none in front: warned once per process. `trusts`
 * is Express's compiled setting (`app.get("trust proxy fn")`); null unless on.
 */
export function trustProxyWarning(
  value: Env["TRUST_PROXY"],
  trusts: (address: string, hop: number) => boolean,
  log: Pick<Logger, "warn">,
): ((req: IncomingMessage) => void) | null {
  if (value !== true) return null;
  let warned = false;
  return (req) => {
    if (warned) return;
    const address = req.socket.remoteAddress;
    if (!address || trusts(address, 0)) return;
    warned = true;
    log.warn(
      { address, forwardedFor: req.headers["x-forwarded-for"] ?? null, trustProxy: "on" },
      TRUST_PROXY_OPEN_WARNING,
    );
  };
}

/**
 * Writes the client's address (from the socket, or the trusted proxy's header) into
 * CLIENT_IP_HEADER, overwriting whatever the client sent: rate limits key on it.
 * Also draws the response's CSP nonce.
 */
export const clientIpAndNonce: express.RequestHandler = (req, res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/** The island loader, allowed by its hash: the same text in every page, cached or not (ADR 0029). */
export const ISLAND_LOADER_SOURCE = `'sha256-${createHash("sha256").update(ISLAND_LOADER).digest("base64")}'`;

/**
 * Security headers on every response; scripts only from this origin, the island loader,
 * or with the response's nonce. (A page the page cache keeps loses the nonce:
 * page-cache.server.ts withoutNonce.)
 */
export function securityHeaders(publicUrl: string): express.RequestHandler {
  const https = publicUrl.startsWith("https://");
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ISLAND_LOADER_SOURCE,
          (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
        ],
        // react-toastify injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    // no-referrer (helmet's default) makes Chromium send "Origin: null" on form posts.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Headers for static files (scripts, styles, the favicon, shared images): no framing,
 * no sniffing, and a policy under which a file opened on its own runs nothing.
 */
export function assetHeaders(publicUrl: string): express.RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: publicUrl.startsWith("https://"),
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Mutating requests from another site are refused (with SameSite=Lax cookies, a
 * second wall). Browsers say where a request comes from in Sec-Fetch-Site; older
 * ones only in Origin. Clients that send neither (curl, scripts) carry no cookies
 * of a victim, so they pass.
 */
export function sameOriginOnly(publicUrl: string): express.RequestHandler {
  const allowed = new URL(publicUrl).host;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let crossSite: boolean;
    if (site) {
      crossSite = site !== "same-origin" && site !== "none";
    } else if (origin) {
      const host = URL.canParse(origin) ? new URL(origin).host : "";
      crossSite = host !== allowed && host !== req.get("host");
    } else {
      crossSite = false;
    }
    if (!crossSite) return next();
    req.log?.warn({ origin, site }, "cross-site request refused");
    res.status(403).type("text/plain").send("Forbidden: cross-site request");
  };
}
