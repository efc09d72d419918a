import { describe, expect, it } from "vitest";
import { addressReach, qrAddressNote, type QrAddressNote } from "./public-address.ts";
import { inEnglish } from "./message.ts";

describe("addressReach: who can open a printed QR code's address", () => {
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
    "not a url",
  ])("%s: only this machine", (url) => {
    expect(addressReach(url)).toBe("this-machine");
  });

  // A phone on the restaurant's Wi-Fi opens these; they are not "unreachable".
  it.each([
    "http://192.168.1.20:3000/r/a",
    "http://10.0.0.5/r/a",
    "http://172.16.0.1/r/a",
    "http://172.31.255.255/r/a",
    "http://169.254.1.1/r/a",
    "http://100.64.0.1/r/a",
    "http://[::ffff:192.168.1.20]/r/a",
    "http://[fd12:3456::1]/r/a",
    "http://[fe80::1]/r/a",
    "http://foodverse.local/r/a",
    "http://myserver/r/a",
  ])("%s: the local network", (url) => {
    expect(addressReach(url)).toBe("local-network");
  });

  it.each([
    "https://foodverse.pk/r/a",
    "https://menu.example.com/r/a",
    "http://8.8.8.8/r/a",
    "http://172.32.0.1/r/a",
    "http://192.169.0.1/r/a",
    "http://[2001:db8::1]/r/a",
    "https://local.example.com/r/a",
    "https://localhost.example.com/r/a",
  ])("%s: public", (url) => {
    expect(addressReach(url)).toBe("public");
  });
});

/** The note with its message in English, as an English page shows it. */
const english = (note: QrAddressNote | null) => note && { ...note, message: inEnglish(note.message) };

describe("qrAddressNote", () => {
  it("warns about this machine's address and says how to start with another", () => {
    expect(english(qrAddressNote("http://localhost:3000/r/bundu-khan"))).toEqual({
      level: "warning",
      message:
        "Your QR codes point to http://localhost:3000, which phones cannot open. Start Foodverse again with PUBLIC_URL set to your public address, or to the network address npm start shows (e.g. PUBLIC_URL=http://192.168.1.20:3000 npm start): every code and link is rewritten to it.",
    });
  });

  it("tells that a local network address works on the same Wi-Fi, without calling it unreachable", () => {
    const note = english(qrAddressNote("http://192.168.1.20:3000/r/bundu-khan"));
    expect(note).toEqual({
      level: "info",
      message:
        "Your QR codes point to http://192.168.1.20:3000, an address on your local network: phones on the same Wi-Fi open it, phones on mobile data cannot. For every diner, start Foodverse with PUBLIC_URL set to your public address.",
    });
    expect(note!.message).not.toMatch(/cannot open/);
  });

  it("says nothing about a public address", () => {
    expect(qrAddressNote("https://foodverse.pk/r/bundu-khan")).toBeNull();
  });
});
