import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS } from "./bench/lighthouse.ts";
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
for (const url of process.argv.slice(2)) {
  const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (r!.lhr.runtimeError) { console.log(r!.lhr.runtimeError); continue; }
  const a = r!.lhr.audits;
  console.log("LCP", Math.round(a["largest-contentful-paint"]!.numericValue!), "FCP", Math.round(a["first-contentful-paint"]!.numericValue!));
  const d = JSON.stringify(a["lcp-breakdown-insight"]?.details ?? null);
  console.log(d.match(/"snippet":"[^"]{0,200}/)?.[0], d.match(/"subpart[^\]]*/)?.[0]?.slice(0, 400));
}
await chrome.kill();
