import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes.ts";
import { isKeptForRoles } from "~/lib/static-page.ts";
import { markPersonalUnlessKept, newPageTemplate } from "~/server/page-variant.server.ts";

/**
 * ADR 0028: a signed-in reader's page is kept once per role only where its route opted
 * in; everything else is personal by default (app/entry.server.tsx marks it so).
 */
function files(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
}

// The public pages a diner reads: the same for every reader of a role but for the name.
const KEPT_FOR_ROLES = [
  "routes/public/best-sellers.tsx",
  "routes/public/branch-item.tsx",
  "routes/public/branch-reviews.tsx",
  "routes/public/branch.tsx",
  "routes/public/branches.tsx",
  "routes/public/coming-soon.tsx",
  "routes/public/home.tsx",
  "routes/public/menu-item.tsx",
  "routes/public/menu.tsx",
  "routes/public/recent-reviews.tsx",
  "routes/public/restaurant-reviews.tsx",
  "routes/public/restaurant.tsx",
  "routes/public/restaurants.tsx",
  "routes/public/search.tsx",
];

describe("pages kept for a reader's role", () => {
  it("are the public pages that opt in, and no other route", async () => {
    const opted: string[] = [];
    for (const file of new Set(files(routes))) {
      const module = (await import(`../../app/${file}`)) as { handle?: unknown };
      if (isKeptForRoles(module.handle)) opted.push(file);
    }
    expect(opted.toSorted()).toEqual(KEPT_FOR_ROLES);
  });

  it("mark a render personal unless its route opted in", () => {
    const notOpted = newPageTemplate();
    markPersonalUnlessKept(notOpted, false);
    expect(notOpted.personal).toBe(true);
    const opted = newPageTemplate();
    markPersonalUnlessKept(opted, true);
    expect(opted.personal).toBe(false);
    // A visitor's render has no template: nothing to mark.
    expect(() => markPersonalUnlessKept(null, false)).not.toThrow();
  });
});
