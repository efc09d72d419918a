import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL")
    .optional(),
  // Connections each process may hold (docs/operations.md: processes × this ≤ the server's max_connections).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  // How long a starting process waits for an unreachable database before it gives up (exit 1).
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Counters several app processes share (auth rate limits, login locks); without it they live in the database.
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), "REDIS_URL must be a redis:// or rediss:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Foodverse <no-reply@foodverse.local>"),
  APPROVAL_MODE: z.enum(["manual", "auto"]).default("manual"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // off, on (proxies on this machine or a private network), or Express's syntax: addresses, subnets, hops.
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v) => (/^(off|false|0)$/i.test(v) ? false : /^(on|true)$/i.test(v) ? true : v))
    .default(false),
  // Rate limits (ADR 0031). Failed logins one (account, client address) pair may make before
  // it is slowed down: then it waits LOGIN_SLOWDOWN_SECONDS, doubled after each further
  // failure, up to LOGIN_LOCK_SECONDS. Other addresses are not slowed by it.
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  // Failed logins from one client address across accounts, within LOGIN_LOCK_SECONDS.
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  // Failed logins on one account from every address in an hour; past it the account slows
  // down: an address it was not signed in from gets one attempt per 3600 / this many seconds.
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  // Sign-ups and password-reset mails per mailbox and per client address, within the window.
  // The per-address ceilings are high: a restaurant's Wi-Fi or a mobile network's shared
  // address puts many people behind one.
  SIGNUP_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  SIGNUP_MAX_PER_IP: z.coerce.number().int().min(1).default(200),
  RESET_MAIL_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  RESET_MAIL_MAX_PER_IP: z.coerce.number().int().min(1).default(200),
  ACCOUNT_MAIL_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60),
  // Searches (/search pages rendered, not served from the page cache) per client address a minute.
  SEARCH_MAX_PER_IP: z.coerce.number().int().min(1).default(60),
  // Menu imports (spreadsheets read) one restaurant owner may start in an hour.
  IMPORT_MAX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Table passes (issue 33) one client address may get an hour; past it a table code opens the menu without one. */
  TABLE_PASSES_PER_IP: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT: flag.optional(),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  UPLOAD_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  // Stored photos per account (docs/decisions/0015-upload-quotas.md).
  MAX_IMAGES_PER_ACCOUNT: z.coerce.number().int().min(1).default(1000),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  VIDEO_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  // Per customer: uploads in the store at once, new uploads an hour, bytes a day.
  MAX_OPEN_VIDEO_UPLOADS: z.coerce.number().int().min(1).default(3),
  MAX_VIDEO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MAX_VIDEO_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  // Anonymous public pages, kept per process and keyed by content versions (exact).
  PAGE_CACHE: flag.default(true),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).default(64),
  // ADR 0034 §5: the page cache's file on disk (DATA_DIR/page-cache.db); 0 keeps pages in memory only.
  PAGE_DISK_MB: z.coerce.number().int().min(0).default(1024),
  /** ADR 0028: how long a process trusts who a session cookie is for a cached page's header. */
  PAGE_CACHE_VIEWER_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** ADR 0027: count diners' views of public pages (no cookies, no personal data). */
  PAGE_VIEWS: flag.default(true),
  /** Seconds between writes of the counted views; a killed process loses at most this much. */
  PAGE_VIEWS_FLUSH_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /** Views one client address adds to one page in 10 minutes (docs/threat-model.md, counters). */
  PAGE_VIEWS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // Bodies that are no upload (url-encoded forms, better-auth's JSON): refused past this size (413).
  FORM_MAX_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  // A form body must have arrived this long after the action starts reading it (408).
  FORM_READ_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  // Node's listener: the request line and headers, and the whole request (uploads included).
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(240),
});

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, not taken from the default (only then does a start rewrite QR codes). */
  PUBLIC_URL_GIVEN: boolean;
  AUTH_RATE_LIMIT: boolean;
  UPLOAD_DIR: string;
};

/** Parses configuration once at boot; a bad value stops the process with a readable list. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const blanksRemoved = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = EnvSchema.safeParse(blanksRemoved);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      "Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS",
    );
  }
  if (env.STORAGE === "s3" && !env.S3_BUCKET) {
    throw new Error("Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3");
  }
  return {
    UPLOAD_DIR: env.UPLOAD_DIR ?? `${env.DATA_DIR.replace(/\/+$/, "")}/uploads`,
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    PUBLIC_URL_GIVEN: env.PUBLIC_URL !== undefined,
    AUTH_RATE_LIMIT: env.AUTH_RATE_LIMIT ?? env.NODE_ENV === "production",
  };
}

let fromProcess: Env | undefined;

/** This process's configuration: process.env, parsed on first use and kept (read nowhere else). */
export function processEnv(): Env {
  fromProcess ??= parseEnv();
  return fromProcess;
}

/** The SQLite database file when no DATABASE_URL is set. */
export function sqliteFileOf(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "foodverse.db");
}
