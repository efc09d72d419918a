import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_LINK_MESSAGE, WHATSAPP_MESSAGE } from "~/features/accounts/accounts.schema.ts";
import { signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { updateRestaurantProfile } from "~/features/profiles/profiles.server.ts";
import { RESERVED_SLUGS, slugProblem, SLUG_MESSAGES } from "~/lib/slug.ts";
import routes from "~/routes.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * docs/threat-model.md: a name whose web address would open another page
 * (`..`, `admin`, `x.data`) and a link a browser would run (`javascript:`) are
 * refused where they are typed, with words, and nothing is stored.
 */
let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
});
afterAll(() => services.close());

const count = async (table: "user" | "restaurant" | "customer" | "branch") =>
  Number(
    (
      await services.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const newRestaurant = () => signedUpOwner(services);

const SELF_PAGES = ["..", ".", " . . ", "...", "Admin", "LOG IN", "menus", "R", "sitemap.xml", "Tikka.data"];

describe("names whose web address is another page", () => {
  it("are refused at restaurant sign-up with words, and nothing is stored", async () => {
    const before = [await count("user"), await count("restaurant")];
    for (const restName of SELF_PAGES) {
      const result = await signUpRestaurant(services, restaurantInput({ restName }), new Headers());
      expect(result, restName).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { restName: slugProblem(restName) },
      });
      expect(inEnglish(slugProblem(restName)!)).toMatch(/another page|already the address/);
    }
    expect([await count("user"), await count("restaurant")]).toEqual(before);
  });

  it("are refused as branch names too; ordinary names still pass", async () => {
    const owner = await newRestaurant();
    const section = await menus.addSection(services, owner.id, { originalName: "Mains" });
    if (!section.ok) throw new Error(inEnglish(section.message));
    const before = await count("branch");
    for (const branchName of ["..", ".", "admin", "reviews", "main.data"]) {
      const result = await addBranch(services, owner.id, { branchName });
      expect(result, branchName).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { branchName: slugProblem(branchName) },
      });
    }
    expect(await count("branch")).toBe(before);
    // Words that merely contain a reserved one, or dots among letters, are ordinary names.
    for (const branchName of ["Admin Block", "F-7.2", "..Blue Area"]) {
      expect((await addBranch(services, owner.id, { branchName })).ok, branchName).toBe(true);
    }
  });

  it("says which rule: dots, the data suffix, a reserved word", () => {
    expect(slugProblem("..")).toBe(SLUG_MESSAGES.dots);
    expect(slugProblem("Kabab.Data")).toBe(SLUG_MESSAGES.dataSuffix);
    // The slug drops spaces, so "Coming Soon" is "comingsoon": not the address of /coming-soon.
    expect(slugProblem("Coming Soon")).toBeNull();
    expect(slugProblem("coming-soon")).toEqual(SLUG_MESSAGES.reserved("coming-soon"));
    expect(slugProblem("Bundu Khan")).toBeNull();
  });
});

// ---- the reserved words follow the site's own paths ----

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

interface RouteNode {
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/** Every route's full path, from the config React Router itself reads. */
function fullPaths(nodes: RouteNode[], prefix = ""): string[] {
  return nodes.flatMap((node) => {
    const path = [prefix, node.path ?? ""].filter(Boolean).join("/");
    return [path, ...fullPaths(node.children ?? [], path)];
  });
}

describe("the reserved words", () => {
  it("hold every first word of app/routes.ts, and every static word beside a name in a route", () => {
    const paths = fullPaths(routes as RouteNode[]).filter(Boolean);
    const needed = new Set<string>();
    for (const path of paths) {
      const first = path.split("/")[0]!;
      if (!first.startsWith(":") && first !== "*") needed.add(first);
    }
    // A static route beside `:restaurantName` or `:branchName` (say r/new) would be shadowed by a name.
    for (const path of paths) {
      const segments = path.split("/");
      segments.forEach((segment, i) => {
        if (!/^:(restaurantName|branchName|name)$/.test(segment)) return;
        const prefix = segments.slice(0, i).join("/");
        for (const other of paths) {
          const o = other.split("/");
          if (o.length > i && o.slice(0, i).join("/") === prefix && !o[i]!.startsWith(":")) needed.add(o[i]!);
        }
      });
    }
    expect(needed.size).toBeGreaterThan(10);
    expect([...needed].filter((w) => !RESERVED_SLUGS.has(w))).toEqual([]);
  });

  it("hold every path server/http-app.ts mounts before React Router, and public/'s files", () => {
    const source = fs.readFileSync(`${ROOT}server/http-app.ts`, "utf8");
    const mounts = [...source.matchAll(/app\.(?:get|all|use|post)\(\s*"\/([\w.-]+)/g)].map((m) => m[1]!);
    const videos = fs.readFileSync(`${ROOT}app/server/media/videos.server.ts`, "utf8");
    const uploads = /VIDEO_UPLOAD_PATH = "\/([\w.-]+)/.exec(videos)?.[1];
    const files = fs.readdirSync(`${ROOT}public`);
    const needed = [...mounts, uploads!, ...files, "assets"];
    expect(mounts.length).toBeGreaterThanOrEqual(3);
    expect(needed.filter((w) => !RESERVED_SLUGS.has(w))).toEqual([]);
  });
});

// ---- links ----

const HOSTILE_LINKS = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "instagram.com/foodverse",
  "@foodverse",
  "https://",
];

describe("social links", () => {
  it("are refused at restaurant sign-up unless http(s), with words, and nothing is stored", async () => {
    const before = [await count("user"), await count("restaurant")];
    for (const link of HOSTILE_LINKS) {
      for (const field of ["restInsta", "restFb", "restX", "restWebsite"] as const) {
        const result = await signUpRestaurant(services, restaurantInput({ [field]: link }), new Headers());
        expect(result, `${field} ${link}`).toMatchObject({
          ok: false,
          status: 400,
          fieldErrors: { [field]: WEB_LINK_MESSAGE },
        });
      }
      const listed = await signUpRestaurant(
        services,
        restaurantInput({ sociallinks: [link] }),
        new Headers(),
      );
      expect(listed, link).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { sociallinks: WEB_LINK_MESSAGE },
      });
    }
    expect([await count("user"), await count("restaurant")]).toEqual(before);
  });

  it("are refused at customer sign-up unless http(s)", async () => {
    const before = await count("customer");
    for (const link of HOSTILE_LINKS) {
      const result = await signUpCustomer(
        services,
        customerInput({ sociallinks: ["https://ig.com/ok", link] }),
        new Headers(),
      );
      expect(result, link).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { sociallinks: WEB_LINK_MESSAGE },
      });
    }
    expect(await count("customer")).toBe(before);
  });

  it("are refused on the restaurant profile edit, and the stored links stay", async () => {
    const owner = await newRestaurant();
    const base = {
      ...owner.input,
      restWebsite: "https://kabab.example",
      sociallinks: ["https://x.com/kabab"],
    };
    const form = (extra: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries({ ...base, ...extra }).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.map(String) : String(v),
        ]),
      );
    expect(
      (await updateRestaurantProfile(services, owner.id, { values: form({}), files: new Map() })).ok,
    ).toBe(true);
    for (const extra of [
      { restWebsite: "javascript:alert(1)" },
      { restX: "data:text/html,hi" },
      { sociallinks: ["https://x.com/kabab", "javascript:void(0)"] },
      { restWhatsapp: "javascript:alert(1)" },
    ]) {
      const result = await updateRestaurantProfile(services, owner.id, {
        values: form(extra),
        files: new Map(),
      });
      expect(result, JSON.stringify(extra)).toMatchObject({ ok: false, status: 400 });
    }
    const row = await services.database.db
      .selectFrom("restaurant")
      .select(["restWebsite", "restX", "restWhatsapp", "sociallinks"])
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ restWebsite: "https://kabab.example", restX: "", restWhatsapp: "" });
    expect(JSON.parse(row.sociallinks)).toEqual(["https://x.com/kabab"]);
  });

  it("keep what the sign-up forms allow: http(s) addresses, and a WhatsApp number or wa.me link", async () => {
    const input = restaurantInput({
      restWebsite: "http://kabab.example/menu?x=1",
      restInsta: "https://instagram.com/kabab",
      restWhatsapp: "+92 300 1234567",
      sociallinks: ["https://fb.com/kabab"],
    });
    expect((await signUpRestaurant(services, input, new Headers())).ok).toBe(true);
    const link = await signUpRestaurant(
      services,
      restaurantInput({ restWhatsapp: "https://wa.me/923001234567" }),
      new Headers(),
    );
    expect(link.ok).toBe(true);
    const bad = await signUpRestaurant(services, restaurantInput({ restWhatsapp: "call me" }), new Headers());
    expect(bad).toMatchObject({ ok: false, fieldErrors: { restWhatsapp: WHATSAPP_MESSAGE } });
  });
});
