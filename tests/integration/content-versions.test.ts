import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as menus from "~/features/menus/menus.server.ts";
import {
  deleteReview,
  moderateReview,
  postReview,
  replyToReview,
} from "~/features/reviews/reviews.server.ts";
import { inEnglish } from "~/lib/message.ts";
import { contentVersionKey, pageScope, type PageScope } from "~/server/page-cache.server.ts";
import { RATING_COLUMNS } from "../../db/migrations/0022-review-versions.ts";
import * as bestSellers from "~/routes/public/best-sellers.tsx";
import * as branchItem from "~/routes/public/branch-item.tsx";
import * as branchReviews from "~/routes/public/branch-reviews.tsx";
import * as branch from "~/routes/public/branch.tsx";
import * as branches from "~/routes/public/branches.tsx";
import * as menuItem from "~/routes/public/menu-item.tsx";
import * as menu from "~/routes/public/menu.tsx";
import * as restaurantReviews from "~/routes/public/restaurant-reviews.tsx";
import * as restaurant from "~/routes/public/restaurant.tsx";
import { signedUpCustomer } from "../setup/accounts.ts";
import { photoWithGps } from "../setup/images.ts";
import { branchOf, ownerWithMenu } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { buildRequest, callLoader } from "./authorization/route-call.ts";

// ADR 0040: a review moves only the versions of the pages that show it. These tests
// hold that to what each page's loader actually returns.

let services: TestServices;
let photo: Buffer;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  photo = await photoWithGps(320, 240);
});
afterAll(() => services.close());

const db = () => services.database.db;

async function place() {
  const owner = await ownerWithMenu(services, photo, [2, 1]);
  const a = await branchOf(services, owner.id, "Blue Area");
  const b = await branchOf(services, owner.id, "Saddar");
  const item = await db()
    .selectFrom("menu_item")
    .select("id")
    .where("restaurantId", "=", owner.id)
    .where("branchId", "is", null)
    .executeTakeFirstOrThrow();
  const copyAt = async (branchUrl: string) =>
    (
      await db()
        .selectFrom("menu_item")
        .innerJoin("branch", "branch.id", "menu_item.branchId")
        .select("menu_item.id")
        .where("menu_item.generalItemId", "=", item.id)
        .where("branch.branchUrl", "=", branchUrl)
        .executeTakeFirstOrThrow()
    ).id;
  return { owner, a, b, itemId: item.id, copies: { [a]: await copyAt(a), [b]: await copyAt(b) } };
}

async function review(
  authorId: string,
  urlName: string,
  branchUrl: string,
  rating: number,
  photoOf?: string,
) {
  const posted = await postReview(
    services,
    authorId,
    { urlName, branchUrl },
    photoOf
      ? {
          values: { rating: String(rating), review: `Rated ${rating}`, photoDish: [photoOf] },
          photos: [photo],
        }
      : { values: { rating: String(rating), review: `Rated ${rating}` }, photos: [] },
  );
  if (!posted.ok) throw new Error(inEnglish(posted.message));
  return posted.id;
}

type Page = { path: string; loader: (args: never) => unknown; params: Record<string, string> };

/** Every public page of a restaurant (the branch pages of both branches), as routes.ts names them. */
function pagesOf(p: Awaited<ReturnType<typeof place>>): Page[] {
  const r = p.owner.urlName;
  const at = (path: string, loader: Page["loader"], params: Record<string, string>) => ({
    path: path.replaceAll(" ", "%20"),
    loader,
    params,
  });
  const pages = [
    at(`/r/${r}`, restaurant.loader, { restaurantName: r }),
    at(`/r/${r}/menu`, menu.loader, { restaurantName: r }),
    at(`/r/${r}/menu/${p.itemId}`, menuItem.loader, { restaurantName: r, itemId: p.itemId }),
    at(`/r/${r}/branches`, branches.loader, { restaurantName: r }),
    at(`/reviews/${r}`, restaurantReviews.loader, { name: r }),
    at(`/vendorbestsellers/${r}`, bestSellers.loader, { name: r }),
  ];
  for (const b of [p.a, p.b]) {
    pages.push(
      at(`/r/${r}/branch/${b}`, branch.loader, { restaurantName: r, branchName: b }),
      at(`/r/${r}/branch/${b}/reviews`, branchReviews.loader, { restaurantName: r, branchName: b }),
      at(`/r/${r}/branch/${b}/menu/${p.copies[b]}`, branchItem.loader, {
        restaurantName: r,
        branchName: b,
        itemId: p.copies[b]!,
      }),
    );
  }
  return pages;
}

/** Each page's key (as the page cache reads it for that path) and what a visitor's loader returns. */
async function readAll(pages: Page[]) {
  const read = new Map<string, { key: string; data: string }>();
  for (const page of pages) {
    const scope = pageScope(page.path);
    if (!scope) throw new Error(`not a kept page: ${page.path}`);
    const request = buildRequest({ method: "GET", path: page.path, cookies: null });
    const answer = await callLoader(services, page.loader, request, page.params);
    expect(answer.status, page.path).toBe(200);
    read.set(page.path, { key: await contentVersionKey(db(), scope), data: answer.text });
  }
  return read;
}

describe("which versions a page's key holds", () => {
  it("names the reviews each kind of restaurant page shows", () => {
    const restaurantWide = { kind: "restaurant", urlName: "savour" };
    expect(pageScope("/r/savour")).toEqual(restaurantWide);
    expect(pageScope("/ur/reviews/savour")).toEqual(restaurantWide);
    expect(pageScope("/r/savour/branch/f-7")).toEqual({ ...restaurantWide, reviews: { branchUrl: "f-7" } });
    expect(pageScope("/r/savour/branch/blue%20area/reviews.data")).toEqual({
      ...restaurantWide,
      reviews: { branchUrl: "blue area" },
    });
    // A dish's page shows its diners' photos (issue 33): the photos' scope, general dish or a branch's.
    for (const path of ["/ur/r/savour/menu/abc", "/r/savour/branch/f-7/menu/abc"])
      expect(pageScope(path), path).toEqual({ ...restaurantWide, reviews: "photos" });
    for (const path of ["/r/savour/menu", "/r/savour/branches", "/vendorbestsellers/savour"]) {
      expect(pageScope(path), path).toEqual({ ...restaurantWide, reviews: "none" });
    }
    // A path no route of the list knows keeps every version: never fewer than its page reads.
    expect(pageScope("/r/savour/something/new")).toEqual(restaurantWide);
    expect(pageScope("/r/savour/branch/%E0%A4%A")).toBeNull();
  });
});

describe("a write moves the key of every page it changes", () => {
  it("and a review leaves the menus and the other branch's pages as kept", async () => {
    const p = await place();
    const pages = pagesOf(p);
    const [first, second] = [await signedUpCustomer(services), await signedUpCustomer(services)];
    const r = p.owner.urlName;
    const menuOnly = [`/r/${r}/menu`, `/r/${r}/branches`, `/vendorbestsellers/${r}`];
    // A dish's pages show the photos reviews tag with it (issue 33): only such a review moves them.
    const dishPages = [
      `/r/${r}/menu/${p.itemId}`,
      `/r/${r}/branch/${p.a}/menu/${p.copies[p.a]}`,
      `/r/${r}/branch/${p.b}/menu/${p.copies[p.b]}`,
    ];
    const branchA = [`/r/${r}/branch/${p.a}`, `/r/${r}/branch/${p.a}/reviews`];
    const branchB = [`/r/${r}/branch/${p.b}`, `/r/${r}/branch/${p.b}/reviews`];
    const restaurantWide = [`/r/${r}`, `/reviews/${r}`];

    let before = await readAll(pages);
    /** After `write`: every page whose data changed has a new key; returns the pages whose key moved. */
    const after = async (what: string, write: () => Promise<unknown>) => {
      await write();
      const now = await readAll(pages);
      const moved: string[] = [];
      const changedUnderSameKey: string[] = [];
      for (const [path, { key, data }] of now) {
        const was = before.get(path)!;
        if (key !== was.key) moved.push(path);
        else if (data !== was.data) changedUnderSameKey.push(path);
      }
      expect(changedUnderSameKey, `${what}: changed under the same key`).toEqual([]);
      before = now;
      return moved.toSorted();
    };

    let reviewId = "";
    const posted = await after("a review of branch A", async () => {
      reviewId = await review(first.id, r, p.a, 4);
    });
    expect(posted).toEqual([...branchA, ...restaurantWide].toSorted());

    expect(
      await after("the owner's reply", () =>
        replyToReview(services, p.owner.id, { reviewId, text: "Thank you" }),
      ),
    ).toEqual([...branchA, ...restaurantWide].toSorted());
    expect(await after("a review of branch B", () => review(second.id, r, p.b, 2))).toEqual(
      [...branchB, ...restaurantWide].toSorted(),
    );
    expect(await after("a review hidden", () => moderateReview(services, reviewId, "hide"))).toEqual(
      [...branchA, ...restaurantWide].toSorted(),
    );
    expect(await after("a review shown again", () => moderateReview(services, reviewId, "restore"))).toEqual(
      [...branchA, ...restaurantWide].toSorted(),
    );
    // A reviewer's new name: every page that shows reviewers, none that shows only dishes.
    const renamed = await after("a reviewer renamed", () =>
      db().updateTable("customer").set({ firstName: "Renamed" }).where("id", "=", first.id).execute(),
    );
    // Dish pages name the authors of their photos.
    expect(renamed).toEqual([...branchA, ...branchB, ...restaurantWide, ...dishPages].toSorted());
    expect(await after("a review deleted", () => deleteReview(services, first.id, reviewId))).toEqual(
      [...branchA, ...restaurantWide].toSorted(),
    );
    // A photo of the dish: its pages move too, when it is posted, hidden, shown and deleted.
    const third = await signedUpCustomer(services);
    let tagged = "";
    expect(
      await after("a review with a photo of the dish", async () => {
        tagged = await review(third.id, r, p.a, 5, p.copies[p.a]);
      }),
    ).toEqual([...branchA, ...restaurantWide, ...dishPages].toSorted());
    expect(await after("its review hidden", () => moderateReview(services, tagged, "hide"))).toEqual(
      [...branchA, ...restaurantWide, ...dishPages].toSorted(),
    );
    expect(await after("its review shown again", () => moderateReview(services, tagged, "restore"))).toEqual(
      [...branchA, ...restaurantWide, ...dishPages].toSorted(),
    );
    expect(await after("its review deleted", () => deleteReview(services, third.id, tagged))).toEqual(
      [...branchA, ...restaurantWide, ...dishPages].toSorted(),
    );
    // A dish rated, a dish edited: every page of the restaurant.
    const everyPage = pages.map((page) => page.path).toSorted();
    expect(
      await after("a dish rated", () => menus.rateItem(services, second.id, r, p.itemId, { rating: "5" })),
    ).toEqual(everyPage);
    expect(
      await after("a dish sold out", () => menus.setSoldOut(services, p.owner.id, p.itemId, true)),
    ).toEqual(everyPage);
    expect(menuOnly.every((path) => everyPage.includes(path))).toBe(true);
  });

  it("moves 'r:' for a change of any column of the restaurant but its rating, and 'rv:' for the rating", async () => {
    const { owner } = await place();
    const row = await db()
      .selectFrom("restaurant")
      .selectAll()
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    const versions = async () => {
      const { rows } = await sql<{ scope: string; version: string | number }>`
        select scope, version from content_version where scope in (${`r:${owner.id}`}, ${`rv:${owner.id}`})`.execute(
        db(),
      );
      return Object.fromEntries(rows.map((v) => [v.scope.split(":")[0]!, String(v.version)]));
    };
    const columns = Object.keys(row).filter((c) => c !== "id");
    expect(columns.length).toBeGreaterThan(30);
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column];
      const changed = typeof value === "number" ? value + 1 : `${String(value ?? "")}x`;
      const start = await versions();
      await db()
        .updateTable("restaurant")
        .set({ [column]: changed })
        .where("id", "=", owner.id)
        .execute();
      const end = await versions();
      const rating = (RATING_COLUMNS as readonly string[]).includes(column);
      expect(end.r !== start.r, `${column} moves r:`).toBe(!rating);
      expect(end.rv !== start.rv, `${column} moves rv:`).toBe(rating);
      await db()
        .updateTable("restaurant")
        .set({ [column]: value as never })
        .where("id", "=", owner.id)
        .execute();
    }
    // The lock the review writes take (a no-op update) moves nothing.
    const start = await versions();
    await db()
      .updateTable("restaurant")
      .set((eb) => ({ restNoofReviews: eb.ref("restNoofReviews") }))
      .where("id", "=", owner.id)
      .execute();
    expect(await versions()).toEqual(start);
  });

  it("leaves every version as it was when the review's transaction rolls back", async () => {
    const p = await place();
    const author = await signedUpCustomer(services);
    const all = async () =>
      (
        await sql<{
          scope: string;
          version: string;
        }>`select scope, version from content_version order by scope`.execute(db())
      ).rows;
    const start = await all();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const branchRow = await trx
            .selectFrom("branch")
            .select("id")
            .where("restaurantId", "=", p.owner.id)
            .where("branchUrl", "=", p.a)
            .executeTakeFirstOrThrow();
          await sql`insert into review (id, "restaurantId", "branchId", "authorId", rating, timestamp)
            values ('rolled-back', ${p.owner.id}, ${branchRow.id}, ${author.id}, 5, ${new Date(0).toISOString()})`.execute(
            trx,
          );
          throw new Error("forced");
        }),
    ).rejects.toThrow("forced");
    expect(await all()).toEqual(start);
  });
});

describe("keys of pages whose restaurant or branch is unknown", () => {
  it("hold no version of their own, so their 404 is never kept", async () => {
    const unknown: PageScope = { kind: "restaurant", urlName: "no-such-place", reviews: { branchUrl: "x" } };
    expect(await contentVersionKey(db(), unknown)).toMatch(/^none\|customers:\d+\|rb:0$/);
    const p = await place();
    expect(
      await contentVersionKey(db(), {
        kind: "restaurant",
        urlName: p.owner.urlName,
        reviews: { branchUrl: "nowhere" },
      }),
    ).toMatch(/\|rb:0$/);
  });
});
