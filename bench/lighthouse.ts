// Lighthouse (npm, Debian's Chromium) in its default mobile profile (simulated
// slow 4G, 4× CPU slowdown) on the public pages: the four category scores and
// LCP, TBT, CLS.
//   npm run bench:lighthouse [-- --runs 1]   (several runs: the median by performance)
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { openSession } from "./lib/session.ts";
import { figuresTable, numberFlag, progress, type Figure } from "./lib/figures.ts";
import type { Fixture } from "./lib/fixture.ts";
import { formatMs } from "./lib/table.ts";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PUBLIC_PAGES = ["home", "listing", "restaurant", "menu", "branch", "item"] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];
export const PUBLIC_PAGE_LABELS: Record<PublicPage, string> = {
  home: "home /",
  listing: "listing /menus",
  restaurant: "restaurant /r/{name}",
  menu: "menu /r/{name}/menu",
  branch: "branch page",
  item: "item page",
};

export interface LighthouseScores {
  page: PublicPage;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that failed in accessibility, best practices or SEO (ids), to say why a score is short. */
  failedAudits: string[];
  /** What errors-in-console saw, if anything. */
  consoleErrors: string[];
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

async function audit(url: string, port: number): Promise<Omit<LighthouseScores, "page" | "path">> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    // The default: mobile form factor, simulated slow 4G and 4× CPU slowdown.
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  type ConsoleItem = { description?: string; url?: string; sourceLocation?: { url?: string } };
  const consoleItems = (lhr.audits["errors-in-console"]?.details as { items?: ConsoleItem[] } | undefined)
    ?.items;
  const consoleErrors = (consoleItems ?? []).map((i) => {
    const where = i.sourceLocation?.url ?? i.url;
    return `${String(i.description ?? "").slice(0, 160)}${where ? ` (${where})` : ""}`;
  });
  return {
    consoleErrors,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    failedAudits,
  };
}

export async function runLighthouse(
  baseUrl: string,
  fixture: Fixture,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: LighthouseScores[] = [];
    for (const page of PUBLIC_PAGES) {
      const path = fixture.paths[page];
      const attempts = [];
      for (let run = 0; run < runs; run++) attempts.push(await audit(`${baseUrl}${path}`, chrome.port));
      attempts.sort((a, b) => a.performance - b.performance);
      const median = attempts[Math.floor(attempts.length / 2)]!;
      log(`  ${page}: performance ${median.performance}, LCP ${formatMs(median.lcpMs)}`);
      results.push({ page, path, ...median });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

export function lighthouseFigures(results: LighthouseScores[]): Figure[] {
  const part = "lighthouse";
  return results.map((r) => {
    const ok =
      r.performance >= 98 && r.accessibility === 100 && r.lcpMs <= 1500 && r.tbtMs <= 100 && r.cls <= 0.02;
    return {
      part,
      measure: PUBLIC_PAGE_LABELS[r.page],
      value: `perf ${r.performance} · a11y ${r.accessibility} · BP ${r.bestPractices} · SEO ${r.seo} · LCP ${formatMs(r.lcpMs)} · TBT ${formatMs(r.tbtMs)} · CLS ${r.cls.toFixed(3)}`,
      ratio: r.failedAudits.length ? `failing: ${r.failedAudits.join(", ")}` : undefined,
      budget: "perf ≥ 98, a11y 100, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.02",
      ok,
    };
  });
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string" } } });
  const runs = Math.max(1, numberFlag(values.runs, 1, "runs"));
  const session = await openSession(progress);
  try {
    await session.restart();
    progress("Lighthouse, mobile profile…");
    const results = await runLighthouse(session.app.url, session.fixture, runs, progress);
    console.log(figuresTable(lighthouseFigures(results)));
    for (const r of results.filter((x) => x.consoleErrors.length > 0)) {
      console.log(`\nconsole errors on ${r.path}:\n  ${r.consoleErrors.join("\n  ")}`);
    }
  } finally {
    await session.close();
  }
}

if (import.meta.main) await main();
