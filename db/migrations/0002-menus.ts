import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// The general menu: sections and items (product rules §3). Branch copies come with branches.
export const menus: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("menu_section")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("restaurantName", "text", (c) => c.notNull())
      .addColumn("urlName", "text", (c) => c.notNull())
      .addColumn("originalName", "text", (c) => c.notNull())
      .addColumn("sectionName", "text", (c) => c.notNull())
      .addColumn("sectionNumber", "integer", (c) => c.notNull())
      .addColumn("topNote", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("bottomNote", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("menu_section_restaurant_number")
      .on("menu_section")
      .columns(["restaurantId", "sectionNumber"])
      .execute();

    await db.schema
      .createTable("menu_item")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("sectionId", "text", (c) => c.notNull().references("menu_section.id").onDelete("cascade"))
      .addColumn("restaurantId", "text", (c) => c.notNull().references("restaurant.id").onDelete("cascade"))
      .addColumn("urlName", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("nameExtra", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price", "double precision", (c) => c.notNull())
      .addColumn("itemPriceRange", "text", (c) => c.notNull())
      .addColumn("itemTaste", "text", (c) => c.notNull())
      .addColumn("itemCat", "text", (c) => c.notNull())
      .addColumn("itemSubCat", "text", (c) => c.notNull())
      .addColumn("itemType", "text", (c) => c.notNull())
      .addColumn("positionInSection", "integer", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("descriptionExtra", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("foodAllergies", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("topView", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("frontView", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sideView", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("itemRating", "double precision", (c) => c.notNull().defaultTo(0))
      .addColumn("itemRatingBy", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("soldOut", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("timestamp", "text", (c) => c.notNull())
      .addUniqueConstraint("menu_item_section_position", ["sectionId", "positionInSection"])
      .execute();
    // The SPEC's "item search index entry" is these indexes, not a copy.
    await db.schema.createIndex("menu_item_restaurant").on("menu_item").columns(["restaurantId"]).execute();
    await db.schema
      .createIndex("menu_item_search")
      .on("menu_item")
      .columns(["itemTaste", "itemType", "itemRating"])
      .execute();

    await db.schema
      .createTable("item_rating")
      .addColumn("itemId", "text", (c) => c.notNull().references("menu_item.id").onDelete("cascade"))
      .addColumn("customerId", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
      .addColumn("rating", "integer", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("item_rating_pk", ["itemId", "customerId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["item_rating", "menu_item", "menu_section"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
