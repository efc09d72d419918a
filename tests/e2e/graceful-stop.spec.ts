import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Starts a second server from the same build, sends SIGTERM while a request is
// half-sent, and checks that the request still gets its answer, new connections
// are refused, and the process exits cleanly.
test("SIGTERM finishes the request in flight, then exits 0", async () => {
  const port = 3290 + test.info().parallelIndex;
  const server = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-stop-")),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));

  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status ?? 0, {
      timeout: 30_000,
    })
    .toBe(200);

  const body = "email=someone%40example.com&password=not-the-password";
  const answer = new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/login",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 10));
    setTimeout(() => {
      server.kill("SIGTERM");
      setTimeout(() => request.end(body.slice(10)), 500);
    }, 200);
  });

  expect(await answer).toBe(401);
  expect(await exited).toBe(0);
  expect(output).toContain("stopping: no new connections");
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
});
