import { randomBytes } from "node:crypto";
import type express from "express";
import helmet from "helmet";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import type { Env } from "./env.server.ts";

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

/** Security headers on every response; scripts only from this origin or with the response's nonce. */
export function securityHeaders(publicUrl: string): express.RequestHandler {
  const https = publicUrl.startsWith("https://");
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
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
