import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as menus from "~/features/menus/menus.server.ts";
import {
  ITEM_EDIT_FORM,
  itemFormValues,
  SECTION_EDIT_FORM,
  sectionFormValues,
} from "~/features/menus/menu-edit-versions.ts";
import { ownSection } from "~/features/menus/menu-read.server.ts";
import { findOwnItem } from "~/features/menus/menus.queries.server.ts";
import { EDITED_FROM, editVersion, type EditForm } from "~/lib/edit-version.ts";
import { readSizes } from "~/lib/sizes.ts";
import type { FormValues } from "~/lib/forms.ts";
import {
  ownerBranchMenu,
  setBranchItemDetails,
  setOpeningHours,
} from "~/features/branches/branches.server.ts";
import { HOURS_EDIT_FORM } from "~/features/branches/hours-shortcuts.ts";
import { hoursForm } from "~/features/branches/hours-shortcuts.server.ts";
import {
  CUSTOMER_EDIT_FORM,
  profileFormValues,
  RESTAURANT_EDIT_FORM,
} from "~/features/profiles/profile-edit-version.ts";
import {
  customerForEdit,
  restaurantForEdit,
  updateCustomerProfile,
  updateRestaurantProfile,
} from "~/features/profiles/profiles.server.ts";
import { signedUpCustomer } from "../setup/accounts.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 34, item 2 (ADR 0037): two people editing one record never lose each other's
 * work without a word. Each form carries the version it was loaded at; a save against
 * a newer one writes nothing and comes back with what changed and the person's own
 * changes on top. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let services: TestServices;
let photo: Buffer;

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(400, 300);
});
afterAll(() => services.close());

async function dishRow(ownerId: string, itemId: string, branchId: string | null = null) {
  return (await findOwnItem(services.database.db, ownerId, itemId, branchId))!;
}

/** Edit Item's form as a browser sends it after loading the dish now: its values and its version. */
async function openEditForm(ownerId: string, itemId: string): Promise<FormValues> {
  const values = itemFormValues(await dishRow(ownerId, itemId));
  return { ...values, [EDITED_FROM]: editVersion(values, ITEM_EDIT_FORM) };
}

describe("two people editing one dish", () => {
  it("refuses the stale save, says what changed, and applies the person's change on top when sent again", async () => {
    const owner = await ownerWithMenu(services, photo, [2]);
    await branchOf(services, owner.id, "Gulberg");
    const [dish] = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .where("branchId", "is", null)
      .orderBy("positionInSection")
      .execute();
    const itemId = dish!.id;
    const a = await openEditForm(owner.id, itemId);
    const b = await openEditForm(owner.id, itemId);

    // B saves a new name and description.
    const savedB = await menus.updateItemDetails(services, owner.id, itemId, {
      values: { ...b, name: "Chicken Karahi", description: "Cooked in a wok" },
      files: new Map(),
    });
    expect(savedB).toEqual({ ok: true });

    // A saves its stale form with a new price: refused, nothing written.
    const before = JSON.stringify(await dishRow(owner.id, itemId));
    const stale = await menus.updateItemDetails(services, owner.id, itemId, {
      values: { ...a, price: "450" },
      files: new Map(),
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (stale.ok) throw new Error("saved");
    expect(JSON.stringify(await dishRow(owner.id, itemId))).toBe(before);
    expect(stale.conflict!.changes).toEqual([
      { field: "description", was: "", now: "Cooked in a wok" },
      { field: "name", was: "Dish 1.1", now: "Chicken Karahi" },
    ]);
    // The form comes back with B's name and description, and A's price.
    expect(stale.conflict!.merged).toMatchObject({
      name: "Chicken Karahi",
      description: "Cooked in a wok",
      price: "450",
    });

    // Sent again as it came back: A's price on top of B's changes, on every branch copy too.
    const again = await menus.updateItemDetails(services, owner.id, itemId, {
      values: stale.conflict!.merged,
      files: new Map(),
    });
    expect(again).toEqual({ ok: true });
    expect(await dishRow(owner.id, itemId)).toMatchObject({
      name: "Chicken Karahi",
      description: "Cooked in a wok",
      price: 450,
    });
    const copies = await services.database.db
      .selectFrom("menu_item")
      .select(["name", "description", "price"])
      .where("generalItemId", "=", itemId)
      .execute();
    expect(copies).toEqual([{ name: "Chicken Karahi", description: "Cooked in a wok", price: 450 }]);
  });

  it("lets one of two saves sent at once from one version through, and refuses the other", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const [dish] = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .execute();
    const form = await openEditForm(owner.id, dish!.id);
    const results = await Promise.all(
      ["First", "Second"].map((name) =>
        menus.updateItemDetails(services, owner.id, dish!.id, {
          values: { ...form, name },
          files: new Map(),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ status: 409 }]);
    const saved = await dishRow(owner.id, dish!.id);
    expect(["First", "Second"]).toContain(saved.name);
  });

  it("saves a form that carries no version as before, and a version that is no snapshot changes nothing", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const [dish] = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .execute();
    const values = itemFormValues(await dishRow(owner.id, dish!.id));
    for (const version of [undefined, "", "not json", "[1,2]", '{"name":5}']) {
      const sent: FormValues = { ...values, name: `Plain ${version?.length ?? "none"}` };
      if (version !== undefined) sent[EDITED_FROM] = version;
      expect(
        await menus.updateItemDetails(services, owner.id, dish!.id, { values: sent, files: new Map() }),
      ).toEqual({ ok: true });
    }
    // A made-up field in the version is not the dish's: it cannot make a conflict.
    const made = await openEditForm(owner.id, dish!.id);
    const forged = { ...JSON.parse(made[EDITED_FROM] as string), secret: "x" };
    expect(
      await menus.updateItemDetails(services, owner.id, dish!.id, {
        values: { ...made, name: "Forged", [EDITED_FROM]: JSON.stringify(forged) },
        files: new Map(),
      }),
    ).toEqual({ ok: true });
  });
});

/** A profile form as a browser sends it after loading it now. */
function profileForm(found: { row: Record<string, unknown>; version: string }, form: EditForm): FormValues {
  return { ...profileFormValues(found.row, form), [EDITED_FROM]: found.version };
}

describe("two sessions of one owner on the profile and the hours", () => {
  it("does not revert a contact number saved meanwhile", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const opened = async () =>
      profileForm((await restaurantForEdit(services, owner.id))!, RESTAURANT_EDIT_FORM);
    const a = await opened();
    const b = await opened();
    expect(
      await updateRestaurantProfile(services, owner.id, {
        values: { ...b, contact: "03001112222" },
        files: new Map(),
      }),
    ).toMatchObject({ ok: true });
    const stale = await updateRestaurantProfile(services, owner.id, {
      values: { ...a, about: "Now open till 2 am." },
      files: new Map(),
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (stale.ok) throw new Error("saved");
    expect(stale.conflict!.changes).toEqual([{ field: "contact", was: a.contact, now: "03001112222" }]);
    const row = await restaurantForEdit(services, owner.id);
    expect(row!.row).toMatchObject({ contact: "03001112222", about: a.about });
    // Sent again as it came back: the new about, the number kept.
    expect(
      await updateRestaurantProfile(services, owner.id, { values: stale.conflict!.merged, files: new Map() }),
    ).toMatchObject({ ok: true });
    expect((await restaurantForEdit(services, owner.id))!.row).toMatchObject({
      contact: "03001112222",
      about: "Now open till 2 am.",
    });
  });

  it("does not revert an Eid note saved meanwhile on the hours", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const branchUrl = await branchOf(services, owner.id, "Gulberg");
    const opened = async (): Promise<FormValues> => {
      const form = (await hoursForm(services, owner.id, branchUrl))!;
      return { ...form.values, [EDITED_FROM]: editVersion(form.values, HOURS_EDIT_FORM) };
    };
    const a = await opened();
    const b = await opened();
    expect(
      await setOpeningHours(services, owner.id, branchUrl, {
        ...b,
        monOpens0: "12:00",
        monCloses0: "23:00",
        note: "Eid: closed on the first day",
      }),
    ).toEqual({ ok: true });
    const stale = await setOpeningHours(services, owner.id, branchUrl, {
      ...a,
      tueOpens0: "09:00",
      tueCloses0: "17:00",
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (stale.ok) throw new Error("saved");
    // Monday open makes the other days of a week with no hours closed: said a day at a time.
    expect(stale.conflict!.changes).toEqual([
      { field: "fri", was: "", now: "Closed" },
      { field: "mon", was: "", now: "12:00–23:00" },
      { field: "note", was: "", now: "Eid: closed on the first day" },
      ...["sat", "sun", "thu", "tue", "wed"].map((field) => ({ field, was: "", now: "Closed" })),
    ]);
    expect((await hoursForm(services, owner.id, branchUrl))!.values.note).toBe(
      "Eid: closed on the first day",
    );
    expect(await setOpeningHours(services, owner.id, branchUrl, stale.conflict!.merged)).toEqual({
      ok: true,
    });
    const after = (await hoursForm(services, owner.id, branchUrl))!.values;
    expect(after).toMatchObject({
      note: "Eid: closed on the first day",
      monOpens0: "12:00",
      tueOpens0: "09:00",
      tueCloses0: "17:00",
    });
  });

  it("refuses a customer's stale profile save too", async () => {
    const customer = await signedUpCustomer(services);
    const opened = async () =>
      profileForm((await customerForEdit(services, customer.id))!, CUSTOMER_EDIT_FORM);
    const a = await opened();
    const b = await opened();
    expect(
      await updateCustomerProfile(services, customer.id, {
        values: { ...b, about: "Chai lover" },
        files: new Map(),
      }),
    ).toMatchObject({ ok: true });
    const stale = await updateCustomerProfile(services, customer.id, {
      values: { ...a, firstName: "Ayesha" },
      files: new Map(),
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect((await customerForEdit(services, customer.id))!.row).toMatchObject({ about: "Chai lover" });
  });
});

describe("a branch's size prices (issue 34, item 3)", () => {
  it("go to the size they were typed for, and a form whose sizes changed since it was loaded saves nothing", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const branchUrl = await branchOf(services, owner.id, "Gulberg");
    const [dish] = await services.database.db
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", owner.id)
      .where("branchId", "is", null)
      .execute();
    const general = await openEditForm(owner.id, dish!.id);
    const withSizes = (labels: string[], prices: string[]) =>
      menus.updateItemDetails(services, owner.id, dish!.id, {
        values: { ...general, [EDITED_FROM]: "", price: "", sizeLabel: labels, sizePrice: prices },
        files: new Map(),
      });
    expect(await withSizes(["Half kg", "Full kg"], ["1700", "3200"])).toEqual({ ok: true });
    const copy = async () =>
      (await ownerBranchMenu(services, owner.id, branchUrl))!.sections[0]!.items.find(
        (i) => i.generalItemId === dish!.id,
      )!;
    const copyId = (await copy()).id;

    // The branch form was opened with Half kg and Full kg; then Quarter is added first.
    const branchForm = {
      itemId: copyId,
      sizeOverrideLabel: ["Half kg", "Full kg"],
      sizeOverride: ["3300", "3100"],
    };
    expect(await withSizes(["Quarter", "Half kg", "Full kg"], ["900", "1700", "3200"])).toEqual({ ok: true });
    const before = JSON.stringify(await copy());
    expect(await setBranchItemDetails(services, owner.id, branchUrl, branchForm)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(JSON.stringify(await copy())).toBe(before);

    // Loaded again, in any order: each price lands on its own size.
    expect(
      await setBranchItemDetails(services, owner.id, branchUrl, {
        itemId: copyId,
        sizeOverrideLabel: ["Full kg", "Quarter", "half KG"],
        sizeOverride: ["3100", "", "3300"],
      }),
    ).toEqual({ ok: true });
    expect(readSizes((await copy()).sizes)).toEqual([
      { label: "Quarter", price: 900 },
      { label: "Half kg", price: 1700, priceOverride: 3300 },
      { label: "Full kg", price: 3200, priceOverride: 3100 },
    ]);
    // Prices without the sizes they are for are refused, not matched by place.
    expect(
      await setBranchItemDetails(services, owner.id, branchUrl, {
        itemId: copyId,
        sizeOverride: ["1", "2", "3"],
      }),
    ).toMatchObject({ ok: false, status: 409 });
  });
});

describe("two people editing one section", () => {
  it("refuses the stale save and says what changed", async () => {
    const owner = await ownerWithMenu(services, photo, [1]);
    const [section] = owner.sectionIds;
    const opened = async (): Promise<FormValues> => {
      const row = (await ownSection(services, owner.id, section!))!;
      const values = sectionFormValues(row);
      return { ...values, [EDITED_FROM]: editVersion(values, SECTION_EDIT_FORM) };
    };
    const a = await opened();
    const b = await opened();
    expect(
      await menus.updateSectionDetails(services, owner.id, section!, { ...b, topNote: "Served with raita" }),
    ).toEqual({
      ok: true,
    });
    const stale = await menus.updateSectionDetails(services, owner.id, section!, {
      ...a,
      originalName: "Karahi",
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (stale.ok) throw new Error("saved");
    expect(stale.conflict!.changes).toEqual([{ field: "topNote", was: "Note 1", now: "Served with raita" }]);
    expect((await ownSection(services, owner.id, section!))!.originalName).toBe("Section 1");
    expect(await menus.updateSectionDetails(services, owner.id, section!, stale.conflict!.merged)).toEqual({
      ok: true,
    });
    expect(await ownSection(services, owner.id, section!)).toMatchObject({
      originalName: "Karahi",
      topNote: "Served with raita",
    });
  });
});
