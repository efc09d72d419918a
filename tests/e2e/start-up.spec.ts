import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../../bench/lib/app-server.ts";
import { readyLine } from "../../scripts/lib/ready-line.ts";

// `npm start` as a newcomer runs it (on every address, the default), from
// the build the browser tests use. The operators' JSON log stays; the last line is
// for the person: where to open the app, here and from a phone on the same Wi-Fi.
test("npm start ends with one readable line: where to open the app", async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-start-"));
  const server = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "0.0.0.0",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // The build the browser tests started with, never rebuilt under them.
      STALE_BUILD: "warn",
    },
    // Its own process group: npm, its shell and node are stopped together below.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk) => (stdout += chunk));
  server.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  try {
    const expected = readyLine("0.0.0.0", port);
    await expect.poll(() => stdout.includes(expected), { timeout: 30_000 }).toBe(true);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.at(-1), stderr).toBe(expected);
    // The JSON line operators' tools read is still there, before it.
    const listening = lines.findIndex(
      (l) => l.startsWith("{") && l.includes('"msg":"Foodverse is listening"'),
    );
    expect(listening, stdout).toBeGreaterThanOrEqual(0);
    expect(listening).toBeLessThan(lines.length - 1);
    expect(expected).toMatch(new RegExp(`^Foodverse is ready: http://localhost:${port}( |$)`));
    // The page it names answers.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
