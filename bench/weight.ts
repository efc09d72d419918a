// Page weight as a phone downloads it (Debian's Chromium through Playwright,
// Pixel 7 profile, empty cache, gzip as the server sends it): JavaScript and
// total bytes per public page, on first load without scrolling; and the menu
// must be readable with JavaScript disabled.
//   npm run bench:weight
import { chromium, devices, type Browser } from "@playwright/test";
import { CHROMIUM, CHROMIUM_FLAGS, PUBLIC_PAGE_LABELS, PUBLIC_PAGES, type PublicPage } from "./lighthouse.ts";
import { JS_BUDGET_BYTES } from "./js-budget.ts";
import { openSession } from "./lib/session.ts";
import { figuresTable, progress, type Figure } from "./lib/figures.ts";
import type { Fixture } from "./lib/fixture.ts";
import { formatKB } from "./lib/table.ts";

export interface PageWeight {
  page: PublicPage;
  path: string;
  requests: number;
  /** Encoded (as transferred) response body bytes by resource type: script, document, image, … */
  bodyBytesByType: Record<string, number>;
  jsFiles: string[];
  jsBytes: number;
  /** Response bodies and headers of every request. */
  totalBytes: number;
}

export interface WeightResult {
  pages: PageWeight[];
  /** With JavaScript disabled, the dish name is on the branch, menu and item pages. */
  readableWithoutJs: { page: PublicPage; readable: boolean }[];
}

const { defaultBrowserType: _ignored, ...phone } = devices["Pixel 7"]!;

async function weigh(browser: Browser, url: string): Promise<Omit<PageWeight, "page" | "path">> {
  const context = await browser.newContext({ ...phone });
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const byType: Record<string, number> = {};
    const jsFiles: string[] = [];
    let total = 0;
    let requests = 0;
    page.on("requestfinished", (request) => {
      pending.push(
        request.sizes().then((sizes) => {
          const type = request.resourceType();
          requests += 1;
          byType[type] = (byType[type] ?? 0) + sizes.responseBodySize;
          total += sizes.responseBodySize + sizes.responseHeadersSize;
          if (type === "script") jsFiles.push(new URL(request.url()).pathname);
        }),
      );
    });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 30_000 });
    await Promise.all(pending);
    return { requests, bodyBytesByType: byType, jsFiles, jsBytes: byType.script ?? 0, totalBytes: total };
  } finally {
    await context.close();
  }
}

async function readableWithoutJs(browser: Browser, url: string, text: string): Promise<boolean> {
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    return await page.getByText(text, { exact: true }).first().isVisible();
  } finally {
    await context.close();
  }
}

export async function runWeight(
  baseUrl: string,
  fixture: Fixture,
  log: (line: string) => void,
): Promise<WeightResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const pages: PageWeight[] = [];
    for (const page of PUBLIC_PAGES) {
      const path = fixture.paths[page];
      const weight = await weigh(browser, `${baseUrl}${path}`);
      log(`  ${page}: JS ${formatKB(weight.jsBytes)}, total ${formatKB(weight.totalBytes)}`);
      pages.push({ page, path, ...weight });
    }
    const readable = [];
    for (const page of ["branch", "menu", "item"] as const) {
      readable.push({
        page,
        readable: await readableWithoutJs(browser, `${baseUrl}${fixture.paths[page]}`, fixture.itemName),
      });
    }
    return { pages, readableWithoutJs: readable };
  } finally {
    await browser.close();
  }
}

export function weightFigures(result: WeightResult): Figure[] {
  const part = "weight";
  const figures: Figure[] = result.pages.map((p) => {
    const other = Object.entries(p.bodyBytesByType)
      .filter(([type]) => type !== "script")
      .toSorted((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${formatKB(bytes)}`)
      .join(", ");
    return {
      part,
      measure: `${PUBLIC_PAGE_LABELS[p.page]}: JS (gzip) / total, ${p.requests} requests`,
      value: `${formatKB(p.jsBytes)} JS in ${p.jsFiles.length} files / ${formatKB(p.totalBytes)} total`,
      ratio: other,
      budget: `JS ≤ ${formatKB(JS_BUDGET_BYTES)}`,
      ok: p.jsBytes <= JS_BUDGET_BYTES,
    };
  });
  for (const r of result.readableWithoutJs) {
    figures.push({
      part,
      measure: `${PUBLIC_PAGE_LABELS[r.page]}: menu readable with JavaScript off`,
      value: r.readable ? "yes" : "no",
      budget: "yes",
      ok: r.readable,
    });
  }
  return figures;
}

async function main() {
  const session = await openSession(progress);
  try {
    await session.restart();
    progress("page weight in Chromium (Pixel 7 profile)…");
    const result = await runWeight(session.app.url, session.fixture, progress);
    console.log(figuresTable(weightFigures(result)));
  } finally {
    await session.close();
  }
}

if (import.meta.main) await main();
