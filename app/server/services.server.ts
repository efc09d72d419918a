import crypto from "node:crypto";
import fs from "node:fs";
import { CLIENT_WINDOW_MS, createPageViewCounter, type PageViewCounter } from "./page-views.server.ts";
import path from "node:path";
import { createAuth, type Auth } from "./auth.server.ts";
import { openDatabase, type Database } from "./db.server.ts";
import { processEnv, sqliteFileOf, type Env } from "./env.server.ts";
import { createLogger, type Logger } from "./log.server.ts";
import { createMailer, type Mailer } from "./mail.server.ts";
import { openRedis, redisReady, type Redis } from "./redis.server.ts";
import { migrate } from "./migrate.server.ts";
import { resetPasswordMail } from "./reset-mail.server.ts";
import { createStorage } from "./storage/create-storage.server.ts";
import type { Storage } from "./storage/storage.server.ts";
import { createVideoUploads, type VideoUploads } from "./media/videos.server.ts";
import { viewerOf } from "./viewer.server.ts";
import { waitForDatabase } from "./wait-for-database.server.ts";

/** Everything a use case may need, created once per process (or per test). */
export interface Services {
  env: Env;
  database: Database;
  /** REDIS_URL's connection, or null (counters then live in the database). */
  redis: Redis | null;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  videos: VideoUploads;
  log: Logger;
  /** ADR 0027: diners' page views, counted in memory and flushed; null with PAGE_VIEWS=off. */
  pageViews: PageViewCounter | null;
  /** The wall clock for what a page says about 'now' (open or closed, today); tests pass their own. */
  now(): Date;
  /** Signs table passes (issue 33): derived from the auth secret, so every process shares it. */
  tablePassKey: string;
  close(): Promise<void>;
}

/**
 * Without AUTH_SECRET a random secret is made once and kept in DATA_DIR, so a
 * laptop install needs no setup and sessions survive restarts. Several app
 * processes must share one AUTH_SECRET.
 */
function resolveSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

export function createServices(
  env: Env,
  overrides: { mailer?: Mailer; log?: Logger; storage?: Storage; now?: () => Date } = {},
): Services {
  const secret = resolveSecret(env);
  const log =
    overrides.log ?? createLogger(env.LOG_LEVEL, { pretty: env.NODE_ENV === "development", key: secret });
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: sqliteFileOf(env),
    poolMax: env.DATABASE_POOL_MAX,
    log,
  });
  const redis = env.REDIS_URL ? openRedis(env.REDIS_URL, log) : null;
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, "outbox"),
      log,
    });
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    redis,
    publicUrl: env.PUBLIC_URL,
    log,
    secret,
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      max: env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    sendResetPassword: ({ email, name, token }) =>
      mailer.send(
        resetPasswordMail({ email, name, link: `${env.PUBLIC_URL}/reset-password?token=${token}` }),
      ),
  });
  const storage = overrides.storage ?? createStorage(env);
  const videos = createVideoUploads({
    env,
    log,
    storage,
    database,
    // The same answer to "who is this" as every page's (viewer.server.ts); a broken session is nobody.
    viewerOf: (headers) => viewerOf(auth, database.db, headers).catch(() => null),
  });
  const pageViews = env.PAGE_VIEWS
    ? createPageViewCounter({
        db: database.db,
        log,
        flushSeconds: env.PAGE_VIEWS_FLUSH_SECONDS,
        perClient: { limit: env.PAGE_VIEWS_PER_CLIENT, windowMs: CLIENT_WINDOW_MS },
      })
    : null;
  return {
    env,
    database,
    redis,
    auth,
    mailer,
    storage,
    videos,
    log,
    pageViews,
    now: overrides.now ?? (() => new Date()),
    tablePassKey: crypto.createHmac("sha256", secret).update("table-pass").digest("base64url"),
    async close() {
      // The views counted since the last flush go in before the database closes.
      await pageViews
        ?.close()
        .catch((error: unknown) => log.warn({ err: error }, "page views: last flush failed"));
      await redis?.close().catch(() => {});
      await database.close();
    },
  };
}

let shared: Promise<Services> | undefined;

/** The process's services, migrated, made on first use from process.env. */
export function getServices(): Promise<Services> {
  shared ??= (async () => {
    const services = createServices(processEnv());
    await waitForDatabase(services.database, services.log, {
      giveUpAfterMs: services.env.DATABASE_WAIT_SECONDS * 1000,
    });
    if (services.redis) await redisReady(services.redis, 2000);
    await migrate(services.database, services.auth);
    return services;
  })();
  return shared;
}
