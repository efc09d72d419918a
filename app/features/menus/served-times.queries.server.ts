import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A section or a dish of the general menu (branch null) or of one of the restaurant's branches. */
export interface TimedTarget {
  kind: "section" | "item";
  id: string;
  /** The branch's address part; null for the general menu. */
  branchUrl: string | null;
}

/** The row the target names, when it is the restaurant's: its name, its times and what it follows. */
export async function findTimedRow(
  db: Db,
  restaurantId: string,
  target: TimedTarget,
  branchId: string | null,
) {
  const row =
    target.kind === "section"
      ? await db
          .selectFrom("menu_section")
          .select([
            "id",
            "originalName as name",
            "servedTimes",
            "servedTimesOwn",
            "generalSectionId as generalId",
          ])
          .where("id", "=", target.id)
          .where("restaurantId", "=", restaurantId)
          .where("branchId", branchId === null ? "is" : "=", branchId)
          .executeTakeFirst()
      : await db
          .selectFrom("menu_item")
          .select(["id", "name", "servedTimes", "servedTimesOwn", "generalItemId as generalId", "sectionId"])
          .where("id", "=", target.id)
          .where("restaurantId", "=", restaurantId)
          .where("branchId", branchId === null ? "is" : "=", branchId)
          .executeTakeFirst();
  return row ? { sectionId: null as string | null, ...row } : undefined;
}

/** The times of the general row a branch's copy follows. */
export async function generalTimes(db: Db, kind: TimedTarget["kind"], generalId: string) {
  const row = await db
    .selectFrom(kind === "section" ? "menu_section" : "menu_item")
    .select("servedTimes")
    .where("id", "=", generalId)
    .executeTakeFirst();
  return row?.servedTimes ?? "";
}

export async function setTimes(
  db: Db,
  kind: TimedTarget["kind"],
  id: string,
  times: { servedTimes: string; servedTimesOwn: number },
) {
  await db
    .updateTable(kind === "section" ? "menu_section" : "menu_item")
    .set(times)
    .where("id", "=", id)
    .execute();
}

/** The id and name of one of the restaurant's branches. */
export async function findOwnBranch(db: Db, restaurantId: string, branchUrl: string) {
  return db
    .selectFrom("branch")
    .select(["id", "branchName", "branchUrl", "timeZone"])
    .where("restaurantId", "=", restaurantId)
    .where("branchUrl", "=", branchUrl)
    .executeTakeFirst();
}
