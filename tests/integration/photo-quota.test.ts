import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { updateCustomerProfile } from "~/features/profiles/profiles.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { storedImageCount } from "~/server/media/image-quota.server.ts";
import { MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// Each account may keep MAX_IMAGES_PER_ACCOUNT photos (docs/decisions/0015-upload-quotas.md);
// 4 here. A write past it is refused before any photo is encoded, and stores nothing.

let services: TestServices;
const photos: Buffer[] = [];
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto", MAX_IMAGES_PER_ACCOUNT: "4" });
  for (let i = 0; i < 5; i++) photos.push(await photoWithGps(320 + i * 8, 240));
});
afterAll(() => services.close());

/** Every file and folder under DATA_DIR. */
const everything = () =>
  fs
    .readdirSync(services.dataDir, { recursive: true })
    .map(String)
    .filter((name) => !/\.db(-wal|-shm|-journal)?$/.test(name))
    .toSorted();

const item = (sectionId: string, position: string) => itemInput(sectionId, { positionInSection: position });

describe("photos per account", () => {
  it("a restaurant's dishes: past the limit a new dish is refused with words; replacing a view still works", async () => {
    const owner = (await signedUpOwner(services)).id;
    const section = await menus.addSection(services, owner, { originalName: "Mains" });
    if (!section.ok) throw new Error(inEnglish(section.message));

    const first = await menus.addItem(services, owner, {
      values: item(section.id, "1"),
      files: itemViews(photos[0]!, photos[1]!, photos[2]!),
    });
    expect(first).toMatchObject({ ok: true });
    // A branch copies the menu, sharing the dish's pictures: still 3.
    await addBranch(services, owner, { branchName: "Main" });
    expect(await storedImageCount(services.database.db, owner)).toBe(3);

    const files = everything();
    const second = await menus.addItem(services, owner, {
      values: item(section.id, "2"),
      files: itemViews(photos[3]!, photos[1]!, photos[2]!),
    });
    expect(second).toMatchObject({
      ok: false,
      status: 413,
      fieldErrors: { topView: MEDIA_MESSAGES.tooManyImages(4) },
    });
    expect(everything()).toEqual(files);

    if (!first.ok) return;
    // One photo for all three views of another dish is stored once (ADR 0020): 4, the limit.
    const another = await menus.addItem(services, owner, {
      values: { ...item(section.id, "2"), sameViews: "on" },
      files: new Map([["topView", photos[3]!]]),
    });
    expect(another).toMatchObject({ ok: true });
    expect(await storedImageCount(services.database.db, owner)).toBe(4);
    // At the limit, a new picture in place of one adds nothing on balance, and is allowed:
    // the branch's copy follows the dish (ADR 0021), so the old picture is shown nowhere.
    const edit = (photo: Buffer) =>
      menus.updateItemDetails(services, owner, first.id, {
        values: { ...item(section.id, "1"), tasteCategory: "Spicy" },
        files: new Map([["topView", photo]]),
      });
    expect(await edit(photos[4]!)).toMatchObject({ ok: true });
    expect(await storedImageCount(services.database.db, owner)).toBe(4);
  });

  it("a customer's reviews and profile pictures count together", async () => {
    const restaurant = await signedUpOwner(services);
    await menus.addSection(services, restaurant.id, { originalName: "Mains" });
    for (const branchName of ["One", "Two"]) await addBranch(services, restaurant.id, { branchName });

    const { id, input } = await signedUpCustomer(services);
    const review = (branchUrl: string, pics: Buffer[]) =>
      postReview(
        services,
        id,
        { urlName: restaurant.urlName, branchUrl },
        { values: { rating: "5" }, photos: pics },
      );
    expect(await review("one", [photos[0]!, photos[1]!, photos[2]!])).toMatchObject({ ok: true });
    const profile = (file: Buffer) =>
      updateCustomerProfile(services, id, {
        values: Object.fromEntries(
          Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v ?? "")]),
        ),
        files: new Map([["profileImage", file]]),
      });
    expect(await profile(photos[3]!)).toMatchObject({ ok: true });
    expect(await storedImageCount(services.database.db, id)).toBe(4);

    const files = everything();
    expect(await review("two", [photos[3]!])).toMatchObject({
      ok: false,
      status: 413,
      message: MEDIA_MESSAGES.tooManyImages(4),
    });
    expect(everything()).toEqual(files);
    // The profile picture replaced: still 4.
    expect(await profile(photos[0]!)).toMatchObject({ ok: true });
    expect(await storedImageCount(services.database.db, id)).toBe(4);
  });
});
