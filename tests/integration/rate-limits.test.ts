import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, RouterContextProvider, type UNSAFE_DataWithResponseInit } from "react-router";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FINDER_MAX_WORDS, parseFinder } from "~/features/discovery/finder.schema.ts";
import { findItems, findRestaurants } from "~/features/discovery/finder.server.ts";
import { i18nFor, registerMessages } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import Search, { loader as searchLoader } from "~/routes/public/search.tsx";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { servicesContext } from "~/server/context.ts";
import { withinImportLimit } from "~/server/rate-limits.server.ts";
import type { Services } from "~/server/services.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { IMPORT_MESSAGES } from "~/features/menu-import/menu-import.messages.ts";
import { startImport } from "~/features/menu-import/menu-import.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

/** ADR 0031: searches per client address, the words a search may cost, imports per owner. */
let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ SEARCH_MAX_PER_IP: "3", IMPORT_MAX_PER_HOUR: "2" });
});
afterAll(() => services.close());

/** A one-dish CSV, named for its number. */
const sheet = (n: number) => ({
  name: `menu-${n}.csv`,
  bytes: new TextEncoder().encode(
    `section,name,price,taste,category,subcategory,type\nKarahi,Dish ${n},900,Spicy,Curries,Karahi,Non-Veg\n`,
  ),
});

async function search(path: string, ip: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`http://localhost:3000${path}`, { headers: { [CLIENT_IP_HEADER]: ip } });
  const answer: unknown = await searchLoader({ request, context, params: {} } as never);
  const wrapped = (answer as { type?: string }).type === "DataWithResponseInit";
  return wrapped
    ? (answer as UNSAFE_DataWithResponseInit<Record<string, unknown>>)
    : { data: answer as Record<string, unknown>, init: { status: 200, headers: undefined } };
}

/** The search page as React renders it, for a language. */
function render(loaderData: unknown, locale: "en" | "ur") {
  const Stub = createRoutesStub([{ id: "search", path: "/search", Component: Search as never }]);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n: i18nFor(locale) },
      createElement(Stub, {
        initialEntries: ["/search?tab=items&q=karahi"],
        hydrationData: { loaderData: { search: loaderData } },
      }),
    ),
  );
}

describe("searches per client address", () => {
  it("answers 429 with words in both languages past SEARCH_MAX_PER_IP a minute, and another address is not affected", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await search(`/search?tab=items&q=karahi${i}`, "198.51.100.40"));
    expect(results.slice(0, 3).map((r) => [r.init?.status, r.data.limited])).toEqual([
      [200, false],
      [200, false],
      [200, false],
    ]);
    const refused = results[3]!;
    expect(refused.init?.status).toBe(429);
    expect(Number(new Headers(refused.init?.headers).get("retry-after"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({ limited: true, total: 0, results: [], tab: "items" });

    const english = render(refused.data, "en");
    expect(english).toContain(
      "Too many searches from your network just now. Please wait a minute and try again.",
    );
    expect(english).toContain('value="karahi3"');
    registerMessages("ur", urduMessages);
    expect(render(refused.data, "ur")).toContain("آپ کے نیٹ ورک سے ابھی بہت زیادہ تلاشیں ہوئی ہیں۔");

    expect((await search("/search?tab=items&q=karahi", "198.51.100.41")).init?.status).toBe(200);
  });
});

/** The statements a search runs, as the database gets them (SQL and values). */
function recorded(target: Services) {
  const statements: string[] = [];
  const executor = target.database.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      const { sql, parameters } = executor.compileQuery(args.node, args.queryId);
      statements.push(JSON.stringify([sql, parameters]));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const db = target.database.db.withPlugin(recorder);
  return { services: { ...target, database: { ...target.database, db } }, statements };
}

describe("the work one search can cause", () => {
  // 20 made-up words of four letters, as in the measured attack (a fixed list, so a failure
  // repeats): with their spaces, 99 characters, within the finder's 100.
  const WORDS = Array.from(
    { length: 20 },
    (_, i) => `${"bdfgjkmpsz"[i % 10]}${(i * 7919 + 1300).toString(36).padStart(3, "x").slice(-3)}`,
  );

  it(`runs the same statements for 20 random words as for their first ${FINDER_MAX_WORDS}`, async () => {
    const { services: watched, statements } = recorded(services);
    const cost = async (tab: "items" | "restaurants", words: string[]) => {
      statements.length = 0;
      const parsed = parseFinder(new URLSearchParams({ tab, q: words.join(" ") }));
      if (parsed.tab === "items") await findItems(watched, parsed.filters);
      else await findRestaurants(watched, parsed.filters);
      return [...statements];
    };
    expect(WORDS.join(" ")).toHaveLength(99);
    for (const tab of ["items", "restaurants"] as const) {
      const all = await cost(tab, WORDS);
      expect(all.length).toBeGreaterThan(0);
      expect(all).toEqual(await cost(tab, WORDS.slice(0, FINDER_MAX_WORDS)));
    }
    // Repeating a word costs nothing more either.
    const repeated = parseFinder(new URLSearchParams({ tab: "items", q: "karahi Karahi KARAHI karahi" }));
    expect(repeated.filters.q).toBe("karahi");
  });

  it("keeps a search within the bound as typed", () => {
    for (const q of ["chicken-karahi", "chicken  karahi", "چکن کڑاہی", "Special Chicken Karahi with naan"]) {
      expect(parseFinder(new URLSearchParams({ tab: "items", q })).filters.q).toBe(q);
    }
  });
});

describe("menu imports per owner", () => {
  it("allows IMPORT_MAX_PER_HOUR imports an hour to each owner", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      vi.setSystemTime(start);
      expect(await withinImportLimit(services, "owner-a")).toEqual({ ok: true });
      expect(await withinImportLimit(services, "owner-a")).toEqual({ ok: true });
      const refused = await withinImportLimit(services, "owner-a");
      expect(refused).toMatchObject({ ok: false });
      expect(!refused.ok && refused.retryAfterSeconds).toBe(3600);
      expect(await withinImportLimit(services, "owner-b")).toEqual({ ok: true });
      vi.setSystemTime(start + 3601_000);
      expect(await withinImportLimit(services, "owner-a")).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an owner's import past IMPORT_MAX_PER_HOUR with words in both languages, reading nothing", async () => {
    const owner = await signedUpOwner(services);
    await addSection(services, owner.id, { originalName: "Karahi" });
    for (const n of [1, 2])
      expect(await startImport(services, owner.id, sheet(n))).toMatchObject({ ok: true });
    const refused = await startImport(services, owner.id, sheet(3));
    expect(refused).toMatchObject({ ok: false, status: 429, message: IMPORT_MESSAGES.tooManyImports });
    expect(i18nFor("ur").t(IMPORT_MESSAGES.tooManyImports)).not.toBe(IMPORT_MESSAGES.tooManyImports);
    const imports = await services.database.db
      .selectFrom("menu_import")
      .select("fileName")
      .where("ownerId", "=", owner.id)
      .execute();
    expect(imports.map((i) => i.fileName).toSorted()).toEqual(["menu-1.csv", "menu-2.csv"]);
  });
});
