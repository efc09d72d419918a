import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Browser tests run the production build against a fresh data folder, in
// Debian's Chromium (no browser download: see DESIGN.md §2).
const port = Number(process.env.E2E_PORT ?? 3210);
const appUrl = `http://localhost:${port}`;
process.env.E2E_APP_URL ??= appUrl;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-e2e-"));
// webServer builds only when the build is missing or older than the sources (CI has just
// built it); the processes the specs start (npm run admin, a second server) use that
// build and never rebuild it under the running app (scripts/ensure-build.ts).
process.env.STALE_BUILD ??= "warn";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "reports/e2e-results.json" }]],
  // A whole walk, on a 2-core machine where the other worker may be running the demo or
  // starting a second server: 30 s timed out walks that pass alone in 15 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: appUrl,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // First and last: the server's log is where the run expects it, and after every spec
    // it holds no secret (docs/threat-model.md, "Logs").
    { name: "server log", testMatch: /server-log\.setup\.ts/, teardown: "secrets in the log" },
    { name: "secrets in the log", testMatch: /secrets-in-log\.teardown\.ts/ },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["server log"],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      grep: /@phone/,
      dependencies: ["server log"],
    },
  ],
  webServer: {
    // The log at `info`, as `npm start` writes it, into the run's data folder (server-log.setup.ts).
    command: `npm run build:if-needed && npm start >> "${path.join(process.env.E2E_DATA_DIR, "server.log")}"`,
    url: `${appUrl}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: appUrl,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "info",
      LOGIN_MAX_FAILURES: "3",
      LOGIN_LOCK_SECONDS: "600",
      // Every spec signs up, asks for reset mails and searches from 127.0.0.1.
      SIGNUP_MAX_PER_IP: "100000",
      RESET_MAIL_MAX_PER_IP: "100000",
      SEARCH_MAX_PER_IP: "100000",
      // ADR 0027: diners' page views reach the database within a second (tests/e2e/insights.spec.ts).
      PAGE_VIEWS_FLUSH_SECONDS: "1",
    },
  },
});
