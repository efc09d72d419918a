import { expect } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import { branchDifferences } from "~/features/menus/menu-sync.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import type { Services } from "~/server/services.server.ts";
import { signedUpOwner } from "./accounts.ts";
import { itemInput, itemViews } from "./factories.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * An owner whose general menu has `itemsPerSection.length` sections ("Section 1"…)
 * holding that many dishes ("Dish 1.1"…, priced 100, 200…), each with `photo` for
 * its three views; made through the real use cases.
 */
export async function ownerWithMenu(services: Services, photo: Uint8Array, itemsPerSection = [4, 3, 3]) {
  const owner = await signedUpOwner(services);
  const sectionIds: string[] = [];
  for (const [s, count] of itemsPerSection.entries()) {
    const section = await menus.addSection(services, owner.id, {
      originalName: `Section ${s + 1}`,
      topNote: `Note ${s + 1}`,
    });
    if (!section.ok) throw new Error(inEnglish(section.message));
    sectionIds.push(section.id);
    for (let i = 0; i < count; i++) {
      const item = await menus.addItem(services, owner.id, {
        values: itemInput(section.id, {
          positionInSection: String(i + 1),
          name: `Dish ${s + 1}.${i + 1}`,
          price: String(100 * (i + 1)),
          itemPriceRange: "0-500",
          itemTaste: "Savory",
          itemType: "Veg",
          foodAllergies: i === 0 ? "Nuts" : "",
        }),
        files: itemViews(photo),
      });
      if (!item.ok) throw new Error(inEnglish(item.message));
    }
  }
  return { ...owner, sectionIds };
}

/** A branch of the owner's, with no place chosen; its URL name. */
export async function branchOf(services: Services, ownerId: string, branchName: string) {
  const result = await addBranch(services, ownerId, { branchName });
  if (!result.ok) throw new Error(inEnglish(result.message));
  return result.branchUrl;
}

/**
 * Every branch of the restaurant says what the general menu says (ADR 0021): no copy
 * out of step, no general section or dish without a copy, no copy of a row that is gone.
 */
export async function expectBranchesFollowGeneral(services: Services, restaurantId: string) {
  const { db } = services.database;
  const branches = await db
    .selectFrom("branch")
    .select("id")
    .where("restaurantId", "=", restaurantId)
    .execute();
  for (const { id } of branches) {
    const d = await branchDifferences(db, restaurantId, id);
    expect(d.outOfStep, `branch ${id}: copies out of step`).toEqual([]);
    expect(
      d.notShown.filter((n) => n.id === null),
      `branch ${id}: general rows without a copy`,
    ).toEqual([]);
  }
  const orphans = await db
    .selectFrom("menu_item as copy")
    .leftJoin("menu_item as general", "general.id", "copy.generalItemId")
    .select("copy.id")
    .where("copy.restaurantId", "=", restaurantId)
    .where("copy.generalItemId", "is not", null)
    .where("general.id", "is", null)
    .execute();
  expect(orphans, "copies of dishes that are gone").toEqual([]);
}

/** One of the owner's branches by its URL name: its id and stored opening hours. */
export async function branchRow(services: Services, restaurantId: string, branchUrl: string) {
  return services.database.db
    .selectFrom("branch")
    .select(["id", "openingHours"])
    .where("restaurantId", "=", restaurantId)
    .where("branchUrl", "=", branchUrl)
    .executeTakeFirstOrThrow();
}
