import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A create form's post is made once (ADR 0032). Each form carries a token;
 * the use case writes this row in the transaction that makes its rows, so a post that
 * was stored has its row and one that was not has none, whatever moment a process
 * dies at. A second post of the same token by the same account finds the row and
 * answers what the first did. The key leads with the account: another account's
 * post of the same token is another submission, and reads nothing of this one.
 */
export const submissions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("submission")
      .addColumn("accountId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("form", "text", (c) => c.notNull())
      .addColumn("token", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("answer", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("submission_pk", ["accountId", "form", "token"])
      .execute();
    // The sweep of old submissions reads by age.
    await db.schema.createIndex("submission_created").on("submission").column("createdAt").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("submission").ifExists().execute();
  },
};
