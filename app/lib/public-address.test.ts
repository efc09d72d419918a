import { describe, expect, it } from "vitest";
import { isLocalAddress, localQrWarning } from "./public-address.ts";

describe("isLocalAddress: where a printed QR code cannot send a phone", () => {
  it.each([
    "http://localhost:3000/r/a",
    "http://LOCALHOST/r/a",
    "http://app.localhost/r/a",
    "http://127.0.0.1:3000/r/a",
    "http://127.8.9.10/r/a",
    "http://0.0.0.0:3000/r/a",
    "http://[::1]:3000/r/a",
    "http://[::]/r/a",
    "http://[::ffff:127.0.0.1]/r/a",
    "http://[fd12:3456::1]/r/a",
    "http://[fe80::1]/r/a",
    "http://foodverse.local/r/a",
    "http://myserver/r/a",
    "http://10.0.0.5/r/a",
    "http://172.16.0.1/r/a",
    "http://172.31.255.255/r/a",
    "http://192.168.1.20:8080/r/a",
    "http://169.254.1.1/r/a",
    "not a url",
  ])("%s is local", (url) => {
    expect(isLocalAddress(url)).toBe(true);
  });

  it.each([
    "https://foodverse.pk/r/a",
    "https://menu.example.com/r/a",
    "http://8.8.8.8/r/a",
    "http://172.32.0.1/r/a",
    "http://192.169.0.1/r/a",
    "http://[2001:db8::1]/r/a",
    "https://local.example.com/r/a",
  ])("%s is public", (url) => {
    expect(isLocalAddress(url)).toBe(false);
  });
});

describe("localQrWarning", () => {
  it("names the address and what to do", () => {
    expect(localQrWarning("http://localhost:3000/r/bundu-khan")).toBe(
      "Your QR codes point to http://localhost:3000, which phones cannot open. Set PUBLIC_URL to your public address before printing.",
    );
    expect(localQrWarning("https://foodverse.pk/r/bundu-khan")).toBeNull();
  });
});
