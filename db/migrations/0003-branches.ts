import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// Branches, and their copies of the general menu: rows of menu_section/menu_item
// with a branchId (null means the general menu), so one read path serves both.
export const branches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("branch")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("restaurantName", "text", (c) => c.notNull())
      .addColumn("urlName", "text", (c) => c.notNull())
      .addColumn("branchName", "text", (c) => c.notNull())
      .addColumn("branchUrl", "text", (c) => c.notNull())
      .addColumn("branchQRcode", "text", (c) => c.notNull())
      .addColumn("branchQRimg", "text", (c) => c.notNull())
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("province", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("area", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("provinceLabel", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("cityLabel", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("areaLabel", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("contact", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .addUniqueConstraint("branch_restaurant_url", ["restaurantId", "branchUrl"])
      .execute();

    await db.schema
      .alterTable("menu_section")
      .addColumn("branchId", "text", (c) => c.references("branch.id").onDelete("cascade"))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("branchId", "text", (c) => c.references("branch.id").onDelete("cascade"))
      .execute();
    // A branch may charge differently from the general menu (null: the general price).
    await db.schema.alterTable("menu_item").addColumn("priceOverride", "double precision").execute();
    await db.schema
      .createIndex("menu_section_branch")
      .on("menu_section")
      .columns(["branchId", "sectionNumber"])
      .execute();
    await db.schema.createIndex("menu_item_branch").on("menu_item").columns(["branchId"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("menu_item_branch").ifExists().execute();
    await db.schema.dropIndex("menu_section_branch").ifExists().execute();
    await db.schema.alterTable("menu_item").dropColumn("priceOverride").execute();
    await db.schema.alterTable("menu_item").dropColumn("branchId").execute();
    await db.schema.alterTable("menu_section").dropColumn("branchId").execute();
    await db.schema.dropTable("branch").ifExists().execute();
  },
};
