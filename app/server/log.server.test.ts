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
