import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { BODY_MESSAGES, listenerOptions, refuseLargeBodies } from "~/server/body-limit.server.ts";
import { parseEnv } from "~/server/env.server.ts";
import {
  assetHeaders,
  clientIpAndNonce,
  ISLAND_LOADER_SOURCE,
  sameOriginOnly,
  securityHeaders,
  trustProxySetting,
  trustProxyWarning,
  TRUST_PROXY_OPEN_WARNING,
} from "~/server/http-security.server.ts";
import { isPersonal } from "~/server/page-cache-middleware.server.ts";
import { createToastCookie } from "~/server/toast.server.ts";
import { customerInput } from "../setup/factories.ts";
import { createTestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * The web layer server/http-app.ts puts in front of every route, mounted on a bare
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
      expect(scriptSrc).toBe(`script-src 'self' ${ISLAND_LOADER_SOURCE} 'nonce-${nonce}'`);
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

// ---- docs/threat-model.md: TRUST_PROXY=on with no proxy in front ----

/** Express's compiled TRUST_PROXY=on, as `app.get("trust proxy fn")` gives it. */
const compiled = () => {
  const app = express();
  app.set("trust proxy", setting("on"));
  return app.get("trust proxy fn") as (address: string, hop: number) => boolean;
};
const from = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  }) as unknown as http.IncomingMessage;

describe("TRUST_PROXY=on", () => {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args) };
  it("warns once when a request arrives straight from a public address", () => {
    warnings.length = 0;
    const watch = trustProxyWarning(true, compiled(), log)!;
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "192.168.0.7",
      "172.17.0.1",
      "fd00::5",
      "::ffff:10.0.0.2",
    ]) {
      watch(from(address, "203.0.113.50"));
    }
    expect(warnings).toEqual([]);
    watch(from("203.0.113.9", "198.51.100.1"));
    watch(from("198.51.100.77"));
    expect(warnings).toEqual([
      [{ address: "203.0.113.9", forwardedFor: "198.51.100.1", trustProxy: "on" }, TRUST_PROXY_OPEN_WARNING],
    ]);
    expect(TRUST_PROXY_OPEN_WARNING).toMatch(/X-Forwarded-For/);
  });

  it("says nothing for off or for a named proxy", () => {
    expect(trustProxyWarning(false, compiled(), log)).toBeNull();
    expect(trustProxyWarning("10.0.0.5", compiled(), log)).toBeNull();
  });

  it("watches real requests (a request from 127.0.0.1 is no reason to warn)", async () => {
    warnings.length = 0;
    const app = express();
    app.set("trust proxy", setting("on"));
    app.get("/{*any}", (_req, res) => res.send("ok"));
    const server = http.createServer(app);
    server.on("request", trustProxyWarning(true, app.get("trust proxy fn"), log)!);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(response.status).toBe(200);
      expect(warnings).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// ---- docs/threat-model.md: bodies past the limit, and slow requests ----

/** A raw connection, to send a request as slowly as an attacker would. */
async function slowClient(portNumber: number, first: string) {
  const socket = net.connect(portNumber, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString()));
  // The server cutting a slow request short is what these tests wait for: a write of the
  // trickle meeting the closed connection resets it (ECONNRESET), and "close" still comes.
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => {
    const started = Date.now();
    socket.once("close", () => resolve(Date.now() - started));
  });
  socket.write(first);
  return { socket, closed, received: () => received };
}

describe("request bodies that are no upload", () => {
  const LIMIT = 8 * 1024;
  let server: http.Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(refuseLargeBodies({ maxBytes: LIMIT, timeoutMs: 1000 }));
    app.all("/{*any}", (req, res) => {
      seen.push(req.path);
      req.resume();
      req.on("end", () => res.send("reached"));
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("are refused by their declared length before any route: 413, the message, the connection closed", async () => {
    for (const [path, type, json] of [
      ["/login", "application/x-www-form-urlencoded", false],
      ["/api/auth/sign-out", "application/json", true],
      ["/anything", "text/plain", false],
      ["/anything", null, false],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: new Uint8Array(LIMIT + 1).fill(97),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("connection")).toBe("close");
      const text = await response.text();
      // Answers of no page (an API's JSON, plain text) are in English.
      expect(json ? (JSON.parse(text) as { message: string }).message : text).toEqual(
        inEnglish(BODY_MESSAGES.tooLarge(LIMIT)),
      );
    }
    expect(seen).toEqual([]);
  });

  it("let uploads (multipart, tus chunks), small bodies and chunked ones through to their readers", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(LIMIT * 4)]), "a.jpg");
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(LIMIT * 2));
        controller.close();
      },
    });
    const answers = await Promise.all([
      fetch(`http://127.0.0.1:${port}/profile/customer/edit`, { method: "POST", body: form }),
      fetch(`http://127.0.0.1:${port}/uploads/video/x`, {
        method: "PATCH",
        headers: { "content-type": "application/offset+octet-stream" },
        body: new Uint8Array(LIMIT * 2),
      }),
      fetch(`http://127.0.0.1:${port}/login`, { method: "POST", body: new URLSearchParams({ a: "b" }) }),
      fetch(`http://127.0.0.1:${port}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: chunked,
        duplex: "half",
      } as RequestInit),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it("have their headers and whole request timed (HTTP_HEADERS_TIMEOUT_SECONDS, HTTP_REQUEST_TIMEOUT_SECONDS)", async () => {
    const options = listenerOptions(
      parseEnv({ HTTP_HEADERS_TIMEOUT_SECONDS: "1", HTTP_REQUEST_TIMEOUT_SECONDS: "2" }),
    );
    const app = express();
    app.all("/{*any}", (req, res) => {
      req.resume();
      req.on("end", () => res.send("reached"));
    });
    const slow = http.createServer(options, app);
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowPort = (slow.address() as AddressInfo).port;
    try {
      // Headers that never end: 408 within the headers timeout (checked every 250 ms).
      const headers = await slowClient(slowPort, "POST /login HTTP/1.1\r\nHost: x\r\n");
      const headersClosedAfter = await headers.closed;
      expect(headers.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(headersClosedAfter).toBeLessThan(3000);
      // A body that trickles in: cut at the request timeout.
      const body = await slowClient(
        slowPort,
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na=",
      );
      const trickle = setInterval(() => body.socket.write("x"), 200);
      const bodyClosedAfter = await body.closed;
      clearInterval(trickle);
      expect(body.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(bodyClosedAfter).toBeGreaterThanOrEqual(1500);
      expect(bodyClosedAfter).toBeLessThan(4000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("get defaults that still let a 10 MB photo through on a slow phone network", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      FORM_MAX_KB: 64,
      FORM_READ_TIMEOUT_SECONDS: 30,
      HTTP_HEADERS_TIMEOUT_SECONDS: 20,
      HTTP_REQUEST_TIMEOUT_SECONDS: 240,
    });
    const options = listenerOptions(env);
    expect(options).toMatchObject({ headersTimeout: 20_000, requestTimeout: 240_000 });
    // 10 MB at 384 kbit/s (a slow 3G uplink), with the multipart framing.
    const seconds = (10 * 1024 * 1024 * 8 * 1.01) / 384_000;
    expect(seconds * 1000).toBeLessThan(options.requestTimeout!);
    expect(() =>
      parseEnv({ HTTP_HEADERS_TIMEOUT_SECONDS: "30", HTTP_REQUEST_TIMEOUT_SECONDS: "10" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
  });
});
