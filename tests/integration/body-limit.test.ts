import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoint } from "~/server/auth-endpoint.server.ts";
import { BODY_MESSAGES, refuseLargeBodies } from "~/server/body-limit.server.ts";
import { clientIpAndNonce, sameOriginOnly } from "~/server/http-security.server.ts";
import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import type { MutatingAction, PreparedCall } from "./authorization/action-entry.ts";
import { describeDiff, diff, snapshot } from "./authorization/db-snapshot.ts";
import { MUTATING_ACTIONS } from "./authorization/mutating-actions.ts";
import { buildRequest, ORIGIN } from "./authorization/route-call.ts";
import { World, type Actor } from "./authorization/world.ts";
import { send } from "./fuzz/answer.ts";
import { labelOf } from "./fuzz/families.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * docs/threat-model.md: no mutating action reads an unlimited body. Every entry of the one
 * list of mutating actions (the matrix fails when an action is missing from it) is
 * sent its valid call with a url-encoded body just past FORM_MAX_KB, as an actor
 * allowed to use it (so the action gets as far as reading), and must answer 413 with
 * the message and change nothing. A new action that reads `request.formData()` (or
 * any body) on its own fails here.
 *
 * Route actions are called in-process with the body streamed (no Content-Length, so
 * the reader itself must stop) and again with a declared Content-Length past the
 * limit (refused before a byte is read). Express endpoints (better-auth, tus) are
 * called over HTTP on 127.0.0.1 through the middleware server/http-app.ts mounts.
 */
const LIMIT_KB = 16;
const LIMIT = LIMIT_KB * 1024;
// In English: an HTTP answer's text, and what the fuzz reads of a message (tests/integration/fuzz/answer.ts).
const TOO_LARGE = inEnglish(BODY_MESSAGES.tooLarge(LIMIT));
const TOO_LARGE_KEY = BODY_MESSAGES.tooLarge(LIMIT).key;

let services: TestServices;
let world: World;
let web: { url: string; close: () => Promise<void> };

/** The Express-level part of server/http-app.ts that these endpoints pass through, in its order. */
async function serveExpressEndpoints() {
  const app = express();
  app.use(clientIpAndNonce);
  app.use(refuseLargeBodies({ maxBytes: LIMIT, timeoutMs: 30_000 }));
  app.use(sameOriginOnly(services.env.PUBLIC_URL));
  app.all("/api/auth/{*any}", ...authEndpoint(services));
  app.all([VIDEO_UPLOAD_PATH, `${VIDEO_UPLOAD_PATH}/{*id}`], (req, res) => {
    void services.videos.server.handle(req, res);
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "manual", FORM_MAX_KB: String(LIMIT_KB) });
  world = await World.create(services, { reviewBranches: 4 });
  web = await serveExpressEndpoints();
}, 120_000);
afterAll(async () => {
  await web?.close();
  await services?.close();
});

/** The call's own fields plus one more, so the body is just past the limit. */
function oversizedForm(call: PreparedCall): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(call.form ?? {})) for (const one of [v].flat()) form.append(k, one);
  form.append("pad", "");
  const used = form.toString().length;
  form.set("pad", "x".repeat(LIMIT + 1 - used));
  expect(form.toString().length).toBe(LIMIT + 1);
  return form;
}

/** A body streamed in 4 KB chunks: no length is known until it ends. */
function streamed(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 4096));
      at += 4096;
    },
  });
}

function urlEncodedRequest(
  entry: MutatingAction,
  call: PreparedCall,
  cookies: Headers | null,
  declared: boolean,
): Request {
  const valid = buildRequest({ method: entry.method, cookies, path: call.path, headers: call.headers });
  const headers = new Headers(valid.headers);
  headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
  const bytes = new TextEncoder().encode(oversizedForm(call).toString());
  if (declared) headers.set("content-length", String(bytes.length));
  return new Request(valid.url, {
    method: entry.method === "GET" ? "POST" : entry.method,
    headers,
    body: streamed(bytes),
    duplex: "half",
  } as RequestInit);
}

/** Over HTTP to the Express app above: fetch declares the length of a buffer and streams a stream (chunked). */
async function overHttp(
  request: Request,
): Promise<{ status: number; message: string; connection: string | null }> {
  const path = request.url.slice(ORIGIN.length);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const chunked = !request.headers.has("content-length");
  const bytes = new Uint8Array(await request.arrayBuffer());
  const response = await fetch(`${web.url}${path}`, {
    method: request.method,
    headers,
    body: chunked ? streamed(bytes) : bytes,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    // plain text
  }
  return { status: response.status, message, connection: response.headers.get("connection") };
}

/**
 * The status and message of the answer, and for an Express endpoint whether the
 * connection closes after it (the rest of the body is never read; an action's answer
 * goes back through React Router, and Node discards what is left of its body).
 */
async function answerTo(entry: MutatingAction, request: Request, params: Record<string, string>) {
  if (entry.target.kind === "express") {
    const { status, message, connection } = await overHttp(request);
    return { status, message, closes: connection === "close" };
  }
  const answer = await send(services, entry, request, params);
  if (answer.outcome.error) throw answer.outcome.error;
  // Upload forms toast their own failure and show the reason beside the form.
  const message = answer.readable.includes(TOO_LARGE_KEY) ? TOO_LARGE : answer.message;
  return { status: answer.outcome.status, message, closes: undefined };
}

const actorFor = (entry: MutatingAction): Actor => entry.allowed[0] ?? "customer";
const isTus = (entry: MutatingAction) =>
  entry.target.kind === "express" && entry.target.mount === "VIDEO_UPLOAD_PATH";

describe("every mutating action refuses a body past FORM_MAX_KB (413, nothing changed)", () => {
  it.each(MUTATING_ACTIONS.map((entry) => [labelOf(entry), entry] as const))(
    "%s",
    async (_name, entry) => {
      const actor = actorFor(entry);
      const call = await entry.prepare(world, actor);
      const cookies = call.cookies !== undefined ? call.cookies : world.cookiesOf(actor);
      // tus reads only its own chunks (application/offset+octet-stream, up to MAX_VIDEO_BYTES):
      // a form body to it is refused by the declared length, before tus runs.
      const variants = isTus(entry) ? [true] : [false, true];
      for (const declared of variants) {
        const request = urlEncodedRequest(entry, call, cookies, declared);
        const before = await snapshot(services);
        const answer = await answerTo(entry, request, call.params ?? {});
        const changes = diff(before, await snapshot(services));
        const how = declared ? "declared length" : "streamed";
        const closes = entry.target.kind === "express" ? true : undefined;
        expect({ how, ...answer }).toEqual({ how, status: 413, message: TOO_LARGE, closes });
        expect(describeDiff(changes), JSON.stringify(changes).slice(0, 1000)).toEqual([]);
      }
      await world.renewSession(actor);
    },
    30_000,
  );
});

describe("uploads keep their own limits", () => {
  it("a multipart form past FORM_MAX_KB passes the Express check (the upload form's own limits apply)", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(LIMIT * 2)]), "a.jpg");
    // No route is mounted for it here: past the check, it is Express's 404, not a 413.
    const upload = await fetch(`${web.url}/profile/customer/edit`, { method: "POST", body: form });
    expect(upload.status).toBe(404);
    const plain = await fetch(`${web.url}/profile/customer/edit`, {
      method: "POST",
      body: new URLSearchParams({ about: "x".repeat(LIMIT) }),
    });
    expect([plain.status, await plain.text()]).toEqual([413, TOO_LARGE]);
  });

  it("tus refuses a video past MAX_VIDEO_BYTES before any byte is sent", async () => {
    const response = await fetch(`${web.url}${VIDEO_UPLOAD_PATH}`, {
      method: "POST",
      headers: {
        cookie: world.cookiesOf("customer")!.get("cookie")!,
        "tus-resumable": "1.0.0",
        "upload-length": String(services.env.MAX_VIDEO_BYTES + 1),
      },
    });
    expect(response.status).toBe(413);
  });
});

// ---- no action reads a body but through the limited readers ----

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the readers of request bodies", () => {
  it("are the limited ones: no request.formData(), .json(), .text() or .arrayBuffer() elsewhere in app/", () => {
    const reading =
      /\b(?:request|req)\s*\.\s*(?:formData|json|text|arrayBuffer|blob|bytes)\s*\(|\bparseFormData\s*\(/;
    const allowed = new Set(["app/server/upload-form.server.ts", "app/server/body-limit.server.ts"]);
    const offenders = sourceFiles("app").filter((file) => {
      if (allowed.has(file)) return false;
      return reading.test(fs.readFileSync(`${ROOT}${file}`, "utf8"));
    });
    expect(offenders).toEqual([]);
    // And the one in upload-form.server.ts reads a body already read with the limit.
    const upload = fs.readFileSync(`${ROOT}app/server/upload-form.server.ts`, "utf8");
    expect(upload).not.toMatch(/\brequest\.formData\(/);
  });

  it("are mounted in server/http-app.ts: the declared-length check for every route, the limit on /api/auth", () => {
    const app = fs.readFileSync(`${ROOT}server/http-app.ts`, "utf8");
    expect(app).toMatch(/app\.use\(refuseLargeBodies\(bodyLimitsOf\(env\)\)\)/);
    expect(app).toMatch(/app\.all\("\/api\/auth\/\{\*any\}", \.\.\.authEndpoint\(services\)\)/);
    expect(app).not.toMatch(/toNodeHandler/);
  });
});
