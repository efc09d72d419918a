import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A stored QR code's address that is not under the configured PUBLIC_URL. */
export interface StaleLink {
  restaurantId: string;
  /** Null for the restaurant's own code. */
  branchId: string | null;
  urlName: string;
  branchUrl: string;
  branchName: string;
  restName: string;
  stored: string;
}

/**
 * Every restaurant and branch whose stored address does not start with `prefix`
 * (PUBLIC_URL + "/r/"), in one query: at each start it is the only one when nothing changed.
 * The prefix's length is counted in characters, as substr counts them in SQLite and PostgreSQL.
 */
export function staleLinks(db: Db, prefix: string): Promise<StaleLink[]> {
  const length = sql.lit([...prefix].length);
  return db
    .selectFrom("restaurant")
    .select([
      "id as restaurantId",
      sql<string | null>`null`.as("branchId"),
      "urlName",
      sql<string>`''`.as("branchUrl"),
      sql<string>`''`.as("branchName"),
      "restName",
      "restQRcode as stored",
    ])
    .where(sql<string>`substr(${sql.ref("restQRcode")}, 1, ${length})`, "<>", prefix)
    .unionAll(
      db
        .selectFrom("branch")
        .select([
          "restaurantId",
          "id as branchId",
          "urlName",
          "branchUrl",
          "branchName",
          "restaurantName as restName",
          "branchQRcode as stored",
        ])
        .where(sql<string>`substr(${sql.ref("branchQRcode")}, 1, ${length})`, "<>", prefix),
    )
    .execute();
}

/**
 * Sets one code's address and image, only if it still holds the address read before:
 * of two processes rewriting at once, one changes the row and the other finds it done.
 * Nothing else in the row is written. Returns whether the row changed.
 */
export async function replaceLink(
  db: Db,
  link: Pick<StaleLink, "restaurantId" | "branchId" | "stored">,
  url: string,
  image: string,
): Promise<boolean> {
  const result = link.branchId
    ? await db
        .updateTable("branch")
        .set({ branchQRcode: url, branchQRimg: image })
        .where("id", "=", link.branchId)
        .where("branchQRcode", "=", link.stored)
        .executeTakeFirst()
    : await db
        .updateTable("restaurant")
        .set({ restQRcode: url, restQRimg: image })
        .where("id", "=", link.restaurantId)
        .where("restQRcode", "=", link.stored)
        .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
