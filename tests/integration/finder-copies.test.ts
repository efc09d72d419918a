import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBranchItemDetails, setShownAtBranch } from "~/features/branches/branches.server.ts";
import { listedCopyRows } from "~/features/discovery/finder.queries.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, branchRow, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

// ADR 0042: the Item Finder reads finder_copy, kept by triggers. After every kind of write
// that can change what a diner finds, the table must hold exactly the copies the finder's
// own rule lists (placeWhere over the dish, its restaurant, branch and section), with the
// same columns.

let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(320, 240);
});
afterAll(() => services.close());

const db = () => services.database.db;

/** finder_copy's rows of one restaurant, beside what the finder's rule lists from the dish tables. */
async function inStep(restaurantId: string) {
  const kept = await db()
    .selectFrom("finder_copy")
    .selectAll()
    .where("restaurantId", "=", restaurantId)
    .orderBy("id")
    .execute();
  const listed = await listedCopyRows(db(), restaurantId);
  return { kept, listed };
}

async function expectInStep(restaurantId: string) {
  const { kept, listed } = await inStep(restaurantId);
  expect(kept).toEqual(listed);
  return kept;
}

const generalDish = async (restaurantId: string) =>
  db()
    .selectFrom("menu_item")
    .select(["id", "sectionId"])
    .where("restaurantId", "=", restaurantId)
    .where("branchId", "is", null)
    .orderBy("name")
    .executeTakeFirstOrThrow();

const copyAt = async (branchId: string, generalItemId: string) =>
  (
    await db()
      .selectFrom("menu_item")
      .select("id")
      .where("branchId", "=", branchId)
      .where("generalItemId", "=", generalItemId)
      .executeTakeFirstOrThrow()
  ).id;

describe("finder_copy follows every write that changes what a diner finds", () => {
  it("from a restaurant's first dishes to its branches, hiding, prices, ratings and deletes", async () => {
    const owner = await ownerWithMenu(services, photo, [2, 2]);
    // No branch yet: the general menu is what is found.
    expect(await expectInStep(owner.id)).toHaveLength(4);

    const first = await branchOf(services, owner.id, "Blue Area");
    const branch = await branchRow(services, owner.id, first);
    // A branch: its copies are found, the general menu no longer.
    const copies = await expectInStep(owner.id);
    expect(copies).toHaveLength(4);
    expect(copies.every((c) => c.branchId === branch.id)).toBe(true);

    const dish = await generalDish(owner.id);
    const copy = await copyAt(branch.id, dish.id);
    expect((await setShownAtBranch(services, owner.id, first, { kind: "dish", id: copy }, false)).ok).toBe(
      true,
    );
    expect(await expectInStep(owner.id)).toHaveLength(3);
    expect((await setShownAtBranch(services, owner.id, first, { kind: "dish", id: copy }, true)).ok).toBe(
      true,
    );
    expect(await expectInStep(owner.id)).toHaveLength(4);

    const branchSection = await db()
      .selectFrom("menu_item")
      .select("sectionId")
      .where("id", "=", copy)
      .executeTakeFirstOrThrow();
    const hideSection = (shown: boolean) =>
      setShownAtBranch(services, owner.id, first, { kind: "section", id: branchSection.sectionId }, shown);
    expect((await hideSection(false)).ok).toBe(true);
    expect(await expectInStep(owner.id)).toHaveLength(2);
    expect((await hideSection(true)).ok).toBe(true);
    expect(await expectInStep(owner.id)).toHaveLength(4);

    const priced = await setBranchItemDetails(services, owner.id, first, {
      itemId: copy,
      priceOverride: "777",
    });
    expect(priced.ok).toBe(true);
    const afterPrice = await expectInStep(owner.id);
    expect(afterPrice.find((c) => c.id === copy)?.priceOverride).toBe(777);

    // Writes no use case makes in one step here, straight to the tables: the triggers are
    // the database's, whoever writes.
    await db()
      .updateTable("menu_item")
      .set({ itemRating: 4.5, itemRatingBy: 2 })
      .where("id", "=", copy)
      .execute();
    await db()
      .updateTable("menu_item")
      .set({ name: "Renamed Dish", itemTaste: "Sweet" })
      .where("id", "=", copy)
      .execute();
    await db()
      .updateTable("branch")
      .set({ city: "lahore", area: "gulberg" })
      .where("id", "=", branch.id)
      .execute();
    const moved = await expectInStep(owner.id);
    expect(moved.find((c) => c.id === copy)).toMatchObject({
      name: "Renamed Dish",
      itemTaste: "Sweet",
      itemRating: 4.5,
      city: "lahore",
      area: "gulberg",
    });

    const setStatus = (approvalStatus: "suspended" | "approved") =>
      db().updateTable("restaurant").set({ approvalStatus }).where("id", "=", owner.id).execute();
    await setStatus("suspended");
    expect(await expectInStep(owner.id)).toHaveLength(0);
    await setStatus("approved");
    expect(await expectInStep(owner.id)).toHaveLength(4);

    expect((await menus.deleteItem(services, owner.id, dish.id)).ok).toBe(true);
    expect(await expectInStep(owner.id)).toHaveLength(3);
    expect((await menus.deleteSection(services, owner.id, dish.sectionId)).ok).toBe(true);
    expect(await expectInStep(owner.id)).toHaveLength(2);
  });

  it("a write that rolls back leaves finder_copy as it was", async () => {
    const owner = await ownerWithMenu(services, photo, [2]);
    const before = await expectInStep(owner.id);
    const dish = await generalDish(owner.id);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("menu_item").set({ hidden: 1 }).where("id", "=", dish.id).execute();
          await trx
            .updateTable("restaurant")
            .set({ approvalStatus: "suspended" })
            .where("id", "=", owner.id)
            .execute();
          throw new Error("rolled back");
        }),
    ).rejects.toThrow("rolled back");
    expect(await expectInStep(owner.id)).toEqual(before);
  });

  it("an update that changes nothing a diner finds by does not rewrite the rows", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const dish = await generalDish(owner.id);
    // A mark no trigger would write: it stays only if the row is not written again.
    await db().updateTable("finder_copy").set({ name: "marked" }).where("id", "=", dish.id).execute();
    await db()
      .updateTable("menu_item")
      .set({ positionInSection: 9, soldOut: 1 })
      .where("id", "=", dish.id)
      .execute();
    await db()
      .updateTable("restaurant")
      .set({ restRating: 4, country: "Pakistan" })
      .where("id", "=", owner.id)
      .execute();
    const kept = await db()
      .selectFrom("finder_copy")
      .select("name")
      .where("id", "=", dish.id)
      .executeTakeFirstOrThrow();
    expect(kept.name).toBe("marked");
    await db().updateTable("menu_item").set({ itemRatingBy: 1 }).where("id", "=", dish.id).execute();
    const written = await db()
      .selectFrom("finder_copy")
      .select("name")
      .where("id", "=", dish.id)
      .executeTakeFirstOrThrow();
    expect(written.name).not.toBe("marked");
  });
});
