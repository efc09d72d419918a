import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// Reviews are stored once (ADR 0007); branch, recent and "my" reviews are queries.
export const reviews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("review")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("branchId", "text", (c) => c.notNull().references("branch.id").onDelete("cascade"))
      .addColumn("authorId", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
      .addColumn("rating", "integer", (c) => c.notNull())
      .addColumn("review", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("reviewPics", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("reviewVideo", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("review_branch_time")
      .on("review")
      .columns(["branchId", "timestamp"])
      .execute();
    await db.schema
      .createIndex("review_restaurant_time")
      .on("review")
      .columns(["restaurantId", "timestamp"])
      .execute();
    await db.schema
      .createIndex("review_author_time")
      .on("review")
      .columns(["authorId", "timestamp"])
      .execute();

    await db.schema
      .createTable("review_reply")
      .addColumn("reviewId", "text", (c) => c.primaryKey().references("review.id").onDelete("cascade"))
      .addColumn("ownerId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("review_report")
      .addColumn("reviewId", "text", (c) => c.notNull().references("review.id").onDelete("cascade"))
      .addColumn("reporterId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("review_report_pk", ["reviewId", "reporterId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["review_report", "review_reply", "review"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
