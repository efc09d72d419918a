import { getMigrations } from "better-auth/db/migration";
import { Migrator } from "kysely/migration";
import { migrations } from "../../db/migrations/index.ts";
import type { Auth } from "./auth.server.ts";
import type { Database } from "./db.server.ts";

/** better-auth's tables first (ours reference user.id), then Foodverse's own. */
export async function migrate(database: Database, auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
