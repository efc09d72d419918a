import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { parseEnv } from "~/server/env.server.ts";
import { createLogger, type Logger } from "~/server/log.server.ts";
import type { MailMessage, Mailer } from "~/server/mail.server.ts";
import { migrate } from "~/server/migrate.server.ts";
import { redisReady } from "~/server/redis.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";

export interface TestServices extends Services {
  outbox: MailMessage[];
  dataDir: string;
}

/** A mailer that keeps what it was given, for tests that read the message. */
export function memoryMailer(outbox: MailMessage[]): Mailer {
  return {
    async send(message) {
      outbox.push(message);
    },
  };
}

/**
 * Real services on a real database: a fresh SQLite file per test file, or the
 * PostgreSQL database named by TEST_DATABASE_URL, emptied first. With `sameDataAs`,
 * another process of that installation: its data folder and database, as they are
 * (closing it leaves them to the first).
 */
export async function createTestServices(
  overrides: Record<string, string> = {},
  options: { mailer?: Mailer; sameDataAs?: TestServices; now?: () => Date; log?: Logger } = {},
): Promise<TestServices> {
  const first = options.sameDataAs;
  const dataDir = first?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-test-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "off",
    // The worlds of the matrix and the fuzz start many imports for one owner; rate-limits.test.ts,
    // which is about the limit, sets its own.
    IMPORT_MAX_PER_HOUR: "100000",
    ...overrides,
  });
  const outbox: MailMessage[] = [];
  // With SMTP_URL the real transport is used; otherwise messages land in `outbox`.
  const services = createServices(env, {
    mailer: options.mailer ?? (env.SMTP_URL ? undefined : memoryMailer(outbox)),
    log: options.log ?? createLogger("silent"),
    now: options.now,
  });
  await migrate(services.database, services.auth);
  if (services.redis) await redisReady(services.redis, 5000);
  if (services.database.dialect === "postgres" && !first) await emptyPostgres(services);
  return {
    ...services,
    outbox,
    dataDir,
    async close() {
      await services.close();
      if (!first) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function emptyPostgres(services: Services) {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_migration%'`.execute(
    services.database.db,
  );
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(", ");
  await sql.raw(`truncate ${list} cascade`).execute(services.database.db);
}

export function headersWithCookies(setCookieSource: Headers): Headers {
  const cookies = setCookieSource
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie: cookies });
}
