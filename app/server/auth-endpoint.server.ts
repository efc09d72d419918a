import { toNodeHandler } from "better-auth/node";
import type express from "express";
import { bodyLimitsOf, bufferAuthBody } from "./body-limit.server.ts";
import type { Services } from "./services.server.ts";

/**
 * The handlers server/http-app.ts mounts on /api/auth: better-auth reads any body whole,
 * so the body is read first with the limit of every form (FORM_MAX_KB, 413) and the
 * deadline (FORM_READ_TIMEOUT_SECONDS, 408).
 */
export function authEndpoint(services: Services): express.RequestHandler[] {
  return [bufferAuthBody(bodyLimitsOf(services.env)), toNodeHandler(services.auth) as express.RequestHandler];
}
