import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// Portable on SQLite and PostgreSQL: text, integer and double precision only.
// better-auth's tables are created before this runs (see app/server/migrate.server.ts).
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("restaurant")
      .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("usertype", "text", (c) => c.notNull().defaultTo("restaurant"))
      .addColumn("isactive", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("chargespaid", "text", (c) => c.notNull().defaultTo("no"))
      .addColumn("approvalStatus", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("approvalNote", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restName", "text", (c) => c.notNull())
      .addColumn("urlName", "text", (c) => c.notNull().unique())
      .addColumn("restType", "text", (c) => c.notNull())
      .addColumn("restOthertypes", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("contact", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("contacttwo", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restRating", "double precision", (c) => c.notNull().defaultTo(0))
      .addColumn("restRatingoutof", "integer", (c) => c.notNull().defaultTo(5))
      .addColumn("restInsta", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restFb", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restX", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restWhatsapp", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("restWebsite", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sociallinks", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("restPriceavg", "double precision", (c) => c.notNull().defaultTo(0))
      .addColumn("restQRcode", "text", (c) => c.notNull())
      .addColumn("restQRimg", "text", (c) => c.notNull())
      .addColumn("restNoofReviews", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("restNoofBranches", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("hasDelivery", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("profileImageUrl", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("coverImageUrl", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    // The SPEC's per-country "restaurant search index" is this index, not a copy.
    await db.schema
      .createIndex("restaurant_country_rating")
      .on("restaurant")
      .columns(["country", "restRating"])
      .execute();

    await db.schema
      .createTable("customer")
      .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("usertype", "text", (c) => c.notNull().defaultTo("customer"))
      .addColumn("isactive", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("chargespaid", "text", (c) => c.notNull().defaultTo("no"))
      .addColumn("firstName", "text", (c) => c.notNull())
      .addColumn("lastName", "text", (c) => c.notNull())
      .addColumn("gender", "text", (c) => c.notNull())
      .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("contact", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sociallinks", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("profileImageUrl", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("coverImageUrl", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("admin")
      .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("login_throttle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("windowStart", "text", (c) => c.notNull())
      .addColumn("lockedUntil", "text")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["login_throttle", "admin", "customer", "restaurant"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
