import { sql, type Kysely } from "kysely";
import type { DB } from "./db-schema.server.ts";

/**
 * The `rate_limit` rows (ADR 0031) with one of these keys or starting with one of these
 * prefixes, expired ones included (the library ignores them until they are swept).
 */
export function rateLimitRows(db: Kysely<DB>, keys: string[], prefixes: string[]) {
  return db
    .selectFrom("rate_limit")
    .select(["key", "points", "expire"])
    .where((eb) =>
      eb.or([
        ...(keys.length > 0 ? [eb("key", "in", keys)] : []),
        // substr, not like: the hashed keys hold '_', which like reads as a wildcard.
        ...prefixes.map((prefix) => eb(sql`substr("key", 1, ${prefix.length})`, "=", prefix)),
      ]),
    )
    .execute();
}

export async function deleteRateLimitRows(db: Kysely<DB>, keys: string[]) {
  if (keys.length > 0) await db.deleteFrom("rate_limit").where("key", "in", keys).execute();
}

/** Rows whose time ran out before `before` (milliseconds); the library never removes them. */
export async function deleteExpiredRateLimitRows(db: Kysely<DB>, before: number) {
  await db.deleteFrom("rate_limit").where("expire", "<", before).execute();
}
