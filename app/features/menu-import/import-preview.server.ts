import { pageWindow } from "~/lib/paging.ts";
import type { ImportScreen } from "./menu-import.server.ts";

/** Rows of the "every row" list a page shows. */
export const PREVIEW_ROWS_PER_PAGE = 50;
/** Rows to fix shown at once: enough to work through, and the sheet comes back with the rest. */
export const PREVIEW_PROBLEM_ROWS = 100;

/**
 * What the preview screen sends: the counts of the whole import, every row to fix up
 * to PREVIEW_PROBLEM_ROWS, and one page of the rows. A 1,000-row import was 1.1 MB of
 * HTML and 420 KB of data for the browser, and its render held the server for 300 ms
 * (three at once stalled every other request for 0.76 s; docs/threat-model.md).
 */
export function previewPage(screen: ImportScreen, requestedPage: number) {
  const { dishes, deals, ...plan } = screen.plan;
  const broken = [
    ...dishes.map((d) => ({ ...d, kind: "dish" as const })),
    ...deals.map((d) => ({ ...d, kind: "deal" as const })),
  ]
    .filter((d) => d.problems.length > 0)
    .toSorted((a, b) => a.line - b.line);
  const { page, pages, offset, limit } = pageWindow(requestedPage, dishes.length, PREVIEW_ROWS_PER_PAGE);
  return {
    id: screen.id,
    fileName: screen.fileName,
    plan,
    missing: screen.missing,
    problemRows: screen.problemRows,
    total: dishes.length,
    adds: dishes.filter((d) => d.action === "add").length,
    broken: broken.slice(0, PREVIEW_PROBLEM_ROWS),
    brokenTotal: broken.length,
    rows: dishes.slice(offset, offset + limit),
    // A sheet's deals are few (a menu card's worth); past a page they are counted, not listed.
    deals: deals.slice(0, PREVIEW_ROWS_PER_PAGE),
    dealTotal: deals.length,
    dealAdds: deals.filter((d) => d.action === "add").length,
    page,
    pages,
  };
}

export type PreviewPage = ReturnType<typeof previewPage>;
