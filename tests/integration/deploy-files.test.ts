import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/operations.md's supervisor: the systemd unit it prints is the file in
 * deploy/systemd, and systemd itself accepts it (where systemd-analyze is installed).
 */
const UNIT = path.resolve("deploy", "systemd", "foodverse@.service");
const ANALYZE = "/usr/bin/systemd-analyze";

describe("the systemd unit", () => {
  it("is the one the operations guide shows, with restart limits", () => {
    const unit = fs.readFileSync(UNIT, "utf8");
    const guide = fs.readFileSync(path.resolve("docs", "operations.md"), "utf8");
    const shown = /```ini\n(\[Unit\][\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBeDefined();
    expect(unit.endsWith(shown!)).toBe(true);
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^StartLimitBurst=\d+$/m);
    expect(unit).toMatch(/^StartLimitIntervalSec=\d+$/m);
  });

  it.skipIf(!fs.existsSync(ANALYZE))("is accepted by systemd-analyze verify", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-unit-"));
    try {
      // An instance of the template, as `systemctl start foodverse@3000` makes it.
      const instance = path.join(dir, "foodverse@3000.service");
      fs.copyFileSync(UNIT, instance);
      const output = execFileSync(ANALYZE, ["verify", "--man=no", instance], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(output).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
