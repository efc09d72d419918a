import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { parseEnv } from "~/server/env.server.ts";
import {
  assetHeaders,
  clientIpAndNonce,
  sameOriginOnly,
  securityHeaders,
  trustProxySetting,
} from "~/server/http-security.server.ts";
import { isPersonal } from "~/server/page-cache-middleware.server.ts";
import { createToastCookie } from "~/server/toast.server.ts";
import { customerInput } from "../setup/factories.ts";
import { createTestServices } from "../setup/test-services.ts";

/**
 * The web layer server/app.ts puts in front of every route, mounted on a bare
 * Express app over real HTTP on 127.0.0.1, with a handler that says what it saw.
 */
async function serve(options: { trustProxy?: string; publicUrl?: string } = {}) {
  const publicUrl = options.publicUrl ?? "http://localhost:3000";
  const app = express();
  app.set("trust proxy", setting(options.trustProxy));
  app.use(clientIpAndNonce);
  app.use(securityHeaders(publicUrl));
  app.use(sameOriginOnly(publicUrl));
  let handled = 0;
  app.all("/{*any}", (req, res) => {
    handled += 1;
    res.json({ clientIp: req.headers[CLIENT_IP_HEADER], nonce: res.locals.nonce as string });
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    handled: () => handled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Served = Awaited<ReturnType<typeof serve>>;

async function clientIpSeen(served: Served, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${served.url}/whoami`, { headers });
  return ((await response.json()) as { clientIp: string }).clientIp;
}

const setting = (value?: string) => trustProxySetting(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY);

const FORGED = { "x-forwarded-for": "203.0.113.9", [CLIENT_IP_HEADER]: "198.51.100.7" };

describe("client addresses (rate limits key on them)", () => {
  it("ignore X-Forwarded-For and a forged address header when no proxy is trusted", async () => {
    const served = await serve();
    try {
      expect(await clientIpSeen(served, FORGED)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(await clientIpSeen(served, { "x-forwarded-for": "203.0.113.10" })).toMatch(/127\.0\.0\.1$/);
    } finally {
      await served.close();
    }
  });

  it("come from X-Forwarded-For only when the request arrives from a trusted proxy", async () => {
    const trusted = await serve({ trustProxy: "on" });
    const otherProxy = await serve({ trustProxy: "10.9.9.9" });
    try {
      expect(await clientIpSeen(trusted, FORGED)).toBe("203.0.113.9");
      // The header is believed from 10.9.9.9 only; this request comes from 127.0.0.1.
      expect(await clientIpSeen(otherProxy, FORGED)).toMatch(/127\.0\.0\.1$/);
    } finally {
      await Promise.all([trusted.close(), otherProxy.close()]);
    }
  });

  it("parses TRUST_PROXY as off, on, hops or addresses", () => {
    expect(setting()).toBe(false);
    expect(setting("off")).toBe(false);
    expect(setting("on")).toBe("loopback, linklocal, uniquelocal");
    expect(setting("1")).toBe(1);
    expect(setting("2")).toBe(2);
    expect(setting("10.0.0.5, 10.1.0.0/16")).toBe("10.0.0.5, 10.1.0.0/16");
  });
});

describe("cross-site requests", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve();
  });
  afterAll(() => served.close());

  it("are refused for every mutating method, and never reach the route", async () => {
    const before = served.handled();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const fromOrigin = await fetch(`${served.url}/profile/customer/edit`, {
        method,
        headers: { origin: "https://evil.example" },
      });
      expect(fromOrigin.status).toBe(403);
      expect(await fromOrigin.text()).toBe("Forbidden: cross-site request");
      const fromSite = await fetch(`${served.url}/profile/customer/edit`, {
        method,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(fromSite.status).toBe(403);
    }
    const nullOrigin = await fetch(`${served.url}/logout`, { method: "POST", headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    expect(served.handled()).toBe(before);
  });

  it("pass from this site, from clients without a browser, and for reads", async () => {
    const before = served.handled();
    const ok = [
      await fetch(`${served.url}/logout`, { method: "POST", headers: { "sec-fetch-site": "same-origin" } }),
      await fetch(`${served.url}/logout`, { method: "POST", headers: { origin: "http://localhost:3000" } }),
      await fetch(`${served.url}/logout`, { method: "POST" }),
      await fetch(`${served.url}/menus`, { headers: { "sec-fetch-site": "cross-site" } }),
    ];
    expect(ok.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(served.handled()).toBe(before + 4);
  });
});

describe("security headers", () => {
  it("come on every response: a nonce CSP without inline scripts, nosniff, no framing, a referrer policy", async () => {
    const served = await serve();
    try {
      const response = await fetch(`${served.url}/anything`);
      const { nonce } = (await response.json()) as { nonce: string };
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
      // A fresh nonce for every response.
      const again = (await (await fetch(`${served.url}/anything`)).json()) as { nonce: string };
      expect(again.nonce).not.toBe(nonce);
    } finally {
      await served.close();
    }
  });

  it("add HSTS and upgrade-insecure-requests behind https", async () => {
    const served = await serve({ publicUrl: "https://foodverse.example" });
    try {
      const response = await fetch(`${served.url}/anything`);
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await served.close();
    }
  });
});

describe("static files", () => {
  it("carry headers too: nothing runs in a file opened on its own, no sniffing, no framing", async () => {
    const app = express();
    app.use(assetHeaders("https://foodverse.example"));
    app.get("/favicon.svg", (_req, res) => res.type("image/svg+xml").send("<svg/>"));
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/favicon.svg`);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("cookies", () => {
  it("are HttpOnly and SameSite=Lax; behind https also Secure and prefixed", async () => {
    const plainToast = await createToastCookie(false).serialize("x");
    expect(plainToast).toMatch(/^fv_toast=/);
    expect(plainToast).toMatch(/HttpOnly/);
    expect(plainToast).toMatch(/SameSite=Lax/);
    expect(plainToast).not.toMatch(/Secure/);
    const secureToast = await createToastCookie(true).serialize("x");
    expect(secureToast).toMatch(/^__Host-fv_toast=/);
    expect(secureToast).toMatch(/; Secure/);
    expect(secureToast).toMatch(/Path=\//);
    expect(secureToast).not.toMatch(/Domain=/);

    const services = await createTestServices({ PUBLIC_URL: "https://foodverse.example" });
    try {
      const result = await signUpCustomer(services, customerInput(), new Headers());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const cookies = result.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-/);
        expect(cookie).toMatch(/; Secure/i);
        expect(cookie).toMatch(/HttpOnly/i);
        expect(cookie).toMatch(/SameSite=Lax/i);
      }
    } finally {
      await services.close();
    }
  });

  it("with a prefix still mark a request as personal, so the page cache never answers it", () => {
    expect(isPersonal("__Secure-better-auth.session_token=abc")).toBe(true);
    expect(isPersonal("theme=dark; __Host-fv_toast=xyz")).toBe(true);
    expect(isPersonal("better-auth.session_token=abc")).toBe(true);
    expect(isPersonal("fv_toast=xyz")).toBe(true);
    expect(isPersonal("theme=dark; not_fv_toast=1")).toBe(false);
    expect(isPersonal("")).toBe(false);
  });
});
