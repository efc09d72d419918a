import type { Insertable } from "kysely";
import { dayInPakistan } from "~/lib/dates.ts";
import { seededRandom } from "~/lib/random.ts";
import type { PageViewTable } from "~/server/db-schema.server.ts";
import type { Services } from "~/server/services.server.ts";
import { demoMenuRows, insertPageViews } from "./demo.queries.server.ts";

/** ADR 0027: the insights screen has this many days of believable counts on `npm run demo`. */
export const DEMO_VIEW_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Scans and views of each demo restaurant's pages for the last DEMO_VIEW_DAYS days:
 * more at weekends, growing over the quarter, better restaurants busier, and a few
 * dishes viewed far more than the rest (as menus are read). Seeded, so a demo looks the
 * same every time it is loaded.
 */
export async function writeDemoViews(
  services: Services,
  restaurants: readonly { id: string; quality: number }[],
  now = Date.now(),
) {
  const { db } = services.database;
  const random = seededRandom(20261125);
  const around = (mean: number) => Math.max(0, Math.round(mean * (0.75 + random() * 0.5)));
  const rows: Insertable<PageViewTable>[] = [];
  for (const restaurant of restaurants) {
    const { branches, dishes } = await demoMenuRows(db, restaurant.id);
    const busy = 6 + restaurant.quality * 6 + random() * 10;
    // Each dish's share of a page's dish views: a few favourites, a long tail.
    const weight = new Map(dishes.map((d, i) => [d.id, 1 / (1 + ((i * 7) % dishes.length || 0.5))]));
    for (let back = DEMO_VIEW_DAYS - 1; back >= 0; back--) {
      const at = now - back * DAY_MS;
      const day = dayInPakistan(at);
      const weekday = new Date(at).getUTCDay();
      const weekend = weekday === 5 || weekday === 6 || weekday === 0 ? 1.5 : 1;
      const growth = 0.7 + (0.3 * (DEMO_VIEW_DAYS - back)) / DEMO_VIEW_DAYS;
      const mean = busy * weekend * growth;
      const add = (kind: PageViewTable["kind"], branchId: string, itemId: string, n: number) => {
        if (n > 0) rows.push({ restaurantId: restaurant.id, day, kind, branchId, itemId, n });
      };
      add("restaurant", "", "", around(mean * 0.6));
      add("scan", "", "", around(mean * 0.1));
      add("menu", "", "", around(mean * 0.3));
      for (const branch of branches) {
        const scans = around(mean);
        add("scan", branch.id, "", scans);
        add("branch", branch.id, "", scans + around(mean * 0.4));
        const here = dishes.filter((d) => d.branchId === branch.id);
        const total = here.reduce((sum, d) => sum + (weight.get(d.generalItemId ?? d.id) ?? 0), 0);
        for (const dish of here) {
          const share = (weight.get(dish.generalItemId ?? dish.id) ?? 0) / (total || 1);
          add("item", branch.id, dish.id, around(scans * 0.9 * share));
        }
      }
    }
  }
  await insertPageViews(db, rows);
  return rows.length;
}
