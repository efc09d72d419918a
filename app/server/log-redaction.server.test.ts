import { describe, expect, it } from "vitest";
import { emailHasher, redactedRequest, redactQuery, redactUrl } from "./log-redaction.server.ts";

describe("redactUrl", () => {
  it("replaces the value of every secret a query carries, and nothing else", () => {
    expect(redactUrl("/reset-password?token=abc123")).toBe("/reset-password?token=%5Bredacted%5D");
    expect(redactUrl("/x?lang=ur&Token=a&token=b&code=c")).toBe(
      "/x?lang=ur&Token=%5Bredacted%5D&token=%5Bredacted%5D&code=%5Bredacted%5D",
    );
    expect(redactUrl("/menus/abc?page=2")).toBe("/menus/abc?page=2");
    // An address typed into a search names a person.
    expect(redactUrl("/admin/users?q=sana%40example.com")).toBe("/admin/users?q=%5Bredacted%5D");
    expect(redactUrl("/search?q=karahi")).toBe("/search?q=karahi");
    expect(redactUrl("/menus/abc")).toBe("/menus/abc");
    expect(redactUrl(undefined)).toBeUndefined();
  });

  it("the parsed query and pino-http's request alike", () => {
    expect(redactQuery({ token: ["a", "b"], page: "2" })).toEqual({ token: "[redacted]", page: "2" });
    expect(redactQuery({ q: "sana@example.com" })).toEqual({ q: "[redacted]" });
    const req = redactedRequest({
      id: 1,
      method: "GET",
      url: "/reset-password?token=abc",
      query: { token: "abc" },
      headers: { referer: "http://localhost:3000/reset-password?token=abc", accept: "text/html" },
    });
    expect(JSON.stringify(req)).not.toContain("abc");
  });
});

describe("emailHasher", () => {
  it("is keyed: another key gives another hash, the same key the same one", () => {
    const a = emailHasher("a".repeat(32));
    const b = emailHasher("b".repeat(32));
    expect(a("x@example.com")).toBe(a(" X@Example.com "));
    expect(a("x@example.com")).not.toBe(b("x@example.com"));
    expect(a(42)).toBe(42);
  });
});
