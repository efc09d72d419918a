import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** What createLogger writes to stdout in a fresh process (pino writes to fd 1 directly). */
function logged(options: string): string {
  const code = [
    'import { createLogger } from "./app/server/log.server.ts";',
    `createLogger("info", ${options}).info("hello");`,
  ].join("\n");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

// pino-pretty is a development dependency, loaded only for the readable lines (docs/decisions/0036).
describe("createLogger", () => {
  it("writes JSON lines unless asked for readable ones", () => {
    expect(JSON.parse(logged("{}"))).toMatchObject({ msg: "hello", app: "foodverse", level: 30 });
  });

  it("writes one readable line through pino-pretty when asked", () => {
    const line = logged("{ pretty: true }");
    expect(line).toMatch(/INFO.*hello/);
    expect(line.trim().startsWith("{")).toBe(false);
  });
});

// docs/threat-model.md, "Logs": nothing that signs someone in, and no address, reaches a line.
describe("what a line may not carry", () => {
  it("replaces cookies, tokens and passwords, and keeps addresses as a keyed hash", () => {
    const code = [
      'import { createLogger } from "./app/server/log.server.ts";',
      'const log = createLogger("info", { key: "k".repeat(32) });',
      "log.info({",
      '  req: { headers: { cookie: "better-auth.session_token=SECRET1" } },',
      '  res: { headers: { "set-cookie": ["better-auth.session_token=SECRET2; Path=/"] } },',
      '  email: "Someone@Example.com", password: "SECRET3", token: "SECRET4",',
      '}, "one");',
      'log.warn({ body: { password: "SECRET5", email: "someone@example.com" } }, "two");',
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/SECRET\d|someone@example\.com/i);
    const [one, two] = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(one.res.headers["set-cookie"]).toBe("[redacted]");
    expect(one.req.headers.cookie).toBe("[redacted]");
    // The same address, however written, is the same hash: one person's lines can be followed.
    expect(one.email).toMatch(/^hmac:[0-9a-f]{16}$/);
    expect(two.body.email).toBe(one.email);
  });
});
