import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import type { Kysely } from "kysely";
import type { Dialect } from "./db.server.ts";
import type { DB } from "./db-schema.server.ts";
import type { Logger } from "./log.server.ts";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { countInWindow, type Redis } from "./redis.server.ts";

export const CLIENT_IP_HEADER = "x-foodverse-client-ip";

// better-auth logs and swallows a failing sendResetPassword; the use case must
// still tell the person ('Could not sent reset password'), so the failure is
// carried back through this per-call slot.
const mailFailure = new AsyncLocalStorage<{ error?: unknown }>();

export async function withMailFailure<T>(run: () => Promise<T>): Promise<{ value: T; mailError?: unknown }> {
  const slot: { error?: unknown } = {};
  const value = await mailFailure.run(slot, run);
  return { value, mailError: slot.error };
}

export interface AuthSettings {
  db: Kysely<DB>;
  dialect: Dialect;
  publicUrl: string;
  secret: string;
  rateLimit: { enabled: boolean; max: number; windowSeconds: number };
  /** When set, rate-limit counters live there instead of the database. */
  redis?: Redis | null;
  log: Logger;
  sendResetPassword(args: { email: string; name: string; token: string }): Promise<void>;
}

/**
 * Every account action goes through the app's own forms and server actions, which
 * add the per-account throttle and the role records. The matching better-auth HTTP
 * endpoints are closed so nothing can go around them.
 */
const closedPaths = [
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/forget-password",
  "/reset-password",
  "/change-password",
  "/set-password",
  "/change-email",
  "/update-user",
  "/delete-user",
  "/verify-password",
  "/send-verification-email",
  "/verify-email",
];

/** better-auth's limiter on Redis: one atomic count per request, shared by every process. */
type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;

function redisRateLimit(redis: Redis): RateLimitStorage {
  // docs/operations.md: while Redis is away each process counts alone, as the app's own limits do.
  const alone = new Map<string, RateLimiterMemory>();
  return {
    async consume(key, rule) {
      try {
        const { count, retryAfter } = await countInWindow(redis, `fv:ratelimit:${key}`, rule.window);
        return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter };
      } catch {
        const id = `${rule.max}:${rule.window}`;
        let limiter = alone.get(id);
        if (!limiter)
          alone.set(id, (limiter = new RateLimiterMemory({ points: rule.max, duration: rule.window })));
        try {
          await limiter.consume(key);
          return { allowed: true, retryAfter: null };
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
        }
      }
    },
  };
}

export function authOptions(settings: AuthSettings) {
  return {
    appName: "Foodverse",
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    database: { db: settings.db, type: settings.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        try {
          await settings.sendResetPassword({ email: user.email, name: user.name, token });
        } catch (error) {
          const slot = mailFailure.getStore();
          if (slot) slot.error = error;
          throw error;
        }
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: settings.rateLimit.enabled,
      window: settings.rateLimit.windowSeconds,
      max: settings.rateLimit.max,
      storage: "database",
      ...(settings.redis ? { customStorage: redisRateLimit(settings.redis) } : {}),
    },
    advanced: {
      useSecureCookies: settings.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // server/http-app.ts writes this header from the socket (or the trusted proxy) on
      // every request, overwriting whatever the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    trustedOrigins: [settings.publicUrl],
    disabledPaths: closedPaths,
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => settings.log[level]({ args }, `better-auth: ${message}`),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(settings: AuthSettings) {
  return betterAuth(authOptions(settings));
}

export type Auth = ReturnType<typeof createAuth>;
