import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * ADR 0033: an admin suspends a customer or a restaurant owner. The row is the
 * suspension: while it exists the account cannot log in and is told `reason`. A
 * suspended author's reviews carry bit 2 of `review.hidden` (bit 1 is the
 * moderator's), so every list, count and rating that leaves out hidden reviews
 * leaves theirs out too, and a review write bumps the page cache's versions.
 * `restaurantStatus` is the status the owner's restaurant had when the suspension
 * moved it from 'approved' to 'suspended' (null when it did not), so a restore
 * puts back only what the suspension itself changed.
 */
export const accountSuspensions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account_suspension")
      .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("actorId", "text", (c) => c.references("user.id").onDelete("set null"))
      .addColumn("restaurantStatus", "text")
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("account_suspension").ifExists().execute();
  },
};
