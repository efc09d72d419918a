import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Branches follow the general menu (docs/decisions/0021-branches-follow-the-general-menu.md):
 * each branch section and dish copy names the general one it came from
 * (`generalSectionId`, `generalItemId`; null for a branch's own dish), and may be
 * `hidden` at that branch. Dishes may have sizes (ADR 0022): `sizes` holds them as
 * JSON, `price` the lowest and `priceTo` the highest price a diner can pay.
 *
 * Existing copies are linked to their general rows by what can be matched (the
 * section's name, then the dish's name and extra name, then its name alone). A
 * general section or dish a branch never received gets a hidden copy there, so the
 * branch shows what it showed before and its owner sees the difference; a branch
 * dish that matches nothing stays as the branch's own dish.
 */

// A migration reads the tables as they are at this point, not through the app's types.
type Row = Record<string, unknown>;
interface Tables {
  branch: Row;
  menu_section: Row;
  menu_item: Row;
}
type Db = Kysely<Tables>;
const id = (row: Row) => String(row.id);

const key = (text: unknown) =>
  String(text ?? "")
    .trim()
    .toLowerCase()
    .replaceAll(/\s+/gu, " ");

const BATCH = 100;

async function insertRows(db: Db, table: "menu_section" | "menu_item", rows: Row[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** Pairs each of `copies` with one of `originals` under the first key that matches, one to one. */
function matchOneToOne(originals: Row[], copies: Row[], keys: ((row: Row) => string)[]) {
  const pairs = new Map<string, Row>();
  const taken = new Set<string>();
  for (const keyOf of keys) {
    for (const copy of copies) {
      if (pairs.has(id(copy))) continue;
      const original = originals.find((o) => !taken.has(id(o)) && keyOf(o) === keyOf(copy));
      if (!original) continue;
      pairs.set(id(copy), original);
      taken.add(id(original));
    }
  }
  return { pairs, unmatched: originals.filter((o) => !taken.has(id(o))) };
}

async function linkRestaurant(db: Db, restaurantId: string, branchIds: string[]) {
  const sections = await db
    .selectFrom("menu_section")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("sectionNumber")
    .execute();
  const items = await db
    .selectFrom("menu_item")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("positionInSection")
    .execute();
  const generalSections = sections.filter((s) => s.branchId === null);
  const itemsOf = (sectionId: string) => items.filter((i) => i.sectionId === sectionId);
  const now = new Date().toISOString();

  for (const branchId of branchIds) {
    const branchSections = sections.filter((s) => s.branchId === branchId);
    const sectionMatch = matchOneToOne(generalSections, branchSections, [(s) => key(s.sectionName)]);
    const newSections: Row[] = [];
    const newItems: Row[] = [];
    const hiddenCopy = (item: Row, sectionId: string, positionInSection: number): Row => ({
      ...item,
      id: crypto.randomUUID(),
      sectionId,
      positionInSection,
      branchId,
      generalItemId: id(item),
      priceOverride: null,
      soldOut: 0,
      hidden: 1,
      timestamp: now,
    });

    for (const branchSection of branchSections) {
      const general = sectionMatch.pairs.get(id(branchSection));
      if (!general) continue;
      await db
        .updateTable("menu_section")
        .set({ generalSectionId: id(general) })
        .where("id", "=", id(branchSection))
        .execute();
      const copies = itemsOf(id(branchSection));
      const itemMatch = matchOneToOne(itemsOf(id(general)), copies, [
        (i) => `${key(i.name)}\u0000${key(i.nameExtra)}`,
        (i) => key(i.name),
      ]);
      for (const [copyId, original] of itemMatch.pairs) {
        await db
          .updateTable("menu_item")
          .set({ generalItemId: id(original) })
          .where("id", "=", copyId)
          .execute();
      }
      let last = Math.max(0, ...copies.map((c) => Number(c.positionInSection)));
      for (const missing of itemMatch.unmatched)
        newItems.push(hiddenCopy(missing, id(branchSection), ++last));
    }
    for (const missing of sectionMatch.unmatched) {
      const copyId = crypto.randomUUID();
      newSections.push({
        ...missing,
        id: copyId,
        branchId,
        generalSectionId: id(missing),
        hidden: 1,
        timestamp: now,
      });
      for (const item of itemsOf(id(missing)))
        newItems.push(hiddenCopy(item, copyId, Number(item.positionInSection)));
    }
    await insertRows(db, "menu_section", newSections);
    await insertRows(db, "menu_item", newItems);
  }
}

/** Links every branch copy in the database to its general row (exported for its test). */
export async function linkBranchCopies<T>(db: Kysely<T>) {
  const tables = db as unknown as Db;
  const branches = await tables
    .selectFrom("branch")
    .select(["id", "restaurantId"])
    .orderBy("timestamp")
    .execute();
  const byRestaurant = new Map<string, string[]>();
  for (const b of branches) {
    const restaurantId = String(b.restaurantId);
    byRestaurant.set(restaurantId, [...(byRestaurant.get(restaurantId) ?? []), id(b)]);
  }
  for (const [restaurantId, branchIds] of byRestaurant) await linkRestaurant(tables, restaurantId, branchIds);
}

export const branchLinksAndSizes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("menu_section")
      .addColumn("generalSectionId", "text", (c) => c.references("menu_section.id").onDelete("cascade"))
      .execute();
    await db.schema
      .alterTable("menu_section")
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("generalItemId", "text", (c) => c.references("menu_item.id").onDelete("cascade"))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("menu_item")
      .addColumn("sizes", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema.alterTable("menu_item").addColumn("priceTo", "double precision").execute();

    await linkBranchCopies(db);

    // One copy of a general row per branch; lookups by the general row for propagation.
    await db.schema
      .createIndex("menu_section_branch_general")
      .on("menu_section")
      .columns(["branchId", "generalSectionId"])
      .unique()
      .execute();
    await db.schema
      .createIndex("menu_section_general")
      .on("menu_section")
      .column("generalSectionId")
      .execute();
    await db.schema
      .createIndex("menu_item_branch_general")
      .on("menu_item")
      .columns(["branchId", "generalItemId"])
      .unique()
      .execute();
    await db.schema.createIndex("menu_item_general").on("menu_item").column("generalItemId").execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      "menu_item_general",
      "menu_item_branch_general",
      "menu_section_general",
      "menu_section_branch_general",
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    for (const column of ["priceTo", "sizes", "hidden", "generalItemId"]) {
      await db.schema.alterTable("menu_item").dropColumn(column).execute();
    }
    for (const column of ["hidden", "generalSectionId"]) {
      await db.schema.alterTable("menu_section").dropColumn(column).execute();
    }
  },
};
