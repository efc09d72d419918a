import { describe, expect, test } from "vitest";
import { formatDate } from "~/lib/dates.ts";
import { formatNumber, registerMessages, translateMessage, translatorFor } from "./i18n.ts";

describe("messages", () => {
  registerMessages("ur", {
    "Add a Review": "ریویو لکھیں",
    "Remove {{link}}": "{{link}} ہٹائیں",
    "Remove {{name}} from {{branch}}": "{{name}} کو {{branch}} سے ہٹائیں",
    "{{count}} reviews_one": "{{count}} ریویو",
    "{{count}} reviews_other": "{{count}} ریویوز",
  });

  test("English is the key itself; Urdu falls back to English where a message is missing", () => {
    expect(translatorFor("en")("Add a Review")).toBe("Add a Review");
    expect(translatorFor("ur")("Add a Review")).toBe("ریویو لکھیں");
    expect(translatorFor("ur")("Not translated yet")).toBe("Not translated yet");
    expect(translatorFor("ur")("{{count}} reviews", { count: 3 })).toBe("3 ریویوز");
  });

  test("a server's sentence with values is translated by the most specific message that fits", () => {
    expect(translateMessage("ur", "Add a Review")).toBe("ریویو لکھیں");
    expect(translateMessage("ur", "Remove Karahi from Blue Area")).toBe("Karahi کو Blue Area سے ہٹائیں");
    expect(translateMessage("ur", "Remove Karahi")).toBe("Karahi ہٹائیں");
    expect(translateMessage("ur", "Something else")).toBe("Something else");
    expect(translateMessage("en", "Remove Karahi")).toBe("Remove Karahi");
  });

  test("numbers and dates keep Latin digits in Urdu, months in Urdu", () => {
    expect(formatNumber("ur", 1234.5)).toBe("1,234.5");
    const date = formatDate("2026-01-05T10:00:00Z", "", "ur");
    expect(date).toMatch(/5/);
    expect(date).toMatch(/جنوری/);
    expect(date).toMatch(/2026/);
    expect(formatDate("2026-01-05T10:00:00Z")).toBe("5 Jan 2026");
  });
});
