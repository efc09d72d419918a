import type { IncomingMessage, ServerOptions } from "node:http";
import type express from "express";
import type { Env } from "./env.server.ts";
import { keyed } from "~/lib/message.ts";
import { MessageError, type Message } from "~/lib/message.ts";

/**
 * docs/threat-model.md: a request body that is no upload (a url-encoded form, better-auth's
 * JSON) is small, so it is read with a limit, checked while it streams in, and a
 * deadline. Upload forms (multipart, app/server/upload-form.server.ts readUploadForm)
 * and tus video uploads keep their own limits (MAX_IMAGE_BYTES, MAX_VIDEO_BYTES).
 *
 * Three places hold the limit:
 * - `readLimitedBody`: every form action reads its body through it (readFormValues,
 *   and readUploadForm for a form without files), so no action reads an unlimited body;
 * - `refuseLargeBodies`: Express answers a declared Content-Length past the limit with
 *   a 413 before any route runs, and closes the connection;
 * - `bufferAuthBody`: /api/auth bodies are read with the limit before better-auth
 *   (which would buffer any size) sees them.
 */
export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export function bodyLimitsOf(env: Pick<Env, "FORM_MAX_KB" | "FORM_READ_TIMEOUT_SECONDS">): BodyLimits {
  return { maxBytes: env.FORM_MAX_KB * 1024, timeoutMs: env.FORM_READ_TIMEOUT_SECONDS * 1000 };
}

export const BODY_MESSAGES = {
  tooLarge: (maxBytes: number) =>
    keyed(
      "This form is too large: at most {{kb}} KB can be sent (photos and videos aside). Please shorten it and try again.",
      { kb: Math.floor(maxBytes / 1024) },
    ),
  tooSlow: "The form took too long to arrive. Please check your connection and try again.",
};

export class BodyLimitError extends MessageError {
  readonly status: 413 | 408;
  constructor(status: 413 | 408, message: Message) {
    super(message);
    this.name = "BodyLimitError";
    this.status = status;
  }
}

const tooLarge = (limits: BodyLimits) => new BodyLimitError(413, BODY_MESSAGES.tooLarge(limits.maxBytes));
const tooSlow = () => new BodyLimitError(408, BODY_MESSAGES.tooSlow);

/** The bodies of uploads, which have limits of their own: multipart forms and tus's chunks. */
const UPLOAD_TYPE = /^\s*(?:multipart\/form-data|application\/offset\+octet-stream)\s*(?:;|$)/i;

export function isUploadBody(contentType: string | null | undefined): boolean {
  return UPLOAD_TYPE.test(contentType ?? "");
}

/** The declared Content-Length, or null when there is none (a chunked body). */
function declaredLength(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The whole body of a web Request, at most `maxBytes` of it, within `timeoutMs`
 * (BodyLimitError 413 / 408 otherwise). A declared Content-Length past the limit is
 * refused before a byte is read. Never buffers more than the limit.
 */
export async function readLimitedBody(
  request: Request,
  limits: BodyLimits,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== null && declared > limits.maxBytes) throw tooLarge(limits);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(tooSlow()), limits.timeoutMs);
  });
  deadline.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBytes) throw tooLarge(limits);
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
    // Not cancel(): under React Router the stream is the socket's, and cancelling it
    // destroys the connection before the 413 is sent. Node discards what is left.
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

/** The same for a Node request (Express); the request is paused where reading stopped. */
export function readLimitedNodeBody(req: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", finish);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.maxBytes) finish(tooLarge(limits));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const timer = setTimeout(() => finish(tooSlow()), limits.timeoutMs);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", finish);
  });
}

/** A refusal the client can read, on a connection that closes after it (the rest of the body is never read). */
function refuse(res: express.Response, error: BodyLimitError, json: boolean) {
  res.setHeader("Connection", "close");
  res.status(error.status);
  if (json)
    res.json({ code: error.status === 413 ? "BODY_TOO_LARGE" : "BODY_TIMEOUT", message: error.message });
  else res.type("text/plain").send(error.message);
}

/**
 * Express, ahead of every route: a body that is no upload and declares more than
 * the limit is refused with a 413 before anything reads it. (A chunked body declares
 * nothing: the reader that streams it stops at the limit.)
 */
export function refuseLargeBodies(limits: BodyLimits): express.RequestHandler {
  return (req, res, next) => {
    const declared = declaredLength(req.get("content-length"));
    if (declared === null || declared <= limits.maxBytes || isUploadBody(req.get("content-type"))) {
      return next();
    }
    req.log?.warn({ declared, limit: limits.maxBytes }, "request body too large");
    refuse(res, tooLarge(limits), req.path.startsWith("/api/"));
  };
}

/**
 * For better-auth (toNodeHandler), which reads any body whole: the body is read
 * here with the limit and the deadline and handed on as `req.body` (better-call uses
 * a body already read). A body-less request passes as it is.
 */
export function bufferAuthBody(limits: BodyLimits): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !req.get("content-type")) return next();
    readLimitedNodeBody(req, limits).then(
      (body) => {
        if (body.length > 0) (req as { body?: unknown }).body = body.toString("utf8");
        next();
      },
      (error: unknown) => {
        if (error instanceof BodyLimitError) {
          req.log?.warn({ status: error.status, limit: limits.maxBytes }, "auth request body refused");
          refuse(res, error, true);
        } else next(error);
      },
    );
  };
}

/**
 * Node's listener timeouts, instead of its defaults (60 s for headers, 300 s for a
 * request): headers must arrive within HTTP_HEADERS_TIMEOUT_SECONDS (20), a whole
 * request within HTTP_REQUEST_TIMEOUT_SECONDS (240: a 10 MB photo at 384 kbit/s, a
 * slow 3G uplink, takes 218 s). Checked every few seconds rather than every 30.
 */
export function listenerOptions(
  env: Pick<Env, "HTTP_HEADERS_TIMEOUT_SECONDS" | "HTTP_REQUEST_TIMEOUT_SECONDS">,
): ServerOptions {
  const headersTimeout = env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  return {
    headersTimeout,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    connectionsCheckingInterval: Math.min(5000, Math.max(250, headersTimeout / 4)),
  };
}
