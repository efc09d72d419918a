import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import * as branchReviewsPage from "~/routes/public/branch-reviews.tsx";
import * as searchPage from "~/routes/public/search.tsx";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { servicesContext } from "~/server/context.ts";
import { imageKeys } from "~/server/media/images.server.ts";
import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import { notAnImage } from "../setup/images.ts";
import { menuActions } from "./authorization/menu-actions.ts";
import { profileActions } from "./authorization/profile-actions.ts";
import { reviewActions } from "./authorization/review-actions.ts";
import type { PreparedCall } from "./authorization/action-entry.ts";
import { buildRequest, ORIGIN } from "./authorization/route-call.ts";
import { MUTATING_ACTIONS } from "./authorization/mutating-actions.ts";
import { World } from "./authorization/world.ts";
import { send } from "./fuzz/answer.ts";
import { fuzzActor } from "./fuzz/entry-fuzzer.ts";
import { labelOf } from "./fuzz/families.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { loaderData } from "../setup/loader-data.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * Cases the fuzz (tests/integration/fuzz.test.ts, and fuzz-reads.test.ts for the
 * public pages) found, kept as plain tests.
 */
let services: TestServices;
let world: World;

beforeAll(async () => {
  // Each prepared reset-password call mails the same person a reset link.
  services = await createTestServices({ APPROVAL_MODE: "manual", RESET_MAIL_MAX_PER_EMAIL: "100000" });
  world = await World.create(services);
}, 60_000);
afterAll(() => services.close());

const FORM_UNREADABLE = "The form could not be read. Please try again.";
const routeEntries = MUTATING_ACTIONS.filter((e) => e.target.kind === "route" && e.name !== "account logout");

describe("a body that is not a form is refused with 400 and a message, not a 500", () => {
  // Found: every action that read `request.formData()` threw a TypeError (a 500
  // with undici's stack) on a POST with no Content-Type, text/plain, or a
  // multipart body cut short.
  const bodies = [
    ["no Content-Type", null, (b: Uint8Array) => b],
    ["text/plain", "text/plain", (b: Uint8Array) => b],
    [
      "multipart cut short",
      "multipart/form-data; boundary=x",
      () => new TextEncoder().encode("--x\r\nContent-Dispo"),
    ],
  ] as const;
  it.each(routeEntries.flatMap((entry) => bodies.map((b) => [labelOf(entry), b[0], entry, b] as const)))(
    "%s, %s",
    async (_label, _body, entry, [, type, bytes]) => {
      const actor = fuzzActor(entry);
      const call = await entry.prepare(world, actor);
      const valid = buildRequest({
        method: "POST",
        cookies: world.cookiesOf(actor),
        ...call,
        files: undefined,
      });
      const headers = new Headers(valid.headers);
      if (type === null) headers.delete("content-type");
      else headers.set("content-type", type);
      const request = new Request(valid.url, {
        method: "POST",
        headers,
        body: Buffer.from(bytes(new Uint8Array(await valid.arrayBuffer()))),
      });
      const answer = await send(services, entry, request, call.params ?? {});
      expect(answer.outcome.error).toBeUndefined();
      expect(answer.outcome.status).toBe(400);
      // The toast, or the form's own error under the screen's toast ("Could not update the profile details").
      expect(answer.message).toBeTruthy();
      expect(answer.readable).toContain(FORM_UNREADABLE);
    },
  );
});

describe("a refused profile edit keeps the pictures the profile shows", () => {
  // Found: the same profile photo sent again (the form resends the file a person
  // picked) with a cover image that is not a picture was refused, and deleted
  // the stored profile photo the restaurant row still named: images are stored
  // by their bytes, so "what this call stored" was the current picture.
  it("the same profile photo again, with a broken cover image", async () => {
    const entry = profileActions.find((e) => e.name === "restaurant edit-profile" && e.intent === "profile")!;
    const cookies = world.cookiesOf("restaurantOwner");
    const call = await entry.prepare(world, "restaurantOwner");
    const post = (files: Record<string, Uint8Array[]>) =>
      send(services, entry, buildRequest({ method: "POST", cookies, ...call, files }), {});
    expect((await post({ profileImage: [world.photo] })).outcome.status).toBe(302);
    const shown = async () =>
      (
        await services.database.db
          .selectFrom("restaurant")
          .select("profileImageUrl")
          .where("id", "=", world.idOf("restaurantOwner"))
          .executeTakeFirstOrThrow()
      ).profileImageUrl;
    const url = await shown();

    const refusal = await post({ profileImage: [world.photo], coverImage: [notAnImage] });
    expect(refusal.outcome.status).toBeGreaterThanOrEqual(400);
    expect(refusal.message).toBeTruthy();
    expect(await shown()).toBe(url);
    for (const key of imageKeys(url)) {
      const stored = await services.storage.get(key);
      expect(stored, key).not.toBeNull();
      await stored!.body.toArray();
    }
  });
});

/** One prepared call of a menu or review entry, changed, sent as `actor`. */
const call = async (name: string, actor: "restaurantOwner", change: (c: PreparedCall) => PreparedCall) => {
  const entry = [...menuActions, ...reviewActions].find((e) => labelOf(e) === name)!;
  const prepared = change(await entry.prepare(world, actor));
  const request = buildRequest({ method: "POST", cookies: world.cookiesOf(actor), ...prepared });
  return send(services, entry, request, prepared.params ?? {});
};

describe("a NUL character in a URL or a field never reaches the database as is", () => {
  // Found on PostgreSQL, which cannot store U+0000 in text: a route param or a
  // field with a NUL ("/profile/restaurant/addmenu/items/edit/a%00b", a reply
  // "\u0000") failed the query with 'invalid byte sequence for encoding "UTF8":
  // 0x00', a 500 with pg's stack. SQLite stored the NUL as is.
  it("an item id with a NUL is an item that does not exist", async () => {
    const answer = await call("restaurant-menu edit-item", "restaurantOwner", (c) => ({
      ...c,
      path: "/profile/restaurant/addmenu/items/edit/a%00b",
      params: { id: "a\u0000b" },
    }));
    expect(answer.outcome.error).toBeUndefined();
    expect(answer.outcome.status).toBe(404);
    expect(answer.message).toBeTruthy();
  });

  it("a reply with a NUL is saved without it", async () => {
    const answer = await call("public branch-reviews reply", "restaurantOwner", (c) => ({
      ...c,
      form: { ...c.form, text: "Thank you\u0000 for coming" },
    }));
    expect(answer.outcome.error).toBeUndefined();
    expect(answer.outcome.status).toBe(302);
    const { rows } = await sql<{ text: string }>`
      select text from review_reply where text like ${"Thank you%for coming"}`.execute(services.database.db);
    expect(rows.map((r) => r.text)).toEqual(["Thank you\ufffd for coming"]);
  });
});

describe("a video upload asking for a tus extension the server does not offer", () => {
  // Found: Upload-Concat (tus-js-client's parallel uploads) was answered 501;
  // the request is the client's to change, so it is a 400 with tus's words.
  it.each(["partial", "final;/uploads/video/x"])("Upload-Concat: %s", async (concat) => {
    const headers = new Headers(world.cookiesOf("customer")!);
    headers.set("tus-resumable", "1.0.0");
    headers.set("upload-length", "1000");
    headers.set("upload-concat", concat);
    const response = await services.videos.server.handleWeb(
      new Request(`http://localhost:3000${VIDEO_UPLOAD_PATH}`, { method: "POST", headers }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not \(yet\) supported/);
  });
});

describe("an intent named like a property every object has", () => {
  // Found: the owner's list screens look the intent up in a table of handlers;
  // "__proto__", "constructor" or "toString" found the object's own prototype
  // members, and `intent.run is not a function` was a 500.
  const entries = menuActions.filter((e) => e.module.endsWith("/sections") || e.module.endsWith("/items"));
  it.each(
    entries.flatMap((e) =>
      ["__proto__", "constructor", "toString"].map((intent) => [labelOf(e), intent, e] as const),
    ),
  )("%s, intent %s", async (_label, intent, entry) => {
    const prepared = await entry.prepare(world, "restaurantOwner");
    const form = { ...prepared.form, intent };
    const request = buildRequest({
      method: "POST",
      cookies: world.cookiesOf("restaurantOwner"),
      ...prepared,
      form,
    });
    const answer = await send(services, entry, request, {});
    expect(answer.outcome.error).toBeUndefined();
    expect(answer.outcome.status).toBe(400);
    expect(answer.message).toBe("Unknown action.");
  });
});

/** A public loader's data for `path`, as a visitor (or with `cookies`) gets it. */
const readPublic = <L extends (args: never) => unknown>(
  route: { loader: L },
  path: string,
  params: Record<string, string>,
  cookies?: Headers | null,
) => {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const headers = new Headers(cookies ?? undefined);
  headers.set(CLIENT_IP_HEADER, "203.0.113.9");
  return loaderData(route.loader, { request: new Request(`${ORIGIN}${path}`, { headers }), context, params });
};

describe("public pages the read fuzz (fuzz-reads.test.ts) found", () => {
  // Found: a branch's reviews page handed a visitor the address, phone and place of
  // a branch whose restaurant awaits approval, which the branch page itself hides
  // (ADR 0017: its name and the note only).
  it("a branch's reviews page holds no details of a branch awaiting approval", async () => {
    const pending = await signedUpOwner(services);
    const section = await addSection(services, pending.id, { originalName: "Menu" });
    expect(section.ok).toBe(true);
    const details = {
      address: "12 Hidden Street",
      contact: "0300 1234567",
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "Blue Area",
    };
    const added = await addBranch(services, pending.id, { branchName: "Saddar", ...details });
    if (!added.ok) throw new Error(inEnglish(added.message));
    const path = `/r/${pending.urlName}/branch/${added.branchUrl}/reviews`;
    const params = { restaurantName: pending.urlName, branchName: added.branchUrl };

    const visitor = await readPublic(branchReviewsPage, path, params);
    expect(visitor.visibility).toBe("awaiting-approval");
    expect(visitor.branch).toEqual({
      branchName: "Saddar",
      branchUrl: added.branchUrl,
      address: "",
      contact: "",
      areaLabel: "",
      cityLabel: "",
      provinceLabel: "",
      country: "",
    });
    const owner = await readPublic(branchReviewsPage, path, params, pending.cookies);
    expect(owner.visibility).toBe("owner-preview");
    expect(owner.branch).toMatchObject(details);
  });

  // Found: a script's data request for the finder (`/search.data?_routes=…`, as a
  // client navigation sends it) counted React Router's own `_routes` as a search:
  // "N restaurants found" and noindex where the page shows the top rated ones.
  it("the finder's data request is the page's: React Router's _routes is no search", async () => {
    const page = await readPublic(searchPage, "/search", {});
    const data = await readPublic(searchPage, "/search.data?_routes=routes%2Fpublic%2Fsearch", {});
    expect(page.searched).toBe(false);
    expect(data.searched).toBe(false);
    expect(
      (await readPublic(searchPage, "/search.data?q=karahi&_routes=routes%2Fpublic%2Fsearch", {})).searched,
    ).toBe(true);
  });
});
