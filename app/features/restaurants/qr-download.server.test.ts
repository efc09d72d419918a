import { parse } from "content-disposition";
import { describe, expect, it } from "vitest";
import { qrDownload } from "./qr-download.server.ts";

describe("a QR code download", () => {
  it("is named after a restaurant in Urdu for browsers that read filename*, in ASCII for the rest", async () => {
    const response = await qrDownload("https://foodverse.example/r/x", "کراچی-کڑاہی", "svg");
    const header = response.headers.get("content-disposition")!;
    expect(header).toBe(
      "attachment; filename=foodverse-qr.svg; filename*=UTF-8''%DA%A9%D8%B1%D8%A7%DA%86%DB%8C-%DA%A9%DA%91%D8%A7%DB%81%DB%8C-qr.svg",
    );
    // What a browser reading filename* names the file.
    expect(parse(header).parameters.filename).toBe("کراچی-کڑاہی-qr.svg");
  });

  it("keeps a name in ASCII as it is, and quotes what needs it", async () => {
    const plain = await qrDownload("https://foodverse.example/r/x", "karachi-grill", "svg");
    expect(plain.headers.get("content-disposition")).toBe("attachment; filename=karachi-grill-qr.svg");
    const odd = await qrDownload("https://foodverse.example/r/x", 'ali\'s "best"', "svg");
    expect(parse(odd.headers.get("content-disposition")!).parameters.filename).toBe('ali\'s "best"-qr.svg');
  });
});
