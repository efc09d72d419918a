import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("configuration", () => {
  it("has a default for everything a laptop install needs", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
      APPROVAL_MODE: "manual",
      LOGIN_MAX_FAILURES: 10,
      LOGIN_LOCK_SECONDS: 900,
      AUTH_RATE_LIMIT: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("turns the auth rate limiter on in production unless told otherwise", () => {
    expect(parseEnv({ NODE_ENV: "production" }).AUTH_RATE_LIMIT).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", AUTH_RATE_LIMIT: "off" }).AUTH_RATE_LIMIT).toBe(false);
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://foodverse.pk/" }).PUBLIC_URL).toBe("https://foodverse.pk");
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("stops with a readable list of every bad value", () => {
    expect(() =>
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", AUTH_SECRET: "short", APPROVAL_MODE: "maybe" }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL must be a postgres:\/\/ URL[\s\S]*AUTH_SECRET must be at least 32/);
  });
});
