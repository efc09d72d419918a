import type { KyselyPlugin } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  linksToRewrite,
  rewriteLinks,
  rewriteLinksAtStart,
  rewritePublicLinks,
  SERVER_START,
} from "~/features/admin/public-links.server.ts";
import { COMMAND_LINE } from "~/features/admin/admin.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import * as publicBranchPage from "~/routes/public/branch.tsx";
import * as branchMenuPage from "~/routes/restaurant/branches/branch-menu.tsx";
import * as profilePage from "~/routes/restaurant/profile.tsx";
import * as qrCardPage from "~/routes/restaurant/qr-card.tsx";
import * as qrPng from "~/routes/restaurant/qr-png.ts";
import * as qrSvg from "~/routes/restaurant/qr-svg.ts";
import { servicesContext } from "~/server/context.ts";
import type { Services } from "~/server/services.server.ts";
import { updateLinksCommand } from "../../server/commands.ts";
import { signedUpOwner, type SignedUpOwner } from "../setup/accounts.ts";
import { loaderData } from "../setup/loader-data.ts";
import { readQr as decode, readQrDataUrl as decodeDataUrl } from "../setup/qr.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * The QR codes and shared links stored with restaurants and branches (SPEC's
 * restQRcode/restQRimg, branchQRcode/branchQRimg) held the address they were made under
 * (the demo's http://localhost:3000) after the server started with another PUBLIC_URL.
 * Here an installation is made under one address, then started again under another.
 */
// Every code is drawn, decoded and checked on every screen, several times: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const FIRST = "http://localhost:3000";
const LAN = "http://192.168.1.20:3000";
// http: the owners' sessions were made under http, and an https address renames the cookies.
const HOSTED = "http://menus.foodverse.example";

let first: TestServices;
const later: TestServices[] = [];
let owners: SignedUpOwner[];
/** [owner index, branch name] of every branch made under FIRST. */
const BRANCHES: [number, string][] = [
  [0, "F-7 Markaz"],
  [0, "Saddar"],
  [1, "ایف سیون"],
];

/** The installation again, as another process (or a restart) with PUBLIC_URL = `publicUrl`. */
async function startAgain(publicUrl: string): Promise<TestServices> {
  const services = await createTestServices(
    { APPROVAL_MODE: "auto", PUBLIC_URL: publicUrl },
    { sameDataAs: first },
  );
  later.push(services);
  return services;
}

beforeAll(async () => {
  first = await createTestServices({ APPROVAL_MODE: "auto", PUBLIC_URL: FIRST });
  owners = [
    await signedUpOwner(first),
    // A name in Urdu: its address is percent-encoded, in the code as in every link.
    await signedUpOwner(first, { restName: `کراہی ہاؤس ${Date.now()}` }),
  ];
  for (const owner of owners) {
    const section = await addSection(first, owner.id, { originalName: "Mains" });
    if (!section.ok) throw new Error(inEnglish(section.message));
  }
  for (const [i, branchName] of BRANCHES) {
    const added = await addBranch(first, owners[i]!.id, { branchName, address: "Road 1", contact: "" });
    if (!added.ok) throw new Error(inEnglish(added.message));
  }
});

afterAll(async () => {
  for (const services of later) await services.close();
  await first.close();
});

const restaurantRows = (services: Services) =>
  services.database.db.selectFrom("restaurant").selectAll().orderBy("id").execute();
const branchRows = (services: Services) =>
  services.database.db.selectFrom("branch").selectAll().orderBy("id").execute();
const auditRows = (services: Services) =>
  services.database.db
    .selectFrom("audit_log")
    .select(["actorId", "actorLabel", "action", "targetType", "targetId", "targetLabel", "reason"])
    .where("action", "=", "links.rewrite")
    .orderBy("timestamp")
    .execute();

/** A route's loader as React Router calls it, signed in as `owner` (or nobody). */
function load<L extends (args: never) => unknown>(
  services: Services,
  loader: L,
  path: string,
  params: Record<string, string>,
  owner: SignedUpOwner | null,
  headers: Record<string, string> = {},
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`http://localhost:3000${path}`, {
    headers: { ...Object.fromEntries(owner?.cookies ?? []), ...headers },
  });
  return loaderData(loader, { request, params, context });
}

/** Every place an owner or a diner gets a code or a link, checked against `base`. */
async function expectEverywhere(services: Services, base: string) {
  await expectStored(services, base);
  await expectShown(services, base);
}

/** The codes and links stored in every row are under `base`, and each image decodes to its link. */
async function expectStored(services: Services, base: string) {
  for (const r of await restaurantRows(services)) {
    expect(r.restQRcode).toBe(`${base}${restaurantPath(r.urlName)}`);
    expect(await decodeDataUrl(r.restQRimg)).toBe(r.restQRcode);
  }
  for (const b of await branchRows(services)) {
    expect(b.branchQRcode).toBe(`${base}${branchPath(b.urlName, b.branchUrl)}`);
    expect(await decodeDataUrl(b.branchQRimg)).toBe(b.branchQRcode);
  }
}

/** Every code and link an owner or a diner is shown, prints or downloads is under `base`. */
async function expectShown(services: Services, base: string) {
  for (const [i, branchName] of BRANCHES) {
    const owner = owners[i]!;
    const branch = (await branchRows(services)).find((b) => b.branchName === branchName)!;
    const url = `${base}${branchPath(owner.urlName, branch.branchUrl)}`;
    const params = { restaurantName: owner.urlName, branchName: branch.branchUrl };

    // The table's page: 'Share this menu', its QR image and the WhatsApp link are made of these.
    const diner = await load(
      services,
      publicBranchPage.loader,
      branchPath(owner.urlName, branch.branchUrl),
      params,
      null,
    );
    expect(diner.branch.branchQRcode).toBe(url);
    expect(await decodeDataUrl(diner.branch.branchQRimg)).toBe(url);

    // The owner's branch page, its downloads and its printed table card.
    const own = await load(services, branchMenuPage.loader, "/x", params, owner);
    expect(own.branch.branchQRcode).toBe(url);
    const scanned = `${url}?src=qr`;
    await expectDownloads(services, owner, params, scanned);
    const card = await load(services, qrCardPage.loader, "/x", params, owner);
    expect(card.shortUrl).toBe(url.replace(/^https?:\/\//, ""));
    expect(await decode(Buffer.from(card.svg))).toBe(scanned);
  }
  for (const owner of owners) {
    const profile = await load(services, profilePage.loader, "/profile/restaurant", {}, owner);
    expect(profile.restaurant.restQRcode).toBe(`${base}${restaurantPath(owner.urlName)}`);
    expect(await decodeDataUrl(profile.restaurant.restQRimg)).toBe(profile.restaurant.restQRcode);
    const scanned = `${base}${restaurantPath(owner.urlName)}?src=qr`;
    const card = await load(services, qrCardPage.loader, "/x", {}, owner);
    expect(await decode(Buffer.from(card.svg))).toBe(scanned);
    await expectDownloads(services, owner, {}, scanned);
  }
}

/** The PNG and SVG the owner downloads to print decode to `scanned`. */
async function expectDownloads(
  services: Services,
  owner: SignedUpOwner,
  params: Record<string, string>,
  scanned: string,
) {
  for (const download of [qrPng.loader, qrSvg.loader]) {
    const file = (await load(services, download, "/x", params, owner)) as Response;
    expect(await decode(Buffer.from(await file.arrayBuffer()))).toBe(scanned);
  }
}

/** A database handle that counts the statements sent through it. */
function counted(services: TestServices): { services: Services; queries: () => number } {
  let n = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Once per statement run (a query's parts each pass transformQuery).
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  const db = services.database.db.withPlugin(counter);
  return { services: { ...services, database: { ...services.database, db } }, queries: () => n };
}

/** Every column but the code's address and image. */
const rest = <T extends Record<string, unknown>>(rows: T[], ...without: string[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !without.includes(k))));

describe("a restart with another PUBLIC_URL", () => {
  it("rewrites every stored code and link, and every code shown, printed or downloaded decodes to it; not when PUBLIC_URL was not set", async () => {
    await expectEverywhere(first, FIRST);
    const restaurantsBefore = await restaurantRows(first);
    const branchesBefore = await branchRows(first);

    // A process started without PUBLIC_URL (its default is its own localhost) moves nothing.
    const unset = await startAgain("http://localhost:3999");
    expect(
      await rewriteLinksAtStart({ ...unset, env: { ...unset.env, PUBLIC_URL_GIVEN: false } }),
    ).toBeNull();
    await expectEverywhere(first, FIRST);

    const lan = await startAgain(LAN);
    expect(await rewriteLinksAtStart(lan)).toEqual({
      publicUrl: LAN,
      restaurants: 2,
      branches: 3,
    });

    await expectEverywhere(lan, LAN);
    // Nothing else in a row changed.
    expect(rest(await restaurantRows(lan), "restQRcode", "restQRimg")).toEqual(
      rest(restaurantsBefore, "restQRcode", "restQRimg"),
    );
    expect(rest(await branchRows(lan), "branchQRcode", "branchQRimg")).toEqual(
      rest(branchesBefore, "branchQRcode", "branchQRimg"),
    );
    // One audit entry per restaurant, saying from where to where and what.
    expect(await auditRows(lan)).toEqual(
      expect.arrayContaining([
        {
          actorId: null,
          actorLabel: "server start",
          action: "links.rewrite",
          targetType: "restaurant",
          targetId: owners[0]!.id,
          targetLabel: owners[0]!.restName,
          reason: `${FIRST} → ${LAN}: restaurant page; branches F-7 Markaz, Saddar`,
        },
        {
          actorId: null,
          actorLabel: "server start",
          action: "links.rewrite",
          targetType: "restaurant",
          targetId: owners[1]!.id,
          targetLabel: owners[1]!.restName,
          reason: `${FIRST} → ${LAN}: restaurant page; branch ایف سیون`,
        },
      ]),
    );
    expect(await auditRows(lan)).toHaveLength(2);
  });

  it("is one query and changes nothing when every code already follows PUBLIC_URL", async () => {
    const lan = await startAgain(LAN);
    const before = {
      restaurants: await restaurantRows(lan),
      branches: await branchRows(lan),
      audit: await auditRows(lan),
    };
    const { services, queries } = counted(lan);
    expect(await rewritePublicLinks(services, SERVER_START)).toEqual({
      publicUrl: LAN,
      restaurants: 0,
      branches: 0,
    });
    expect(queries()).toBe(1);
    expect(await restaurantRows(lan)).toEqual(before.restaurants);
    expect(await branchRows(lan)).toEqual(before.branches);
    expect(await auditRows(lan)).toEqual(before.audit);
  });

  it("changes each code once when two processes start at once", async () => {
    const [a, b] = [await startAgain(HOSTED), await startAgain(HOSTED)];
    const auditBefore = (await auditRows(a)).length;
    // Both read the codes to rewrite before either writes, as two processes starting together.
    const [seenByA, seenByB] = [await linksToRewrite(a), await linksToRewrite(b)];
    expect(seenByA).toHaveLength(5);
    expect(seenByB).toHaveLength(5);
    const done = [await rewriteLinks(a, SERVER_START, seenByA), await rewriteLinks(b, SERVER_START, seenByB)];
    expect(done).toEqual([
      { publicUrl: HOSTED, restaurants: 2, branches: 3 },
      { publicUrl: HOSTED, restaurants: 0, branches: 0 },
    ]);
    await expectEverywhere(b, HOSTED);
    expect((await auditRows(a)).length - auditBefore).toBe(2);

    // And truly at once: each row is changed by one of them, whichever wins.
    const again = [await startAgain(LAN), await startAgain(LAN)];
    const raced = await Promise.all(again.map((services) => rewritePublicLinks(services, SERVER_START)));
    expect(raced.reduce((sum, r) => sum + r.restaurants, 0)).toBe(2);
    expect(raced.reduce((sum, r) => sum + r.branches, 0)).toBe(3);
    await expectEverywhere(again[0]!, LAN);
  });

  it("shows, prints and shares the new address before the rows are rewritten (in the background, ADR 0034)", async () => {
    const OTHER = "http://10.0.0.5:3000";
    const other = await startAgain(OTHER);
    // The rows still hold the last address; nothing has rewritten them yet.
    await expectStored(other, LAN);
    await expectShown(other, OTHER);
    // Showing them wrote nothing: the rewrite still has all of them to do.
    expect(await linksToRewrite(other)).toHaveLength(5);
    expect(await rewritePublicLinks(other, SERVER_START)).toEqual({
      publicUrl: OTHER,
      restaurants: 2,
      branches: 3,
    });
    await expectEverywhere(other, OTHER);
    // Back to LAN for the tests after this one.
    await rewritePublicLinks(await startAgain(LAN), SERVER_START);
  });
});

describe("npm run admin -- update-links", () => {
  it("rewrites to its PUBLIC_URL, says so, and is audited as the command line's", async () => {
    const hosted = await startAgain(HOSTED);
    const auditBefore = (await auditRows(hosted)).length;
    expect(await updateLinksCommand(hosted)).toBe(
      `QR codes and links rewritten to ${HOSTED}: 2 restaurants, 3 branches.`,
    );
    await expectEverywhere(hosted, HOSTED);
    const added = (await auditRows(hosted)).slice(auditBefore);
    expect(added).toHaveLength(2);
    for (const row of added) {
      expect(row).toMatchObject({ actorId: null, actorLabel: COMMAND_LINE.label, action: "links.rewrite" });
      expect(row.reason).toMatch(new RegExp(`^${LAN} → ${HOSTED}: restaurant page; branch`));
    }
    // Run again: nothing to do, said so, nothing logged.
    expect(await updateLinksCommand(hosted)).toBe(`Every QR code and link already points to ${HOSTED}.`);
    expect(await auditRows(hosted)).toHaveLength(auditBefore + 2);
  });
});

describe("an attacker's Host header", () => {
  it("never decides a code's address: sign-up, branches and every page use PUBLIC_URL only", async () => {
    const hosted = await startAgain(HOSTED);
    const evil = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const owner = await signedUpOwner(hosted, {}, new Headers(evil));
    await addSection(hosted, owner.id, { originalName: "Mains" });
    const added = await addBranch(hosted, owner.id, { branchName: "Blue Area", address: "", contact: "" });
    if (!added.ok) throw new Error(inEnglish(added.message));
    const params = { restaurantName: owner.urlName, branchName: added.branchUrl };
    const diner = await load(hosted, publicBranchPage.loader, "/x", params, null, evil);
    expect(diner.branch.branchQRcode).toBe(`${HOSTED}${branchPath(owner.urlName, added.branchUrl)}`);
    const profile = await load(hosted, profilePage.loader, "/x", {}, owner, evil);
    expect(profile.restaurant.restQRcode).toBe(`${HOSTED}${restaurantPath(owner.urlName)}`);
    expect(await decodeDataUrl(profile.restaurant.restQRimg)).toBe(profile.restaurant.restQRcode);
    // Nothing is left for a start or the command to rewrite.
    expect(await linksToRewrite(hosted)).toEqual([]);
  });
});
