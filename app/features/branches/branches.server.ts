import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { qrDataUrl } from "~/server/qr.server.ts";
import { locationsOf } from "~/server/reference-files.server.ts";
import type { Services } from "~/server/services.server.ts";
import { branchPath, toSlug } from "~/lib/slug.ts";
import { pageWindow } from "~/lib/paging.ts";
import { fieldErrors } from "../accounts/accounts.schema.ts";
import { fail, type Result } from "../accounts/result.ts";
import { menuVisibility, menuWithItems } from "../menus/menu-read.server.ts";
import * as menuQ from "../menus/menus.queries.server.ts";
import {
  addBranchSchema,
  BRANCH_ITEMS_PER_PAGE,
  BRANCH_MESSAGES as B,
  branchItemSchema,
} from "./branches.schema.ts";
import * as q from "./branches.queries.server.ts";

/** Province → city → area must exist in the country's file; stored as slugs with their labels. */
function resolveLocation(
  country: string,
  input: { provinceLabel: string; cityLabel: string; areaLabel: string },
) {
  const province = locationsOf(country).provinces.find((p) => p.label === input.provinceLabel);
  const city = province?.cities.find((c) => c.label === input.cityLabel);
  const area = city?.areas.find((a) => a === input.areaLabel);
  const errors: Record<string, string> = {};
  if (input.provinceLabel && !province) errors.provinceLabel = B.badLocation;
  if (input.cityLabel && !city) errors.cityLabel = B.badLocation;
  if (input.areaLabel && !area) errors.areaLabel = B.badLocation;
  return {
    errors,
    location: {
      province: toSlug(province?.label ?? ""),
      city: toSlug(city?.label ?? ""),
      area: toSlug(area ?? ""),
      provinceLabel: province?.label ?? "",
      cityLabel: city?.label ?? "",
      areaLabel: area ?? "",
    },
  };
}

class NoSectionsError extends Error {}

const taken = () => fail(409, B.nameTaken, { level: "warning", fieldErrors: { branchName: B.nameTaken } });

/**
 * SPEC §4: the branch and a copy of every section and item of the general menu
 * are written in one transaction; any failure leaves no branch and no partial copy.
 */
export async function addBranch(
  services: Services,
  ownerId: string,
  input: unknown,
): Promise<Result<{ branchUrl: string }>> {
  const parsed = addBranchSchema.safeParse(input);
  if (!parsed.success) return fail(400, B.nameMissing, { fieldErrors: fieldErrors(parsed.error) });
  const { db } = services.database;
  const restaurant = await db
    .selectFrom("restaurant")
    .select(["restName", "urlName", "country"])
    .where("id", "=", ownerId)
    .executeTakeFirst();
  if (!restaurant) return fail(404, B.addFailed);
  const { errors, location } = resolveLocation(restaurant.country, parsed.data);
  if (Object.keys(errors).length > 0) return fail(400, B.badLocation, { fieldErrors: errors });

  const branchUrl = toSlug(parsed.data.branchName);
  if (await q.branchUrlTaken(db, ownerId, branchUrl)) return taken();
  if ((await menuQ.countSections(db, ownerId)) === 0) return fail(409, B.noSections, { level: "warning" });

  const publicUrl = `${services.env.PUBLIC_URL}${branchPath(restaurant.urlName, branchUrl)}`;
  const qr = await qrDataUrl(publicUrl);
  const now = new Date().toISOString();
  const branchId = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await q.insertBranch(trx, {
        id: branchId,
        restaurantId: ownerId,
        restaurantName: restaurant.restName,
        urlName: restaurant.urlName,
        branchName: parsed.data.branchName,
        branchUrl,
        branchQRcode: publicUrl,
        branchQRimg: qr,
        country: restaurant.country,
        ...location,
        address: parsed.data.address,
        contact: parsed.data.contact,
        timestamp: now,
      });
      const general = await q.generalMenuRows(trx, ownerId);
      if (general.sections.length === 0) throw new NoSectionsError();
      const sectionIds = new Map(general.sections.map((s) => [s.id, crypto.randomUUID()]));
      await q.insertSections(
        trx,
        general.sections.map((s) => ({ ...s, id: sectionIds.get(s.id)!, branchId, timestamp: now })),
      );
      await q.insertItems(
        trx,
        general.items.map((i) => ({
          ...i,
          id: crypto.randomUUID(),
          sectionId: sectionIds.get(i.sectionId)!,
          branchId,
          priceOverride: null,
          timestamp: now,
        })),
      );
      await q.refreshBranchCount(trx, ownerId);
    });
  } catch (error) {
    if (error instanceof NoSectionsError) return fail(409, B.noSections, { level: "warning" });
    if (isUniqueViolation(error)) return taken();
    services.log.error({ err: error, ownerId }, "add branch failed");
    return fail(500, B.addFailed);
  }
  services.log.info({ ownerId, branchUrl }, "branch added");
  return { ok: true, branchUrl };
}

export async function ownerBranchMenu(services: Services, ownerId: string, branchUrl: string) {
  const branch = await q.findBranch(services.database.db, ownerId, branchUrl);
  if (!branch) return null;
  return { branch, sections: await menuWithItems(services, ownerId, branch.id) };
}

/** Per-branch price and sold out, on the owner's own branch's copied item only. */
export async function setBranchItemDetails(
  services: Services,
  ownerId: string,
  branchUrl: string,
  input: unknown,
): Promise<Result<object>> {
  const branch = await q.findBranch(services.database.db, ownerId, branchUrl);
  if (!branch) return fail(404, B.notFound);
  const parsed = branchItemSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, parsed.error.issues[0]?.message ?? "Check the price.", {
      fieldErrors: fieldErrors(parsed.error),
    });
  }
  const { itemId, priceOverride, soldOut } = parsed.data;
  const updated = await q.setBranchItem(services.database.db, branch.id, itemId, priceOverride, soldOut);
  return updated ? { ok: true } : fail(404, "Item not found");
}

async function restaurantByUrl(services: Services, urlName: string) {
  return menuQ.findRestaurantByUrlName(services.database.db, urlName);
}

export async function publicBranches(services: Services, urlName: string) {
  const restaurant = await restaurantByUrl(services, urlName);
  if (!restaurant) return null;
  return { restaurant, branches: await q.listBranches(services.database.db, restaurant.id) };
}

/** The scan page: 6 items a page in menu order (SPEC §9), with the branch's own prices. */
export async function publicBranch(
  services: Services,
  urlName: string,
  branchUrl: string,
  requestedPage: number,
  viewerId?: string,
) {
  const { db } = services.database;
  const restaurant = await restaurantByUrl(services, urlName);
  if (!restaurant) return null;
  const branch = await q.findBranch(db, restaurant.id, branchUrl);
  if (!branch) return null;
  const visibility = menuVisibility(restaurant.approvalStatus, viewerId, restaurant.id);
  if (visibility === "awaiting-approval")
    return { restaurant, branch, visibility, items: [], page: 1, pages: 0 };
  const { page, pages, offset, limit } = pageWindow(
    requestedPage,
    await q.countBranchItems(db, branch.id),
    BRANCH_ITEMS_PER_PAGE,
  );
  const rows = await q.branchItemsPage(db, branch.id, offset, limit);
  const items = rows.map((row) => ({ ...row, price: row.priceOverride ?? row.price }));
  return { restaurant, branch, visibility, items, page, pages };
}

export async function branchItem(
  services: Services,
  urlName: string,
  branchUrl: string,
  itemId: string,
  viewerId?: string,
) {
  const { db } = services.database;
  const restaurant = await restaurantByUrl(services, urlName);
  if (!restaurant) return null;
  const branch = await q.findBranch(db, restaurant.id, branchUrl);
  if (!branch) return null;
  const item = await q.findBranchItem(db, branch.id, itemId);
  if (!item) return null;
  const visibility = menuVisibility(restaurant.approvalStatus, viewerId, restaurant.id);
  return { restaurant, branch, visibility, item: { ...item, price: item.priceOverride ?? item.price } };
}
