import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratingSummary } from "~/features/reviews/rating-summary.server.ts";
import { branchReviewsPage, restaurantRecentReviews } from "~/features/reviews/reviews-read.server.ts";
import { latestReviewsOf } from "~/features/reviews/reviews.queries.server.ts";
import { REVIEW_MESSAGES as R } from "~/features/reviews/reviews.messages.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { TABLE_MESSAGES as M } from "~/features/tables/tables.schema.ts";
import {
  addTables,
  changeTables,
  ownTables,
  reviewedAtTable,
  tableCards,
} from "~/features/tables/tables.server.ts";
import { inEnglish } from "~/lib/message.ts";
import * as tableCode from "~/routes/public/table-code.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { servicesContext } from "~/server/context.ts";
import { TABLE_PASS_MS } from "~/server/table-pass.server.ts";
import { signedUpCustomer } from "../setup/accounts.ts";
import { dealRestaurant } from "../setup/deals.ts";
import { branchOf } from "../setup/menus.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/**
 * Issue 33, ADR 0046: table codes and reviews tied to the table. A printed table card's
 * code gives the diner's browser a signed pass for that branch and table; a signed-in
 * customer's review sent with it is marked; without it, it is still taken. Old cards stop
 * when their code changes; farming is capped.
 */
let services: TestServices;
let photo: Buffer;
let clock = new Date();
beforeAll(async () => {
  services = await createTestServices(
    { APPROVAL_MODE: "auto", TABLE_PASSES_PER_IP: "5" },
    { now: () => clock },
  );
  photo = await photoWithGps(120, 90);
});
afterAll(() => services.close());

async function restaurantWithTables(labels = "1-3, Family hall 1") {
  const place = await dealRestaurant(services, photo);
  const added = await addTables(services, place.owner.id, place.blueArea, { tables: labels });
  if (!added.ok) throw new Error(inEnglish(added.message));
  const { tables } = (await ownTables(services, place.owner.id, place.blueArea))!;
  return { ...place, tables: tables.map((t) => ({ ...t, code: t.url.split("/t/")[1]! })) };
}

let address = 0;
/** Opens a table code as a phone does; a fresh client address each time unless one is given. */
async function open(
  at: { urlName: string; branch: string; code: string },
  options: { ip?: string; prefix?: string; cookie?: string } = {},
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const ip = options.ip ?? `10.0.${Math.floor(++address / 250)}.${address % 250}`;
  const url = `http://localhost:3000${options.prefix ?? ""}/r/${at.urlName}/branch/${at.branch}/t/${at.code}`;
  try {
    const answer = (await tableCode.loader({
      request: new Request(url, {
        headers: { [CLIENT_IP_HEADER]: ip, ...(options.cookie ? { cookie: options.cookie } : {}) },
      }),
      params: { restaurantName: at.urlName, branchName: at.branch, code: at.code },
      context,
    } as never)) as Response;
    const cookie = answer.headers.get("set-cookie");
    return {
      status: answer.status,
      location: answer.headers.get("location"),
      cacheControl: answer.headers.get("cache-control"),
      setCookie: cookie,
      cookie: cookie?.split(";")[0] ?? null,
    };
  } catch (error) {
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status) return { status, location: null, cacheControl: null, setCookie: null, cookie: null };
    throw error;
  }
}

async function review(
  authorId: string,
  at: { urlName: string; branchUrl: string },
  cookie: string | null,
  values: Record<string, string | string[]> = { rating: "5" },
  photos: Uint8Array[] = [],
) {
  return postReview(services, authorId, at, { values, photos }, cookie);
}

const verifiedOf = async (reviewId: string) =>
  (
    await services.database.db
      .selectFrom("review")
      .select("tableVerified")
      .where("id", "=", reviewId)
      .executeTakeFirstOrThrow()
  ).tableVerified;

describe("an owner's tables", () => {
  it("are numbered or named, each with its own code, refused twice or past the limit", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables();
    expect(tables.map((t) => [t.label, t.numbered])).toEqual([
      ["1", true],
      ["2", true],
      ["3", true],
      ["Family hall 1", false],
    ]);
    for (const t of tables) expect(t.code).toMatch(/^[2-9a-hjkmnp-z]{8}$/u);
    expect(new Set(tables.map((t) => t.code)).size).toBe(4);
    expect(tables[0]!.url).toBe(
      `http://localhost:3000/r/${owner.urlName}/branch/${blueArea}/t/${tables[0]!.code}`,
    );
    const refusal = async (text: string) => {
      const result = await addTables(services, owner.id, blueArea, { tables: text });
      return result.ok ? "added" : inEnglish(result.message);
    };
    expect(await refusal("family HALL 1")).toBe(inEnglish(M.taken("family HALL 1")));
    // One spelling kept of two that differ in case only.
    expect(await refusal("Terrace, terrace")).toBe("added");
    expect(await refusal("03")).toBe(inEnglish(M.taken("3")));
    expect(await refusal(" , ")).toBe(M.noTables);
    expect(await refusal("x".repeat(41))).toBe(M.labelLong);
    expect(await refusal("1-500")).toBe(inEnglish(M.tooMany(200)));
    expect(await refusal("10-205")).toBe(inEnglish(M.tooMany(200)));
    expect(await refusal("10-204")).toBe("added");
    const after = (await ownTables(services, owner.id, blueArea))!;
    expect(after.tables).toHaveLength(200);
    expect(after.events.map((e) => e.tableLabel.slice(0, 22)).toSorted()).toEqual([
      "1, 2, 3, Family hall 1",
      "10, 11, 12, 13, 14, 15",
      "Terrace",
    ]);
  });

  it("are no one else's: another owner can neither see, add, change, remove nor print them", async () => {
    const mine = await restaurantWithTables();
    const gulberg = await branchOf(services, mine.owner.id, "Gulberg");
    await addTables(services, mine.owner.id, gulberg, { tables: "1" });
    const other = await dealRestaurant(services, photo);
    // A branch only mine has: not there for the other owner.
    expect(await ownTables(services, other.owner.id, gulberg)).toBeNull();
    expect(await tableCards(services, other.owner.id, gulberg, null)).toBeNull();
    expect(await addTables(services, other.owner.id, gulberg, { tables: "9" })).toMatchObject({
      status: 404,
    });
    expect(await changeTables(services, other.owner.id, gulberg, { intent: "change-all" })).toMatchObject({
      status: 404,
    });
    // Their own branch of the same name holds none of mine, and my tables' ids change nothing there.
    expect((await ownTables(services, other.owner.id, other.blueArea))!.tables).toEqual([]);
    const table = mine.tables[0]!;
    for (const intent of ["change", "remove"] as const) {
      expect(
        await changeTables(services, other.owner.id, other.blueArea, { intent, tableId: table.id }),
      ).toMatchObject({ ok: false, status: 404 });
    }
    expect(await tableCards(services, other.owner.id, other.blueArea, table.id)).toMatchObject({ cards: [] });
    const after = (await ownTables(services, mine.owner.id, mine.blueArea))!;
    expect(after.tables.map((t) => t.url)).toEqual(mine.tables.map((t) => t.url));
    expect(after.events).toHaveLength(1);
    expect((await ownTables(services, mine.owner.id, gulberg))!.tables).toHaveLength(1);
  });

  it("print as cards, each with its own code, in English and Urdu", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables("7, Family hall 2");
    const sheet = (await tableCards(services, owner.id, blueArea, null))!;
    expect(sheet.cards.map((c) => [c.label, c.numbered, c.shortUrl])).toEqual(
      tables.map((t) => [t.label, t.numbered, t.url.replace("http://", "")]),
    );
    for (const card of sheet.cards) expect(card.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/su);
    const one = (await tableCards(services, owner.id, blueArea, tables[1]!.id))!;
    expect(one.cards.map((c) => c.label)).toEqual(["Family hall 2"]);
  });
});

describe("opening a table code", () => {
  it("gives a signed HttpOnly pass for 4 hours and sends the phone to the branch page, in its language", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables();
    const opened = await open({ urlName: owner.urlName, branch: blueArea, code: tables[1]!.code });
    expect(opened).toMatchObject({
      status: 302,
      location: `/r/${owner.urlName}/branch/${blueArea}`,
      cacheControl: "no-store",
    });
    expect(opened.setCookie).toMatch(/^fv_table=[^;]+; Max-Age=14400; Path=\/; HttpOnly; SameSite=Lax$/u);
    // Nothing in it names the person: the branch, the table, its code and when it ends.
    const payload = JSON.parse(
      Buffer.from(decodeURIComponent(opened.cookie!.split("=")[1]!).split(".")[0]!, "base64").toString(),
    ) as Record<string, unknown>;
    expect(Object.keys(payload).toSorted()).toEqual(["branchId", "code", "tableId", "until"]);
    expect(payload.until).toBe(clock.getTime() + TABLE_PASS_MS);
    // A code in capitals (typed from the card) is the same code.
    expect(
      (await open({ urlName: owner.urlName, branch: blueArea, code: tables[1]!.code.toUpperCase() })).cookie,
    ).not.toBeNull();
    // From an Urdu phone the same address: React Router puts it under /ur (its basename; the e2e test follows it).
    expect(
      (await open({ urlName: owner.urlName, branch: blueArea, code: tables[0]!.code }, { prefix: "/ur" }))
        .location,
    ).toBe(`/r/${owner.urlName}/branch/${blueArea}`);
  });

  it("gives no pass for a code that is no table's here, and 404 for a branch that is not there", async () => {
    const { owner, blueArea, saddar, tables } = await restaurantWithTables();
    for (const code of ["zzzzzzzz", "x".repeat(300), "%3Cscript%3E", tables[0]!.code.slice(0, 7)]) {
      const opened = await open({ urlName: owner.urlName, branch: blueArea, code });
      expect(opened, code).toMatchObject({
        status: 302,
        cookie: null,
        location: `/r/${owner.urlName}/branch/${blueArea}`,
      });
    }
    // Blue Area's card under Saddar's address: Saddar's page, no pass.
    expect(await open({ urlName: owner.urlName, branch: saddar, code: tables[0]!.code })).toMatchObject({
      status: 302,
      cookie: null,
      location: `/r/${owner.urlName}/branch/${saddar}`,
    });
    expect((await open({ urlName: owner.urlName, branch: "nowhere", code: tables[0]!.code })).status).toBe(
      404,
    );
    expect(
      (await open({ urlName: "no-such-restaurant", branch: blueArea, code: tables[0]!.code })).status,
    ).toBe(404);
  });

  it("gives one client address at most TABLE_PASSES_PER_IP passes an hour, and still the menu after", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables();
    const at = { urlName: owner.urlName, branch: blueArea, code: tables[0]!.code };
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await open(at, { ip: "192.0.2.77" }));
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(302));
    expect(answers.map((a) => a.cookie !== null)).toEqual([true, true, true, true, true, false, false]);
    // Another address is not held up by it, and a phone holding this table's pass scanning
    // again gets it afresh without spending the allowance.
    expect((await open(at, { ip: "192.0.2.78" })).cookie).not.toBeNull();
    expect((await open(at, { ip: "192.0.2.77", cookie: answers[0]!.cookie! })).cookie).not.toBeNull();
    const other = { ...at, code: tables[1]!.code };
    expect((await open(other, { ip: "192.0.2.77", cookie: answers[0]!.cookie! })).cookie).toBeNull();
  });
});

describe("a review with a table pass", () => {
  it("is marked, counted apart in the rating, and listed under 'table-verified only'; without a pass it is taken as always", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables();
    const at = { urlName: owner.urlName, branchUrl: blueArea };
    const { cookie } = await open({ urlName: owner.urlName, branch: blueArea, code: tables[0]!.code });
    const withPass = await review((await signedUpCustomer(services)).id, at, cookie, {
      rating: "4",
      review: "Good",
    });
    const without = await review((await signedUpCustomer(services)).id, at, null, {
      rating: "2",
      review: "Cold",
    });
    if (!withPass.ok || !without.ok) throw new Error("setup");
    expect([await verifiedOf(withPass.id), await verifiedOf(without.id)]).toEqual([1, 0]);
    const branch = (await ownTables(services, owner.id, blueArea))!;
    expect(branch.tables).toHaveLength(4);
    const branchId = (
      await services.database.db
        .selectFrom("branch")
        .select("id")
        .where("restaurantId", "=", owner.id)
        .where("branchUrl", "=", blueArea)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await ratingSummary(services, { branchId })).toMatchObject({
      average: 3,
      count: 2,
      verified: { average: 4, count: 1 },
    });
    expect(await ratingSummary(services, { restaurantId: owner.id })).toMatchObject({
      count: 2,
      verified: { count: 1 },
    });
    const all = (await branchReviewsPage(services, owner.urlName, blueArea, 1))!;
    expect(all.reviews.map((r) => [r.review, r.tableVerified])).toEqual([
      ["Cold", 0],
      ["Good", 1],
    ]);
    const verified = (await branchReviewsPage(services, owner.urlName, blueArea, 1, {
      locale: "en",
      verifiedOnly: true,
    }))!;
    expect(verified.reviews.map((r) => r.review)).toEqual(["Good"]);
    expect(verified.pages).toBe(1);
    // The restaurant's reviews page and /reviews too.
    const restaurantWide = (await restaurantRecentReviews(services, owner.urlName, {
      locale: "en",
      verifiedOnly: true,
    }))!;
    expect(restaurantWide.reviews.map((r) => r.review)).toEqual(["Good"]);
    const latest = await latestReviewsOf(services.database.db, [owner.id], 10, true);
    expect(latest.map((r) => r.review)).toEqual(["Good"]);
  });

  it("is not marked with an ended, forged, other branch's, changed or removed table's pass", async () => {
    const { owner, blueArea, saddar, tables } = await restaurantWithTables();
    const blue = { urlName: owner.urlName, branchUrl: blueArea };
    const pass = async (code: string) =>
      (await open({ urlName: owner.urlName, branch: blueArea, code })).cookie!;
    const marked = async (at: typeof blue, cookie: string | null) => {
      const posted = await review((await signedUpCustomer(services)).id, at, cookie);
      if (!posted.ok) throw new Error(inEnglish(posted.message));
      return verifiedOf(posted.id);
    };
    // Ended: four hours and a minute later.
    const early = await pass(tables[0]!.code);
    clock = new Date(clock.getTime() + TABLE_PASS_MS + 60_000);
    expect(await marked(blue, early)).toBe(0);
    clock = new Date();
    // Forged: the value changed (another table's id), the signature kept; a made-up one.
    const good = await pass(tables[0]!.code);
    const [name, value] = good.split("=") as [string, string];
    const [body, signature] = decodeURIComponent(value).split(".") as [string, string];
    const changed = JSON.parse(Buffer.from(body, "base64").toString()) as Record<string, unknown>;
    changed.until = Number(changed.until) + 10 * TABLE_PASS_MS;
    const forged = `${name}=${encodeURIComponent(`${Buffer.from(JSON.stringify(changed)).toString("base64")}.${signature}`)}`;
    expect(await marked(blue, forged)).toBe(0);
    expect(await marked(blue, `${name}=${encodeURIComponent(`${body}.${"A".repeat(43)}`)}`)).toBe(0);
    // A pass of Blue Area on a review of Saddar.
    expect(await marked({ urlName: owner.urlName, branchUrl: saddar }, good)).toBe(0);
    // The table's code changed, then every code, then the table removed.
    const second = await pass(tables[1]!.code);
    await changeTables(services, owner.id, blueArea, { intent: "change", tableId: tables[1]!.id });
    expect(await marked(blue, second)).toBe(0);
    const third = await pass(tables[2]!.code);
    await changeTables(services, owner.id, blueArea, { intent: "change-all" });
    expect(await marked(blue, third)).toBe(0);
    const fresh = (await ownTables(services, owner.id, blueArea))!.tables;
    const fourth = await pass(fresh[3]!.url.split("/t/")[1]!);
    await changeTables(services, owner.id, blueArea, { intent: "remove", tableId: fresh[3]!.id });
    expect(await marked(blue, fourth)).toBe(0);
    // An old card's code now gives no pass; the new one does, and its review is marked.
    expect(
      (await open({ urlName: owner.urlName, branch: blueArea, code: tables[0]!.code })).cookie,
    ).toBeNull();
    expect(await marked(blue, await pass(fresh[0]!.url.split("/t/")[1]!))).toBe(1);
    expect(
      (await ownTables(services, owner.id, blueArea))!.events.map((e) => [e.action, e.tableLabel]),
    ).toEqual([
      ["removed", "Family hall 1"],
      ["changed", ""],
      ["changed", "2"],
      ["added", "1, 2, 3, Family hall 1"],
    ]);
  });

  it("marks one review per customer per branch a day, and never the restaurant's own account", async () => {
    const { owner, blueArea, tables } = await restaurantWithTables();
    const at = { urlName: owner.urlName, branchUrl: blueArea };
    const { cookie } = await open({ urlName: owner.urlName, branch: blueArea, code: tables[0]!.code });
    const diner = (await signedUpCustomer(services)).id;
    expect((await review(diner, at, cookie)).ok).toBe(true);
    expect(await review(diner, at, cookie)).toMatchObject({ ok: false, status: 429, message: R.oncePerDay });
    const branchId = (
      await services.database.db
        .selectFrom("branch")
        .select("id")
        .where("branchUrl", "=", blueArea)
        .where("restaurantId", "=", owner.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      await reviewedAtTable(services, cookie, { branchId, restaurantId: owner.id, authorId: diner }),
    ).toBe(true);
    expect(
      await reviewedAtTable(services, cookie, { branchId, restaurantId: owner.id, authorId: owner.id }),
    ).toBe(false);
    expect(await reviewedAtTable(services, null, { branchId, restaurantId: owner.id, authorId: diner })).toBe(
      false,
    );
  });
});
