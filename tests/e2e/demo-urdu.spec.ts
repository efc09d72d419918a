import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../../bench/lib/app-server.ts";
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DEMO_RESTAURANTS } from "../../app/features/demo/demo-data.ts";
import { DEMO_URDU, DEMO_URDU_DESCRIPTIONS } from "../../app/features/demo/demo-urdu.ts";
import { expectAccessible, expectNoSidewaysScroll, logIn, ur } from "./helpers.ts";

/**
 * The newcomer's first look in Urdu: `npm run demo`, `npm start`, and the
 * table page of the demo's first branch at /ur, on a 360 px phone. Every dish reads in
 * Urdu, its description too, and its sizes ('Half kg', 'Full kg') in Urdu words.
 */
test.use({ viewport: { width: 360, height: 740 } });

// The build the browser tests started with, never rebuilt under them.
const env = (dataDir: string, more: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  STALE_BUILD: "warn",
  ...more,
});

/** The owner's label of a size's price box at this branch, in Urdu. */
const here = (size: string) => ur("{{size}} here (Rs.)").replace("{{size}}", ur(size));

function finished(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

test("the demo's branch page at /ur shows Urdu descriptions and Urdu size names", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-demo-urdu-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    const demo = spawn("npm", ["run", "demo", "--", "--scale", "small"], {
      env: env(dataDir, { PUBLIC_URL: base }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    demo.stdout!.on("data", (chunk) => (output += chunk));
    demo.stderr!.on("data", (chunk) => (output += chunk));
    expect(await finished(demo), output).toBe(0);

    server = spawn("npm", ["start"], {
      env: env(dataDir, { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base }),
      // Its own process group: npm, its shell and node are stopped together below.
      detached: true,
      stdio: "ignore",
    });
    await expect
      .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status, { timeout: 60_000 })
      .toBe(200);

    // The small demo's first branch: the first two sections' first two dishes.
    const restaurant = DEMO_RESTAURANTS[0]!;
    const dishes = restaurant.menu.slice(0, 2).flatMap((s) => s.dishes.slice(0, 2));
    const sized = dishes.filter((d) => d.sizes);
    expect(sized.length).toBeGreaterThan(0);
    const branchPage = "/r/margallakarahihouse/branch/f-7markaz";

    await page.goto(`${base}/ur${branchPage}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    for (const dish of dishes) {
      // The dish's card (with its price), not its name under 'Popular here'.
      const card = page
        .getByRole("listitem")
        .filter({ hasText: DEMO_URDU[dish.name]! })
        .filter({ hasText: "$" })
        .first();
      await expect(card).toContainText(DEMO_URDU_DESCRIPTIONS[dish.description]!);
      await expect(card).not.toContainText(dish.description);
      if (!dish.sizes) continue;
      const sizes = card.getByRole("list", { name: ur("Sizes") });
      await expect(sizes.getByRole("listitem")).toHaveText([
        new RegExp(`^${ur("Half kg")} \\$`, "u"),
        new RegExp(`^${ur("Full kg")} \\$`, "u"),
      ]);
    }
    await expect(page.locator("main")).not.toContainText(/Half kg|Full kg/u);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("demo-branch-360-ur.png"), fullPage: true });

    // In English the same page keeps the owner's words as written.
    await page.goto(`${base}${branchPage}`);
    const karahi = page.getByRole("listitem").filter({ hasText: sized[0]!.name }).first();
    await expect(karahi).toContainText(sized[0]!.description);
    await expect(karahi.getByRole("list", { name: "Sizes" }).getByRole("listitem")).toHaveText([
      /^Half kg \$/u,
      /^Full kg \$/u,
    ]);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("demo-branch-360-en.png"), fullPage: true });

    // The owner's own screen of the branch names the sizes in Urdu too, beside their prices.
    await page.goto(`${base}/login`);
    await logIn(page, { email: `${restaurant.username}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD });
    await expect(page).not.toHaveURL(/\/login/u);
    await page.goto(`${base}/ur/profile/restaurant/mybranches/f-7markaz`);
    await expect(page.getByLabel(here("Half kg"), { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel(here("Full kg"), { exact: false }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/Half kg|Full kg/u);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("owner-branch-360-ur.png"), fullPage: true });
  } finally {
    if (server?.pid) {
      const exited = finished(server);
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
