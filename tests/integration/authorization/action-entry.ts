import type { TestServices } from "../../setup/test-services.ts";
import type { Snapshot, TableChange } from "./db-snapshot.ts";
import type { FormFields, Outcome } from "./route-call.ts";
import type { Actor, World } from "./world.ts";

/**
 * Who may do an action:
 * - open: anyone, signed in or not (sign-up, login…);
 * - role: anyone of the allowed role, on the whole site (an admin decision);
 * - self: anyone of the allowed role, on their own records only (profile, own section list);
 * - owner: only the owner of the target the call names (restaurantOwner's section…);
 * - closed: no one (an endpoint that is switched off).
 */
export type Scope = "open" | "role" | "self" | "owner" | "closed";

/** What a cell has to judge an allowed call by. */
export interface EffectContext {
  world: World;
  actor: Actor;
  outcome: Outcome;
  before: Snapshot;
  after: Snapshot;
  changes: TableChange[];
}

/** One call, made fresh for one actor: the URL, the form, and how to tell it worked. */
export interface PreparedCall {
  /** The URL path with its params filled in. */
  path: string;
  params?: Record<string, string>;
  form?: FormFields;
  /** Sends the form as multipart/form-data, with these files. */
  files?: Record<string, Uint8Array[]>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** Another session than the actor's usual one (a call that ends the session it is made with). */
  cookies?: Headers | null;
  /** The specific effect of an allowed call; throws (expect) when it did not happen. */
  effect(ctx: EffectContext): Promise<void> | void;
  /**
   * The status a denied actor gets, when it is not just "a redirect or a 4xx"
   * (better-auth answers some refusals with a 200 that does nothing). The
   * unchanged database is checked for every denied cell regardless.
   */
  refusalStatus?(actor: Actor): number;
}

/** Where the request goes: a React Router action, or an Express-level handler of server/http-app.ts. */
export type Target =
  | { kind: "route"; action: (args: never) => unknown }
  | {
      kind: "express";
      /** The mount in server/http-app.ts. */
      mount: "/api/auth/{*any}" | "VIDEO_UPLOAD_PATH";
      handle(services: TestServices, request: Request): Promise<Response>;
    };

export interface MutatingAction {
  /** The cell's name: "restaurant-menu add-section". */
  name: string;
  /** The route module id (app/routes.ts's file without extension), or "server/http-app.ts" for Express mounts. */
  module: string;
  method: "POST" | "PATCH" | "DELETE" | "GET";
  /** For an Express-level entry, the endpoint under its mount ("/sign-out", "/uploads/video/:id"). */
  endpoint?: string;
  /** The value of the form's `intent` field this entry sends, when the action dispatches on it. */
  intent?: string;
  scope: Scope;
  allowed: readonly Actor[];
  target: Target;
  /**
   * The per-client limit an open action meets (ADR 0016): the variable naming how
   * many calls one client address may make in ACCOUNT_MAIL_WINDOW_SECONDS. The
   * matrix checks it holds; an open action needs one or a reason to go without.
   */
  clientLimit?: "SIGNUP_MAX_PER_IP" | "RESET_MAIL_MAX_PER_IP";
  /** Ends the sessions of the actor (password change, revoke-sessions): the world signs in again after. */
  endsSessions?: true;
  prepare(world: World, actor: Actor): Promise<PreparedCall>;
}
